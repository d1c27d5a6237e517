#pragma once
// Large neighbourhood search (Shaw 1998), for an optimisation whose problem offers
// neighbourhoods (problem.hpp's HasNeighbourhoods): what CP solvers do where the tree is
// too large to prove the optimum, and the best solution found in a time limit is wanted.
//
// One search runs to the first solution. Then, over and over, the problem fixes a random
// share of the variables to the best solution's values (neighbourhood(): a prefix of
// moves), and a search of at most `failures_each` failures looks below that prefix for a
// better solution, under the run's bound (incumbent.hpp). Each neighbourhood is drawn
// afresh, around the best solution found so far. It ends at a limit (a deadline, a stop,
// the user's node or failure budget, spent over all the searches) or when the first
// search exhausts its tree: only then is the last solution proved optimal.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "backtrack/engine.hpp"
#include "backtrack/problem.hpp"
#include "backtrack/search_limits.hpp"
#include "backtrack/search_stats.hpp"

namespace backtrack {

// Failures a neighbourhood's search may spend: enough to settle a few hundred variables
// once the prefix fixed the rest, few enough that a run of a minute tries thousands.
inline constexpr std::uint64_t failures_per_neighbourhood = 300;

// Searches `problem` so, handing each improvement to emit(path, weight, found_at) as a
// listing's searches do; `limits` must hold the run's incumbent, and no solution limit
// (each solution found is an improvement: the run lists them all).
template <HasNeighbourhoods P, class Emit>
SearchStats search_neighbourhoods(const P& problem, const SearchLimits& limits, Emit& emit,
                                  std::uint64_t failures_each = failures_per_neighbourhood) {
  using Move = typename P::Move;
  std::optional<decltype(problem.centre(std::span<const Move>{}))> best;  // the best solution's centre()
  std::uint64_t nodes_before = 0;  // of the searches before the current one
  auto keep = [&](std::span<const Move> path, std::uint64_t weight, const FoundAt& at) {
    best = problem.centre(path);
    return emit(path, weight, FoundAt{nodes_before + at.nodes, at.time});
  };
  const auto sink = path_sink<P>(keep);
  using Search = DepthFirstSearch<P, PathSink<P>>;
  SearchLimits to_first = limits;
  to_first.max_solutions = 1;
  SearchStats total = Search(problem, to_first, sink).run();
  // No solution at all, a stop, or (complete) the optimum proved.
  if (total.stop != StopReason::solution_limit || !best) return total;
  total.stop = StopReason::none;
  // One search for every neighbourhood (its path and cursor are made once: their size is
  // the tree's depth), unless the user's node or failure budget must be cut to what is
  // left of it for each.
  const bool budgeted = limits.max_nodes != 0 || limits.max_failures != 0;
  SearchLimits each = limits;
  each.max_failures = failures_each;
  std::optional<Search> shared;
  if (!budgeted) shared.emplace(problem, each, sink);
  for (std::uint64_t draw = 1; total.stop == StopReason::none; ++draw) {
    std::optional<Search> own;
    if (budgeted) {
      if (limits.max_failures != 0 && total.failures >= limits.max_failures) {
        total.stop = StopReason::failure_limit;
        break;
      }
      if (limits.max_nodes != 0 && total.nodes >= limits.max_nodes) {
        total.stop = StopReason::node_limit;
        break;
      }
      if (limits.max_failures != 0) each.max_failures = std::min(failures_each, limits.max_failures - total.failures);
      if (limits.max_nodes != 0) each.max_nodes = limits.max_nodes - total.nodes;
      own.emplace(problem, each, sink);
    }
    Search& search = budgeted ? *own : *shared;
    if ((total.stop = limits.outside_stop()) != StopReason::none) break;
    // The shared search counts its nodes over every neighbourhood (nodes_entered()).
    nodes_before = budgeted ? total.nodes : total.nodes - search.nodes_entered();
    SearchStats stats = search.run_subtree(problem.neighbourhood(*best, draw), 1);
    // A neighbourhood that spent its own budget, or was searched to its end, gives way
    // to the next; any other stop (the user's budget among them) ends the run.
    if (stats.stop == StopReason::failure_limit && each.max_failures == failures_each &&
        (limits.max_failures == 0 || total.failures + stats.failures < limits.max_failures)) {
      stats.stop = StopReason::none;
    }
    total += stats;
  }
  return total;
}

}  // namespace backtrack
