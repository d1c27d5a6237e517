#pragma once
// A board to tile: the cells of a rows x cols box, less some holes.
#include <algorithm>
#include <vector>

#include "backtrack/polyomino/pieces.hpp"

namespace backtrack::polyomino {

class Board {
 public:
  Board(int rows, int cols, const std::vector<Cell>& holes = {}) : rows_(rows), cols_(cols) {
    index_.assign(static_cast<std::size_t>(rows * cols), -1);
    for (int r = 0; r < rows; ++r) {
      for (int c = 0; c < cols; ++c) {
        if (std::find(holes.begin(), holes.end(), Cell{r, c}) != holes.end()) continue;
        index_[static_cast<std::size_t>(r * cols + c)] = static_cast<int>(cells_.size());
        cells_.push_back({r, c});
      }
    }
  }

  // The 8 x 8 board less its central 2 x 2 square, Dana Scott's 1958 puzzle.
  static Board eight_by_eight_less_centre() { return Board(8, 8, {{3, 3}, {3, 4}, {4, 3}, {4, 4}}); }

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  const std::vector<Cell>& cells() const { return cells_; }
  // The number of a cell of the board, -1 outside it or in a hole.
  int index(Cell cell) const {
    if (cell.row < 0 || cell.row >= rows_ || cell.col < 0 || cell.col >= cols_) return -1;
    return index_[static_cast<std::size_t>(cell.row * cols_ + cell.col)];
  }

  // The symmetries of the box (of the 8 of the square, those that fit its shape) that
  // map the board onto itself, each as a permutation of the cell numbers. Identity first.
  std::vector<std::vector<int>> symmetries() const {
    std::vector<std::vector<int>> result;
    for (int k = 0; k < 8; ++k) {
      const bool swaps = (k & 1) != 0;  // an odd number of quarter turns exchanges rows and columns
      if (swaps && rows_ != cols_) continue;
      std::vector<int> permutation;
      bool maps = true;
      for (const auto& cell : cells_) {
        Cell image = transform(cell, k);
        // Shift the image of the box back onto the box.
        const Cell corner = transform({rows_ - 1, cols_ - 1}, k);
        const Cell origin = transform({0, 0}, k);
        image.row -= std::min(corner.row, origin.row);
        image.col -= std::min(corner.col, origin.col);
        const int to = index(image);
        if (to < 0) {
          maps = false;
          break;
        }
        permutation.push_back(to);
      }
      if (maps) result.push_back(std::move(permutation));
    }
    return result;
  }

 private:
  int rows_;
  int cols_;
  std::vector<Cell> cells_;  // row by row
  std::vector<int> index_;   // rows_ * cols_ entries
};

}  // namespace backtrack::polyomino
