#pragma once
// Strategy `word` with full symmetry: one solution per class of the 8 board symmetries,
// counted with the size of its class (2, 4 or 8), so the search yields both the total
// (OEIS A000170) and the number of classes (A002562).
//
// The classic scheme (as in Takaken's and Somers' solvers) prunes early instead of
// testing canonical forms at every leaf. Columns are bits, column 0 is bit 0.
//  * Corner roots: the first queen in column 0, the second in column b1. Of the 8
//    symmetries only the reflection in the main diagonal keeps the corner queen; it
//    swaps "row 1 has its queen in column b1" with "column 1 has its queen in row b1",
//    so keeping column 1 empty above row b1 picks one of each such pair. A solution
//    with a corner queen is never symmetric itself: each stands for 8.
//  * Other roots: the first queen in column b1 of the left half, b1 < n-1-b1. A
//    representative must be the smallest of its class in lexicographic row order, which
//    forbids queens in the side columns above row b1 and below row n-1-b1 (sidemask,
//    lastmask) and constrains row n-1-b1 (bound2). The few solutions that pass are
//    compared with their 90, 180 and 270 degree rotations at the leaf (check()).
// On top of that, a look-ahead: a queen that leaves the next row without a free
// square is not placed at all.
#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "backtrack/nqueens/placement.hpp"
#include "backtrack/problem.hpp"
#include "backtrack/set_bits.hpp"

namespace backtrack::nqueens {

class SymmetricWordQueens {
 public:
  using Move = std::uint64_t;  // one bit: the column of the queen in the next row

  // The pruning rules of one root.
  struct Bounds {
    int bound1 = -1;              // rows above it keep `side` empty
    int bound2 = -1;              // the row where the side columns must be settled
    std::uint64_t side = 0;       // columns kept empty above bound1
    std::uint64_t last = 0;       // columns the last row may not use
    std::uint64_t end_bit = 0;    // the last row's queen that may make a 180-degree twin
    std::uint64_t fixed_weight = 0;  // every solution below stands for this many; 0: check()
  };
  // Four words, so that the engine passes it down in registers: the root's rules are
  // named by their index in one table, not by a pointer. The row is the number of
  // queens placed, popcount(columns): not a fifth value to carry down and update.
  struct State {
    std::uint64_t columns = 0;
    std::uint64_t toward_high = 0;
    std::uint64_t toward_low = 0;
    std::uint64_t bounds = unbounded;  // index in bounds_
  };

  explicit SymmetricWordQueens(int n)
      : n_(n),
        all_(n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1),
        top_(std::uint64_t{1} << (n - 1)) {
    bounds_[pending_corner].fixed_weight = 1;  // only a leaf when n == 1: the single queen is its own class
    for (int b1 = 2; b1 <= n - 2; ++b1) {
      bounds_[corner(b1)] = Bounds{b1, -1, std::uint64_t{1} << 1, 0, 0, 8};
    }
    std::uint64_t last = top_ | 1;
    std::uint64_t end_bit = top_ >> 1;
    for (int b1 = 1, b2 = n - 2; b1 < b2; ++b1, --b2) {
      bounds_[inner(b1)] = Bounds{b1, b2, top_ | 1, last, end_bit, 0};
      last |= last >> 1 | last << 1;
      end_bit >>= 1;
    }
  }

  State root() const { return {}; }
  bool is_solution(const State& s) const { return s.columns == all_; }

  SetBits candidates(const State& s) const {
    std::uint64_t free = all_ & ~(s.columns | s.toward_high | s.toward_low);
    const Bounds& b = bounds_[s.bounds];
    const int row = std::popcount(s.columns);
    if (row < b.bound1) {
      free &= ~b.side;
    } else if (row == b.bound2) {
      const std::uint64_t settled = s.columns & b.side;
      if (settled == 0) return SetBits(0);
      if (settled != b.side) free &= b.side;
    } else if (row == n_ - 1) {
      free &= ~b.last;
    }
    return SetBits(free);
  }

  // Look-ahead: the next row must keep a free square.
  bool allowed(const State& s, Move bit) const {
    if ((s.columns | bit) == all_) return true;
    return (all_ & ~((s.columns | bit) | ((s.toward_high | bit) << 1) | ((s.toward_low | bit) >> 1))) != 0;
  }

  State child(const State& s, Move bit) const {
    return {s.columns | bit, (s.toward_high | bit) << 1, (s.toward_low | bit) >> 1, s.bounds};
  }

