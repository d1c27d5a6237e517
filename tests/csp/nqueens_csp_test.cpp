// N-Queens strategy csp against OEIS A000170, with every pruning and ordering.
#include <gtest/gtest.h>

#include "backtrack/engine.hpp"
#include "backtrack/nqueens/csp.hpp"
#include "backtrack/nqueens/dlx.hpp"

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
          EXPECT_EQ(count_solutions(CspQueens(n, {p, o, v, 3})).solutions, a000170[n])
              << "n = " << n << " " << to_string(p) << " " << to_string(o) << " " << to_string(v);
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

}  // namespace
}  // namespace backtrack::nqueens
