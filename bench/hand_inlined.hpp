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

}  // namespace backtrack::bench
