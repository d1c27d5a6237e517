#pragma once
// Strategy `bitset`: the three attack masks (columns, both diagonal families) as
// boost::dynamic_bitset, so any n works. Every depth owns a frame that apply()
// overwrites in place: no bitset is created or resized per node. A frame's bits are
// allocated the first time the search reaches its depth (apply() copy-assigns every
// mask from the row above), not in root(): building all n + 1 frames up front (n^2/2
// bits, 5 GB at n = 100,000) kept the first node, and with it any check of a signal
// or of the time limit, waiting 12 s.
#include <boost/dynamic_bitset.hpp>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>
#include <vector>

#include "backtrack/nqueens/placement.hpp"
#include "backtrack/nqueens/symmetry.hpp"

namespace backtrack::nqueens {

class BitsetQueens {
 public:
  using Bits = boost::dynamic_bitset<std::uint64_t>;
  using Move = std::size_t;  // the column of the queen in the next row

  struct Frame {
    Bits columns, toward_high, toward_low;  // squares attacked in this row
    Bits free;                              // the complement of their union
  };
  struct State {
    std::vector<Frame> frames;  // frames[r]: the attacks on row r
    int row = 0;
  };

  // The set bits of a dynamic_bitset, lowest first.
  class FreeColumns {
   public:
    class iterator {
     public:
      using value_type = std::size_t;
      using difference_type = std::ptrdiff_t;
      iterator() = default;
      iterator(const Bits* bits, std::size_t pos) : bits_(bits), pos_(pos) {}
      std::size_t operator*() const { return pos_; }
      iterator& operator++() {
        pos_ = bits_->find_next(pos_);
        return *this;
      }
      void operator++(int) { ++*this; }
      friend bool operator==(const iterator& it, std::default_sentinel_t) { return it.pos_ == Bits::npos; }

     private:
      const Bits* bits_ = nullptr;
      std::size_t pos_ = Bits::npos;
    };
    explicit FreeColumns(const Bits& bits) : bits_(&bits) {}
    iterator begin() const { return iterator(bits_, bits_->find_first()); }
    std::default_sentinel_t end() const { return {}; }

   private:
    const Bits* bits_;
  };

  explicit BitsetQueens(int n, Symmetry symmetry = Symmetry::none) : n_(n), symmetry_(symmetry) {}

  State root() const {
    const auto width = static_cast<std::size_t>(n_);
    State s{std::vector<Frame>(width + 1), 0};  // empty frames: apply() sizes them
    s.frames[0] = Frame{Bits(width), Bits(width), Bits(width), Bits(width)};
    s.frames[0].free.set();
    return s;
  }
  bool is_solution(const State& s) const { return s.row == n_; }
  FreeColumns candidates(const State& s) const { return FreeColumns(s.frames[static_cast<std::size_t>(s.row)].free); }
  void apply(State& s, Move col) const {
    const Frame& from = s.frames[static_cast<std::size_t>(s.row)];
    Frame& to = s.frames[static_cast<std::size_t>(s.row) + 1];
    to.columns = from.columns;
    to.columns.set(col);
    to.toward_high = from.toward_high;
    to.toward_high.set(col);
    to.toward_high <<= 1;
    to.toward_low = from.toward_low;
    to.toward_low.set(col);
    to.toward_low >>= 1;
    to.free = to.columns;
    to.free |= to.toward_high;
    to.free |= to.toward_low;
    to.free.flip();
    ++s.row;
  }
  void undo(State& s, Move) const { --s.row; }
  int max_depth() const { return n_; }
  std::vector<Root<Move>> roots() const {
    return first_row_roots<Move>(n_, symmetry_, [](int c) { return static_cast<Move>(c); });
  }

  Placement placement(std::span<const Move> path) const {
    Placement columns;
    for (Move m : path) columns.push_back(static_cast<int>(m));
    return columns;
  }
  int size() const { return n_; }

 private:
  int n_;
  Symmetry symmetry_;
};

}  // namespace backtrack::nqueens