  // The rules of a root follow from its first one or two queens; setting them here
  // keeps that test out of child().
  State state_after(std::span<const Move> prefix) const {
    State s = root();
    for (Move bit : prefix) s = child(s, bit);
    if (prefix.empty()) return s;
    if (prefix[0] != 1) {
      s.bounds = inner(std::countr_zero(prefix[0]));
    } else if (prefix.size() == 1) {
      s.bounds = pending_corner;
    } else {
      s.bounds = corner(std::countr_zero(prefix[1]));
    }
    return s;
  }

  int max_depth() const { return n_; }

  std::vector<Root<Move>> roots() const {
    std::vector<Root<Move>> roots;
    if (n_ == 1) roots.push_back({{1}, 1});
    for (int b1 = 2; b1 <= n_ - 2; ++b1) roots.push_back({{1, std::uint64_t{1} << b1}, 1});
    for (int b1 = 1, b2 = n_ - 2; b1 < b2; ++b1, --b2) roots.push_back({{std::uint64_t{1} << b1}, 1});
    return roots;
  }

  std::uint64_t solution_weight(const State& s, std::span<const Move> path) const {
    const Bounds& b = bounds_[s.bounds];
    if (b.fixed_weight != 0) return b.fixed_weight;
    return class_size_if_smallest(path, b);
  }

  Placement placement(std::span<const Move> path) const {
    Placement columns;
    for (Move bit : path) columns.push_back(std::countr_zero(bit));
    return columns;
  }
  int size() const { return n_; }

 private:
  // For a non-corner solution (board[r] = the bit of row r): 0 if a rotation of it is
  // smaller in row order (it is counted there), else the size of its class. A class has
  // 2 members when the board equals its 90-degree rotation, 4 when it equals its
  // 180-degree rotation only, 8 otherwise. The comparisons read the rotated board's
  // rows on the fly and stop at the first row that differs.
  std::uint64_t class_size_if_smallest(std::span<const Move> board, const Bounds& b) const {
    const std::size_t last = static_cast<std::size_t>(n_ - 1);
    std::size_t own = 1;
    if (board[static_cast<std::size_t>(b.bound2)] == 1) {  // may equal its 90-degree rotation
      std::uint64_t pattern = 2;
      for (own = 1; own <= last; ++own, pattern <<= 1) {
        std::uint64_t bit = 1;
        for (std::size_t you = last; board[you] != pattern && board[own] >= bit; --you) bit <<= 1;
        if (board[own] > bit) return 0;
        if (board[own] < bit) break;
      }
      if (own > last) return 2;
    }
    if (board[last] == b.end_bit) {  // may equal its 180-degree rotation
      std::size_t you = last - 1;
      for (own = 1; own <= last; ++own, --you) {
        std::uint64_t bit = 1;
        for (std::uint64_t pattern = top_; pattern != board[you] && board[own] >= bit; pattern >>= 1) bit <<= 1;
        if (board[own] > bit) return 0;
        if (board[own] < bit) break;
      }
      if (own > last) return 4;
    }
    if (board[static_cast<std::size_t>(b.bound1)] == top_) {  // may be larger than its 270-degree rotation
      std::uint64_t pattern = top_ >> 1;
      for (own = 1; own <= last; ++own, pattern >>= 1) {
        std::uint64_t bit = 1;
        for (std::size_t you = 0; board[you] != pattern && board[own] >= bit; ++you) bit <<= 1;
        if (board[own] > bit) return 0;
        if (board[own] < bit) break;
      }
    }
    return 8;
  }

  int n_;
  std::uint64_t all_;
  std::uint64_t top_;
  // The rules of every root in one fixed array, which keeps the problem trivially
  // copyable (the engine then holds its own copy): the empty board (no rule yet), a
  // corner queen before the second queen, then one entry per column of the second
  // queen of a corner root, then one per column of the first queen of the others.
  static constexpr std::uint64_t unbounded = 0;
  static constexpr std::uint64_t pending_corner = 1;
  static constexpr std::uint64_t corner(int second_column) { return 2 + static_cast<std::uint32_t>(second_column); }
  static constexpr std::uint64_t inner(int first_column) { return 66 + static_cast<std::uint32_t>(first_column); }
  std::array<Bounds, 130> bounds_{};
};

}  // namespace backtrack::nqueens
