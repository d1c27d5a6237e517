#pragma once
// The algorithms of the `word` (with and without full symmetry) and `border` strategies
// written out by hand, without the engine: the baseline that tells what the generic
// engine costs. Same moves, same order, same counters (nodes, failures), so the work is
// identical.
//
// Each loop is a template only so that the benchmark can compile it twice (Copy 0 and
// 1): two copies of the same instructions at two addresses measure what the placement
// of the code alone moves the time, the floor below which the engine's ratio means
// nothing.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "backtrack/nqueens/constellations.hpp"

namespace backtrack::bench {

struct HandCount {
  std::uint64_t solutions = 0;
  std::uint64_t nodes = 0;
  std::uint64_t failures = 0;
};

// WordQueens, no symmetry.
template <int Copy = 0>
class HandWordQueens {
 public:
  explicit HandWordQueens(int n) : all_(n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1) {}
  HandCount count() {
    result_ = {};
    visit(0, 0, 0);
    return result_;
  }

 private:
  void visit(std::uint64_t columns, std::uint64_t high, std::uint64_t low) {
    ++result_.nodes;
    if (columns == all_) {
      ++result_.solutions;
      return;
    }
    std::uint64_t free = all_ & ~(columns | high | low);
    if (free == 0) ++result_.failures;
    while (free != 0) {
      const std::uint64_t bit = free & (~free + 1);
      free ^= bit;
      visit(columns | bit, (high | bit) << 1, (low | bit) >> 1);
    }
  }
  std::uint64_t all_;
  HandCount result_;
};

// SymmetricWordQueens (full 8-fold symmetry with look-ahead), the same rules in one
// recursive function per root family, with the board kept in an array.
template <int Copy = 0>
class HandSymmetricQueens {
 public:
  explicit HandSymmetricQueens(int n)
      : n_(n), all_(n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1), top_(std::uint64_t{1} << (n - 1)) {}

  // Solutions (weighted) in `solutions`; classes are not kept apart here.
  HandCount count() {
    result_ = {};
    board_.assign(static_cast<std::size_t>(n_), 0);
    if (n_ == 1) {
      result_ = {1, 1, 0};
      return result_;
    }
    board_[0] = 1;
    for (bound1_ = 2; bound1_ <= n_ - 2; ++bound1_) {  // corner roots
      const std::uint64_t bit = std::uint64_t{1} << bound1_;
      board_[1] = bit;
      corner(2, 1 | bit, (2 | bit) << 1, bit >> 1);
    }
    side_ = top_ | 1;
    last_ = top_ | 1;
    end_bit_ = top_ >> 1;
    for (bound1_ = 1, bound2_ = n_ - 2; bound1_ < bound2_; ++bound1_, --bound2_) {
      const std::uint64_t bit = std::uint64_t{1} << bound1_;
      board_[0] = bit;
      inner(1, bit, bit << 1, bit >> 1);
      last_ |= last_ >> 1 | last_ << 1;
      end_bit_ >>= 1;
    }
    return result_;
  }

 private:
  bool next_row_open(int row, std::uint64_t columns, std::uint64_t high, std::uint64_t low, std::uint64_t bit) const {
    return row + 1 == n_ || (all_ & ~((columns | bit) | ((high | bit) << 1) | ((low | bit) >> 1))) != 0;
  }

  void corner(int row, std::uint64_t columns, std::uint64_t high, std::uint64_t low) {
    ++result_.nodes;
    if (row == n_) {
      result_.solutions += 8;
      return;
    }
    std::uint64_t free = all_ & ~(columns | high | low);
    if (row < bound1_) free &= ~std::uint64_t{2};
    bool extended = false;
    while (free != 0) {
      const std::uint64_t bit = free & (~free + 1);
      free ^= bit;
      if (!next_row_open(row, columns, high, low, bit)) continue;
      extended = true;
      corner(row + 1, columns | bit, (high | bit) << 1, (low | bit) >> 1);
    }
    if (!extended) ++result_.failures;
  }

  void inner(int row, std::uint64_t columns, std::uint64_t high, std::uint64_t low) {
    ++result_.nodes;
    if (row == n_) {
      result_.solutions += class_size();
      return;
    }
    std::uint64_t free = all_ & ~(columns | high | low);
    if (row < bound1_) {
      free &= ~side_;
    } else if (row == bound2_) {
      const std::uint64_t settled = columns & side_;
      if (settled == 0) free = 0;
      else if (settled != side_) free &= side_;
    } else if (row == n_ - 1) {
      free &= ~last_;
    }
    bool extended = false;
    while (free != 0) {
      const std::uint64_t bit = free & (~free + 1);
      free ^= bit;
      if (!next_row_open(row, columns, high, low, bit)) continue;
      extended = true;
      board_[static_cast<std::size_t>(row)] = bit;
      inner(row + 1, columns | bit, (high | bit) << 1, (low | bit) >> 1);
    }
    if (!extended) ++result_.failures;
  }

