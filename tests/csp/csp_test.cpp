// The CSP layer on small models whose solutions can be counted by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <set>
#include <span>

#include "backtrack/csp/int_problem.hpp"
#include "backtrack/csp/problem.hpp"
#include "backtrack/engine.hpp"
#include "backtrack/restarts.hpp"

namespace backtrack::csp {
namespace {

const auto& prunes = all_prunes;
const auto& orders = all_variable_orders;
const auto& value_orders = all_value_orders;

// Counts with every combination of options, last conflict and backjumping on and off; they must all agree. Binary branching (and
// the halves of split, reverse-split) with the orders that prefer small domains: one that does not (largest) leaves x after x != v
// for the others, and takes its values one at a time deep down (the magic square, without
// pruning: 14 million nodes against 88,000 branching on values).
std::uint64_t count_all_ways(const Model& model, std::span<const VariableOrder> variable_orders = orders) {
  std::set<std::uint64_t> counts;
  for (auto p : prunes) {
    for (auto o : variable_orders) {
      for (auto v : value_orders) {
        for (auto b : all_branchings) {
          const bool two_children = b == Branching::binary || halves(v);
          if (two_children && o != VariableOrder::mrv && o != VariableOrder::dom_wdeg) continue;
          for (const bool last_conflict : {false, true}) {
            for (auto learn : bitset_learns) {
              const SearchOptions options{.prune = p,
                                          .variables = o,
                                          .values = v,
                                          .seed = 7,
                                          .branching = b,
                                          .last_conflict = last_conflict,
                                          .learn = learn};
              counts.insert(static_cast<std::uint64_t>(count_solutions(CspProblem(model, options)).solutions));
            }
          }
        }
      }
    }
  }
  EXPECT_EQ(counts.size(), 1u);
  return *counts.begin();
}

TEST(Csp, AllDifferentCountsPermutations) {
  Model m;
  m.add_variables(4, 4);
  m.all_different({0, 1, 2, 3});
  EXPECT_EQ(count_all_ways(m), 24u);
}

TEST(Csp, BinaryLessThanChain) {
  // x0 < x1 < x2 over 0..4: C(5,3) = 10.
  Model m;
  m.add_variables(3, 5);
  m.binary(0, 1, [](int a, int b) { return a < b; });
  m.binary(1, 2, [](int a, int b) { return a < b; });
  EXPECT_EQ(count_all_ways(m), 10u);
}

TEST(Csp, CustomConstraintSum) {
  // x + y + z == 6 over 0..4: the number of such triples is 19.
  Model m;
  m.add_variables(3, 5);
  m.custom({0, 1, 2}, [](std::span<const int> v) { return v[0] + v[1] + v[2] == 6; });
  std::uint64_t expected = 0;
  for (int a = 0; a < 5; ++a) {
    for (int b = 0; b < 5; ++b) {
      for (int c = 0; c < 5; ++c) expected += a + b + c == 6;
    }
  }
  EXPECT_EQ(count_all_ways(m), expected);
}

TEST(Csp, FixedValuesAreGivens) {
  Model m;
  m.add_variables(3, 3);
  m.all_different({0, 1, 2});
  m.fix(1, 0);
  EXPECT_EQ(count_all_ways(m), 2u);
  m.fix(2, 0);  // clashes with x1 = 0
  EXPECT_EQ(count_all_ways(m), 0u);
}

TEST(Csp, UndoRestoresEveryDomain) {
  Model m;
  m.add_variables(5, 5);
  m.all_different({0, 1, 2, 3, 4});
  m.binary(0, 4, [](int a, int b) { return a + b != 4; });
  for (auto p : prunes) {
    for (auto o : orders) {
      const CspProblem problem(m, {p, o, ValueOrder::min, 1});
      auto s = problem.root();
      const auto before = s.domain;
      const auto first = *problem.candidates(s).begin();
      for (const auto mv : problem.candidates(s)) {
        problem.apply(s, mv);
        for (const auto mv2 : problem.candidates(s)) {
          problem.apply(s, mv2);
          problem.undo(s, mv2);
        }
        problem.undo(s, mv);
        EXPECT_EQ(s.domain, before);
        EXPECT_EQ(s.value, problem.root().value);
      }
      EXPECT_EQ(s.unassigned, 5);
      EXPECT_TRUE(s.trail.empty());
      EXPECT_EQ(*problem.candidates(s).begin(), first);  // the variable order's buckets too
    }
  }
}

TEST(Csp, LargeModelsChooseFromBuckets) {
  // 70 variables (more than a scan serves): 14 rows of 5, each row a permutation of
  // 0..4 and every row equal to the one above it: as many solutions as the first row
  // has permutations.
  Model m;
  m.add_variables(70, 5);
  for (int row = 0; row < 14; ++row) {
    m.all_different({5 * row, 5 * row + 1, 5 * row + 2, 5 * row + 3, 5 * row + 4});
    for (int i = 0; row > 0 && i < 5; ++i) m.binary(5 * (row - 1) + i, 5 * row + i, [](int a, int b) { return a == b; });
  }
  // The orders that read buckets (the others scan; largest and min-value, wandering from
  // row to row, make trees of millions of nodes here).
  const std::array bucketed{VariableOrder::static_order, VariableOrder::mrv, VariableOrder::dom_deg,
                            VariableOrder::dom_wdeg};
  EXPECT_EQ(count_all_ways(m, bucketed), 120u);
  m.restrict_to(69, 0b00110);  // the last column takes 1 or 2
  EXPECT_EQ(count_all_ways(m, bucketed), 48u);
}

// sum(scope) == target by bounds (the propagator of docs/writing-a-plugin.md).
Model::Filter sum_equals(int target) {
  return [target](std::span<Domain> d) {
    int low = 0;
    int high = 0;
    for (Domain x : d) {
      if (x == 0) return false;
      low += std::countr_zero(x);
      high += 63 - std::countl_zero(x);
    }
    if (low > target || high < target) return false;
    for (Domain& x : d) {
      const int lo = std::countr_zero(x);
      const int hi = 63 - std::countl_zero(x);
      for (int v = lo; v <= hi; ++v) {
        if (v < target - (high - hi) || v > target - (low - lo)) x &= ~(Domain{1} << v);
      }
    }
    return true;
  };
}

TEST(Csp, PropagatorIsAFirstClassNaryConstraint) {
  // x0 + x1 + x2 + x3 == 9 over 0..4, all different, the sum as a propagator.
  Model m;
  m.add_variables(4, 5);
  m.all_different({0, 1, 2, 3});
  m.propagator({0, 1, 2, 3}, sum_equals(9));
  std::uint64_t expected = 0;
  for (int a = 0; a < 5; ++a) {
    for (int b = 0; b < 5; ++b) {
      for (int c = 0; c < 5; ++c) {
        for (int d = 0; d < 5; ++d) {
          expected += a != b && a != c && a != d && b != c && b != d && c != d && a + b + c + d == 9;
        }
      }
    }
  }
  EXPECT_EQ(count_all_ways(m), expected);
  // Propagated at the root: x0 = 0 and x1 = 2 leave x2 + x3 == 7 over {1, 3, 4}, so 1
  // goes (it would need 6); the sum's propagator did it, woken by the givens.
  Model tight = m;
  tight.fix(0, 0);
  tight.fix(1, 2);
  for (auto p : {Prune::arc, Prune::bounds, Prune::gac}) {
    const CspProblem problem(tight, {p, VariableOrder::mrv, ValueOrder::min, 1});
    EXPECT_EQ(problem.root().domain[2], Domain{0b11000});
  }
  EXPECT_EQ(count_all_ways(tight), 2u);
}

// The example of docs/writing-a-plugin.md: the 3x3 magic square, sums as propagators.
TEST(Csp, MagicSquareOfTheDocs) {
  Model m;
  m.add_variables(9, 9);  // cell i holds value + 1
  m.all_different({0, 1, 2, 3, 4, 5, 6, 7, 8});
  for (int i = 0; i < 3; ++i) {
    m.propagator({3 * i, 3 * i + 1, 3 * i + 2}, sum_equals(12));  // a row: 15, less 3 for values from 0
    m.propagator({i, i + 3, i + 6}, sum_equals(12));              // a column
  }
  m.propagator({0, 4, 8}, sum_equals(12));
  m.propagator({2, 4, 6}, sum_equals(12));
  // The Lo Shu square and its 7 images under the symmetries of the square; checked here
  // by an independent enumeration of the permutations.
  std::vector<int> p = {0, 1, 2, 3, 4, 5, 6, 7, 8};
  std::uint64_t expected = 0;
  do {
    const auto sum = [&](int a, int b, int c) { return p[a] + p[b] + p[c] == 12; };
    expected += sum(0, 1, 2) && sum(3, 4, 5) && sum(6, 7, 8) && sum(0, 3, 6) && sum(1, 4, 7) && sum(2, 5, 8) &&
                sum(0, 4, 8) && sum(2, 4, 6);
  } while (std::next_permutation(p.begin(), p.end()));
  EXPECT_EQ(expected, 8u);
  EXPECT_EQ(count_all_ways(m), 8u);
  const auto gac = count_solutions(CspProblem(m, {Prune::gac, VariableOrder::dom_wdeg, ValueOrder::min, 1}));
  const auto forward = count_solutions(CspProblem(m, {Prune::forward, VariableOrder::dom_wdeg, ValueOrder::min, 1}));
  EXPECT_LT(gac.nodes, forward.nodes);
}

TEST(Csp, CountsPropagationsAndChecks) {
  // Pigeonhole, 6 into 5: forward and arc prune and check during the search; bounds and
  // gac fail at the root, where nothing is counted.
  Model m;
  m.add_variables(6, 5);
  m.all_different({0, 1, 2, 3, 4, 5});
  for (auto p : {Prune::forward, Prune::arc}) {
    const auto stats = count_solutions(CspProblem(m, {p, VariableOrder::mrv, ValueOrder::min, 1}));
    EXPECT_GT(stats.counters.value[0], 0u) << to_string(p);
    EXPECT_GT(stats.counters.value[1], 0u) << to_string(p);
  }
  for (auto p : {Prune::bounds, Prune::gac}) {
    const auto stats = count_solutions(CspProblem(m, {p, VariableOrder::mrv, ValueOrder::min, 1}));
    EXPECT_EQ(stats.counters.value[0], 0u) << to_string(p);
  }
  // Forward checking, a permutation of 3: each assignment checks its open peers, and
  // its value leaves each of them.
  Model k;
  k.add_variables(3, 3);
  k.all_different({0, 1, 2});
  const auto forward = count_solutions(CspProblem(k, {Prune::forward, VariableOrder::static_order, ValueOrder::min, 1}));
  EXPECT_EQ(forward.solutions, 6u);
  // x0: 3 values x 2 peers; x1: 6 nodes x 1 peer; x2: nothing left to check.
  EXPECT_EQ(forward.counters.value[1], 3u * 2 + 6u * 1);
  EXPECT_EQ(forward.counters.value[0], 3u * 2 + 6u * 1);
}

TEST(Csp, GacDecidesHiddenSinglesAtTheRoot) {
  // Three variables over 0..2 where only x0 may take 2: gac fixes it without a branch.
  Model m;
  m.add_variables(3, 3);
  m.all_different({0, 1, 2});
  m.restrict_to(1, 0b011);
  m.restrict_to(2, 0b011);
  const CspProblem gac(m, {Prune::gac, VariableOrder::mrv, ValueOrder::min, 1});
  EXPECT_EQ(gac.root().value[0], 2);
  const CspProblem forward(m, {Prune::forward, VariableOrder::mrv, ValueOrder::min, 1});
  EXPECT_EQ(forward.root().value[0], -1);
  EXPECT_EQ(count_all_ways(m), 2u);
}

TEST(Csp, StrongerPruningVisitsFewerNodes) {
  // Pigeonhole as one all-different: 6 pigeons, 5 holes. Only matching sees it at once.
  Model m;
  m.add_variables(6, 5);
  m.all_different({0, 1, 2, 3, 4, 5});
  const auto nodes = [&](Prune p) {
    const auto stats = count_solutions(CspProblem(m, {p, VariableOrder::static_order, ValueOrder::min, 1}));
    EXPECT_EQ(stats.solutions, 0u);
    return stats.nodes;
  };
  EXPECT_LE(nodes(Prune::arc), nodes(Prune::forward));
  EXPECT_LE(nodes(Prune::bounds), nodes(Prune::arc));
  EXPECT_LT(nodes(Prune::gac), nodes(Prune::arc));
  EXPECT_FALSE(CspProblem(m, {Prune::gac, VariableOrder::mrv, ValueOrder::min, 1}).root_consistent());
}

TEST(Csp, ArcConsistencyPrunesMoreThanForwardChecking) {
  // Pigeonhole: 5 pigeons, 4 holes, pairwise different (as binary constraints).
  Model m;
  m.add_variables(5, 4);
  for (int i = 0; i < 5; ++i) {
    for (int j = i + 1; j < 5; ++j) m.binary(i, j, [](int a, int b) { return a != b; });
  }
  const auto none = count_solutions(CspProblem(m, {Prune::none, VariableOrder::static_order, ValueOrder::min, 1}));
  const auto forward = count_solutions(CspProblem(m, {Prune::forward, VariableOrder::static_order, ValueOrder::min, 1}));
  const auto arc = count_solutions(CspProblem(m, {Prune::arc, VariableOrder::static_order, ValueOrder::min, 1}));
  EXPECT_EQ(none.solutions, 0u);
  EXPECT_EQ(forward.solutions, 0u);
  EXPECT_EQ(arc.solutions, 0u);
  EXPECT_LT(forward.nodes, none.nodes + 1);
  EXPECT_LE(arc.nodes, forward.nodes);
}

TEST(Csp, RejectsBadModels) {
  Model m;
  EXPECT_THROW(m.add_variable(65), std::invalid_argument);
  EXPECT_THROW(m.add_variable(0), std::invalid_argument);
  m.add_variable(3);
  EXPECT_THROW(m.binary(0, 0, [](int, int) { return true; }), std::invalid_argument);
  EXPECT_THROW(m.all_different({0, 1}), std::invalid_argument);
  EXPECT_THROW(m.all_different({0, 0}), std::invalid_argument);
}

// The budgets of --restarts: Luby's sequence (OEIS A182105) and a geometric one, each
// growing without bound, which is what keeps a restarting search complete.
TEST(Restarts, Budgets) {
  const std::uint64_t sequence[] = {1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1};
  for (std::uint64_t i = 0; i < std::size(sequence); ++i) EXPECT_EQ(luby(i + 1), sequence[i]) << i;
  EXPECT_EQ(luby(1023), 512u);
  const auto l = RestartSchedule::luby_times(100);
  EXPECT_EQ(l.budget(0), 100u);
  EXPECT_EQ(l.budget(6), 400u);
  const auto g = RestartSchedule::geometric(100, 1.5);
  EXPECT_EQ(g.budget(0), 100u);
  EXPECT_EQ(g.budget(1), 150u);
  EXPECT_EQ(g.budget(2), 225u);
  EXPECT_GT(g.budget(200), std::uint64_t{1} << 60);  // saturates, never wraps
  EXPECT_EQ(RestartSchedule::doubling(9, 20).budget(3), 9u + 160u);
}

// A restart's new value order: the same problem, the values shuffled by the seed.
TEST(Restarts, ShuffledValuesCountTheSame) {
  Model model;
  model.add_variables(4, 4);
  model.all_different({0, 1, 2, 3});
  CspProblem problem(model, {});
  problem.shuffle_values(5);
  EXPECT_EQ(problem.options().values, ValueOrder::random);
  EXPECT_EQ(problem.options().seed, 5u);
  EXPECT_EQ(count_solutions(problem).solutions, 24u);
  // As if built with --values random --seed 5.
  const CspProblem built(model, {Prune::forward, VariableOrder::mrv, ValueOrder::random, 5});
  auto values = [](const CspProblem& p) {
    std::vector<int> v;
    for (const auto m : p.candidates(p.root())) v.push_back(m.value);
    return v;
  };
  EXPECT_EQ(values(problem), values(built));
  EXPECT_NE(values(problem), (std::vector<int>{0, 1, 2, 3}));
}

// Last conflict (last_conflict.hpp) on both layers: x0 free, x1 of 0 .. 2, x2 and x3 of
// 0 .. 1, x1 x2 x3 all different. x1 = 0 fails (x2 and x3 are left 1 alone), so the
// static order's x0 gives way to x1; x1 = 2 holds, and x0 comes first again.
TEST(LastConflict, TheVariableWhoseDecisionFailedIsChosenFirstUntilItIsAssigned) {
  for (const bool on : {false, true}) {
    const SearchOptions options{.prune = Prune::arc, .variables = VariableOrder::static_order, .last_conflict = on};
    {
      Model m;
      m.add_variable(4);
      m.add_variable(3);
      m.add_variables(2, 2);
      m.all_different({1, 2, 3});
      const CspProblem problem(m, options);
      auto s = problem.root();
      const auto first = [&] { return (*problem.candidates(s).begin()).var; };
      EXPECT_EQ(first(), 0);
      problem.apply(s, {.var = 1, .value = 0});
      EXPECT_TRUE(problem.candidates(s).begin() == problem.candidates(s).end()) << "x1 = 0 fails";
      problem.undo(s, {.var = 1, .value = 0});
      EXPECT_EQ(first(), on ? 1 : 0) << "bitset layer, last conflict " << on;
      problem.apply(s, {.var = 1, .value = 2});
      problem.undo(s, {.var = 1, .value = 2});
      EXPECT_EQ(first(), 0) << "bitset layer, last conflict " << on;
    }
    {
      IntModel m;
      const IntVar x0 = m.int_var(0, 3);
      const IntVar x1 = m.int_var(0, 2);
      const IntVar x2 = m.int_var(0, 1);
      const IntVar x3 = m.int_var(0, 1);
      m.all_different(std::vector<IntVar>{x1, x2, x3});
      const IntProblem problem(m, options);
      auto s = problem.root();
      const auto first = [&] { return (*problem.candidates(s).begin()).x; };
      EXPECT_EQ(first(), x0.id);
      const Decision fails{x1.id, Decision::Kind::equal, 0};
      problem.apply(s, fails);
      EXPECT_TRUE(s.space.failed()) << "x1 = 0 fails";
      problem.undo(s, fails);
      EXPECT_EQ(first(), on ? x1.id : x0.id) << "integer layer, last conflict " << on;
      const Decision holds{x1.id, Decision::Kind::equal, 2};
      problem.apply(s, holds);
      EXPECT_FALSE(s.space.failed());
      problem.undo(s, holds);
      EXPECT_EQ(first(), x0.id) << "integer layer, last conflict " << on;
    }
  }
}

// Activity (failure_weights.hpp): a node decays every variable's activity and raises those
// its decision and propagation narrowed, read from the trail. x1 = 2 narrows x2 to 3 .. 4
// (x1 < x2); x0, untouched, decays: the order that chose x0 at first now chooses x1.
TEST(Activity, ANodeRaisesTheVariablesItNarrowedAndDecaysTheOthers) {
  IntModel m;
  const IntVar x0 = m.int_var(0, 2);
  const IntVar x1 = m.int_var(0, 4);
  const IntVar x2 = m.int_var(0, 4);
  m.post(LinearExpr(x1) < x2);
  for (const VariableOrder order : {VariableOrder::activity, VariableOrder::activity_size}) {
    const IntProblem problem(m, {.prune = Prune::arc, .variables = order});
    auto s = problem.root();
    const auto first = [&] { return (*problem.candidates(s).begin()).x; };
    EXPECT_EQ(first(), x0.id);  // all at 1; x0 of 3 values, x1 and x2 of 4
    const Decision move{x1.id, Decision::Kind::equal, 2};
    problem.apply(s, move);
    ASSERT_FALSE(s.space.failed());
    EXPECT_NEAR(s.weights.decayed_activity(x0.id), 0.99, 1e-12);
    EXPECT_NEAR(s.weights.decayed_activity(x1.id), 1.99, 1e-12);
    EXPECT_NEAR(s.weights.decayed_activity(x2.id), 1.99, 1e-12);
    problem.undo(s, move);
    EXPECT_EQ(first(), x1.id) << to_string(order);
  }
}

}  // namespace
}  // namespace backtrack::csp
