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
// counts about 2x as fast as the engine (docs/performance.md).
//
// A lane is 16 bits wide where the root's free squares span at most 16 columns (every
// root for n <= 18) and the kernel gains by it (AVX2, AVX-512 BW), else 32 bits.
// Kernels (LaneKernel): AVX-512 with VPOPCNTDQ, AVX-512 BW without it, AVX2, each
// compiled for its instruction set alone and chosen at run time, so that a build for any
// x86-64 CPU carries all of them; the generic engine on other CPUs, which is also what
// the tests check the lanes against. A subtree's root with more than 16 open rows (n >=
// 19) is expanded here, as the engine would, until its descendants fit in the lanes.
#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

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

// What counts a subtree, slowest first: the engine, or lanes on an instruction set.
enum class LaneKernel { engine, avx2, avx512bw, avx512 };
inline constexpr std::array<LaneKernel, 4> lane_kernels{LaneKernel::engine, LaneKernel::avx2, LaneKernel::avx512bw,
                                                        LaneKernel::avx512};

// Its name for BACKTRACK_NQUEENS_KERNEL: engine, avx2, avx512bw, avx512.
std::string_view kernel_name(LaneKernel kernel);
// The instructions it needs, for a refusal ("AVX-512 F and VPOPCNTDQ").
std::string_view kernel_needs(LaneKernel kernel);
// Whether this CPU runs it (the engine runs everywhere).
bool kernel_supported(LaneKernel kernel);
// The fastest this CPU runs.
LaneKernel best_kernel();
// The environment variable BACKTRACK_NQUEENS_KERNEL's kernel, else (unset or empty)
// best_kernel(); an unknown name, or a kernel this CPU lacks, is a UsageError.
LaneKernel chosen_kernel();

// The subtree below `root` (its root counted as a node, at depth 0), its solutions
// weighted with `weight`; the stop flag and the deadline are read every 65,536 nodes,
// and a stop leaves the result partial (stop set), as a DepthFirstSearch's. Only for a
// kernel other than the engine that kernel_supported().
SearchStats count_in_lanes(LaneKernel kernel, const LaneRoot& root, std::uint64_t weight, const SearchLimits& limits);

// A count's search of one thread (run_subtrees()): the kernel's lanes, the nodes above
// them expanded here; the engine for LaneKernel::engine. `lane_limit` (at most
// lane_rows) is the most open rows a root handed to the lanes has: fewer only in tests,
// so that small boards reach the expansion.
class BorderCount {
 public:
  using Move = ConstellationQueens::Move;

  BorderCount(const ConstellationQueens& problem, const SearchLimits& limits, LaneKernel kernel = best_kernel(),
              int lane_limit = lane_rows)
      : generic_(problem, limits),
        limits_(limits),
        n_(problem.size()),
        kernel_(kernel),
        lane_limit_(lane_limit) {}

  SearchStats run_subtree(std::span<const Move> prefix, std::uint64_t weight) {
    if (kernel_ == LaneKernel::engine) {
      ++engine_subtrees_;
      return generic_.run_subtree(prefix, weight);
    }
    path_.assign(prefix.begin(), prefix.end());
    return expand(weight);
  }

  // What search_subtree_of() lists a subtree's siblings with.
  const ConstellationQueens& problem() const { return generic_.problem(); }
  const DepthProfile& profile() const { return generic_.profile(); }
  // Subtrees this search handed to the engine (all of them, for LaneKernel::engine).
  std::uint64_t engine_subtrees() const { return engine_subtrees_; }

 private:
  // The subtree below path_: in the lanes once its root fits; above that, the root
  // counted as the engine counts a node (a failure without a child; never a solution,
  // with rows open) and its children's subtrees searched in order. A stop leaves the
  // root counted and what its children had counted.
  SearchStats expand(std::uint64_t weight) {
    LaneRoot root;
    if (lane_root(path_, root)) {
      SearchStats stats = count_in_lanes(kernel_, root, weight, limits_);
      stats.max_depth += static_cast<int>(path_.size());
      return stats;
    }
    const ConstellationQueens& problem = generic_.problem();
    ConstellationQueens::State state = problem.root();
    for (const Move& m : path_) state = problem.child(state, m);
    SearchStats stats;
    stats.nodes = 1;
    stats.max_depth = static_cast<int>(path_.size());
    // The lanes read the stop flag and the clock every 65,536 nodes, which a subtree
    // below an expanded node may never reach.
    stats.stop = limits_.outside_stop();
    if (!stats.complete()) return stats;
    bool leaf = true;
    for (const Move m : problem.candidates(state)) {
      leaf = false;
      path_.push_back(m);
      stats += expand(weight);
      path_.pop_back();
      if (!stats.complete()) break;
    }
    if (leaf) ++stats.failures;
    return stats;
  }

  // The open rows once the prefix's queens stand, and their free squares; false if
  // there are more than lane_limit_.
  bool lane_root(std::span<const Move> prefix, LaneRoot& root) const {
    std::uint64_t taken_rows = 0;
    for (const Move& m : prefix) taken_rows |= std::uint64_t{1} << m.row;
    const std::uint64_t all = (std::uint64_t{1} << n_) - 1;
    if (std::popcount(all & ~taken_rows) > lane_limit_) return false;
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
  LaneKernel kernel_;
  int lane_limit_;
  std::vector<Move> path_;  // the moves from the board's root to the node expanded
  std::uint64_t engine_subtrees_ = 0;
};

}  // namespace backtrack::nqueens