  // As SymmetricWordQueens::class_size_if_smallest.
  std::uint64_t class_size() const {
    const std::vector<std::uint64_t>& b = board_;
    const std::size_t last = static_cast<std::size_t>(n_ - 1);
    std::size_t own = 1;
    if (b[static_cast<std::size_t>(bound2_)] == 1) {
      std::uint64_t pattern = 2;
      for (own = 1; own <= last; ++own, pattern <<= 1) {
        std::uint64_t bit = 1;
        for (std::size_t you = last; b[you] != pattern && b[own] >= bit; --you) bit <<= 1;
        if (b[own] > bit) return 0;
        if (b[own] < bit) break;
      }
      if (own > last) return 2;
    }
    if (b[last] == end_bit_) {
      std::size_t you = last - 1;
      for (own = 1; own <= last; ++own, --you) {
        std::uint64_t bit = 1;
        for (std::uint64_t pattern = top_; pattern != b[you] && b[own] >= bit; pattern >>= 1) bit <<= 1;
        if (b[own] > bit) return 0;
        if (b[own] < bit) break;
      }
      if (own > last) return 4;
    }
    if (b[static_cast<std::size_t>(bound1_)] == top_) {
      std::uint64_t pattern = top_ >> 1;
      for (own = 1; own <= last; ++own, pattern >>= 1) {
        std::uint64_t bit = 1;
        for (std::size_t you = 0; b[you] != pattern && b[own] >= bit; ++you) bit <<= 1;
        if (b[own] > bit) return 0;
        if (b[own] < bit) break;
      }
    }
    return 8;
  }

  int n_;
  std::uint64_t all_, top_;
  int bound1_ = 0, bound2_ = 0;
  std::uint64_t side_ = 0, last_ = 0, end_bit_ = 0;
  std::vector<std::uint64_t> board_;
  HandCount result_;
};

// ConstellationQueens (strategy border): the same constellations (taken from the
// strategy's roots(), which only lists them), the same row chosen at each node, the same
// moves in the same order; the loop written out.
template <int Copy = 0>
class HandBorderQueens {
 public:
  explicit HandBorderQueens(int n)
      : n_(n), all_((std::uint64_t{1} << n) - 1), roots_(nqueens::ConstellationQueens(n).roots()) {}

  HandCount count() {
    result_ = {};
    for (const auto& root : roots_) {
      std::uint64_t rows = all_, columns = 0, rising = 0, falling = 0;
      for (const auto& m : root.prefix) {
        rows &= ~(std::uint64_t{1} << m.row);
        columns |= m.column_bit;
        rising |= m.column_bit << m.row;
        falling |= m.column_bit << (n_ - 1 - m.row);
      }
      const std::uint64_t before = result_.solutions;
      visit(rows, columns, rising, falling);
      result_.solutions = before + (result_.solutions - before) * root.weight;
    }
    return result_;
  }

 private:
  std::uint64_t free_squares(int row, std::uint64_t columns, std::uint64_t rising, std::uint64_t falling) const {
    return all_ & ~(columns | rising >> row | falling >> (n_ - 1 - row));
  }

  // As ConstellationQueens::free_count.
  static unsigned count_bits(std::uint64_t squares) {
#if defined(__POPCNT__) || !defined(__x86_64__)
    return static_cast<unsigned>(std::popcount(squares));
#else
    auto x = static_cast<std::uint32_t>(squares);
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (((x + (x >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24;
#endif
  }

  void visit(std::uint64_t rows, std::uint64_t columns, std::uint64_t rising, std::uint64_t falling) {
    ++result_.nodes;
    if (rows == 0) {
      ++result_.solutions;
      return;
    }
    unsigned best = ~0u;
    std::uint64_t covered = 0;
    for (std::uint64_t open = rows; open != 0; open &= open - 1) {
      const int row = std::countr_zero(open);
      const std::uint64_t squares = free_squares(row, columns, rising, falling);
      covered |= squares;
      best = std::min(best, count_bits(squares) << 8 | static_cast<unsigned>(row));
    }
    const int row = static_cast<int>(best & 0xff);
    const bool dead = best >> 8 == 0 || count_bits(covered) < count_bits(rows);
    std::uint64_t free = dead ? 0 : free_squares(row, columns, rising, falling);
    if (free == 0) ++result_.failures;
    rows &= ~(std::uint64_t{1} << row);
    while (free != 0) {
      const std::uint64_t bit = free & (~free + 1);
      free ^= bit;
      visit(rows, columns | bit, rising | bit << row, falling | bit << (n_ - 1 - row));
    }
  }

  int n_;
  std::uint64_t all_;
  std::vector<Root<nqueens::ConstellationQueens::Move>> roots_;
  HandCount result_;
};

}  // namespace backtrack::bench
