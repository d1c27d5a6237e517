#pragma once
// Strategy `word`: the three attack masks in 64-bit words, shifted one square per row,
// so n <= 64. The state is three words, cheaper to copy than to undo, so the engine
// descends by value (child()) and this compiles to the classic bitmask loop.
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "backtrack/nqueens/placement.hpp"
#include "backtrack/nqueens/symmetry.hpp"
#include "backtrack/set_bits.hpp"

namespace backtrack::nqueens {

inline constexpr int max_word_size = 64;

class WordQueens {
 public:
  using Move = std::uint64_t;  // one bit: the column of the queen in the next row
  struct State {
    std::uint64_t columns = 0;
    std::uint64_t toward_high = 0;  // diagonals whose next square is one column up
    std::uint64_t toward_low = 0;   // ...one column down
  };

  explicit WordQueens(int n, Symmetry symmetry = Symmetry::none)
      : n_(n), symmetry_(symmetry), all_columns_(n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1) {}

  State root() const { return {}; }
  bool is_solution(const State& s) const { return s.columns == all_columns_; }
  SetBits candidates(const State& s) const {
    return SetBits(all_columns_ & ~(s.columns | s.toward_high | s.toward_low));
  }
  State child(const State& s, Move bit) const {
    return {s.columns | bit, (s.toward_high | bit) << 1, (s.toward_low | bit) >> 1};
  }
  int max_depth() const { return n_; }
  std::vector<Root<Move>> roots() const {
    return first_row_roots<Move>(n_, symmetry_, [](int c) { return std::uint64_t{1} << c; });
  }

  Placement placement(std::span<const Move> path) const {
    Placement columns;
    for (Move bit : path) columns.push_back(std::countr_zero(bit));
    return columns;
  }
  int size() const { return n_; }

 private:
  int n_;
  Symmetry symmetry_;
  std::uint64_t all_columns_;
};

}  // namespace backtrack::nqueens
