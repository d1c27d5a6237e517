// Nogoods from restarts: the propagator (a clause over decisions), and searches that
// restart (restart_search.hpp) listing each solution of a model once, the same as one
// search lists; what a restart hands on to the next search (failure weights, the best
// solution).
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <vector>

#include "backtrack/csp/int_problem.hpp"
#include "backtrack/csp/propagators/nogood.hpp"
#include "int_solutions.hpp"

namespace backtrack::csp {
namespace {

using K = Nogood::Literal::Kind;

// x and y of 0 .. 5, and a space to narrow them in.
struct TwoVariables {
  IntModel model;
  int x = model.int_var(0, 5).id;
  int y = model.int_var(0, 5).id;
  Space space = model.space();
};

TEST(Nogood, TheLastOpenLiteralIsMadeFalse) {
  {
    TwoVariables t;  // x = 2 holds: y <= 3 must not
    const Nogood n{{{t.x, K::equal, 2}, {t.y, K::at_most, 3}}};
    ASSERT_TRUE(t.space.fix(t.x, 2));
    EXPECT_EQ(n.propagate(t.space), Outcome::subsumed);
    EXPECT_EQ(t.space.min(t.y), 4);
    EXPECT_EQ(t.space.max(t.y), 5);
  }
  {
    TwoVariables t;  // y <= 3 holds: x = 2 must not
    const Nogood n{{{t.x, K::equal, 2}, {t.y, K::at_most, 3}}};
    ASSERT_TRUE(t.space.set_max(t.y, 3));
    EXPECT_EQ(n.propagate(t.space), Outcome::subsumed);
    EXPECT_FALSE(t.space.contains(t.x, 2));
    EXPECT_EQ(t.space.size(t.x), 5U);
  }
  {
    TwoVariables t;  // x != 4 holds: x > 1 must not
    const Nogood n{{{t.x, K::not_equal, 4}, {t.y, K::more_than, 1}}};
    ASSERT_TRUE(t.space.remove(t.x, 4));
    EXPECT_EQ(n.propagate(t.space), Outcome::subsumed);
    EXPECT_EQ(t.space.max(t.y), 1);
  }
  {
    TwoVariables t;  // y > 1 holds: x != 4 must not, so x = 4
    const Nogood n{{{t.x, K::not_equal, 4}, {t.y, K::more_than, 1}}};
    ASSERT_TRUE(t.space.set_min(t.y, 2));
    EXPECT_EQ(n.propagate(t.space), Outcome::subsumed);
    EXPECT_TRUE(t.space.fixed(t.x));
    EXPECT_EQ(t.space.value(t.x), 4);
  }
}

TEST(Nogood, AFalseLiteralSatisfiesItAndAllTrueFailIt) {
  TwoVariables t;
  const Nogood n{{{t.x, K::equal, 2}, {t.y, K::at_most, 3}}};
  EXPECT_EQ(n.propagate(t.space), Outcome::open);  // two open literals: nothing to do
  EXPECT_EQ(t.space.size(t.x), 6U);
  EXPECT_EQ(t.space.size(t.y), 6U);
  EXPECT_FALSE(n.entailed(t.space));
  ASSERT_TRUE(t.space.fix(t.x, 3));  // x = 2 is false
  EXPECT_TRUE(n.entailed(t.space));
  EXPECT_EQ(n.propagate(t.space), Outcome::subsumed);
  EXPECT_EQ(t.space.size(t.y), 6U);

  TwoVariables all;
  ASSERT_TRUE(all.space.fix(all.x, 2));
  ASSERT_TRUE(all.space.set_max(all.y, 2));
  EXPECT_EQ(n.propagate(all.space), Outcome::failed);
  EXPECT_TRUE(all.space.failed());
}

// A nogood in a model, run by the propagation loop: one literal alone is a unit, which
// prunes the root.
TEST(Nogood, PostedInAModelPrunesItsSearch) {
  IntModel m;
  const auto x = m.int_vars(3, 0, 2);
  m.add(Nogood{{{x[0].id, K::equal, 0}}});
  m.add(Nogood{{{x[1].id, K::equal, 1}, {x[2].id, K::more_than, 0}}});
  const auto found = solutions_of(m);
  // 2 values of x0, and of the 9 pairs (x1, x2) all but (1, 1) and (1, 2).
  EXPECT_EQ(found.size(), 2U * 7U);
  for (const auto& s : found) {
    EXPECT_NE(s[0], 0);
    EXPECT_FALSE(s[1] == 1 && s[2] > 0);
  }
}

IntModel magic_square_of_three() {
  IntModel m;
  const auto x = m.int_vars(9, 1, 9);
  m.all_different(x);
  const auto sum = [&](int a, int b, int c) { m.post(LinearExpr(x[a]) + x[b] + x[c] == 15); };
  sum(0, 1, 2), sum(3, 4, 5), sum(6, 7, 8), sum(0, 3, 6), sum(1, 4, 7), sum(2, 5, 8), sum(0, 4, 8), sum(2, 4, 6);
  return m;
}

// Searches cut every few nodes, each leaving out what the ones before finished, list the
// solutions of one search, each once, under every pruning, variable and value order:
// split halves (x <= v, x > v) and values (x = v, x != v) alike.
TEST(Restarts, ListEverySolutionOnceUnderEveryOrder) {
  const IntModel m = magic_square_of_three();
  const auto expected = solutions_of(m);
  ASSERT_EQ(expected.size(), 8U);
  std::size_t next = 0;  // the schedules in turn
  for (const Prune prune : {Prune::forward, Prune::bounds}) {
    for (const VariableOrder order : all_variable_orders) {
      for (const ValueOrder values : all_value_orders) {
        {
          const RestartSchedule& schedule = short_restarts[next++ % short_restarts.size()];
          SCOPED_TRACE(std::string(to_string(prune)) + " " + std::string(to_string(order)) + " " +
                       std::string(to_string(values)) + (schedule.kind == RestartSchedule::Kind::luby ? " luby" : " geometric"));
          std::uint64_t cutoffs = 0;
          const IntProblem problem(m, {.prune = prune, .variables = order, .values = values, .seed = 5});
          EXPECT_EQ(solutions_with_restarts(problem, schedule, &cutoffs), expected);
          EXPECT_GT(cutoffs, 0U);
          EXPECT_EQ(count_with_restarts(problem, schedule).solutions, 8U);
        }
      }
    }
  }
}

// A model without solutions stays proved so: the last search exhausts what the nogoods
// left of the tree.
TEST(Restarts, ProveThereIsNoSolution) {
  IntModel pigeons;  // 7 pigeons, 6 holes
  const auto p = pigeons.int_vars(7, 1, 6);
  for (std::size_t i = 0; i < p.size(); ++i) {
    for (std::size_t j = i + 1; j < p.size(); ++j) pigeons.post(LinearExpr(p[i]) != p[j]);
  }
  std::uint64_t cutoffs = 0;
  const IntProblem problem(pigeons, {.prune = Prune::forward, .variables = VariableOrder::dom_wdeg});
  const SearchStats stats = count_with_restarts(problem, RestartSchedule::luby_times(4), &cutoffs);
  EXPECT_EQ(stats.solutions, 0U);
  EXPECT_GT(cutoffs, 10U);
  EXPECT_TRUE(solutions_with_restarts(problem, RestartSchedule::geometric(3, 1.3)).empty());
}

// The failure weights a search learned are the next search's, after a restart that added
// nogoods: the old constraints keep theirs, each nogood starts as one that never failed.
TEST(Restarts, TheNextSearchStartsFromTheFailureWeightsLearned) {
  IntModel pigeons;  // 7 pigeons, 6 holes: every search fails
  const auto p = pigeons.int_vars(7, 1, 6);
  for (std::size_t i = 0; i < p.size(); ++i) {
    for (std::size_t j = i + 1; j < p.size(); ++j) pigeons.post(LinearExpr(p[i]) != p[j]);
  }
  for (const VariableOrder order : {VariableOrder::dom_wdeg, VariableOrder::afc_size}) {
    SCOPED_TRACE(std::string(to_string(order)));
    const IntProblem problem(pigeons, {.prune = Prune::forward, .variables = order});
    SearchLimits limits;
    limits.max_nodes = 200;
    DepthFirstSearch<IntProblem, CountAlongPath> search(problem, limits, CountAlongPath{});
    const SearchStats stats = search.run();
    ASSERT_EQ(stats.stop, StopReason::node_limit);
    ASSERT_GT(stats.failures, 10U);
    const FailureWeights learned = problem.learned(search.state());
    IntProblem restarted = problem;
    restarted.restart(1);
    restarted.add_nogoods(search.stop_path(), search.stop_branches());
    ASSERT_GT(restarted.nogoods(), 0);
    restarted.keep_learned(learned);
    const IntProblem::State root = restarted.root();
    const FailureWeights& kept = root.weights;
    const int constraints = problem.model().propagation().size();
    ASSERT_EQ(kept.constraints(), restarted.model().propagation().size());
    ASSERT_GT(kept.constraints(), constraints);
    if (order == VariableOrder::dom_wdeg) {
      const IntProblem::State start = problem.root();
      std::int64_t before = 0;
      std::int64_t after = 0;
      for (std::size_t x = 0; x < p.size(); ++x) {
        before += start.weights.wdeg(p[x].id);
        after += learned.wdeg(p[x].id);
        EXPECT_GE(kept.wdeg(p[x].id), learned.wdeg(p[x].id));
      }
      EXPECT_GT(after, before) << "the failures weighed";
    } else {
      bool any_failed = false;
      for (int c = 0; c < constraints; ++c) {
        EXPECT_DOUBLE_EQ(kept.decayed_afc(c), learned.decayed_afc(c));
        any_failed = any_failed || learned.decayed_afc(c) > 1.0;
      }
      EXPECT_TRUE(any_failed);
      for (int c = constraints; c < kept.constraints(); ++c) EXPECT_DOUBLE_EQ(kept.decayed_afc(c), 1.0);
    }
  }
}

// After a restart, a search that follows a solution (phase saving) tries its values first:
// with no bound to beat, it goes straight to it, without a failure, whatever order the
// restart drew.
TEST(Restarts, ASearchThatFollowsASolutionGoesStraightToIt) {
  const IntModel m = magic_square_of_three();
  const auto all = solutions_of(m);
  ASSERT_EQ(all.size(), 8U);
  for (const VariableOrder order : {VariableOrder::mrv, VariableOrder::afc_size}) {
    for (const std::vector<Value>& solution : all) {
      IntProblem problem(m, {.prune = Prune::bounds, .variables = order, .restarts = Restarts::luby});
      problem.restart(3);
      problem.follow(solution);
      std::vector<Value> first;
      auto take = [&](std::span<const Decision> path, std::uint64_t, const FoundAt&) {
        first = problem.values(path);
        return false;
      };
      const SearchStats stats =
          DepthFirstSearch<IntProblem, PathSink<IntProblem>>(problem, {}, path_sink<IntProblem>(take)).run();
      EXPECT_EQ(first, solution);
      EXPECT_EQ(stats.failures, 0U);
    }
  }
}

}  // namespace
}  // namespace backtrack::csp
