#pragma once
// Strategy `mrv`: one solution for a very large board (n in the hundreds of thousands).
//
// A static row order is hopeless there: after a few thousand queens some row far below
// has no free square left, and a row-by-row search only notices when it gets there,
// with an astronomical subtree above the mistake. This strategy orders the search by
// the "most constrained first" rule (MRV), over rows and columns alike:
//
//   * every unused row and every unused column keeps the number of its free squares
//     (not attacked by any queen), updated incrementally: a queen attacks at most three
//     squares of any other row or column (its column or row, its two diagonals), so
//     apply() and undo() are a few branch-free loops of length n, which vectorise;
//   * the next line to fill is the row with the fewest free squares (ties: the row
//     nearest an edge of the board), unless a column has at most two and fewer than
//     that row: a line left with none is a dead end found at once, and a line with one
//     square is forced;
//   * in that line the squares are tried from the middle of the board outward.
//
// Why it works: N-Queens is a permutation problem, so a column that no remaining row
// can use is as fatal as a row with no square; watching both finds every such dead end
// the moment it appears, and filling the tightest line first keeps the branching factor
// at 1 almost everywhere. Middle squares lie on the long diagonals, which are hard to
// fit late; the short diagonals near the corners stay open for the last, most
// constrained lines. The search barely backtracks: its cost is the O(n) update per
// queen, O(n^2) in all, with small constants.
//
// Memory, per row of the board: 38 bytes of state (row and column flags 1 + 1 and their
// reversed copies 1 + 1, diagonal flags 2 + 2 and a reversed copy 2, two 4-byte free
// counts, two linked lists of 8 bytes, the line chosen at each depth 4), 8 bytes of tie
// ranks in the problem, and 8 bytes a move on the engine's path: about 54 in all.
//
// Moves name their row and column, so the given queens are simply the prefix
// of the one root.
#include <algorithm>
#include <array>
#include <cstdint>
#include <iterator>
#include <limits>
#include <random>
#include <span>
#include <utility>
#include <vector>

#include "backtrack/nqueens/placement.hpp"
#include "backtrack/problem.hpp"

namespace backtrack::nqueens {

class MrvQueens {
 public:
  struct Move {
    int row = 0;
    int col = 0;
    friend bool operator==(const Move&, const Move&) = default;
  };

  // Index 0 is about rows, 1 about columns.
  struct State {
    std::array<std::vector<std::uint8_t>, 2> used;   // used[0][r]: row r holds a queen; used[1][c]
    std::vector<std::uint8_t> sum_used;              // 2n - 1 flags, index r + c
    std::vector<std::uint8_t> difference_used;       // 2n - 1 flags, index r - c + n - 1
    // The same flags in reverse order (index n - 1 - r, n - 1 - c, c - r + n - 1), so that
    // every loop of update_counts() reads memory upwards: then it vectorises.
    std::array<std::vector<std::uint8_t>, 2> used_reversed;
    std::vector<std::uint8_t> difference_reversed;
    std::array<std::vector<std::int32_t>, 2> free_count;  // per unused line; used lines + placed_mark
    // The unused rows (0) and columns (1), each a doubly linked list in middle-out order
    // (see middle_out()), by step; step n is the head. apply() unlinks, undo() relinks,
    // as in dancing links, so a scan for a free square never walks over used lines.
    std::array<std::vector<std::int32_t>, 2> later, earlier;
    std::vector<std::int32_t> next_line;  // after k queens: row r as r, column c as ~c
    int placed = 0;
  };

  // The free squares of one line. A tight line (at most `few` free squares) lists them
  // at once, the square whose crossing line is tightest first (that line needs a queen
  // too, and has fewer ways to get one), then middle first. A looser line is read
  // lazily, middle first: a search that takes the first square (the usual case) never
  // looks at the others.
  static constexpr int few = 8;

  class Squares {
   public:
    class iterator {
     public:
      using value_type = Move;
      using difference_type = std::ptrdiff_t;
      iterator() = default;
      iterator(const Squares* squares, int step) : squares_(squares), step_(step) { settle(); }
      Move operator*() const {
        if (squares_->listed_ >= 0) return squares_->list_[static_cast<std::size_t>(step_)];
        return squares_->square_at(step_);
      }
      iterator& operator++() {
        step_ = squares_->listed_ >= 0 ? step_ + 1 : squares_->state_->later[at(squares_->across_)][at(step_)];
        settle();
        return *this;
      }
      void operator++(int) { ++*this; }
      friend bool operator==(const iterator& it, std::default_sentinel_t) { return it.done(); }

