// The CSP layer on small models whose solutions can be counted by hand.
#include <gtest/gtest.h>

#include <set>

#include "backtrack/csp/problem.hpp"
#include "backtrack/engine.hpp"

namespace backtrack::csp {
namespace {

const Prune prunes[] = {Prune::none, Prune::forward, Prune::arc};
const VariableOrder orders[] = {VariableOrder::static_order, VariableOrder::mrv, VariableOrder::dom_deg};
const ValueOrder value_orders[] = {ValueOrder::min, ValueOrder::mid, ValueOrder::random};

// Counts with every combination of options; they must all agree.
std::uint64_t count_all_ways(const Model& model) {
  std::set<std::uint64_t> counts;
  for (auto p : prunes) {
    for (auto o : orders) {
      for (auto v : value_orders) {
        counts.insert(static_cast<std::uint64_t>(count_solutions(CspProblem(model, {p, o, v, 7})).solutions));
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
    const CspProblem problem(m, {p, VariableOrder::mrv, ValueOrder::min, 1});
    auto s = problem.root();
    const auto before = s.domain;
    for (const auto mv : problem.candidates(s)) {
      problem.apply(s, mv);
      for (const auto mv2 : problem.candidates(s)) {
        problem.apply(s, mv2);
        problem.undo(s, mv2);
      }
      problem.undo(s, mv);
      EXPECT_EQ(s.domain, before);
    }
    EXPECT_EQ(s.unassigned, 5);
    EXPECT_TRUE(s.trail.empty());
  }
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
}

}  // namespace
}  // namespace backtrack::csp
