#pragma once
// Given queens (the user's --place or --board), for the strategies that fill rows top
// to bottom (scan, arrays, bitset, word): WithGivenQueens<P> is P with its candidates
// filtered. In a row that holds a given queen the only candidate is that queen's column; in any other
// row, columns attacked by a given queen are dropped. The given queens are checked
// against the rows above them by P itself, as any other move, so every solution
// reached contains them and nothing else changes: same engine, same state, same undo.
//
// Strategies whose moves name their row (mrv) need none of this: the given queens are
// the prefix of their root.
#include <bit>
#include <cstdint>
#include <ranges>
#include <span>
#include <utility>
#include <vector>

#include "backtrack/nqueens/placement.hpp"
#include "backtrack/nqueens/validator.hpp"
#include "backtrack/problem.hpp"

namespace backtrack::nqueens {

// ColumnOf maps a move of P to its column (the identity, or countr_zero for a bit).
template <Problem P, class ColumnOf>
class WithGivenQueens {
 public:
  using State = typename P::State;
  using Move = typename P::Move;

  // `queens` must be consistent (require_consistent()).
  WithGivenQueens(P inner, int n, const std::vector<Queen>& queens, ColumnOf column_of)
      : inner_(std::move(inner)),
        n_(n),
        column_of_(std::move(column_of)),
        given_(static_cast<std::size_t>(n), -1),
        column_taken_(static_cast<std::size_t>(n), 0),
        sum_taken_(2 * static_cast<std::size_t>(n), 0),
        difference_taken_(2 * static_cast<std::size_t>(n), 0) {
    for (const Queen& q : queens) {
      given_[at(q.row)] = q.col;
      column_taken_[at(q.col)] = 1;
      sum_taken_[at(q.row + q.col)] = 1;
      difference_taken_[at(q.row - q.col + n_)] = 1;
    }
  }

  State root() const { return inner_.root(); }
  bool is_solution(const State& s) const { return inner_.is_solution(s); }
  int max_depth() const { return inner_.max_depth(); }

  auto candidates(const State& s) const {
    const int row = row_of(s);
    return std::views::filter(inner_.candidates(s), [this, row](const Move& m) { return fits(row, column_of_(m)); });
  }

  bool allowed(const State& s, const Move& m) const
    requires HasAllowed<P>
  {
    return inner_.allowed(s, m);
  }
  void apply(State& s, const Move& m) const
    requires HasApplyUndo<P>
  {
    inner_.apply(s, m);
  }
  void undo(State& s, const Move& m) const
    requires HasApplyUndo<P>
  {
    inner_.undo(s, m);
  }
  State child(const State& s, const Move& m) const
    requires HasChild<P>
  {
    return inner_.child(s, m);
  }

  Placement placement(std::span<const Move> path) const { return inner_.placement(path); }
  int size() const { return n_; }

 private:
  static std::size_t at(int i) { return static_cast<std::size_t>(i); }

  // The row the next move fills: the strategies' own counter, or the queens so far.
  static int row_of(const State& s) {
    if constexpr (requires { s.row; }) {
      return static_cast<int>(s.row);
    } else {
      return std::popcount(s.columns);
    }
  }

  bool fits(int row, int col) const {
    const int given = given_[at(row)];
    if (given >= 0) return col == given;
    return (column_taken_[at(col)] | sum_taken_[at(row + col)] | difference_taken_[at(row - col + n_)]) == 0;
  }

  P inner_;
  int n_;
  ColumnOf column_of_;
  std::vector<int> given_;  // given_[r]: the column of the given queen in row r, or -1
  std::vector<std::uint8_t> column_taken_, sum_taken_, difference_taken_;
};

}  // namespace backtrack::nqueens