     private:
      bool done() const {
        return squares_->listed_ >= 0 ? step_ == squares_->listed_ : step_ == squares_->problem_->size();
      }
      // Lazily: moves to the first unused crossing line, from step_ on, whose square is free.
      void settle() {
        if (squares_->listed_ >= 0) return;
        const int n = squares_->problem_->size();
        const auto& later = squares_->state_->later[at(squares_->across_)];
        while (step_ != n && !squares_->problem_->is_free(*squares_->state_, squares_->square_at(step_))) {
          step_ = later[at(step_)];
        }
      }
      const Squares* squares_ = nullptr;
      int step_ = 0;
    };

    Squares(const MrvQueens* problem, const State* state, int line) : problem_(problem), state_(state) {
      across_ = line >= 0 ? 1 : 0;  // a row is filled by choosing a column, and back
      line_ = line >= 0 ? line : ~line;
      if (state->free_count[at(1 - across_)][at(line_)] > few) return;
      // Tight: every free square, ordered by (free squares of the crossing line, step).
      listed_ = 0;
      std::array<std::pair<std::int64_t, Move>, few> keyed;
      const int n = problem->size();
      const auto& later = state->later[at(across_)];
      for (int step = later[at(n)]; step != n && listed_ < few; step = later[at(step)]) {
        const Move m = square_at(step);
        if (!problem->is_free(*state, m)) continue;
        const int crossing = across_ == 1 ? m.col : m.row;
        const std::int64_t tightness = state->free_count[at(across_)][at(crossing)];
        // insertion into the sorted prefix: at most `few` squares
        int i = listed_++;
        const std::pair<std::int64_t, Move> entry{(tightness << 32) | step, m};
        for (; i > 0 && keyed[at(i - 1)].first > entry.first; --i) keyed[at(i)] = keyed[at(i - 1)];
        keyed[at(i)] = entry;
      }
      for (int i = 0; i < listed_; ++i) list_[at(i)] = keyed[at(i)].second;
    }
    iterator begin() const {
      return iterator(this, listed_ >= 0 ? 0 : state_->later[at(across_)][at(problem_->size())]);
    }
    std::default_sentinel_t end() const { return {}; }

   private:
    Move square_at(int step) const {
      const int other = problem_->middle_out(step);
      return across_ == 1 ? Move{line_, other} : Move{other, line_};
    }

    const MrvQueens* problem_;
    const State* state_;
    int across_ = 1;  // the kind of line crossing this one: 1 columns (for a row), 0 rows
    int line_ = 0;
    int listed_ = -1;  // squares in list_, or -1 when read lazily
    std::array<Move, few> list_{};
  };

  // `given`: the given queens, already checked not to attack each other.
  // `seed`: 0 breaks ties between equally constrained lines edge first (the first and
  // last rows, then the next ones in); any other seed blurs that order with random noise
  // of up to n/8 lines, so that restarts with fresh seeds search different trees.
  explicit MrvQueens(int n, std::vector<Move> given = {}, std::uint64_t seed = 0)
      : n_(n), given_(std::move(given)), tie_rank_(at(n)), line_of_rank_(at(n)) {
    std::mt19937_64 random(seed);
    std::uniform_int_distribution<int> noise(0, seed == 0 ? 0 : std::max(1, n / 8));
    std::vector<std::int32_t> priority(at(n));
    std::int32_t highest = 0;
    for (int r = 0; r < n_; ++r) {
      const int from_edge = std::min(r, n_ - 1 - r);
      priority[at(r)] = 2 * (from_edge + noise(random)) + (r > n_ - 1 - r ? 1 : 0);
      highest = std::max(highest, priority[at(r)]);
    }
    // Ranks by priority, ties by line: a counting sort (priorities are below 1.25 n),
    // linear in n. A comparison sort of (priority, line) pairs took 2 s at n =
    // 20,000,000, before the search could see a signal or the time limit.
    std::vector<std::int32_t> next_rank(at(highest) + 2, 0);  // of each priority
    for (int r = 0; r < n_; ++r) ++next_rank[at(priority[at(r)]) + 1];
    for (std::size_t p = 1; p < next_rank.size(); ++p) next_rank[p] += next_rank[p - 1];
    for (int r = 0; r < n_; ++r) {
      const std::int32_t rank = next_rank[at(priority[at(r)])]++;
      line_of_rank_[at(rank)] = r;
      tie_rank_[at(r)] = rank;
    }
  }

