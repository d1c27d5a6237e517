#pragma once
// The board as the command line gives it: `--shape ROWSxCOLS` and `--holes`.
#include <sstream>
#include <string>
#include <vector>

#include "backtrack/errors.hpp"
#include "backtrack/polyomino/board.hpp"
#include "backtrack/quoted.hpp"

namespace backtrack::polyomino {

// The most cells a board may have. The 12 pentominoes cover 60; the limit only keeps
// the box's arithmetic and its cell table small whatever numbers are typed.
inline constexpr int largest_board_cells = 4096;

// "6x10" (or "6X10") and holes "centre" (the middle 2 x 2) or "ROW,COL ROW,COL ...".
// Throws UsageError (exit 64) for a malformed or too large box and for holes off the
// board or given twice. The sizes are checked before any product is taken.
inline Board parse_board(const std::string& box, const std::string& holes) {
  int rows = 0;
  int cols = 0;
  char x = 0;
  std::istringstream in(box);
  if (!(in >> rows >> x >> cols) || (x != 'x' && x != 'X') || !in.eof() || rows < 1 || cols < 1) {
    throw UsageError("--shape must be ROWSxCOLS, e.g. 6x10, got " + in_quotes(box));
  }
  if (rows > largest_board_cells / cols) {
    throw UsageError("--shape " + box + " is too large: a board has at most " + std::to_string(largest_board_cells) +
                     " cells");
  }
  std::vector<Cell> hole_cells;
  if (holes == "centre" || holes == "center") {
    if (rows % 2 != 0 || cols % 2 != 0) throw UsageError("--holes centre needs an even number of rows and columns");
    for (int r : {rows / 2 - 1, rows / 2}) {
      for (int c : {cols / 2 - 1, cols / 2}) hole_cells.push_back({r, c});
    }
  } else if (!holes.empty()) {
    std::vector<bool> taken(static_cast<std::size_t>(rows * cols));
    std::istringstream list(holes);
    std::string item;
    while (list >> item) {
      Cell cell;
      char comma = 0;
      std::istringstream one(item);
      if (!(one >> cell.row >> comma >> cell.col) || comma != ',' || !one.eof() || cell.row < 0 || cell.row >= rows ||
          cell.col < 0 || cell.col >= cols) {
        throw UsageError("--holes takes 'centre' or cells 'ROW,COL ROW,COL ...' (0-based, on the board), got " + in_quotes(item));
      }
      // Each hole once: so there are never more holes than cells.
      const auto index = static_cast<std::size_t>(cell.row * cols + cell.col);
      if (taken[index]) throw UsageError("--holes names the cell " + in_quotes(item) + " twice");
      taken[index] = true;
      hole_cells.push_back(cell);
    }
  }
  return Board(rows, cols, hole_cells);
}

}  // namespace backtrack::polyomino
