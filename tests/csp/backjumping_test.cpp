// Conflict-directed backjumping (--learn cbj) on the bitset layer: the same solutions as
// without it, never more nodes where the order does not learn, and jumps where a
// failure does not depend on the decisions between.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <random>
#include <set>
#include <span>
#include <vector>

#include "backtrack/csp/problem.hpp"
#include "backtrack/engine.hpp"
#include "backtrack/nqueens/csp.hpp"

namespace backtrack::csp {
namespace {

// OEIS A000170.
constexpr std::uint64_t queens_counts[] = {1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724};

// Every solution's values, as the problem reports them.
std::set<std::vector<int>> solutions_of(const CspProblem& problem) {
  std::set<std::vector<int>> found;
  enumerate_solutions(problem, [&](const CspProblem::State&, std::span<const Assignment> path, std::uint64_t) {
    found.insert(problem.values(path));
  });
  return found;
}

// The counters by name: backjumps and the levels they passed.
std::uint64_t counter(const SearchStats& stats, std::string_view name) {
  const auto names = CspProblem::counter_names();
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return stats.counters.value[i];
  }
  ADD_FAILURE() << "no counter " << name;
  return 0;
}

// Queens that attack nothing, checked here rather than by the model.
bool queens_safe(const std::vector<int>& column) {
  for (std::size_t r = 0; r < column.size(); ++r) {
    for (std::size_t s = r + 1; s < column.size(); ++s) {
      if (column[r] == column[s] || std::abs(column[r] - column[s]) == static_cast<int>(s - r)) return false;
    }
  }
  return true;
}

SearchOptions with(Prune prune, VariableOrder order, Branching branching, Learn learn) {
  return {.prune = prune, .variables = order, .values = ValueOrder::min, .branching = branching, .learn = learn};
}

// x0 and x5 agree only on 3, and nothing else constrains x0 or x5: without pruning, the
// search tries every value of x1..x4 before it blames x0; backjumping goes from x5
// straight back to x0.
TEST(Backjumping, JumpsStraightBackToTheDecisionAFailureDependsOn) {
  Model model;
  model.add_variables(6, 4);
  model.binary(0, 5, [](int a, int b) { return a == 3 && b == 3; });
  model.binary(1, 2, [](int a, int b) { return a != b; });
  const auto plain = count_solutions(CspProblem(model, with(Prune::none, VariableOrder::static_order,
                                                            Branching::values, Learn::none)));
  const auto jumping = count_solutions(CspProblem(model, with(Prune::none, VariableOrder::static_order,
                                                              Branching::values, Learn::cbj)));
  EXPECT_EQ(plain.solutions, 4u * 3u * 4u * 4u);
  EXPECT_EQ(jumping.solutions, plain.solutions);
  EXPECT_EQ(counter(plain, "backjumps"), 0u);
  // Each of x0 = 0, 1, 2 reaches x5 once, by its first values of x1..x4, and jumps back
  // past x4, x3, x2 and x1.
  EXPECT_EQ(counter(jumping, "backjumps"), 3u);
  EXPECT_EQ(counter(jumping, "jumped"), 3u * 4u);
  // The jumps save the subtrees of x1..x4 under x0 = 0, 1 and 2: all but a path of each.
  EXPECT_EQ(plain.nodes - jumping.nodes, 3u * (4u + 12u + 48u + 192u - 4u));
}

// Forward checking empties x5 as soon as x0 is given a wrong value: there is nothing to
// jump over, and the search is the one without learning.
TEST(Backjumping, ForwardCheckingFindsThatFailureAtOnce) {
  Model model;
  model.add_variables(6, 4);
  model.binary(0, 5, [](int a, int b) { return a == 3 && b == 3; });
  const auto options = with(Prune::forward, VariableOrder::static_order, Branching::values, Learn::none);
  auto learning = options;
  learning.learn = Learn::cbj;
  const auto plain = count_solutions(CspProblem(model, options));
  const auto jumping = count_solutions(CspProblem(model, learning));
  EXPECT_EQ(jumping.solutions, plain.solutions);
  EXPECT_EQ(jumping.nodes, plain.nodes);
  EXPECT_EQ(counter(jumping, "backjumps"), 0u);
}

// A000170 with every pruning, order and branching; the solutions are checked here, and,
// where the order learns nothing, the tree with jumps is a part of the tree without.
TEST(Backjumping, NQueensSolutionsAreA000170AndSafe) {
  for (int n = 1; n <= 8; ++n) {
    for (auto prune : all_prunes) {
      for (auto order : {VariableOrder::static_order, VariableOrder::mrv, VariableOrder::dom_wdeg}) {
        for (auto branching : all_branchings) {
          const auto options = with(prune, order, branching, Learn::cbj);
          const nqueens::CspQueens problem(n, options);
          const auto found = solutions_of(problem);
          EXPECT_EQ(found.size(), queens_counts[n]) << n << " " << to_string(prune) << " " << to_string(order);
          for (const auto& columns : found) EXPECT_TRUE(queens_safe(columns));
          if (order == VariableOrder::dom_wdeg) continue;
          auto plain_options = options;
          plain_options.learn = Learn::none;
          EXPECT_LE(count_solutions(problem).nodes, count_solutions(nqueens::CspQueens(n, plain_options)).nodes);
        }
      }
    }
  }
}

TEST(Backjumping, SavesNodesOnNQueensWithoutPruning) {
  for (int n : {9, 10}) {
    const auto plain =
        count_solutions(nqueens::CspQueens(n, with(Prune::none, VariableOrder::static_order, Branching::values, Learn::none)));
    const auto jumping =
        count_solutions(nqueens::CspQueens(n, with(Prune::none, VariableOrder::static_order, Branching::values, Learn::cbj)));
    EXPECT_EQ(jumping.solutions, queens_counts[n]);
    EXPECT_EQ(plain.solutions, queens_counts[n]);
    EXPECT_LT(jumping.nodes, plain.nodes) << n;
    EXPECT_GT(counter(jumping, "backjumps"), 0u);
    EXPECT_GE(counter(jumping, "jumped"), counter(jumping, "backjumps"));
  }
}

// Random models: binary constraints of random tables, an all-different, a custom sum and
// a propagator; with jumps and without, every pruning and branching lists the same
// solutions.
Model random_model(std::mt19937_64& random) {
  Model model;
  const int n = std::uniform_int_distribution<int>(5, 8)(random);
  const int size = std::uniform_int_distribution<int>(2, 4)(random);
  model.add_variables(n, size);
  std::bernoulli_distribution allowed(0.7);
  std::uniform_int_distribution<int> variable(0, n - 1);
  for (int k = 0; k < n; ++k) {
    const int x = variable(random);
    const int y = variable(random);
    if (x == y) continue;
    std::vector<std::vector<bool>> table(static_cast<std::size_t>(size), std::vector<bool>(static_cast<std::size_t>(size)));
    for (auto& row : table) {
      for (std::size_t b = 0; b < row.size(); ++b) row[b] = allowed(random);
    }
    model.binary(x, y, [table](int a, int b) { return table[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)]; });
  }
  if (n >= 3) model.all_different({0, 1, 2});
  const int target = std::uniform_int_distribution<int>(0, 3 * (size - 1))(random);
  model.custom({n - 1, n - 2, n - 3}, [target](std::span<const int> v) { return v[0] + v[1] + v[2] != target; });
  // x3 <= x4, as a propagator: the bounds of each narrowed by the other's.
  model.propagator({3, 4}, [](std::span<Domain> d) {
    if (d[0] == 0 || d[1] == 0) return false;
    const int high = 63 - std::countl_zero(d[1]);
    const int low = std::countr_zero(d[0]);
    d[0] &= (high >= 63 ? ~Domain{0} : (Domain{1} << (high + 1)) - 1);
    d[1] &= ~((Domain{1} << low) - 1);
    return d[0] != 0 && d[1] != 0;
  });
  return model;
}

TEST(Backjumping, RandomModelsListTheSameSolutions) {
  std::mt19937_64 random(2026);
  for (int trial = 0; trial < 60; ++trial) {
    const Model model = random_model(random);
    for (auto prune : all_prunes) {
      for (auto order : {VariableOrder::static_order, VariableOrder::mrv, VariableOrder::dom_wdeg}) {
        for (auto branching : all_branchings) {
          if (branching == Branching::binary && order == VariableOrder::static_order) continue;
          const auto plain = solutions_of(CspProblem(model, with(prune, order, branching, Learn::none)));
          const auto jumping = solutions_of(CspProblem(model, with(prune, order, branching, Learn::cbj)));
          EXPECT_EQ(jumping, plain) << "trial " << trial << " " << to_string(prune) << " " << to_string(order) << " "
                                    << to_string(branching);
        }
      }
    }
  }
}

}  // namespace
}  // namespace backtrack::csp
