#pragma once
// Strategy `dlx`: Sudoku as exact cover, solved by dancing links.
//
// Four families of n*n primary columns: each cell holds one symbol; each row, each
// column and each box holds each symbol once. Matrix row cell*n + (v-1) writes v in
// the cell and covers one column of each family. The givens are preselected rows,
// covered once when the problem is built.
#include <span>
#include <string>
#include <vector>

#include "backtrack/exact_cover/dancing_links.hpp"
#include "backtrack/exact_cover/matrix.hpp"
#include "backtrack/sudoku/grid.hpp"
#include "backtrack/sudoku/move_words.hpp"

namespace backtrack::sudoku {

class DlxSudoku : public exact_cover::DancingLinks {
 public:
  // `puzzle` must satisfy check_givens() (parse_grid() ensures it).
  explicit DlxSudoku(const Grid& puzzle) : DancingLinks(matrix(puzzle), givens(puzzle)), puzzle_(puzzle) {}

  Grid solution(std::span<const Move> path) const {
    Grid grid = puzzle_;
    const int n = grid.size();
    for (Move m : path) {
      const int row = row_of(m);
      const int cell = row / n;
      grid.set(cell / n, cell % n, row % n + 1);
    }
    return grid;
  }
  // A move of --trace and --tree: "5 at r3c7", not the matrix row ("option 6133").
  std::string describe(Move m) const {
    const int n = puzzle_.size();
    return symbol_at(n, row_of(m) / n, row_of(m) % n + 1);
  }
  const Grid& puzzle() const { return puzzle_; }

 private:
  static exact_cover::Matrix matrix(const Grid& g) {
    const int n = g.size();
    const int nn = n * n;
    exact_cover::Matrix m(4 * nn);
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        for (int v = 0; v < n; ++v) {
          m.add_row({r * n + c, nn + r * n + v, 2 * nn + c * n + v, 3 * nn + g.box_of(r, c) * n + v});
        }
      }
    }
    return m;
  }
  static std::vector<int> givens(const Grid& g) {
    std::vector<int> rows;
    const int n = g.size();
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        if (g.at(r, c) != 0) rows.push_back((r * n + c) * n + g.at(r, c) - 1);
      }
    }
    return rows;
  }

  Grid puzzle_;
};

}  // namespace backtrack::sudoku
