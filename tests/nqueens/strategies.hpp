#pragma once
// The N-Queens strategies as the tests see them: a name, and how a move reads as a
// column, written here rather than taken from the strategy (placement()), so that the
// two can be compared.
#include <bit>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>

#include "backtrack/nqueens/arrays.hpp"
#include "backtrack/nqueens/bitset.hpp"
#include "backtrack/nqueens/scan.hpp"
#include "backtrack/nqueens/word.hpp"
#include "backtrack/nqueens/word_symmetric.hpp"
#include "reference.hpp"

namespace strategies {

using backtrack::nqueens::Symmetry;

struct Scan {
  using P = backtrack::nqueens::ScanQueens;
  static constexpr const char* name = "scan";
  static int column(int move) { return move; }
};
struct Arrays {
  using P = backtrack::nqueens::ArrayQueens;
  static constexpr const char* name = "arrays";
  static int column(int move) { return move; }
};
struct Bitset {
  using P = backtrack::nqueens::BitsetQueens;
  static constexpr const char* name = "bitset";
  static int column(std::size_t move) { return static_cast<int>(move); }
};
// One bit a move, column c is bit c.
inline int column_of_bit(std::uint64_t move) {
  if (std::popcount(move) != 1) throw std::logic_error("a word move is not a single bit");
  return std::countr_zero(move);
}
struct Word {
  using P = backtrack::nqueens::WordQueens;
  static constexpr const char* name = "word";
  static int column(std::uint64_t move) { return column_of_bit(move); }
};
struct SymmetricWord {
  using P = backtrack::nqueens::SymmetricWordQueens;
  static constexpr const char* name = "word";
  static int column(std::uint64_t move) { return column_of_bit(move); }
};

template <class S, class Move>
reference::Board board_of(std::span<const Move> path) {
  reference::Board board;
  for (const Move& m : path) board.push_back(S::column(m));
  return board;
}

// Calls f(S{}) for the strategy named `name`.
template <class F>
void with_strategy(const std::string& name, F f) {
  if (name == "scan") return f(Scan{});
  if (name == "arrays") return f(Arrays{});
  if (name == "bitset") return f(Bitset{});
  if (name == "word") return f(Word{});
  throw std::logic_error("no strategy " + name);
}

inline const char* const all_names[] = {"scan", "arrays", "bitset", "word"};

}  // namespace strategies
