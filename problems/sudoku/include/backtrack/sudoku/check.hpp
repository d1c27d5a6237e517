#pragma once
// `backtrack check sudoku`: is this grid (the input's first, solution_text.hpp) a solved
// Sudoku? Every cell filled, and each row, column and box holding every symbol once; if
// not, the first rule broken, by row and column (from 1).
#include <string>
#include <utility>
#include <vector>

#include "backtrack/registry.hpp"
#include "backtrack/solution_text.hpp"
#include "backtrack/sudoku/grid.hpp"

namespace backtrack::sudoku {

namespace detail {
// The row and column of cell k of unit u: row u, column u or box u (kind 0, 1, 2).
inline std::pair<int, int> cell_of_unit(int kind, int u, int k, int box) {
  if (kind == 0) return {u, k};
  if (kind == 1) return {k, u};
  return {u / box * box + k / box, u % box * box + k % box};
}
}  // namespace detail

// Throws InputError where the input is no grid (grid.hpp says where).
inline CheckVerdict check_solution(const std::string& input, const std::string& source) {
  const std::string_view text = first_solution_text(input);
  const Grid grid = read_grid(text, source, line_of(input, text));  // the rules are the verdict's, below
  const int n = grid.size();
  const auto cell = [](std::pair<int, int> at) {
    return "row " + std::to_string(at.first + 1) + ", column " + std::to_string(at.second + 1);
  };
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      if (grid.at(r, c) == 0) return {false, "invalid: the cell at " + cell({r, c}) + " is empty"};
    }
  }
  const char* const unit_names[] = {"row", "column", "box"};
  for (int kind = 0; kind < 3; ++kind) {
    for (int u = 0; u < n; ++u) {
      std::vector<int> seen_at(static_cast<std::size_t>(n) + 1, -1);  // by symbol: the k of the cell holding it
      for (int k = 0; k < n; ++k) {
        const auto at = detail::cell_of_unit(kind, u, k, grid.box());
        const int symbol = grid.at(at.first, at.second);
        int& first = seen_at[static_cast<std::size_t>(symbol)];
        if (first >= 0) {
          return {false, std::string("invalid: ") + Grid::symbol(symbol) + " is twice in " + unit_names[kind] + " " +
                             std::to_string(u + 1) + ", at " + cell(detail::cell_of_unit(kind, u, first, grid.box())) +
                             " and at " + cell(at)};
        }
        first = k;
      }
    }
  }
  const std::string size = std::to_string(n) + "x" + std::to_string(n);
  return {true,
          "valid: a complete " + size + " grid, each row, column and box holding " + detail::symbols_of(n) + " once"};
}

}  // namespace backtrack::sudoku
