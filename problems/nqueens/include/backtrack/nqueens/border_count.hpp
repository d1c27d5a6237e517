#pragma once
// The count of strategy `border` below one subtree of its split, with the free squares
// of every open row held in the 16-bit lanes of one vector register: lane i is row i + 1
// and bit j column j + 1 (rows and columns 0 and n - 1 always hold a border queen), so
// n <= 18. The tree is ConstellationQueens' own (the open row with the fewest free
// squares, the lowest on a tie; a dead end where the open rows' free squares cover too
// few columns), so nodes, failures and solutions are the generic engine's, exactly. What
// changes is the work of a node. The engine rebuilds each open row's free squares from
// the diagonals and counts them one row after another, and then branches on what it
// found: whether the node is a dead end and how many children it has are a coin toss to
// the processor, which guesses wrong at about every node and starts again. The lanes take
// a queen's three attacks off every row at once, count every row's squares at once and
// pick the fewest with one instruction; the next node is then chosen without a branch,
// and four searches (walkers) run interleaved, each taking the next of the subtree's top
// nodes as it finishes. On the machine measured this counts 1.6x as fast as the engine
// (docs/performance.md).
//
// The lanes need AVX-512 (F, BW, VL and BITALG), chosen at run time; any other CPU,
// n > 18, and a prefix that left a border row or column open (none does) run the generic
// engine, which is also what the tests check the lanes against.
#include <array>
#include <cstdint>
#include <span>

#include "backtrack/engine.hpp"
#include "backtrack/nqueens/constellations.hpp"
#include "backtrack/search_limits.hpp"
#include "backtrack/search_stats.hpp"

namespace backtrack::nqueens {

inline constexpr int lane_rows = 16;

// A subtree's root for the lanes: each open row's free squares (bit j: column j + 1), and
// which rows are open.
struct LaneRoot {
  std::array<std::uint16_t, lane_rows> free{};
  std::uint32_t open = 0;  // bit i: row i + 1
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
        lanes_(lanes && n_ >= 2 && n_ - 2 <= lane_rows) {}

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
  // The free squares of the open rows once the prefix's queens stand; false if a border
  // row or column is open.
  bool lane_root(std::span<const Move> prefix, LaneRoot& root) const {
    std::uint64_t taken_rows = 0;
    std::uint64_t taken_columns = 0;
    for (const Move& m : prefix) {
      taken_rows |= std::uint64_t{1} << m.row;
      taken_columns |= m.column_bit;
    }
    const std::uint64_t edges = std::uint64_t{1} | std::uint64_t{1} << (n_ - 1);
    if ((taken_rows & edges) != edges || (taken_columns & edges) != edges) return false;
    const std::uint64_t all = (std::uint64_t{1} << n_) - 1;
    for (int row = 1; row < n_ - 1; ++row) {
      if ((taken_rows >> row & 1) != 0) continue;
      std::uint64_t attacked = 0;
      for (const Move& m : prefix) {
        const int gap = row > m.row ? row - m.row : m.row - row;
        attacked |= m.column_bit | m.column_bit << gap | m.column_bit >> gap;
      }
      root.free[static_cast<std::size_t>(row - 1)] = static_cast<std::uint16_t>((all & ~attacked) >> 1);
      root.open |= std::uint32_t{1} << (row - 1);
    }
    return true;
  }

  DepthFirstSearch<ConstellationQueens> generic_;
  const SearchLimits& limits_;
  int n_;
  bool lanes_;
};

}  // namespace backtrack::nqueens
