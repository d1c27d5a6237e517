#pragma once
// Strategy `border`: the queens on the border of the board placed first, as a
// "constellation"; then, at every node, the row with the fewest free squares.
//
// Constellations. Every solution has exactly one queen in row 0, one in row n-1, one in
// column 0 and one in column n-1 (a corner queen is two of them). A constellation is such
// a set of border queens that do not attack each other. The 8 symmetries of the board map
// the border to itself, hence constellations to constellations, and the solutions around
// a constellation one to one onto the solutions around its image. So a count searches one
// constellation per orbit (the smallest, as a sorted list of squares) and weights it with
// the size of the orbit: 2, 4 or 8 (1 for n = 1). The orbits are not the classes of
// solutions (OEIS A002562): this strategy reports totals only; `word --symmetry full`
// counts classes. With --symmetry none every constellation is its own root, so every
// solution is reached exactly once (listing), and about n^4/8 constellations give
// thousands of independent subtrees by construction.
//
// Fewest free squares first. With four lines settled, the rows differ a lot in how many
// squares are left, and a row with none ends the branch at once. Choosing that row
// (Knuth's MRV) cuts the tree to about a third of the row-by-row one with look-ahead, for
// n = 14..17, which pays for scanning every open row at each node. For rows taken in any
// order the diagonals are kept by index, not shifted per row: a queen on (r, c) takes the
// rising diagonal r + c and the falling diagonal c - r + n - 1, so row r reads its
// attacked columns as (rising >> r) | (falling >> (n - 1 - r)). Both indices stay below
// 2n - 1, hence n <= 32.
//
// A move places one queen: its row and its column as one bit; the first moves of every
// path are the constellation's queens (roots() hands them out as prefixes).
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>
#include <utility>
#include <vector>

#include "backtrack/nqueens/placement.hpp"
#include "backtrack/nqueens/symmetry.hpp"
#include "backtrack/set_bits.hpp"

namespace backtrack::nqueens {

inline constexpr int max_border_size = 32;

class ConstellationQueens {
 public:
  struct Move {
    int row = 0;
    std::uint64_t column_bit = 0;
    friend bool operator==(const Move&, const Move&) = default;
  };

  struct State {
    std::uint64_t open_rows = 0;  // rows without a queen
    std::uint64_t columns = 0;
    std::uint64_t rising = 0;     // diagonals r + c taken
    std::uint64_t falling = 0;    // diagonals c - r + n - 1 taken
  };

  // The free squares of one row, lowest column first.
  static constexpr Move square(int row, std::uint64_t column_bit) { return {row, column_bit}; }
  using RowSquares = SetBitsAt<Move, int, square>;

  explicit ConstellationQueens(int n, Symmetry symmetry = Symmetry::full)
      : n_(n), symmetry_(symmetry), all_((std::uint64_t{1} << n) - 1) {}

  State root() const { return {all_, 0, 0, 0}; }
  bool is_solution(const State& s) const { return s.open_rows == 0; }

  // The open row with the fewest free squares (the lowest such row on a tie); none at all
  // when some open row has no free square left, or when the open rows' free squares lie
  // in fewer columns than there are open rows (each needs a column of its own: 18% fewer
  // nodes at n = 16 and 17, for an OR per row). Forced inline: in a large translation
  // unit g++ keeps this loop out of line, and the call costs a third of the speed.
  [[gnu::always_inline]] RowSquares candidates(const State& s) const {
    unsigned best = ~0u;  // free squares << 8 | row: the minimum picks both
    std::uint64_t covered = 0;  // columns with a free square in some open row
    for (std::uint64_t rows = s.open_rows; rows != 0; rows &= rows - 1) {
      const int row = std::countr_zero(rows);
      const std::uint64_t free = free_squares(s, row);
      covered |= free;
      const unsigned key = free_count(free) << 8 | static_cast<unsigned>(row);
      best = std::min(best, key);
    }
    const int row = static_cast<int>(best & 0xff);
    const bool dead = best >> 8 == 0 || free_count(covered) < free_count(s.open_rows);
    return RowSquares(row, dead ? 0 : free_squares(s, row));
  }

  State child(const State& s, Move m) const {
    return {s.open_rows & ~(std::uint64_t{1} << m.row), s.columns | m.column_bit, s.rising | m.column_bit << m.row,
            s.falling | m.column_bit << (n_ - 1 - m.row)};
  }

  int max_depth() const { return n_; }

