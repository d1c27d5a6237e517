// Problems' own counters of their work (work_counters.hpp) and nodes and failures per
// depth (depth_profile.hpp): they add up exactly, however the tree is split and spread
// over threads, to what one search of the whole tree counts.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "backtrack/engine.hpp"
#include "backtrack/nqueens/csp.hpp"
#include "backtrack/nqueens/dlx.hpp"
#include "backtrack/nqueens/word.hpp"
#include "backtrack/polyomino/tiling.hpp"
#include "backtrack/solver.hpp"
#include "backtrack/split.hpp"
#include "backtrack/sudoku/csp.hpp"
#include "backtrack/sudoku/dlx.hpp"
#include "backtrack/sudoku/grid.hpp"

namespace backtrack {
namespace {

// A small split, so that trees of a few thousand nodes are cut into many subtrees: the
// probe stops early, and the split expands nodes itself.
constexpr SplitPlan small_split{64, 200};

struct Counted {
  SearchStats stats;
  DepthProfile profile;
};

// One search of the whole tree, without a split.
template <Problem P>
Counted one_search(const P& problem) {
  DepthFirstSearch<P, CountOnly, true> search(problem, SearchLimits{});
  Counted c;
  c.stats = search.run();
  c.profile = search.profile();
  return c;
}

// The same tree split into subtrees, searched by `threads` threads.
template <Problem P>
Counted split_search(const P& problem, unsigned threads, const SplitPlan& plan = small_split) {
  const auto split = split_tree(problem, plan, SearchLimits{}, CountAlongPath{}, std::true_type{});
  EXPECT_GT(split.subtrees.size(), 1u) << "the tree was not split";
  Counted c;
  c.stats = run_subtrees(problem, split, threads, SearchLimits{}, nullptr,
      [&](const auto& p) { return DepthFirstSearch<P, CountOnly, true>(p, SearchLimits{}); }, nullptr, nullptr, nullptr,
      &c.profile);
  return c;
}

DepthCount sum(const DepthProfile& profile) {
  DepthCount total;
  for (const auto& d : profile) {
    total.nodes += d.nodes;
    total.failures += d.failures;
  }
  return total;
}

// Split or not, one thread or two: the same nodes, counters and profile.
template <Problem P>
void expect_exact(const P& problem, const std::string& name, const SplitPlan& plan = small_split) {
  SCOPED_TRACE(name);
  const Counted whole = one_search(problem);
  EXPECT_EQ(sum(whole.profile).nodes, whole.stats.nodes);
  EXPECT_EQ(sum(whole.profile).failures, whole.stats.failures);
  for (unsigned threads : {1u, 2u}) {
    const Counted parts = split_search(problem, threads, plan);
    EXPECT_EQ(parts.stats.nodes, whole.stats.nodes) << threads << " thread(s)";
    EXPECT_EQ(parts.stats.failures, whole.stats.failures) << threads << " thread(s)";
    EXPECT_EQ(parts.stats.solutions, whole.stats.solutions) << threads << " thread(s)";
    EXPECT_EQ(parts.stats.counters, whole.stats.counters) << threads << " thread(s)";
    EXPECT_EQ(parts.profile, whole.profile) << threads << " thread(s)";
  }
}

csp::SearchOptions pruning(csp::Prune prune) {
  csp::SearchOptions options;
  options.prune = prune;
  return options;
}

sudoku::Grid hard_puzzle() {
  return sudoku::parse_grid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", "puzzle");
}

TEST(WorkCounters, NQueensCspExactOverSplitsAndThreads) {
  expect_exact(nqueens::CspQueens(9, pruning(csp::Prune::none)), "nqueens csp prune=none");
  expect_exact(nqueens::CspQueens(10, pruning(csp::Prune::forward)), "nqueens csp prune=forward");
  expect_exact(nqueens::CspQueens(10, pruning(csp::Prune::arc)), "nqueens csp prune=arc");
  expect_exact(nqueens::CspQueens(10, pruning(csp::Prune::forward), nqueens::Symmetry::mirror),
               "nqueens csp mirror (roots of depth 1)");
}

TEST(WorkCounters, NQueensDlxExactOverSplitsAndThreads) {
  expect_exact(nqueens::DlxQueens(10), "nqueens dlx");
  expect_exact(nqueens::DlxQueens(10, nqueens::Symmetry::mirror), "nqueens dlx mirror");
}

TEST(WorkCounters, SudokuExactOverSplitsAndThreads) {
  // A puzzle's tree is small: a smaller split still cuts it.
  constexpr SplitPlan tiny{16, 20};
  expect_exact(sudoku::DlxSudoku(hard_puzzle()), "sudoku dlx", tiny);
  // Without pruning the hard puzzle takes billions of checks: an easy one.
  const auto easy =
      sudoku::parse_grid("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", "puzzle");
  expect_exact(sudoku::CspSudoku(easy, pruning(csp::Prune::none)), "sudoku csp prune=none", tiny);
  expect_exact(sudoku::CspSudoku(hard_puzzle(), pruning(csp::Prune::forward)), "sudoku csp prune=forward", tiny);
}

TEST(WorkCounters, PentominoExactOverSplitsAndThreads) {
  expect_exact(polyomino::Tiling(polyomino::Board(3, 20), polyomino::pentominoes()), "pentomino 3x20");
}

// A split for a few subtrees lists a few siblings of the probe's path: the others stay
// with the first subtree (split.hpp, SplitTree::siblings_from), whose search then does
// the work the split would have done, and counts it.
TEST(WorkCounters, ExactWhenTheFirstSubtreeKeepsSiblings) {
  constexpr SplitPlan few{12, 100};
  constexpr SplitPlan fewer{4, 20};  // a puzzle's tree is small
  const nqueens::CspQueens csp(9, pruning(csp::Prune::forward));
  const nqueens::DlxQueens dlx(9);
  const sudoku::DlxSudoku sudoku(hard_puzzle());
  EXPECT_NE(split_tree(csp, few).siblings_from, SplitTree<nqueens::CspQueens>::no_siblings);
  EXPECT_NE(split_tree(dlx, few).siblings_from, SplitTree<nqueens::DlxQueens>::no_siblings);
  EXPECT_NE(split_tree(sudoku, fewer).siblings_from, SplitTree<sudoku::DlxSudoku>::no_siblings);
  expect_exact(csp, "nqueens csp, first subtree with siblings", few);
  expect_exact(dlx, "nqueens dlx, first subtree with siblings", few);
  expect_exact(sudoku, "sudoku dlx, first subtree with siblings", fewer);
}

TEST(WorkCounters, NoCountersStillExact) { expect_exact(nqueens::WordQueens(10), "nqueens word"); }

TEST(WorkCounters, WhatEachStrategyCounts) {
  // Dancing links: every node covers at least one column, and each cover is an update.
  const auto dlx = one_search(nqueens::DlxQueens(8)).stats;
  EXPECT_GT(dlx.counters.value[0], dlx.nodes);
  // Without pruning nothing is removed from a domain, but every candidate is checked.
  const auto none = one_search(nqueens::CspQueens(8, pruning(csp::Prune::none))).stats;
  EXPECT_EQ(none.counters.value[0], 0u);
  EXPECT_GT(none.counters.value[1], none.nodes);
  // Forward checking removes values; arc consistency removes at least as many per node
  // and visits fewer nodes.
  const auto forward = one_search(nqueens::CspQueens(8, pruning(csp::Prune::forward))).stats;
  const auto arc = one_search(nqueens::CspQueens(8, pruning(csp::Prune::arc))).stats;
  EXPECT_GT(forward.counters.value[0], forward.nodes);
  EXPECT_LE(arc.nodes, forward.nodes);
  EXPECT_GT(arc.counters.value[1], arc.counters.value[0]);
  // A problem without counters reports none.
  EXPECT_EQ(one_search(nqueens::WordQueens(8)).stats.counters, WorkCounters{});
  EXPECT_EQ(counter_names_of(nqueens::DlxQueens(8)), (std::vector<std::string>{"updates", "mems"}));
  EXPECT_EQ(counter_names_of(nqueens::CspQueens(8, pruning(csp::Prune::forward))),
            (std::vector<std::string>{"propagations", "checks"}));
  auto jumping = pruning(csp::Prune::forward);
  jumping.learn = csp::Learn::cbj;
  EXPECT_EQ(counter_names_of(nqueens::CspQueens(8, jumping)),
            (std::vector<std::string>{"propagations", "checks", "backjumps", "jumped"}));
  EXPECT_TRUE(counter_names_of(nqueens::WordQueens(8)).empty());
}

// An independent count: the placements of k non-attacking queens in the first k rows
// of an n x n board, k = 0 .. n, by brute force over every column of every row.
std::vector<std::uint64_t> partial_placements(int n) {
  std::vector<std::uint64_t> count(static_cast<std::size_t>(n) + 1, 0);
  std::vector<int> column(static_cast<std::size_t>(n), -1);
  auto place = [&](auto&& self, int row) -> void {
    ++count[static_cast<std::size_t>(row)];
    if (row == n) return;
    for (int c = 0; c < n; ++c) {
      bool attacked = false;
      for (int r = 0; r < row; ++r) {
        const int d = column[static_cast<std::size_t>(r)] - c;
        if (d == 0 || std::abs(d) == row - r) attacked = true;
      }
      if (attacked) continue;
      column[static_cast<std::size_t>(row)] = c;
      self(self, row + 1);
    }
  };
  place(place, 0);
  return count;
}

TEST(DepthProfile, NQueensWordCountsEveryPartialPlacement) {
  const auto expected = partial_placements(8);
  for (unsigned threads : {1u, 2u}) {
    const Counted c = split_search(nqueens::WordQueens(8), threads, SplitPlan{16, 50});
    ASSERT_EQ(c.profile.size(), expected.size());
    for (std::size_t k = 0; k < expected.size(); ++k) EXPECT_EQ(c.profile[k].nodes, expected[k]) << "depth " << k;
    EXPECT_EQ(c.profile.back().nodes, 92u);
    EXPECT_EQ(c.profile.back().failures, 0u);
    EXPECT_EQ(sum(c.profile).failures, c.stats.failures);
  }
}

TEST(DepthProfile, StoppedSearchStillAddsUp) {
  SearchLimits limits;
  limits.max_nodes = 1000;
  const nqueens::DlxQueens queens(10);  // the search keeps a reference to it
  DepthFirstSearch<nqueens::DlxQueens, CountOnly, true> search(queens, limits);
  const auto stats = search.run();
  EXPECT_EQ(stats.stop, StopReason::node_limit);
  EXPECT_EQ(sum(search.profile()).nodes, stats.nodes);
  EXPECT_EQ(sum(search.profile()).failures, stats.failures);
}

}  // namespace
}  // namespace backtrack
