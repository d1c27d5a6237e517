#pragma once
// What a search measured. Sums of several searches (subtrees, threads) add up exactly.
#include <algorithm>
#include <cstdint>
#include <string_view>

#include "backtrack/uint128.hpp"
#include "backtrack/work_counters.hpp"

namespace backtrack {

// Why a search ended before it had seen the whole tree.
enum class StopReason : std::uint8_t {
  none,           // the whole tree was searched
  solution_limit, // --first / --limit K reached
  node_limit,     // --max-nodes reached
  failure_limit,  // --max-failures reached
  time_limit,     // --time-limit reached
  interrupted,    // a stop was requested from outside (SIGINT, SIGTERM)
  out_of_memory,  // the system refused memory or a thread to part of the search
};

constexpr std::string_view to_string(StopReason reason) {
  switch (reason) {
    case StopReason::none: return "complete";
    case StopReason::solution_limit: return "solution_limit";
    case StopReason::node_limit: return "node_limit";
    case StopReason::failure_limit: return "failure_limit";
    case StopReason::time_limit: return "time_limit";
    case StopReason::interrupted: return "interrupted";
    case StopReason::out_of_memory: return "out_of_memory";
  }
  return "unknown";
}

struct SearchStats {
  std::uint64_t nodes = 0;      // states entered, the root included
  std::uint64_t failures = 0;   // states that were neither a solution nor had a child
  uint128 solutions = 0;        // solutions counted, each weighted by the symmetry it stands for
  uint128 representatives = 0;  // solutions actually reached (one per class under full symmetry)
  int max_depth = 0;            // deepest state entered (the root is depth 0)
  // The problem's own counters (work_counters.hpp), for the nodes above; all zero for a
  // problem without them.
  WorkCounters counters;
  double seconds = 0.0;
  StopReason stop = StopReason::none;

  bool complete() const { return stop == StopReason::none; }

  SearchStats& operator+=(const SearchStats& other) {
    nodes += other.nodes;
    failures += other.failures;
    solutions += other.solutions;
    representatives += other.representatives;
    max_depth = std::max(max_depth, other.max_depth);
    counters += other.counters;
    if (stop == StopReason::none) stop = other.stop;
    return *this;
  }
};

}  // namespace backtrack
