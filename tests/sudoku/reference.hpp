#pragma once
// The tests' own Sudoku knowledge, written without the code under test: a grid validator.
#include <set>
#include <vector>

namespace reference {

// A complete grid whose rows, columns and boxes are permutations of 1..n (n = box * box),
// agreeing with the puzzle on every given.
inline bool valid_sudoku(const std::vector<int>& puzzle, const std::vector<int>& grid, int box) {
  const int n = box * box;
  if (static_cast<int>(grid.size()) != n * n || puzzle.size() != grid.size()) return false;
  for (std::size_t i = 0; i < grid.size(); ++i) {
    if (grid[i] < 1 || grid[i] > n) return false;
    if (puzzle[i] != 0 && puzzle[i] != grid[i]) return false;
  }
  for (int unit = 0; unit < n; ++unit) {
    std::set<int> row;
    std::set<int> col;
    std::set<int> blk;
    for (int k = 0; k < n; ++k) {
      row.insert(grid[static_cast<std::size_t>(unit * n + k)]);
      col.insert(grid[static_cast<std::size_t>(k * n + unit)]);
      const int r = (unit / box) * box + k / box;
      const int c = (unit % box) * box + k % box;
      blk.insert(grid[static_cast<std::size_t>(r * n + c)]);
    }
    if (row.size() != static_cast<std::size_t>(n) || col.size() != static_cast<std::size_t>(n) ||
        blk.size() != static_cast<std::size_t>(n)) {
      return false;
    }
  }
  return true;
}

}  // namespace reference
