#pragma once
// When a search stops before it has seen the whole tree. Zero means "no limit".
#include <atomic>
#include <chrono>
#include <cstdint>

#include "backtrack/incumbent.hpp"
#include "backtrack/search_stats.hpp"

namespace backtrack {

using Clock = std::chrono::steady_clock;

struct SearchLimits {
  std::uint64_t max_solutions = 0;  // stop after this many solutions reached (--first: 1)
  std::uint64_t max_nodes = 0;      // stop once this many states were entered
  // Stop right after this many dead ends (SearchStats::failures), as Gecode's fail
  // limit, before anything past the last is expanded: failures is then exactly this.
  std::uint64_t max_failures = 0;
  // An absolute deadline, so that subtrees searched one after another share one budget.
  Clock::time_point deadline = Clock::time_point::max();
  // Polled a few thousand times a second; set from a signal handler or another thread.
  const std::atomic<bool>* stop_requested = nullptr;
  // Polled as stop_requested is: this search alone is no longer needed (another thread
  // found enough solutions before its subtree). It stops as if at its solution limit.
  const std::atomic<bool>* abandoned = nullptr;
  // Where given, each search adds the nodes it has searched at every check of its limits
  // (a few hundred times a second at most): a progress line's count of a search for
  // solutions, in which no subtree need finish.
  std::atomic<std::uint64_t>* nodes_seen = nullptr;
  // An optimisation's bound, shared by every search of the run (incumbent.hpp): only
  // solutions better than it count. None: every solution counts (an estimate's probes).
  Incumbent* incumbent = nullptr;

  // The stop flag and the deadline, read now, as the reason to stop, or none: what a
  // split or a run of subtrees checks between searches (the node and solution limits
  // belong to a search's own count, as do the failures).
  StopReason outside_stop() const {
    if (stop_requested != nullptr && stop_requested->load(std::memory_order_relaxed)) return StopReason::interrupted;
    if (deadline != Clock::time_point::max() && Clock::now() >= deadline) return StopReason::time_limit;
    return StopReason::none;
  }

  static Clock::time_point deadline_after(double seconds) {
    if (seconds <= 0) return Clock::time_point::max();
    return Clock::now() + std::chrono::duration_cast<Clock::duration>(
                              std::chrono::duration<double>(seconds));
  }
};

}  // namespace backtrack
