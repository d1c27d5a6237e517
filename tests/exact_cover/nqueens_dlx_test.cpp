// N-Queens strategy dlx against OEIS A000170.
#include <gtest/gtest.h>

#include <set>

#include "backtrack/engine.hpp"
#include "backtrack/nqueens/dlx.hpp"

namespace backtrack::nqueens {
namespace {

constexpr std::uint64_t a000170[] = {1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200};

TEST(NQueensDlx, CountsMatchA000170UpTo12) {
  for (int n = 1; n <= 12; ++n) {
    EXPECT_EQ(count_solutions(DlxQueens(n)).solutions, a000170[n]) << "n = " << n;
  }
}

TEST(NQueensDlx, MirrorSymmetryCountsTheSame) {
  for (int n = 1; n <= 10; ++n) {
    EXPECT_EQ(count_solutions(DlxQueens(n, Symmetry::mirror)).solutions, a000170[n]) << "n = " << n;
  }
}

TEST(NQueensDlx, SolutionsAreDistinctValidPlacements) {
  const DlxQueens queens(8);
  std::set<Placement> seen;
  enumerate_solutions(queens, [&](const DlxQueens::State&, std::span<const int> path, std::uint64_t) {
    const auto p = queens.placement(path);
    for (int r = 0; r < 8; ++r) {
      for (int s = 0; s < r; ++s) {
        EXPECT_NE(p[r], p[s]);
        EXPECT_NE(std::abs(p[r] - p[s]), r - s);
      }
    }
    seen.insert(p);
  });
  EXPECT_EQ(seen.size(), 92u);
}

}  // namespace
}  // namespace backtrack::nqueens
