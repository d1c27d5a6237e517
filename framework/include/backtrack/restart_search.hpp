#pragma once
// Restarts within one run, for a problem that offers them (problem.hpp's HasRestarts):
// the run is a sequence of searches, each stopped at the node budget of its schedule
// (restart_schedule.hpp), the k-th over a copy of the problem that restart(k) changed
// (another value order), until one searches its tree to the end or a limit of the
// user's stops it. A problem with roots() (symmetry) keeps them: each search starts at
// the root where the last one stopped, whose moves its nogoods take as conditions.
//
// Unlike restarts.hpp, which makes a solver per run for --first and --limit K, these
// searches share what the run knows:
//   - its bound (SearchLimits::incumbent): each search looks only for solutions better
//     than the best so far, so an optimisation restarts without finding again what it
//     had, and the one search that completes proves the optimum (as in neighbourhoods.hpp);
//   - its nogoods (HasNogoods): where a search stops, everything before that node in
//     depth-first order has been searched, which is the first branches that the path
//     to it turned away from; the problem of the next searches leaves those out
//     (Lecoutre, Sais, Tabary and Vidal 2007, "Recording and minimizing nogoods from
//     restarts"). So no search repeats what an earlier one finished: a count or a
//     listing of every solution comes out the same as without restarts, each solution
//     once, and the run stays complete.
// The path is read from the engine once a search has stopped (stop_path(), and
// stop_branches(): the rank of each move among its node's candidates), never per node.
// The user's node, failure and solution limits hold for the searches together; a
// deadline or a stop request, for each.
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <variant>
#include <vector>

#include "backtrack/engine.hpp"
#include "backtrack/problem.hpp"
#include "backtrack/search_limits.hpp"
#include "backtrack/search_stats.hpp"

namespace backtrack {

namespace detail {
template <class P>
struct CentreOf {
  using type = std::monostate;
};
template <HasNeighbourhoods P>
struct CentreOf<P> {
  using type = decltype(std::declval<const P&>().centre(std::span<const typename P::Move>{}));
};
template <class P>
struct LearnedOf {
  using type = std::monostate;
};
template <CarriesLearning P>
struct LearnedOf<P> {
  using type = decltype(std::declval<const P&>().learned(std::declval<const typename P::State&>()));
};
}  // namespace detail

// What the searches of a run have done so far, read by the caller as they go.
template <class P>
struct RestartsMade {
  // The problem of the current search: a solution's path is its moves, which only that
  // problem (its nogoods) leads to the solution (render it with this one).
  const P* problem = nullptr;
  std::uint64_t nodes_before = 0;  // of the searches before the current one (a solution's nodes)
  std::uint64_t cutoffs = 0;       // searches stopped at their budget
  // The best solution so far, as centre() keeps it, for a problem that follows it
  // (FollowsSolutions): the next search follows it.
  std::optional<typename detail::CentreOf<P>::type> best;

  // The caller's word for each improvement of an optimisation, found at `path` in *problem.
  void improved(std::span<const typename P::Move> path) {
    if constexpr (FollowsSolutions<P>) best = problem->centre(path);
  }
};

// Searches `problem` so; Sink is CountAlongPath (a count) or PathSink<P> (a listing, whose
// FoundAt counts the nodes of the current search: add made.nodes_before; its path is
// made.problem's). The budgets are
// the problem's restart_schedule(), or `schedule` where given (a test's of a few nodes).
template <Problem P, class Sink>
  requires HasRestarts<P>
SearchStats search_with_restarts(const P& problem, const SearchLimits& limits, const Sink& sink, RestartsMade<P>& made,
                                 std::optional<RestartSchedule> schedule_given = std::nullopt) {
  const RestartSchedule schedule = schedule_given ? *schedule_given : *problem.restart_schedule();
  SearchStats total;
  // The problem of the searches after the first: one copy, changed in place between two
  // searches (a copy per search copied every nogood again: a quadratic cost, most of a
  // run's time where searches are short).
  std::optional<P> restarted;
  const P* searched = &problem;
  std::vector<typename P::Move> stop_path;  // where the last search stopped
  std::vector<std::uint8_t> stop_branches;
  const auto roots = roots_of(problem);
  std::size_t first_root = 0;  // the roots before it were searched to the end
  for (std::uint64_t k = 0;; ++k) {
    SearchLimits each = limits;
    each.max_nodes = schedule.budget(k);
    // The user's budgets: what is left of them, which ends the run when it runs out.
    bool users_nodes = false;
    if (limits.max_nodes != 0) {
      const std::uint64_t left = limits.max_nodes > total.nodes ? limits.max_nodes - total.nodes : 0;
      if (left == 0) {
        total.stop = StopReason::node_limit;
        break;
      }
      users_nodes = left <= each.max_nodes;
      each.max_nodes = std::min(each.max_nodes, left);
    }
    if (limits.max_failures != 0) {
      if (total.failures >= limits.max_failures) {
        total.stop = StopReason::failure_limit;
        break;
      }
      each.max_failures = limits.max_failures - total.failures;
    }
    if (limits.max_solutions != 0) each.max_solutions = limits.max_solutions - total.representatives;
    made.nodes_before = total.nodes;
    made.problem = searched;
    std::optional<typename detail::LearnedOf<P>::type> learned;
    {
      DepthFirstSearch<P, Sink> search(*searched, each, sink);
      SearchStats stats = search.run(std::span(roots).subspan(first_root));
      const bool cut = stats.stop == StopReason::node_limit && !users_nodes;
      if (cut) stats.stop = StopReason::none;  // the run goes on
      total += stats;
      if (!cut) break;
      ++made.cutoffs;
      first_root += search.stop_root();
      stop_path.assign(search.stop_path().begin(), search.stop_path().end());
      if constexpr (HasNogoods<P>) stop_branches.assign(search.stop_branches().begin(), search.stop_branches().end());
      if constexpr (CarriesLearning<P>) learned = searched->learned(search.state());
    }  // the search, which refers to the problem, is gone: the problem may change
    if (!restarted) restarted.emplace(problem);
    restarted->restart(k + 1);
    if constexpr (HasNogoods<P>) restarted->add_nogoods(stop_path, stop_branches);
    if constexpr (CarriesLearning<P>) restarted->keep_learned(std::move(*learned));
    if constexpr (FollowsSolutions<P>) {
      if (made.best) restarted->follow(*made.best);
    }
    searched = &*restarted;
  }
  return total;
}

}  // namespace backtrack
