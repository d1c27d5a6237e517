#pragma once
// Strategy `csp`: N-Queens as a constraint model, searched by the generic CSP layer.
//
// Variable r is the column of the queen in row r (domain 0 .. n-1); for every pair of
// rows r < s one binary constraint: different columns, different diagonals. Nothing
// else is N-Queens-specific: pruning and ordering are the layer's (--prune, --order,
// --values). n <= 64 (one bit a value).
#include <cstdlib>
#include <span>
#include <vector>

#include "backtrack/csp/model.hpp"
#include "backtrack/csp/problem.hpp"
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

 private:
  int n_;
  Symmetry symmetry_;
};

}  // namespace backtrack::nqueens
