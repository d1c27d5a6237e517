#pragma once
// The count of strategy `border` below one subtree of its split, with the free squares
// of every open row held in the lanes of one vector register: lane i is the i-th open
// row of the subtree's root, so it takes a root with at most 16 open rows (the split's
// subtrees have them up to n = 19, and most do at n = 20). The tree is
// ConstellationQueens' own (the open row with the fewest free squares, the lowest on a
// tie; a dead end where the open rows' free squares cover too few columns), so nodes,
// failures and solutions are the generic engine's, exactly. What changes is the work of
// a node. The engine rebuilds each open row's free squares from the diagonals and counts
// them one row after another, and then branches on what it found: whether the node is a
// dead end and how many children it has are a coin toss to the processor, which guesses
// wrong at about every node and starts again. The lanes take a queen's three attacks off
// every row at once, count every row's squares at once and pick the fewest with one
// instruction; the next node is then chosen without a branch, and four searches
// (walkers) run interleaved, so that the processor runs their chains side by side. An
// idle walker takes the shallowest move a busy one has left. On the machine measured this
// counts 1.5-1.9x as fast as the engine (docs/performance.md).
//
// The lanes need AVX-512 (F and VPOPCNTDQ), chosen at run time; any other CPU, and a
// root with more than 16 open rows, run the generic engine, which is also what the tests
// check the lanes against.
#include <array>
#include <bit>
#include <cstdint>
#include <span>

#include "backtrack/engine.hpp"
#include "backtrack/nqueens/constellations.hpp"
#include "backtrack/search_limits.hpp"
#include "backtrack/search_stats.hpp"

namespace backtrack::nqueens {

inline constexpr int lane_rows = 16;

// A subtree's root for the lanes: the open rows, in order, their free squares, and which
// lanes hold one.
struct LaneRoot {
  std::array<std::uint32_t, lane_rows> row{};
  std::array<std::uint32_t, lane_rows> free{};
  std::uint32_t open = 0;  // bit i: lane i holds an open row
};

// The CPU runs count_in_lanes().
bool lanes_available();

// The subtree below `root` (its root counted as a node, at depth 0), its solutions
// weighted with `weight`; the stop flag and the deadline are read every 65,536 nodes,
// and a stop leaves the result partial (stop set), as a
// DepthFirstSearch's. Only where lanes_available().
SearchStats count_in_lanes(const LaneRoot& root, std::uint64_t weight, const SearchLimits& limits);

// A count's search of one thread (run_subtrees()): the lanes where they can, else the
// generic engine.
class BorderCount {
 public:
  using Move = ConstellationQueens::Move;

  BorderCount(const ConstellationQueens& problem, const SearchLimits& limits, bool lanes = lanes_available())
      : generic_(problem, limits),
        limits_(limits),
        n_(problem.size()),
        lanes_(lanes) {}

  SearchStats run_subtree(std::span<const Move> prefix, std::uint64_t weight) {
    LaneRoot root;
    if (!lanes_ || !lane_root(prefix, root)) return generic_.run_subtree(prefix, weight);
    SearchStats stats = count_in_lanes(root, weight, limits_);
    stats.max_depth += static_cast<int>(prefix.size());
    return stats;
  }

  // What search_subtree_of() lists a subtree's siblings with.
  const ConstellationQueens& problem() const { return generic_.problem(); }
  const DepthProfile& profile() const { return generic_.profile(); }

 private:
  // The open rows once the prefix's queens stand, and their free squares; false if
  // there are more than the lanes.
  bool lane_root(std::span<const Move> prefix, LaneRoot& root) const {
    std::uint64_t taken_rows = 0;
    for (const Move& m : prefix) taken_rows |= std::uint64_t{1} << m.row;
    const std::uint64_t all = (std::uint64_t{1} << n_) - 1;
    if (std::popcount(all & ~taken_rows) > lane_rows) return false;
    std::size_t lane = 0;
    for (int row = 0; row < n_; ++row) {
      if ((taken_rows >> row & 1) != 0) continue;
      std::uint64_t attacked = 0;
      for (const Move& m : prefix) {
        const int gap = row > m.row ? row - m.row : m.row - row;
        attacked |= m.column_bit | m.column_bit << gap | m.column_bit >> gap;
      }
      root.row[lane] = static_cast<std::uint32_t>(row);
      root.free[lane] = static_cast<std::uint32_t>(all & ~attacked);
      root.open |= std::uint32_t{1} << lane;
      ++lane;
    }
    return true;
  }

  DepthFirstSearch<ConstellationQueens> generic_;
  const SearchLimits& limits_;
  int n_;
  bool lanes_;
};

}  // namespace backtrack::nqueens
