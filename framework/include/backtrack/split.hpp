#pragma once
// Splitting a search tree into independent subtrees: the unit of work for threads,
// and a deterministic list (independent of the thread count) for checkpoints.
#include <cstddef>
#include <vector>

#include "backtrack/problem.hpp"
#include "backtrack/search_limits.hpp"
#include "backtrack/search_stats.hpp"

namespace backtrack {

template <Problem P>
struct SplitTree {
  std::vector<Root<typename P::Move>> subtrees;
  SearchStats above;  // the nodes expanded to find them; subtrees count their own roots
  std::size_t target = 0;  // what split_tree() was asked for: with the problem, it fixes the list
  // above.stop is not none when the split was stopped (stop flag, deadline): then the
  // subtrees do not cover the tree, and nothing may be counted in them.
  bool stopped() const { return !above.complete(); }
};

// The state reached from root() by `prefix`.
template <Problem P>
typename P::State replay(const P& problem, std::span<const typename P::Move> prefix) {
  return state_after(problem, prefix);
}

namespace detail {
// The stop flag and the deadline of `limits` (its node and solution limits are for the
// search after the split), as the reason to stop, or none.
inline StopReason split_stop(const SearchLimits& limits) {
  if (limits.stop_requested != nullptr && limits.stop_requested->load(std::memory_order_relaxed)) {
    return StopReason::interrupted;
  }
  if (limits.deadline != Clock::time_point::max() && Clock::now() >= limits.deadline) return StopReason::time_limit;
  return StopReason::none;
}
}  // namespace detail

// Expands the tree level by level until there are at least `target` subtrees or
// nothing is left to expand. Statistics of the whole tree = above + the subtrees'.
// The split honours the stop flag and the deadline of `limits`, checked before each
// node it expands (a replay of the node's prefix and a pass over its candidates: on a
// large board, more than the engine's whole batch of nodes); a stopped split is
// marked so (stopped()), and its subtrees must not be searched.
template <Problem P>
SplitTree<P> split_tree(const P& problem, std::size_t target, const SearchLimits& limits = {}) {
  SplitTree<P> split;
  split.target = target;
  split.subtrees = roots_of(problem);
  while (split.subtrees.size() < target) {
    std::vector<Root<typename P::Move>> next;
    bool expanded = false;
    for (auto& node : split.subtrees) {
      if (const auto reason = detail::split_stop(limits); reason != StopReason::none) {
        split.above.stop = reason;
        return split;
      }
      auto state = replay(problem, std::span<const typename P::Move>(node.prefix));
      if (problem.is_solution(state)) {
        next.push_back(std::move(node));
        continue;
      }
      expanded = true;
      ++split.above.nodes;
      bool has_child = false;
      for (const auto m : problem.candidates(state)) {
        if constexpr (HasAllowed<P>) {
          if (!problem.allowed(state, m)) continue;
        }
        has_child = true;
        auto prefix = node.prefix;
        prefix.push_back(m);
        next.push_back({std::move(prefix), node.weight});
      }
      if (!has_child) {
        ++split.above.failures;
        split.above.max_depth = std::max(split.above.max_depth, static_cast<int>(node.prefix.size()));
      }
    }
    split.subtrees = std::move(next);
    if (!expanded) break;
  }
  return split;
}

}  // namespace backtrack