  State root() const {
    const auto size = at(n_);
    State s;
    s.sum_used.assign(2 * size - 1, 0);
    s.difference_used.assign(2 * size - 1, 0);
    s.difference_reversed.assign(2 * size - 1, 0);
    for (int k = 0; k < 2; ++k) {
      s.used[at(k)].assign(size, 0);
      s.used_reversed[at(k)].assign(size, 0);
      s.free_count[at(k)].assign(size, n_);
      s.later[at(k)].resize(size + 1);
      s.earlier[at(k)].resize(size + 1);
      for (int step = 0; step <= n_; ++step) {
        s.later[at(k)][at(step)] = step == n_ ? 0 : step + 1;
        s.earlier[at(k)][at(step)] = step == 0 ? n_ : step - 1;
      }
    }
    s.next_line.assign(size + 1, 0);
    s.next_line[0] = most_constrained(s, least(s.free_count[0]), least(s.free_count[1]));
    return s;
  }

  bool is_solution(const State& s) const { return s.placed == n_; }
  Squares candidates(const State& s) const { return Squares(this, &s, s.next_line[at(s.placed)]); }
  int max_depth() const { return n_; }

  void apply(State& s, Move m) const {
    const auto [row_least, column_least] = update_counts<-1>(s, m);
    mark(s, m, 1);
    unlink(s, 0, m.row);
    unlink(s, 1, m.col);
    ++s.placed;
    if (s.placed < n_) s.next_line[at(s.placed)] = most_constrained(s, row_least, column_least);
  }

  void undo(State& s, Move m) const {
    --s.placed;
    relink(s, 1, m.col);
    relink(s, 0, m.row);
    mark(s, m, 0);
    update_counts<+1>(s, m);
  }

  // The fixed queens, if any, as the prefix of the only root.
  std::vector<Root<Move>> roots() const { return {Root<Move>{given_, 1}}; }

  Placement placement(std::span<const Move> path) const {
    Placement columns(at(n_), -1);
    for (const Move& m : path) columns[at(m.row)] = m.col;
    return columns;
  }
  int size() const { return n_; }

  bool is_free(const State& s, Move m) const {
    return (s.used[0][at(m.row)] | s.used[1][at(m.col)] | s.sum_used[at(m.row + m.col)] |
            s.difference_used[at(m.row - m.col + n_ - 1)]) == 0;
  }

  // The line tried at step k: the middle, then one up, one down, two up, ...
  int middle_out(int k) const {
    const int middle = (n_ - 1) / 2;
    return (k & 1) != 0 ? middle + (k + 1) / 2 : middle - k / 2;
  }
  // Its inverse.
  int step_of(int line) const {
    const int middle = (n_ - 1) / 2;
    return line > middle ? 2 * (line - middle) - 1 : 2 * (middle - line);
  }

 private:
  static std::size_t at(int i) { return static_cast<std::size_t>(i); }

  void mark(State& s, Move m, std::uint8_t used) const {
    s.used[0][at(m.row)] = used;
    s.used[1][at(m.col)] = used;
    s.sum_used[at(m.row + m.col)] = used;
    s.difference_used[at(m.row - m.col + n_ - 1)] = used;
    s.used_reversed[0][at(n_ - 1 - m.row)] = used;
    s.used_reversed[1][at(n_ - 1 - m.col)] = used;
    s.difference_reversed[at(m.col - m.row + n_ - 1)] = used;
  }

  void unlink(State& s, int k, int line) const {
    auto& later = s.later[at(k)];
    auto& earlier = s.earlier[at(k)];
    const auto step = at(step_of(line));
    later[at(earlier[step])] = later[step];
    earlier[at(later[step])] = earlier[step];
  }
  void relink(State& s, int k, int line) const {
    auto& later = s.later[at(k)];
    auto& earlier = s.earlier[at(k)];
    const auto step = at(step_of(line));
    later[at(earlier[step])] = static_cast<std::int32_t>(step);
    earlier[at(later[step])] = static_cast<std::int32_t>(step);
  }