  // One constellation per orbit of the chosen symmetries (none: every constellation),
  // as the moves that place its queens, weighted with the size of its orbit.
  std::vector<Root<Move>> roots() const {
    const int group = symmetry_ == Symmetry::full ? 8 : symmetry_ == Symmetry::mirror ? 2 : 1;
    const int m = n_ - 1;
    std::vector<Root<Move>> roots;
    // The lines are tried one at a time, each against those already chosen, so that
    // most of the n^4 combinations are never formed; and a constellation whose image
    // has its top queen further left is not the smallest of its orbit (the first of its
    // sorted squares is its top queen), so is not formed either: the images' top queens
    // stand where the four queens stand along their lines, counted from either end (with
    // the mirror only, the top queen's two ends). For n = 14 listing the roots took 1.3
    // ms, most of a split's time, when every combination was formed and compared.
    const auto below_top = [&](int top, int along, bool moves_to_top) {
      return moves_to_top && std::min(along, m - along) < top;
    };
    const auto compatible = [](std::pair<int, int> a, std::pair<int, int> b) {
      const int dr = a.first - b.first;
      const int dc = a.second - b.second;
      if (dr == 0 && dc == 0) return true;  // a corner queen, in two lines at once
      return dr != 0 && dc != 0 && dr != dc && dr != -dc;
    };
    for (int top = 0; top < n_; ++top) {
      const std::pair<int, int> top_square{0, top};
      if (below_top(top, top, group >= 2)) continue;
      for (int bottom = 0; bottom < n_; ++bottom) {
        const std::pair<int, int> bottom_square{m, bottom};
        if (!compatible(bottom_square, top_square) || below_top(top, bottom, group == 8)) continue;
        for (int left = 0; left < n_; ++left) {
          // A corner queen stands in two lines at once; otherwise each line has its own.
          const std::pair<int, int> left_square{left, 0};
          if ((top == 0) != (left == 0) || (bottom == 0) != (left == m) || !compatible(left_square, top_square) ||
              !compatible(left_square, bottom_square) || below_top(top, left, group == 8)) {
            continue;
          }
          for (int right = 0; right < n_; ++right) {
            const std::pair<int, int> right_square{right, m};
            if ((top == m) != (right == 0) || (bottom == m) != (right == m) ||
                !compatible(right_square, top_square) || !compatible(right_square, left_square) ||
                !compatible(right_square, bottom_square) || below_top(top, right, group == 8)) {
              continue;
            }
            Squares border;
            border.at = {{top_square, bottom_square, left_square, right_square}};
            border.size = 4;
            const Squares squares = sorted(border);
            int stabilizer = 0;
            bool smallest = true;
            for (int t = 0; t < group && smallest; ++t) {
              const Squares image = transformed(squares, t);
              if (image < squares) smallest = false;
              if (image == squares) ++stabilizer;
            }
            if (!smallest) continue;
            Root<Move> root;
            for (std::size_t i = 0; i < squares.size; ++i) {
              root.prefix.push_back({squares.at[i].first, std::uint64_t{1} << squares.at[i].second});
            }
            root.weight = static_cast<std::uint64_t>(group / stabilizer);
            roots.push_back(std::move(root));
          }
        }
      }
    }
    return roots;
  }

  Placement placement(std::span<const Move> path) const {
    Placement columns(static_cast<std::size_t>(n_), -1);
    for (const Move& m : path) columns[static_cast<std::size_t>(m.row)] = std::countr_zero(m.column_bit);
    return columns;
  }
  int size() const { return n_; }

 private:
  std::uint64_t free_squares(const State& s, int row) const {
    return all_ & ~(s.columns | s.rising >> row | s.falling >> (n_ - 1 - row));
  }

  // The number of free squares of a row (fewer than 2^32 columns). The instruction where
  // the target has it; otherwise the bit-parallel sum, much faster than the library call
  // the compiler would make for std::popcount.
  static unsigned free_count(std::uint64_t squares) {
#if defined(__POPCNT__) || !defined(__x86_64__)
    return static_cast<unsigned>(std::popcount(squares));
#else
    auto x = static_cast<std::uint32_t>(squares);
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (((x + (x >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24;
#endif
  }

  // At most four border squares (row, column), kept sorted: the form that is compared
  // between a constellation and its symmetric images.
  struct Squares {
    std::array<std::pair<int, int>, 4> at{};
    std::size_t size = 0;
    friend bool operator==(const Squares& a, const Squares& b) {
      return std::equal(a.at.begin(), a.at.begin() + static_cast<std::ptrdiff_t>(a.size), b.at.begin(),
                        b.at.begin() + static_cast<std::ptrdiff_t>(b.size));
    }
    friend bool operator<(const Squares& a, const Squares& b) {
      return std::lexicographical_compare(a.at.begin(), a.at.begin() + static_cast<std::ptrdiff_t>(a.size),
                                          b.at.begin(), b.at.begin() + static_cast<std::ptrdiff_t>(b.size));
    }
  };

  // Sorted, each square once (a corner queen is listed for two lines).
  // (Insertion by hand: std::sort on four elements trips g++ 12's -Warray-bounds.)
  static Squares sorted(const Squares& s) {
    Squares out;
    for (std::size_t i = 0; i < s.size; ++i) {
      const auto square = s.at[i];
      std::size_t j = 0;
      while (j < out.size && out.at[j] < square) ++j;
      if (j < out.size && out.at[j] == square) continue;
      for (std::size_t k = out.size; k > j; --k) out.at[k] = out.at[k - 1];
      out.at[j] = square;
      ++out.size;
    }
    return out;
  }

  // Symmetry t of the square (0: identity, 1: mirror left-right, so that the first two
  // are the mirror group; then the other six), applied to every square.
  Squares transformed(const Squares& s, int t) const {
    const int m = n_ - 1;
    Squares image = s;
    for (std::size_t i = 0; i < s.size; ++i) {
      const auto [r, c] = s.at[i];
      switch (t) {
        case 0: image.at[i] = {r, c}; break;
        case 1: image.at[i] = {r, m - c}; break;
        case 2: image.at[i] = {m - r, c}; break;
        case 3: image.at[i] = {m - r, m - c}; break;
        case 4: image.at[i] = {c, r}; break;
        case 5: image.at[i] = {c, m - r}; break;
        case 6: image.at[i] = {m - c, r}; break;
        default: image.at[i] = {m - c, m - r}; break;
      }
    }
    return sorted(image);
  }

  int n_;
  Symmetry symmetry_;
  std::uint64_t all_;
};

}  // namespace backtrack::nqueens
