#pragma once
// Strategy `dlx`: N-Queens as an exact-cover problem, solved by dancing links.
//
// Columns: the n rows and the n columns of the board are primary (each holds exactly
// one queen); the 2n-1 diagonals r+c and the 2n-1 anti-diagonals r-c+n-1 are secondary
// (each holds at most one). Square (r, c) is matrix row r*n + c. Primary columns are
// listed in "organ-pipe" order, centre first, as Knuth does, so that ties in the
// fewest-rows rule go to the most constrained lines of the board.
#include <span>
#include <vector>

#include "backtrack/exact_cover/dancing_links.hpp"
#include "backtrack/exact_cover/matrix.hpp"
#include "backtrack/nqueens/placement.hpp"
#include "backtrack/nqueens/symmetry.hpp"

namespace backtrack::nqueens {

class DlxQueens : public exact_cover::DancingLinks {
 public:
  // Nodes are numbered by int: 4 n^2 of them (a square is a row of four), and the headers.
  static constexpr int max_size = 23000;

  explicit DlxQueens(int n, Symmetry symmetry = Symmetry::none)
      : DancingLinks(matrix(n)), n_(n), symmetry_(symmetry) {}

  std::vector<Root<Move>> roots() const {
    return first_row_roots<Move>(n_, symmetry_, [this](int c) { return move_for_row(c); });
  }

  Placement placement(std::span<const Move> path) const {
    Placement columns(static_cast<std::size_t>(n_), -1);
    for (Move m : path) {
      const int square = row_of(m);
      columns[static_cast<std::size_t>(square / n_)] = square % n_;
    }
    return columns;
  }
  int size() const { return n_; }

 private:
  // Board line i (0 .. n-1) in organ-pipe order: n/2, n/2-1, n/2+1, ... for even n as well.
  static std::vector<int> organ_pipe_rank(int n) {
    std::vector<int> rank(static_cast<std::size_t>(n));
    int k = 0;
    for (int d = 0; k < n; ++d) {
      const int lo = (n - 1) / 2 - d;
      const int hi = (n - 1) / 2 + 1 + d;
      if (lo >= 0) rank[static_cast<std::size_t>(lo)] = k++;
      if (hi < n && k < n) rank[static_cast<std::size_t>(hi)] = k++;
    }
    return rank;
  }

  static exact_cover::Matrix matrix(int n) {
    // Primary column 2k is board row line k-th in organ-pipe order, 2k+1 the board column.
    exact_cover::Matrix m(2 * n, 2 * (2 * n - 1));
    const auto rank = organ_pipe_rank(n);
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        m.add_row({2 * rank[static_cast<std::size_t>(r)], 2 * rank[static_cast<std::size_t>(c)] + 1, 2 * n + r + c,
                   2 * n + (2 * n - 1) + (r - c + n - 1)});
      }
    }
    return m;
  }

  int n_;
  Symmetry symmetry_;
};

}  // namespace backtrack::nqueens
