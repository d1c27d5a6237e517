#pragma once
// Every solution of an integer model as the engine finds it, and the optimum branch and
// bound finds, split or not: what the tests of the integer layer compare with
// generate-and-test.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <set>
#include <span>
#include <vector>

#include "backtrack/csp/int_problem.hpp"
#include "backtrack/engine.hpp"
#include "backtrack/restart_search.hpp"
#include "backtrack/solver.hpp"
#include "backtrack/split.hpp"

namespace backtrack::csp {

// Every assignment of the domains' values for which holds() does: the generate and test a
// model's solutions are compared with.
inline std::set<std::vector<Value>> every_assignment(const std::vector<std::vector<Value>>& domains,
                                                     const std::function<bool(const std::vector<Value>&)>& holds) {
  std::set<std::vector<Value>> found;
  std::vector<Value> a(domains.size());
  const std::function<void(std::size_t)> assign = [&](std::size_t i) {
    if (i == domains.size()) {
      if (holds(a)) found.insert(a);
      return;
    }
    for (Value v : domains[i]) {
      a[i] = v;
      assign(i + 1);
    }
  };
  assign(0);
  return found;
}

// The first n values of each solution (a decomposition's auxiliaries left out).
inline std::set<std::vector<Value>> projected(const std::set<std::vector<Value>>& solutions, std::size_t n) {
  std::set<std::vector<Value>> out;
  for (const auto& s : solutions) out.insert(std::vector<Value>(s.begin(), s.begin() + static_cast<std::ptrdiff_t>(n)));
  return out;
}

// The random domains of the global constraints' tests.
struct RandomDomains {
  std::mt19937 engine;
  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(engine); }
  std::vector<Value> values(Value lo, Value hi) {  // a random non-empty subset
    std::vector<Value> out;
    for (Value v = lo; v <= hi; ++v) {
      if (pick(0, 2) != 0) out.push_back(v);
    }
    if (out.empty()) out.push_back(pick(static_cast<int>(lo), static_cast<int>(hi)));
    return out;
  }
};

// Each variable's value in every solution; a solution found twice fails the test. By
// default as the integer plugins search: propagation to a fixpoint (SearchOptions{} is
// forward checking, which leaves a wide domain unpruned until one variable is open).
inline std::set<std::vector<Value>> solutions_of(const IntModel& model, SearchOptions options = {.prune = Prune::arc}) {
  const IntProblem problem(model, options);
  std::set<std::vector<Value>> found;
  auto take = [&](std::span<const Decision> path, std::uint64_t, const FoundAt&) {
    EXPECT_TRUE(found.insert(problem.values(path)).second) << "a solution found twice";
    return true;
  };
  DepthFirstSearch<IntProblem, PathSink<IntProblem>>(problem, {}, path_sink<IntProblem>(take)).run();
  return found;
}

// The optimum of `problem` (an IntProblem, or a plugin's problem made of one) as one search.
template <class P>
std::optional<Value> optimum_of_one_search(const P& problem) {
  Incumbent incumbent(problem.minimises());
  SearchLimits limits;
  limits.incumbent = &incumbent;
  EXPECT_TRUE(DepthFirstSearch<P>(problem, limits).run().complete());
  return incumbent.best();
}

// The nodes of that search.
template <class P>
std::uint64_t nodes_of_one_search(const P& problem) {
  Incumbent incumbent(problem.minimises());
  SearchLimits limits;
  limits.incumbent = &incumbent;
  return DepthFirstSearch<P>(problem, limits).run().nodes;
}

// The optimum with the tree split as threads and checkpoints split it: `plan`'s probe, then
// the subtrees on `threads`. Where the tree is cut must not change it.
template <class P>
std::optional<Value> optimum_split(const P& problem, const SplitPlan& plan, unsigned threads) {
  Incumbent incumbent(problem.minimises());
  SearchLimits limits;
  limits.incumbent = &incumbent;
  const auto split = split_tree(problem, plan, limits);
  const SearchStats stats = run_subtrees(problem, split, threads, limits, nullptr,
                                         [&](const P& p) { return DepthFirstSearch<P>(p, limits); });
  EXPECT_TRUE(stats.complete());
  return incumbent.best();
}

// The optimum as a run of the solver finds it (ProblemSolver::run: one search on one
// thread, a portfolio on several, large neighbourhood search where the problem's options
// ask for it), with whether the run says it proved it, and the nodes it searched.
struct RunOptimum {
  std::optional<std::int64_t> best;
  bool proved = false;
  std::uint64_t nodes = 0;
};
template <class P>
RunOptimum optimum_of_run(const P& problem, unsigned threads, SearchLimits limits = {}) {
  const auto solver = make_solver(problem, [](const P&, std::span<const typename P::Move>) { return Solution{}; },
                                  Instance{"test", ""});
  RunRequest request;
  request.mode = SearchMode::all;
  request.threads = threads;
  request.limits = limits;
  std::optional<std::int64_t> last;
  const RunResult result = solver->run(request, [&](Solution&& s) {
    // Improvements only, in order: each strictly better than the one before.
    if (last && s.objective) {
      EXPECT_TRUE(problem.minimises() ? *s.objective < *last : *s.objective > *last);
    }
    last = s.objective;
    return true;
  });
  EXPECT_TRUE(result.objective.has_value());
  EXPECT_EQ(result.objective->best, last) << "the best is the last solution handed on";
  return {result.objective->best, result.objective->proved, result.stats.nodes};
}

// Budgets of a few nodes, so that even a small tree is cut many times over.
inline const std::vector<RestartSchedule> short_restarts = {RestartSchedule::luby_times(4),
                                                            RestartSchedule::geometric(4, 1.5)};

// Every solution as searches that restart find them (restart_search.hpp): each once.
template <class P>
std::set<std::vector<Value>> solutions_with_restarts(const P& problem, RestartSchedule schedule,
                                                     std::uint64_t* cutoffs = nullptr) {
  std::set<std::vector<Value>> found;
  RestartsMade<P> made;
  auto take = [&](std::span<const Decision> path, std::uint64_t, const FoundAt&) {
    // The path leads to the solution in the problem of the search that found it.
    EXPECT_TRUE(found.insert(made.problem->values(path)).second) << "a solution found twice";
    return true;
  };
  EXPECT_TRUE(search_with_restarts(problem, {}, path_sink<P>(take), made, schedule).complete());
  if (cutoffs != nullptr) *cutoffs = made.cutoffs;
  return found;
}

// The count of searches that restart (weighted, as roots() weigh their subtrees).
template <class P>
SearchStats count_with_restarts(const P& problem, RestartSchedule schedule, std::uint64_t* cutoffs = nullptr) {
  RestartsMade<P> made;
  const SearchStats stats = search_with_restarts(problem, {}, CountAlongPath{}, made, schedule);
  EXPECT_TRUE(stats.complete());
  if (cutoffs != nullptr) *cutoffs = made.cutoffs;
  return stats;
}

// The optimum as searches that restart find it, sharing one bound; each search after an
// improvement follows it (FollowsSolutions), as the solver's runs do.
template <class P>
std::optional<Value> optimum_with_restarts(const P& problem, RestartSchedule schedule) {
  Incumbent incumbent(problem.minimises());
  SearchLimits limits;
  limits.incumbent = &incumbent;
  RestartsMade<P> made;
  auto follow = [&](std::span<const typename P::Move> path, std::uint64_t, const FoundAt&) {
    made.improved(path);
    return true;
  };
  EXPECT_TRUE(search_with_restarts(problem, limits, path_sink<P>(follow), made, schedule).complete());
  return incumbent.best();
}

}  // namespace backtrack::csp
