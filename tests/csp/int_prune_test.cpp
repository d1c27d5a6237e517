// --prune on the integer layer: what each level narrows, and when (options.hpp).
#include <gtest/gtest.h>

#include <cstdint>

#include "backtrack/csp/int_problem.hpp"
#include "backtrack/engine.hpp"
#include "int_solutions.hpp"

namespace backtrack::csp {
namespace {

constexpr Value sum = 3;
constexpr Value largest = 2;  // x, y, z in 0..2

struct SumOfThree {
  IntModel model;
  IntVar x, y, z;
};
SumOfThree sum_of_three() {
  SumOfThree m;
  m.x = m.model.int_var(0, largest);
  m.y = m.model.int_var(0, largest);
  m.z = m.model.int_var(0, largest);
  m.model.post(m.x + m.y + m.z == sum);
  return m;
}

IntProblem searched(const IntModel& model, Prune prune) {
  return IntProblem(model, {.prune = prune, .variables = VariableOrder::static_order, .values = ValueOrder::min});
}
bool whole(const Space& s, IntVar v) { return s.min(v.id) == 0 && s.max(v.id) == largest; }

TEST(IntPrune, NoneChecksASumOnlyOnceAllItsVariablesAreFixed) {
  const SumOfThree m = sum_of_three();
  const IntProblem problem = searched(m.model, Prune::none);
  IntProblem::State s = problem.root();
  problem.apply(s, {m.x.id, Decision::Kind::equal, 0});
  problem.apply(s, {m.y.id, Decision::Kind::equal, 0});
  ASSERT_FALSE(s.space.failed());
  EXPECT_TRUE(whole(s.space, m.z)) << "z = 3 - 0 - 0 is out of range, but the sum waits for z";
  problem.apply(s, {m.z.id, Decision::Kind::equal, 2});
  EXPECT_TRUE(s.space.failed());
}

TEST(IntPrune, ForwardNarrowsASumWhenOneVariableIsLeft) {
  const SumOfThree m = sum_of_three();
  const IntProblem problem = searched(m.model, Prune::forward);
  IntProblem::State s = problem.root();
  problem.apply(s, {m.x.id, Decision::Kind::equal, 0});
  ASSERT_FALSE(s.space.failed());
  EXPECT_TRUE(whole(s.space, m.y)) << "two variables open: arc would take y >= 1";
  EXPECT_TRUE(whole(s.space, m.z));
  problem.apply(s, {m.y.id, Decision::Kind::equal, 1});
  ASSERT_FALSE(s.space.failed());
  EXPECT_TRUE(s.space.fixed(m.z.id));
  EXPECT_EQ(s.space.value(m.z.id), 2);
}

TEST(IntPrune, ArcNarrowsASumAtOnce) {
  const SumOfThree m = sum_of_three();
  const IntProblem problem = searched(m.model, Prune::arc);
  IntProblem::State s = problem.root();
  problem.apply(s, {m.x.id, Decision::Kind::equal, 0});
  ASSERT_FALSE(s.space.failed());
  EXPECT_EQ(s.space.min(m.y.id), 1);
  EXPECT_EQ(s.space.min(m.z.id), 1);
}

// The nodes of the binary tree (x = v, x != v, the smallest v first) over `open`
// variables of `values` values each, none pruned, the root included: a variable with
// `left` values has a child that fixes it and one with a value fewer, fixed at one.
std::uint64_t unpruned_nodes(int open, Value values, Value left) {
  if (open == 0) return 1;
  const std::uint64_t fixed = unpruned_nodes(open - 1, values, values);
  return 1 + fixed + (left == 2 ? fixed : unpruned_nodes(open, values, left - 1));
}

TEST(IntPrune, NodesOfEachLevelOnASum) {
  const SumOfThree m = sum_of_three();
  std::uint64_t solutions = 0;  // by generate and test
  for (Value x = 0; x <= largest; ++x) {
    for (Value y = 0; y <= largest; ++y) {
      for (Value z = 0; z <= largest; ++z) solutions += x + y + z == sum ? 1 : 0;
    }
  }
  const auto none = count_solutions(searched(m.model, Prune::none));
  const auto forward = count_solutions(searched(m.model, Prune::forward));
  const auto arc = count_solutions(searched(m.model, Prune::arc));
  for (const auto& stats : {none, forward, arc}) EXPECT_EQ(stats.solutions, solutions);
  // none branches on all three; forward fixes z (or fails) once x and y are.
  EXPECT_EQ(none.nodes, unpruned_nodes(3, largest + 1, largest + 1));
  EXPECT_EQ(forward.nodes, unpruned_nodes(2, largest + 1, largest + 1));
  EXPECT_LT(arc.nodes, forward.nodes);
}

// All-different at forward is not held back: a fixed value leaves its peers at once.
TEST(IntPrune, ForwardTakesAFixedValueFromAllDifferentPeers) {
  IntModel model;
  const auto xs = model.int_vars(3, 0, 2);
  model.all_different(xs);
  const IntProblem forward = searched(model, Prune::forward);
  IntProblem::State s = forward.root();
  forward.apply(s, {xs[0].id, Decision::Kind::equal, 0});
  EXPECT_EQ(s.space.min(xs[1].id), 1);
  EXPECT_EQ(s.space.min(xs[2].id), 1);
  const IntProblem none = searched(model, Prune::none);
  IntProblem::State t = none.root();
  none.apply(t, {xs[0].id, Decision::Kind::equal, 0});
  EXPECT_EQ(t.space.min(xs[1].id), 0);
}

TEST(IntPrune, GacIsReadAsDomain) {
  EXPECT_EQ(parse_prune("gac"), Prune::domain);
  EXPECT_EQ(parse_prune("domain"), Prune::domain);
  EXPECT_EQ(to_string(Prune::gac), "domain");
  EXPECT_EQ(parse_choice("gac", all_prunes), std::nullopt) << "gac is no level of its own";
}

}  // namespace
}  // namespace backtrack::csp
