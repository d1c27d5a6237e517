// N-Queens strategy csp against OEIS A000170, with every pruning and ordering.
#include <gtest/gtest.h>

#include "backtrack/engine.hpp"
#include "backtrack/nqueens/csp.hpp"
#include "backtrack/nqueens/dlx.hpp"
#include "backtrack/split.hpp"
#include "int_solutions.hpp"

namespace backtrack::nqueens {
namespace {

constexpr std::uint64_t a000170[] = {1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200};

TEST(NQueensCsp, ForwardCheckingMatchesA000170UpTo12) {
  for (int n = 1; n <= 12; ++n) {
    const csp::SearchOptions fc{csp::Prune::forward, csp::VariableOrder::static_order, csp::ValueOrder::min, 1};
    EXPECT_EQ(count_solutions(CspQueens(n, fc)).solutions, a000170[n]) << "n = " << n;
  }
}

TEST(NQueensCsp, EveryOptionMatchesA000170AndDlx) {
  for (int n = 1; n <= 9; ++n) {
    const auto expected = count_solutions(DlxQueens(n)).solutions;
    EXPECT_EQ(expected, a000170[n]);
    for (auto p : csp::all_prunes) {
      for (auto o : csp::all_variable_orders) {
        for (auto v : csp::all_value_orders) {
          for (auto b : csp::all_branchings) {
            // Two children a node with the orders that prefer small domains (as csp_test.cpp).
            const bool two_children = b == csp::Branching::binary || csp::halves(v);
            if (two_children && o != csp::VariableOrder::mrv && o != csp::VariableOrder::dom_wdeg) continue;
            const csp::SearchOptions options{.prune = p, .variables = o, .values = v, .seed = 3, .branching = b};
            EXPECT_EQ(count_solutions(CspQueens(n, options)).solutions, a000170[n])
                << "n = " << n << " " << to_string(p) << " " << to_string(o) << " " << to_string(v) << " "
                << to_string(b);
          }
        }
      }
    }
  }
}

TEST(NQueensCsp, EachPruneAndOrderMatchesA000170At10And11) {
  for (int n : {10, 11}) {
    for (auto p : {csp::Prune::forward, csp::Prune::arc, csp::Prune::gac}) {
      for (auto o : csp::all_variable_orders) {
        EXPECT_EQ(count_solutions(CspQueens(n, {p, o, csp::ValueOrder::min, 1})).solutions, a000170[n])
            << "n = " << n << " " << to_string(p) << " " << to_string(o);
      }
    }
  }
}

TEST(NQueensCsp, MirrorSymmetryAndArcConsistencyAt10) {
  const csp::SearchOptions mac{csp::Prune::arc, csp::VariableOrder::mrv, csp::ValueOrder::min, 1};
  EXPECT_EQ(count_solutions(CspQueens(10, mac, Symmetry::mirror)).solutions, 724u);
  const csp::SearchOptions fc{csp::Prune::forward, csp::VariableOrder::static_order, csp::ValueOrder::min, 1};
  const auto with = count_solutions(CspQueens(10, fc, Symmetry::mirror));
  const auto without = count_solutions(CspQueens(10, fc));
  EXPECT_EQ(with.solutions, 724u);
  EXPECT_LT(with.nodes, without.nodes);
}

TEST(NQueensCsp, PruningCutsTheTree) {
  const csp::SearchOptions none{csp::Prune::none, csp::VariableOrder::static_order, csp::ValueOrder::min, 1};
  const csp::SearchOptions fc{csp::Prune::forward, csp::VariableOrder::static_order, csp::ValueOrder::min, 1};
  const csp::SearchOptions mac{csp::Prune::arc, csp::VariableOrder::static_order, csp::ValueOrder::min, 1};
  const auto a = count_solutions(CspQueens(9, none));
  const auto b = count_solutions(CspQueens(9, fc));
  const auto c = count_solutions(CspQueens(9, mac));
  EXPECT_EQ(a.solutions, 352u);
  EXPECT_EQ(b.solutions, 352u);
  EXPECT_EQ(c.solutions, 352u);
  EXPECT_LT(c.nodes, b.nodes);
}

// dom-wdeg chooses by what failed before: a split whose probe stops at different
// places must still cut one tree into pieces that add up, and each piece must be searched
// the same whichever search ran before it on its thread.
TEST(NQueensCsp, DomWdegSplitsAddUpWhereverTheProbeStops) {
  for (auto p : csp::all_prunes) {
    const CspQueens problem(10, {p, csp::VariableOrder::dom_wdeg, csp::ValueOrder::min, 1});
    for (std::uint64_t probe : {0, 10, 100, 1000}) {
      const auto split = split_tree(problem, SplitPlan{64, probe});
      std::uint64_t forward = split.above.solutions, backward = split.above.solutions;
      std::uint64_t forward_nodes = 0, backward_nodes = 0;
      DepthFirstSearch<CspQueens> in_order(problem, {}), reversed(problem, {});
      for (std::size_t i = 0; i < split.subtrees.size(); ++i) {
        const auto a = search_subtree_of(split, i, in_order);
        const auto b = search_subtree_of(split, split.subtrees.size() - 1 - i, reversed);
        forward += static_cast<std::uint64_t>(a.solutions);
        forward_nodes += a.nodes;
        backward += static_cast<std::uint64_t>(b.solutions);
        backward_nodes += b.nodes;
      }
      EXPECT_EQ(forward, a000170[10]) << to_string(p) << " probe " << probe;
      EXPECT_EQ(backward, a000170[10]) << to_string(p) << " probe " << probe;
      EXPECT_EQ(forward_nodes, backward_nodes) << to_string(p) << " probe " << probe;
    }
  }
}

// The integer layer's searches that restart, each leaving out what the ones before
// finished (nogoods), count what one search counts: without symmetry, and with the
// mirror's roots (each search starts at the root where the last one stopped).
TEST(NQueensCsp, IntegerLayerCountsTheSameWithRestarts) {
  for (int n = 4; n <= 8; ++n) {
    for (const Symmetry symmetry : {Symmetry::none, Symmetry::mirror}) {
      for (const auto values : {csp::ValueOrder::min, csp::ValueOrder::split}) {
        for (const auto& schedule : csp::short_restarts) {
          const IntCspQueens queens(n, {csp::Prune::arc, csp::VariableOrder::dom_wdeg, values, 7}, symmetry);
          std::uint64_t cutoffs = 0;
          EXPECT_EQ(csp::count_with_restarts(queens, schedule, &cutoffs).solutions, a000170[n])
              << "n = " << n << " " << (symmetry == Symmetry::none ? "none" : "mirror") << " "
              << to_string(values);
          if (n >= 6) {
            EXPECT_GT(cutoffs, 0U) << "n = " << n;
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace backtrack::nqueens
