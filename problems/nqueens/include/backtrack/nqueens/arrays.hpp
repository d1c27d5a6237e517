#pragma once
// Strategy `arrays`: one flag per column and per diagonal. The squares of a diagonal
// share r + c (one family) or r - c + n - 1 (the other), so each check is O(1).
#include <ranges>
#include <span>
#include <string>
#include <vector>

#include "backtrack/nqueens/placement.hpp"
#include "backtrack/nqueens/symmetry.hpp"

namespace backtrack::nqueens {

class ArrayQueens {
 public:
  using Move = int;  // the column of the queen in the next row
  struct State {
    std::vector<char> column_used;    // n flags
    std::vector<char> sum_used;       // 2n - 1 flags, index r + c
    std::vector<char> difference_used;  // 2n - 1 flags, index r - c + n - 1
    int row = 0;
  };

  explicit ArrayQueens(int n, Symmetry symmetry = Symmetry::none) : n_(n), symmetry_(symmetry) {}

  State root() const {
    const auto diagonals = static_cast<std::size_t>(2 * n_ - 1);
    return {std::vector<char>(static_cast<std::size_t>(n_), 0), std::vector<char>(diagonals, 0),
            std::vector<char>(diagonals, 0), 0};
  }
  bool is_solution(const State& s) const { return s.row == n_; }
  auto candidates(const State&) const { return std::views::iota(0, n_); }
  bool allowed(const State& s, Move col) const {
    return !s.column_used[static_cast<std::size_t>(col)] && !s.sum_used[sum(s.row, col)] &&
           !s.difference_used[difference(s.row, col)];
  }
  // Which array refused the column (a trace's words: watched_search.hpp).
  std::string why_refused(const State& s, Move col) const {
    if (s.column_used[static_cast<std::size_t>(col)]) return "column " + std::to_string(col) + " is taken";
    if (s.sum_used[sum(s.row, col)]) return "its diagonal (row + column = " + std::to_string(s.row + col) + ") is taken";
    return "its anti-diagonal (row - column = " + std::to_string(s.row - col) + ") is taken";
  }
  void apply(State& s, Move col) const { mark(s, col, 1); ++s.row; }
  void undo(State& s, Move col) const { --s.row; mark(s, col, 0); }
  int max_depth() const { return n_; }
  std::vector<Root<Move>> roots() const {
    return first_row_roots<Move>(n_, symmetry_, [](int c) { return c; });
  }

  Placement placement(std::span<const Move> path) const { return {path.begin(), path.end()}; }
  int size() const { return n_; }

 private:
  static std::size_t sum(int row, int col) { return static_cast<std::size_t>(row + col); }
  std::size_t difference(int row, int col) const { return static_cast<std::size_t>(row - col + n_ - 1); }
  void mark(State& s, int col, char used) const {
    s.column_used[static_cast<std::size_t>(col)] = used;
    s.sum_used[sum(s.row, col)] = used;
    s.difference_used[difference(s.row, col)] = used;
  }

  int n_;
  Symmetry symmetry_;
};

}  // namespace backtrack::nqueens
