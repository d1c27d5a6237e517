// Sudoku puzzle text (`solve sudoku --puzzle/--file`): parse_grid; and the same text as a
// solution (`check sudoku`): check_solution.
// Promises: a parsed grid is 4x4, 9x9, 16x16 or 25x25 with size*size cells, each
// empty or a symbol of the grid, its givens break no rule, and the grid printed
// (as a grid or as one line) reads back as the same grid. A verdict says "valid: "
// exactly when it is valid, and is valid exactly when the grid it read is full and
// every row, column and box holds each symbol once (checked here the slow way).

#include "backtrack/sudoku/check.hpp"
#include "backtrack/sudoku/grid.hpp"
#include "contract.hpp"

using backtrack::fuzz::require;

namespace {

// Full, and each unit a set of n symbols: every pair of cells in a unit compared.
bool solved_by_pairs(const backtrack::sudoku::Grid& g) {
  const int n = g.size();
  for (int i = 0; i < n * n; ++i) {
    if (g.at(i / n, i % n) == 0) return false;
    for (int j = 0; j < i; ++j) {
      const int r1 = i / n, c1 = i % n, r2 = j / n, c2 = j % n;
      const bool shared = r1 == r2 || c1 == c2 || g.box_of(r1, c1) == g.box_of(r2, c2);
      if (shared && g.at(r1, c1) == g.at(r2, c2)) return false;
    }
  }
  return true;
}

void check_as_solution(const std::string& text) {
  backtrack::CheckVerdict verdict;
  try {
    verdict = backtrack::sudoku::check_solution(text, "fuzz");
  } catch (const backtrack::InputError&) {
    return;
  }
  require(verdict.valid == verdict.message.starts_with("valid: "), "the message says the verdict");
  require(verdict.valid || verdict.message.starts_with("invalid: "), "an invalid verdict says so");
  const auto grid = backtrack::sudoku::read_grid(backtrack::first_solution_text(text), "puzzle");
  require(verdict.valid == solved_by_pairs(grid), "valid exactly when solved");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using backtrack::sudoku::Grid;
  const std::string text = backtrack::fuzz::text_of(data, size);
  check_as_solution(text);
  Grid grid;
  try {
    grid = backtrack::sudoku::parse_grid(text, "puzzle");
  } catch (const backtrack::InputError&) {
    return 0;
  }
  require(grid.box() >= 2 && grid.box() <= 5, "box size 2..5");
  require(grid.cells().size() == static_cast<std::size_t>(grid.size() * grid.size()), "size*size cells");
  for (int v : grid.cells()) require(v >= 0 && v <= grid.size(), "every cell empty or a symbol 1..n");
  backtrack::sudoku::check_givens(grid, "puzzle");  // throws InputError, which escapes: a broken promise
  require(backtrack::sudoku::parse_grid(grid.text(), "puzzle").cells() == grid.cells(), "the printed grid reads back");
  require(backtrack::sudoku::parse_grid(grid.one_line(), "puzzle").cells() == grid.cells(), "the one-line grid reads back");
  return 0;
}
