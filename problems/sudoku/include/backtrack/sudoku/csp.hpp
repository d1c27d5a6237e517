#pragma once
// Strategy `csp`: Sudoku as a constraint model, searched by the generic CSP layer.
//
// One variable per cell (values 0 .. n-1 stand for the symbols 1 .. n), a given fixes
// its cell's domain, and one all-different per row, column and box. Forward checking
// with MRV is the naive human method ("which cell has fewest candidates?"); --prune arc
// adds naked singles to a fixpoint, bounds the Hall intervals of each house, and gac
// everything a house allows (hidden singles, pairs, ...: Régin's matching).
#include <span>
#include <string>
#include <vector>

#include "backtrack/csp/model.hpp"
#include "backtrack/csp/problem.hpp"
#include "backtrack/sudoku/grid.hpp"
#include "backtrack/sudoku/move_words.hpp"

namespace backtrack::sudoku {

inline csp::Model sudoku_model(const Grid& g) {
  const int n = g.size();
  csp::Model model;
  model.add_variables(n * n, n);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      if (g.at(r, c) != 0) model.fix(r * n + c, g.at(r, c) - 1);
    }
  }
  for (int i = 0; i < n; ++i) {
    std::vector<int> row;
    std::vector<int> col;
    std::vector<int> box;
    for (int k = 0; k < n; ++k) {
      row.push_back(i * n + k);
      col.push_back(k * n + i);
      box.push_back(((i / g.box()) * g.box() + k / g.box()) * n + (i % g.box()) * g.box() + k % g.box());
    }
    model.all_different(row);
    model.all_different(col);
    model.all_different(box);
  }
  return model;
}

class CspSudoku : public csp::CspProblem {
 public:
  CspSudoku(const Grid& puzzle, csp::SearchOptions options) : CspProblem(sudoku_model(puzzle), options), puzzle_(puzzle) {}

  Grid solution(std::span<const Move> path) const {
    Grid grid = puzzle_;
    const auto v = values(path);
    for (std::size_t i = 0; i < v.size(); ++i) grid.cells()[i] = v[i] + 1;
    return grid;
  }
  // A move of --trace and --tree in the grid's words, not the model's ("x20 = 4"):
  // "5 at r3c7", and for the other branches "no 5 at r3c7", "r3c7 <= 5", "r3c7 > 5".
  std::string describe(const Move& m) const {
    const int n = puzzle_.size();
    const int value = m.value + 1;
    if (m.kind == csp::DecisionKind::equal) return symbol_at(n, m.var, value);
    if (m.kind == csp::DecisionKind::not_equal) return "no " + symbol_at(n, m.var, value);
    return cell_name(n, m.var) + (m.kind == csp::DecisionKind::at_most ? " <= " : " > ") + Grid::symbol(value);
  }
  std::string why_dead_end(const State& s) const {
    for (std::size_t cell = 0; cell < s.domain.size(); ++cell) {
      if (s.domain[cell] == 0) return cell_name(puzzle_.size(), static_cast<int>(cell)) + " has no symbol left";
    }
    return CspProblem::why_dead_end(s);
  }

 private:
  Grid puzzle_;
};

}  // namespace backtrack::sudoku
