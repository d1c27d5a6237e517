#pragma once
// Strategy `scan`: the textbook check. The state is the column of each placed queen;
// a candidate column is checked against every placed queen (same column, or
// |row difference| == |column difference|). O(n) per check, no extra memory.
#include <cstdlib>
#include <ranges>
#include <span>
#include <string>
#include <vector>

#include "backtrack/nqueens/placement.hpp"
#include "backtrack/nqueens/symmetry.hpp"

namespace backtrack::nqueens {

class ScanQueens {
 public:
  using Move = int;  // the column of the queen in the next row
  struct State {
    std::vector<int> columns;  // columns[r] for the rows placed so far
    int row = 0;               // rows placed
  };

  explicit ScanQueens(int n, Symmetry symmetry = Symmetry::none) : n_(n), symmetry_(symmetry) {}

  State root() const { return {std::vector<int>(static_cast<std::size_t>(n_), -1), 0}; }
  bool is_solution(const State& s) const { return s.row == n_; }
  auto candidates(const State&) const { return std::views::iota(0, n_); }
  bool allowed(const State& s, Move col) const {
    for (int r = 0; r < s.row; ++r) {
      const int placed = s.columns[static_cast<std::size_t>(r)];
      if (placed == col || std::abs(placed - col) == s.row - r) return false;
    }
    return true;
  }
  // Which placed queen refused the column (a trace's words: watched_search.hpp).
  std::string why_refused(const State& s, Move col) const {
    for (int r = 0; r < s.row; ++r) {
      const int placed = s.columns[static_cast<std::size_t>(r)];
      if (placed == col) return "the queen in row " + std::to_string(r) + " holds column " + std::to_string(col);
      if (std::abs(placed - col) == s.row - r) return "on a diagonal of the queen in row " + std::to_string(r);
    }
    return {};
  }
  void apply(State& s, Move col) const { s.columns[static_cast<std::size_t>(s.row++)] = col; }
  void undo(State& s, Move) const { --s.row; }
  int max_depth() const { return n_; }
  std::vector<Root<Move>> roots() const {
    return first_row_roots<Move>(n_, symmetry_, [](int c) { return c; });
  }

  Placement placement(std::span<const Move> path) const { return {path.begin(), path.end()}; }
  int size() const { return n_; }

 private:
  int n_;
  Symmetry symmetry_;
};

}  // namespace backtrack::nqueens
