#pragma once
// Strategy array: the row itself, changed in place and taken back on backtracking.
//
// The textbook way: candidates() offers every number for the lowest free square, and
// allowed() rejects those already placed or whose second copy would land outside the
// row or on a taken square. apply() and undo() are called in strict LIFO order, so
// undo() only has to clear the two squares its move filled.
#include <algorithm>
#include <ranges>
#include <vector>

#include "langford/placement.hpp"

namespace langford {

class ArrayLangford {
 public:
  using Move = Placement;
  struct State {
    std::vector<int> row;       // 0: free, else the number on the square
    std::vector<char> placed;   // placed[k]: both copies of k are in the row
    int first_free = 0;         // the square the next move fills
    int numbers_placed = 0;
  };

  ArrayLangford(int n, Symmetry symmetry) : n_(n), symmetry_(symmetry) {}

  State root() const {
    return {std::vector<int>(static_cast<std::size_t>(2 * n_), 0), std::vector<char>(static_cast<std::size_t>(n_ + 1), 0),
            0, 0};
  }
  bool is_solution(const State& s) const { return s.numbers_placed == n_; }
  int max_depth() const { return n_; }

  auto candidates(const State& s) const {
    return std::views::iota(1, n_ + 1) |
           std::views::transform([p = s.first_free](int k) { return Placement{k, p}; });
  }

  bool allowed(const State& s, Placement m) const {
    return s.placed[at(m.number)] == 0 && m.second() < 2 * n_ && s.row[at(m.second())] == 0;
  }

  void apply(State& s, Placement m) const {
    s.row[at(m.first)] = s.row[at(m.second())] = m.number;
    s.placed[at(m.number)] = 1;
    ++s.numbers_placed;
    while (s.first_free < 2 * n_ && s.row[at(s.first_free)] != 0) ++s.first_free;
  }

  void undo(State& s, Placement m) const {
    s.row[at(m.first)] = s.row[at(m.second())] = 0;
    s.placed[at(m.number)] = 0;
    --s.numbers_placed;
    // Every square left of first_free was filled before, so the lowest free square is
    // the old one or the move's first square. (A root's move need not be at first_free.)
    s.first_free = std::min(s.first_free, m.first);
  }

  std::vector<backtrack::Root<Move>> roots() const { return langford::roots(n_, symmetry_); }
  int size() const { return n_; }

 private:
  static std::size_t at(int i) { return static_cast<std::size_t>(i); }

  int n_;
  Symmetry symmetry_;
};

}  // namespace langford
