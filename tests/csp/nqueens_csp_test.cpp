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

TEST(NQueensCsp, EveryOptionAgreesWithDlx) {
  for (int n = 1; n <= 8; ++n) {
    const auto expected = count_solutions(DlxQueens(n)).solutions;
    for (auto p : {csp::Prune::none, csp::Prune::forward, csp::Prune::arc}) {
      for (auto o : {csp::VariableOrder::static_order, csp::VariableOrder::mrv, csp::VariableOrder::dom_deg}) {
        for (auto v : {csp::ValueOrder::min, csp::ValueOrder::mid, csp::ValueOrder::random}) {
          EXPECT_EQ(count_solutions(CspQueens(n, {p, o, v, 3})).solutions, expected) << "n = " << n;
        }
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
