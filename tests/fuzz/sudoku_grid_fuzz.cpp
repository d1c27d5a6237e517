// Sudoku puzzle text (`solve sudoku --puzzle/--file`): parse_grid.
// Promises: a parsed grid is 4x4, 9x9, 16x16 or 25x25 with size*size cells, each
// empty or a symbol of the grid, its givens break no rule, and the grid printed
// (as a grid or as one line) reads back as the same grid.
#include "backtrack/sudoku/grid.hpp"
#include "contract.hpp"

using backtrack::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using backtrack::sudoku::Grid;
  Grid grid;
  try {
    grid = backtrack::sudoku::parse_grid(backtrack::fuzz::text_of(data, size));
  } catch (const backtrack::InputError&) {
    return 0;
  }
  require(grid.box() >= 2 && grid.box() <= 5, "box size 2..5");
  require(grid.cells().size() == static_cast<std::size_t>(grid.size() * grid.size()), "size*size cells");
  for (int v : grid.cells()) require(v >= 0 && v <= grid.size(), "every cell empty or a symbol 1..n");
  backtrack::sudoku::check_givens(grid);  // throws InputError, which escapes: a broken promise
  require(backtrack::sudoku::parse_grid(grid.text()).cells() == grid.cells(), "the printed grid reads back");
  require(backtrack::sudoku::parse_grid(grid.one_line()).cells() == grid.cells(), "the one-line grid reads back");
  return 0;
}
