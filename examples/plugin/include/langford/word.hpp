#pragma once
// Strategy word: the state is two machine words, copied into each child.
//
//   filled   bit p: square p holds a number (squares past 2n count as filled)
//   placed   bit k - 1: both copies of k are in the row
//
// The search always fills the lowest free square p. Number k can go there when it is
// not placed yet and square p + k + 1 is free too, which for all k at once is one
// shift: bit k - 1 of (~filled >> (p + 2)). So candidates() hands the engine only moves
// that fit, and the engine needs no allowed() check.
#include <bit>
#include <cstdint>
#include <ranges>
#include <vector>

#include "backtrack/set_bits.hpp"
#include "langford/placement.hpp"

namespace langford {

class WordLangford {
 public:
  using Move = Placement;
  struct State {
    std::uint64_t filled = 0;
    std::uint64_t placed = 0;
  };

  WordLangford(int n, Symmetry symmetry) : n_(n), symmetry_(symmetry) {}

  State root() const { return {~((std::uint64_t{1} << (2 * n_)) - 1), 0}; }
  bool is_solution(const State& s) const { return s.placed == all_numbers(); }
  int max_depth() const { return n_; }

  auto candidates(const State& s) const {
    const int p = std::countr_one(s.filled);
    const std::uint64_t fits = ~s.filled >> (p + 2) & ~s.placed & all_numbers();
    return backtrack::SetBits(fits) |
           std::views::transform([p](std::uint64_t bit) { return Placement{std::countr_zero(bit) + 1, p}; });
  }

  // Value semantics: two words are cheaper to copy than to take back.
  State child(const State& s, Placement m) const {
    return {s.filled | square(m.first) | square(m.second()), s.placed | square(m.number - 1)};
  }

  std::vector<backtrack::Root<Move>> roots() const { return langford::roots(n_, symmetry_); }
  int size() const { return n_; }

 private:
  static std::uint64_t square(int p) { return std::uint64_t{1} << p; }
  std::uint64_t all_numbers() const { return (std::uint64_t{1} << n_) - 1; }

  int n_;
  Symmetry symmetry_;
};

}  // namespace langford
