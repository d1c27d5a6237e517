#pragma once
// A Sudoku move in a trace's words (--trace, --tree; watched_search.hpp): "5 at r3c7",
// the symbol as the grid prints it, rows and columns from 1 as `check` counts them.
// Every strategy words its moves so, whatever it numbers them by.
#include <string>

#include "backtrack/sudoku/grid.hpp"

namespace backtrack::sudoku {

// Cell k of an n x n grid (row by row, from 0): "r3c7".
inline std::string cell_name(int n, int cell) {
  std::string words = "r";  // piece by piece: GCC 12 warns (stringop-overflow) on "..." + std::to_string()
  words += std::to_string(cell / n + 1);
  words += 'c';
  words += std::to_string(cell % n + 1);
  return words;
}

// Writing `value` (1 .. n) in cell k.
inline std::string symbol_at(int n, int cell, int value) {
  std::string words(1, Grid::symbol(value));
  words += " at ";
  words += cell_name(n, cell);
  return words;
}

}  // namespace backtrack::sudoku
