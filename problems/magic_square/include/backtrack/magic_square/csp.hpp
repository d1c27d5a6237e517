#pragma once
// Strategy `csp`: the magic square of order n as an integer model (IntModel).
//
// A variable per cell, values 1 .. n^2, all different; every row, every column and both
// diagonals sum to the magic constant n(n^2 + 1)/2 (one linear equality each, at bounds
// consistency). With symmetry `full`, four inequalities keep one square of each class
// of the 8 symmetries of the square (Frénicle's standard form: the top-left corner the
// smallest corner, the top-right corner smaller than the bottom-left one), and each
// square found stands for 8: its images are distinct, for its n^2 values are.
#include <span>
#include <vector>

#include "backtrack/csp/int_model.hpp"
#include "backtrack/csp/int_problem.hpp"
#include "backtrack/problem.hpp"

namespace backtrack::magic_square {

inline csp::Value magic_constant(int n) { return csp::Value{n} * (csp::Value{n} * n + 1) / 2; }

inline csp::IntModel magic_square_model(int n, bool one_per_class) {
  csp::IntModel m;
  const std::vector<csp::IntVar> cell = m.int_vars(n * n, 1, n * n);
  auto at = [&](int r, int c) { return cell[static_cast<std::size_t>(r * n + c)]; };
  m.all_different(cell);
  const csp::Value sum = magic_constant(n);
  csp::LinearExpr diagonal;
  csp::LinearExpr antidiagonal;
  for (int i = 0; i < n; ++i) {
    csp::LinearExpr row;
    csp::LinearExpr column;
    for (int k = 0; k < n; ++k) {
      row = row + at(i, k);
      column = column + at(k, i);
    }
    m.post(row == sum);
    m.post(column == sum);
    diagonal = diagonal + at(i, i);
    antidiagonal = antidiagonal + at(i, n - 1 - i);
  }
  m.post(diagonal == sum);
  m.post(antidiagonal == sum);
  if (one_per_class && n > 1) {
    const csp::IntVar top_left = at(0, 0);
    m.post(top_left < at(0, n - 1));
    m.post(top_left < at(n - 1, 0));
    m.post(top_left < at(n - 1, n - 1));
    m.post(at(0, n - 1) < at(n - 1, 0));
  }
  return m;
}

class CspMagicSquare : public csp::IntProblem {
 public:
  CspMagicSquare(int n, csp::SearchOptions options, bool one_per_class)
      : IntProblem(magic_square_model(n, one_per_class), options), n_(n), weight_(one_per_class && n > 1 ? 8 : 1) {}

  // One root: every square found stands for its class under symmetry full.
  std::vector<Root<Move>> roots() const { return {Root<Move>{{}, weight_}}; }

  // The square at the end of a path to a solution, row by row.
  std::vector<std::vector<csp::Value>> square(std::span<const Move> path) const {
    const std::vector<csp::Value> v = values(path);
    std::vector<std::vector<csp::Value>> rows(static_cast<std::size_t>(n_));
    for (int r = 0; r < n_; ++r) {
      rows[static_cast<std::size_t>(r)].assign(v.begin() + r * n_, v.begin() + (r + 1) * n_);
    }
    return rows;
  }
  int order() const { return n_; }

 private:
  int n_;
  std::uint64_t weight_;
};

}  // namespace backtrack::magic_square
