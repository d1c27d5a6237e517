#pragma once
// The algorithms of the `word` strategies written out by hand, without the engine:
// the baseline that tells what the generic engine costs. Same moves, same order,
// same counters (nodes, failures), so the work is identical.
#include <cstdint>
#include <vector>

namespace backtrack::bench {

struct HandCount {
  std::uint64_t solutions = 0;
  std::uint64_t nodes = 0;
  std::uint64_t failures = 0;
};

// WordQueens, no symmetry.
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

}  // namespace backtrack::bench
