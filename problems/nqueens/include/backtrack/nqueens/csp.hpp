#pragma once
// Strategy `csp`: N-Queens as a constraint model, searched by the generic CSP layer.
//
// Variable r is the column of the queen in row r (domain 0 .. n-1); for every pair of
// rows r < s one binary constraint: different columns, different diagonals. Nothing
// else is N-Queens-specific: pruning and ordering are the layer's (--prune, --order,
// --values). The bitset layer holds n <= 64 (one bit a value); a larger board is the
// same model on the integer layer (IntCspQueens).
#include <cstdlib>
#include <span>
#include <string>
#include <vector>

#include "backtrack/csp/int_model.hpp"
#include "backtrack/csp/int_problem.hpp"
#include "backtrack/csp/model.hpp"
#include "backtrack/csp/problem.hpp"
#include "backtrack/limits_in_scope.hpp"
#include "backtrack/search_limits.hpp"
#include "backtrack/nqueens/placement.hpp"
#include "backtrack/nqueens/symmetry.hpp"

namespace backtrack::nqueens {

inline csp::Model queens_model(int n) {
  csp::Model model;
  model.add_variables(n, n);
  for (int r = 0; r < n; ++r) {
    for (int s = r + 1; s < n; ++s) {
      model.binary(r, s, [d = s - r](int a, int b) { return a != b && std::abs(a - b) != d; });
    }
  }
  return model;
}

class CspQueens : public csp::CspProblem {
 public:
  CspQueens(int n, csp::SearchOptions options, Symmetry symmetry = Symmetry::none)
      : CspProblem(queens_model(n), options), n_(n), symmetry_(symmetry) {}

  // Mirror symmetry: the queen of row 0 in the left half, as for the other strategies.
  // For n = 1 the lone row is a one-value domain, which the layer assigns at the root
  // (a given), so there is no first move to split on.
  std::vector<Root<Move>> roots() const {
    if (n_ == 1) return {Root<Move>{}};
    return first_row_roots<Move>(n_, symmetry_, [](int c) { return Move{0, c}; });
  }
  Placement placement(std::span<const Move> path) const { return values(path); }
  int size() const { return n_; }
  // The row forward checking left without a column (a trace's words: watched_search.hpp).
  std::string why_dead_end(const State& s) const {
    for (int row = 0; row < n_; ++row) {
      if (s.domain[static_cast<std::size_t>(row)] == 0) return "no free column left in row " + std::to_string(row);
    }
    return CspProblem::why_dead_end(s);
  }

 private:
  int n_;
  Symmetry symmetry_;
};

}  // namespace backtrack::nqueens

namespace backtrack::nqueens {

// The model above on the integer layer, for any n: the columns all different (one
// propagator, at the strength --prune chooses), and for every pair of rows r < s two
// linear disequalities, q[r] - q[s] != s - r and != r - s (the diagonals). A disequality
// removes its value as soon as one of its two queens is placed: forward checking, as
// the bitset model's binary constraints do.
inline csp::IntModel queens_int_model(int n) {
  csp::IntModel m;
  const std::vector<csp::IntVar> q = m.int_vars(n, 0, n - 1);
  m.all_different(q);
  for (int r = 0; r < n; ++r) {
    for (int s = r + 1; s < n; ++s) {
      const csp::LinearExpr apart = csp::LinearExpr(q[static_cast<std::size_t>(r)]) - q[static_cast<std::size_t>(s)];
      m.post(apart != s - r);
      m.post(apart != r - s);
    }
  }
  return m;
}

class IntCspQueens : public csp::IntProblem {
 public:
  IntCspQueens(int n, csp::SearchOptions options, Symmetry symmetry = Symmetry::none)
      : IntProblem(queens_int_model(n), options), n_(n), symmetry_(symmetry) {}

  // Mirror symmetry: row 0's queen in the left half, as for the bitset model.
  std::vector<Root<Move>> roots() const {
    return first_row_roots<Move>(n_, symmetry_, [](int c) { return Move{0, Move::Kind::equal, c}; });
  }
  // The queens placed so far: a row's queen once its column is fixed, by a move or by
  // propagation, and -1 for an open row (values() would fill it in: a partial board of
  // --trace or --tree would show queens no move placed).
  Placement placement(std::span<const Move> path) const {
    const SearchLimits unlimited;  // drawn whole, whatever the limits say meanwhile
    const LimitsInScope never_stopped(unlimited);
    State s = root();
    apply_all(s, path);
    Placement columns(static_cast<std::size_t>(n_), -1);
    for (int row = 0; row < n_; ++row) {
      if (s.space.fixed(row)) columns[static_cast<std::size_t>(row)] = static_cast<int>(s.space.min(row));
    }
    return columns;
  }
  int size() const { return n_; }

 private:
  int n_;
  Symmetry symmetry_;
};

}  // namespace backtrack::nqueens