  // Adds `sign` times the number of squares that the queen m = (R, C) attacks and no
  // other queen does, to the count of every row and every column. In row r those are
  // (r, C) in m's column, (r, C + r - R) on its difference diagonal and (r, C - r + R) on
  // its sum diagonal; in column c, (R, c), (R + c - C, c) and (R - c + C, c). Each test
  // leaves out the lines it shares with m, so the same numbers come out whether m's own
  // lines are marked or not, and undo() mirrors apply() exactly. Six branch-free loops
  // over contiguous lines, which vectorise; the last two cover every line and also
  // return the least count of each kind, so that apply() needs no pass of its own to
  // find it. m's own row and column get (apply) or lose (undo) the placed_mark.
  template <int sign>
  std::pair<std::int32_t, std::int32_t> update_counts(State& s, Move m) const {
    const int n = n_;
    const int row = m.row;
    const int col = m.col;
    const std::uint8_t* __restrict row_used = s.used[0].data();
    const std::uint8_t* __restrict column_used = s.used[1].data();
    const std::uint8_t* __restrict sum = s.sum_used.data();
    const std::uint8_t* __restrict difference = s.difference_used.data() + (n - 1);  // index r - c
    const std::uint8_t* __restrict row_reversed = s.used_reversed[0].data() + (n - 1);  // index -r
    const std::uint8_t* __restrict column_reversed = s.used_reversed[1].data() + (n - 1);  // index -c
    const std::uint8_t* __restrict difference_reversed = s.difference_reversed.data() + (n - 1);  // index c - r
    std::int32_t* __restrict row_count = s.free_count[0].data();
    std::int32_t* __restrict column_count = s.free_count[1].data();
    // What m's own row and column must hold at the end.
    const std::int32_t own_row = row_count[row] + (sign < 0 ? placed_mark : -placed_mark);
    const std::int32_t own_column = column_count[col] + (sign < 0 ? placed_mark : -placed_mark);
    for (int r = std::max(0, row - col), end = std::min(n, row - col + n); r < end; ++r) {
      const int c = col + r - row;
      row_count[r] += sign * static_cast<std::int32_t>((column_used[c] | sum[r + c]) == 0);
    }
    for (int r = std::max(0, row + col - n + 1), end = std::min(n, row + col + 1); r < end; ++r) {
      const int c = col + row - r;
      row_count[r] += sign * static_cast<std::int32_t>((column_reversed[-c] | difference[r - c]) == 0);
    }
    for (int c = std::max(0, col - row), end = std::min(n, col - row + n); c < end; ++c) {
      const int r = row + c - col;
      column_count[c] += sign * static_cast<std::int32_t>((row_used[r] | sum[r + c]) == 0);
    }
    for (int c = std::max(0, row + col - n + 1), end = std::min(n, row + col + 1); c < end; ++c) {
      const int r = row + col - c;
      column_count[c] += sign * static_cast<std::int32_t>((row_reversed[-r] | difference_reversed[c - r]) == 0);
    }
    // The two full loops below add this to m's own row and column: set them so that
    // they end at their own value.
    const std::int32_t own_square = sign * static_cast<std::int32_t>((sum[row + col] | difference[row - col]) == 0);
    row_count[row] = own_row - own_square;
    column_count[col] = own_column - own_square;
    std::int32_t row_least = std::numeric_limits<std::int32_t>::max();
    for (int r = 0; r < n; ++r) {
      row_count[r] += sign * static_cast<std::int32_t>((sum[r + col] | difference[r - col]) == 0);
      row_least = std::min(row_least, row_count[r]);
    }
    std::int32_t column_least = std::numeric_limits<std::int32_t>::max();
    for (int c = 0; c < n; ++c) {
      column_count[c] += sign * static_cast<std::int32_t>((sum[row + c] | difference_reversed[c - row]) == 0);
      column_least = std::min(column_least, column_count[c]);
    }
    return {row_least, column_least};
  }

  std::int32_t least(const std::vector<std::int32_t>& counts) const {
    return *std::min_element(counts.begin(), counts.end());
  }

  // The line of lowest tie rank among those whose count is `least`: one pass of plain
  // minimums, which vectorises, rather than a search with 64-bit keys.
  int tightest(const std::vector<std::int32_t>& counts, std::int32_t least) const {
    const std::int32_t* count = counts.data();
    const std::int32_t* rank = tie_rank_.data();
    constexpr std::int32_t none = std::numeric_limits<std::int32_t>::max();
    std::int32_t best = none;
    for (int i = 0; i < n_; ++i) best = std::min(best, rank[i] | (-static_cast<std::int32_t>(count[i] != least) & none));
    return line_of_rank_[at(best)];
  }

  // A column this tight is filled before any row that is looser: enough to see at once
  // a column nobody can fill (0) or one that is forced (1, 2). Choosing columns more
  // freely than that makes the search worse on many n: rows are the better variables.
  static constexpr std::int32_t forced_column = 2;

  // The unused line with the fewest free squares, encoded as in next_line.
  int most_constrained(const State& s, std::int32_t row_least, std::int32_t column_least) const {
    if (column_least < row_least && column_least <= forced_column) return ~tightest(s.free_count[1], column_least);
    return tightest(s.free_count[0], row_least);
  }

  // Added to the count of a used line, so that it is never the most constrained.
  static constexpr std::int32_t placed_mark = 1 << 30;

  int n_;
  std::vector<Move> given_;
  std::vector<std::int32_t> tie_rank_;      // ties between lines go to the lower rank
  std::vector<std::int32_t> line_of_rank_;  // its inverse
};

}  // namespace backtrack::nqueens
