#pragma once
// Every solution of an integer model as the engine finds it, and the optimum branch and
// bound finds, split or not: what the tests of the integer layer compare with
// generate-and-test.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <set>
#include <span>
#include <vector>

#include "backtrack/csp/int_problem.hpp"
#include "backtrack/engine.hpp"
#include "backtrack/solver.hpp"
#include "backtrack/split.hpp"

namespace backtrack::csp {

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

}  // namespace backtrack::csp
