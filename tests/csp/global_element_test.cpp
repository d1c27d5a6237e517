// element2d (globals/element2d.hpp): random tiny matrices of variables, the native
// solutions against the decomposition's and generate-and-test under every pruning level,
// and the native propagator's domain consistency at the root.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <random>
#include <set>
#include <stdexcept>
#include <vector>

#include "backtrack/csp/globals.hpp"
#include "int_solutions.hpp"

namespace backtrack::csp {
namespace element_test {  // a unity build shares one translation unit among the files

using Assignment = std::vector<Value>;

using Random = RandomDomains;

// c = xs[row][column]: the variables are the cells row by row, then row, column and (where
// c is no cell) c.
struct Matrix {
  std::size_t rows = 0, columns = 0;
  Value first_row = 0, first_column = 0;
  std::vector<std::vector<Value>> domains;
  std::size_t c_at = 0;  // a cell, or the last variable

  std::size_t cells() const { return rows * columns; }
  IntModel model(Globals g) const {
    IntModel m;
    m.set_globals(g);
    std::vector<IntVar> vars;
    for (const auto& d : domains) vars.push_back(m.int_var(d));
    const std::vector<IntVar> xs(vars.begin(), vars.begin() + static_cast<std::ptrdiff_t>(cells()));
    element2d(m, xs, columns, vars[cells()], vars[cells() + 1], vars[c_at], first_row, first_column);
    return m;
  }
  bool holds(const Assignment& a) const {
    const Value r = a[cells()] - first_row;
    const Value q = a[cells() + 1] - first_column;
    return r >= 0 && r < static_cast<Value>(rows) && q >= 0 && q < static_cast<Value>(columns) &&
           a[static_cast<std::size_t>(r) * columns + static_cast<std::size_t>(q)] == a[c_at];
  }
};

Matrix random_matrix(Random& r) {
  Matrix in;
  in.columns = static_cast<std::size_t>(r.pick(1, 3));
  in.rows = static_cast<std::size_t>(r.pick(1, 4 / static_cast<int>(in.columns)));  // at most 4 cells
  in.first_row = r.pick(-2, 2);
  in.first_column = r.pick(-2, 2);
  for (std::size_t k = 0; k < in.cells(); ++k) in.domains.push_back(r.values(0, 3));
  // The indices may name a row or column past either end.
  in.domains.push_back(r.values(in.first_row - 1, in.first_row + static_cast<Value>(in.rows)));
  in.domains.push_back(r.values(in.first_column - 1, in.first_column + static_cast<Value>(in.columns)));
  if (r.pick(0, 3) == 0) {
    in.c_at = static_cast<std::size_t>(r.pick(0, static_cast<int>(in.cells()) - 1));
  } else {
    in.c_at = in.domains.size();
    in.domains.push_back(r.values(0, 4));
  }
  return in;
}

TEST(GlobalElement2d, AgreesWithItsDecompositionAndGenerateAndTest) {
  Random r{std::mt19937(2026)};
  int with_solutions = 0;
  int checked_at_root = 0;
  for (int round = 0; round < 200; ++round) {
    const Matrix in = random_matrix(r);
    const std::set<Assignment> expected = every_assignment(in.domains, [&](const Assignment& a) { return in.holds(a); });
    with_solutions += expected.empty() ? 0 : 1;
    for (Prune p : all_prunes) {
      SearchOptions options;
      options.prune = p;
      EXPECT_EQ(solutions_of(in.model(Globals::native), options), expected) << to_string(p) << " round " << round;
      const std::set<Assignment> decomposed = solutions_of(in.model(Globals::decomposed), options);
      EXPECT_EQ(decomposed.size(), expected.size()) << "the flat index is not fixed by the indices";
      EXPECT_EQ(projected(decomposed, in.domains.size()), expected) << to_string(p) << " round " << round;
    }
    // c a variable of its own: every variable keeps exactly its supported values at the
    // root (a cell's variable is pruned only once it is the last live cell, and then it
    // is c; with two live cells, the other one supports any of its values).
    if (in.c_at < in.cells()) continue;
    SearchOptions options;
    options.prune = Prune::domain;
    const IntProblem problem(in.model(Globals::native), options);
    if (expected.empty()) {
      EXPECT_FALSE(problem.root_consistent()) << "no solution, yet the root stands; round " << round;
      continue;
    }
    ++checked_at_root;
    ASSERT_TRUE(problem.root_consistent());
    const Space& root = problem.root().space;
    for (std::size_t i = 0; i < in.domains.size(); ++i) {
      for (Value v : in.domains[i]) {
        const bool supported = std::any_of(expected.begin(), expected.end(), [&](const Assignment& s) { return s[i] == v; });
        EXPECT_EQ(root.contains(static_cast<int>(i), v), supported) << "variable " << i << " value " << v << " round " << round;
      }
    }
  }
  EXPECT_GT(with_solutions, 60);
  EXPECT_GT(checked_at_root, 40);
}

// A row dies with its last cell, and c keeps only values a live cell holds: [[0, 5], [1,
// 2]] of variables fixed but for cell (1, 1) in {2, 7}, c in {2, 5, 6}, the column fixed
// to 1. Row 0 gives 5, row 1 gives 2: c is {2, 5}, both rows stay; then c = 2 leaves row 1.
TEST(GlobalElement2d, PrunesRowsAndValuesAtTheRoot) {
  IntModel m;
  const std::vector<IntVar> xs{m.int_var(0, 0), m.int_var(5, 5), m.int_var(1, 1), m.int_var(std::vector<Value>{2, 7})};
  const IntVar row = m.int_var(0, 1);
  const IntVar column = m.int_var(1, 1);
  const IntVar c = m.int_var(std::vector<Value>{2, 5, 6});
  element2d(m, xs, 2, row, column, c);
  SearchOptions options;
  options.prune = Prune::domain;
  {
    const IntProblem problem(m, options);
    ASSERT_TRUE(problem.root_consistent());
    const Space& root = problem.root().space;
    EXPECT_FALSE(root.contains(c.id, 6));
    EXPECT_TRUE(root.contains(c.id, 2) && root.contains(c.id, 5));
    EXPECT_EQ(root.size(row.id), 2U);
    EXPECT_TRUE(root.contains(xs[3].id, 7));  // row 0 may still be picked: cell (1, 1) is free
  }
  m.post(LinearExpr(c) == LinearExpr(2));
  const IntProblem problem(m, options);
  ASSERT_TRUE(problem.root_consistent());
  const Space& root = problem.root().space;
  EXPECT_TRUE(root.fixed(row.id));
  EXPECT_EQ(root.value(row.id), 1);
  EXPECT_TRUE(root.fixed(xs[3].id));  // the last live cell is c
  EXPECT_EQ(root.value(xs[3].id), 2);
}

TEST(GlobalElement2d, RefusesAnArrayThatIsNoMatrix) {
  IntModel m;
  const std::vector<IntVar> xs{m.int_var(0, 1), m.int_var(0, 1), m.int_var(0, 1)};
  const IntVar i = m.int_var(0, 1);
  EXPECT_THROW(element2d(m, xs, 2, i, i, i), std::invalid_argument);
  EXPECT_THROW(element2d(m, xs, 0, i, i, i), std::invalid_argument);
  EXPECT_THROW(element2d(m, std::vector<IntVar>{}, 1, i, i, i), std::invalid_argument);
  EXPECT_THROW(element2d(m, xs, 3, i, i, i, max_value), std::invalid_argument);
}

}  // namespace element_test
}  // namespace backtrack::csp
