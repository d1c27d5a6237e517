// N-Queens counts through the engine directly (count_solutions), every strategy,
// against OEIS A000170 / A002562 and against the test's own reference search.
#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "backtrack/engine.hpp"
#include "backtrack/problem.hpp"
#include "reference.hpp"
#include "strategies.hpp"

namespace {

using backtrack::nqueens::Symmetry;
using backtrack::StopReason;

static_assert(backtrack::Problem<backtrack::nqueens::ScanQueens>);
static_assert(backtrack::Problem<backtrack::nqueens::ArrayQueens>);
static_assert(backtrack::Problem<backtrack::nqueens::BitsetQueens>);
static_assert(backtrack::Problem<backtrack::nqueens::WordQueens>);
static_assert(backtrack::Problem<backtrack::nqueens::SymmetricWordQueens>);
// The hooks each strategy means to offer.
static_assert(backtrack::HasAllowed<backtrack::nqueens::ScanQueens>);
static_assert(backtrack::HasAllowed<backtrack::nqueens::ArrayQueens>);
static_assert(backtrack::HasApplyUndo<backtrack::nqueens::BitsetQueens>);
static_assert(backtrack::HasChild<backtrack::nqueens::WordQueens>);
static_assert(!backtrack::HasAllowed<backtrack::nqueens::WordQueens>);
static_assert(backtrack::HasChild<backtrack::nqueens::SymmetricWordQueens>);
static_assert(backtrack::HasSolutionWeight<backtrack::nqueens::SymmetricWordQueens>);
static_assert(backtrack::HasRoots<backtrack::nqueens::SymmetricWordQueens>);
static_assert(backtrack::HasRoots<backtrack::nqueens::WordQueens>);

std::uint64_t u64(backtrack::uint128 v) { return static_cast<std::uint64_t>(v); }

class Counts : public ::testing::TestWithParam<std::tuple<std::string, Symmetry>> {};

TEST_P(Counts, OeisUpTo12) {
  const auto [name, symmetry] = GetParam();
  strategies::with_strategy(name, [&, symmetry = symmetry](auto s) {
    using S = decltype(s);
    for (int n = 1; n <= 12; ++n) {
      const auto stats = backtrack::count_solutions(typename S::P(n, symmetry));
      EXPECT_EQ(u64(stats.solutions), reference::a000170[n]) << "n = " << n;
      EXPECT_EQ(stats.stop, StopReason::none);
      if (symmetry == Symmetry::none) {
        EXPECT_EQ(u64(stats.representatives), reference::a000170[n]) << "n = " << n;
      } else {
        // Each mirrored pair is reached once (with the middle column of odd n: both members).
        EXPECT_LE(u64(stats.representatives), reference::a000170[n]) << "n = " << n;
        EXPECT_GE(2 * u64(stats.representatives), reference::a000170[n]) << "n = " << n;
      }
    }
  });
}

// The tree walked is the one the reference search walks: same nodes, failures and
// depth, for every strategy (they differ in how constraints are kept, not in the tree).
TEST_P(Counts, TreeMatchesReferenceSearch) {
  const auto [name, symmetry] = GetParam();
  strategies::with_strategy(name, [&, symmetry = symmetry](auto s) {
    using S = decltype(s);
    for (int n = 1; n <= 9; ++n) {
      const auto tree = symmetry == Symmetry::none ? reference::full_tree(n) : reference::mirror_tree(n);
      const auto stats = backtrack::count_solutions(typename S::P(n, symmetry));
      EXPECT_EQ(stats.nodes, tree.nodes) << "n = " << n;
      EXPECT_EQ(stats.failures, tree.failures) << "n = " << n;
      EXPECT_EQ(stats.max_depth, tree.max_depth) << "n = " << n;
      if (symmetry == Symmetry::none) {
        EXPECT_EQ(u64(stats.representatives), tree.solutions.size()) << "n = " << n;
      }
    }
  });
}

INSTANTIATE_TEST_SUITE_P(Strategies, Counts,
                         ::testing::Combine(::testing::Values("scan", "arrays", "bitset", "word"),
                                            ::testing::Values(Symmetry::none, Symmetry::mirror)),
                         [](const auto& info) {
                           std::string name = std::get<0>(info.param);
                           name += '_';
                           name += backtrack::nqueens::to_string(std::get<1>(info.param));
                           return name;
                         });

TEST(FullSymmetry, TotalsAndClassesUpTo12) {
  for (int n = 1; n <= 12; ++n) {
    const auto stats = backtrack::count_solutions(backtrack::nqueens::SymmetricWordQueens(n));
    EXPECT_EQ(u64(stats.solutions), reference::a000170[n]) << "n = " << n;
    EXPECT_EQ(u64(stats.representatives), reference::a002562[n]) << "n = " << n;
    EXPECT_EQ(stats.stop, StopReason::none);
  }
}

TEST(FullSymmetry, TotalsAndClasses13And14) {
  for (int n : {13, 14}) {
    const auto stats = backtrack::count_solutions(backtrack::nqueens::SymmetricWordQueens(n));
    EXPECT_EQ(u64(stats.solutions), reference::a000170[n]) << "n = " << n;
    EXPECT_EQ(u64(stats.representatives), reference::a002562[n]) << "n = " << n;
  }
}

class Larger : public ::testing::TestWithParam<std::tuple<std::string, Symmetry, int>> {};

TEST_P(Larger, Oeis) {
  const auto [name, symmetry, n] = GetParam();
  strategies::with_strategy(name, [&, symmetry = symmetry, n = n](auto s) {
    using S = decltype(s);
    const auto stats = backtrack::count_solutions(typename S::P(n, symmetry));
    EXPECT_EQ(u64(stats.solutions), reference::a000170[n]);
  });
}

// n = 13 and 14 for the strategies meant for speed. The bitset strategy at n = 14 is
// counted with mirror only: about twice as fast, and still every branch of the code.
INSTANTIATE_TEST_SUITE_P(BitsetAndWord, Larger,
                         ::testing::Values(std::tuple{"bitset", Symmetry::none, 13},
                                           std::tuple{"bitset", Symmetry::mirror, 13},
                                           std::tuple{"bitset", Symmetry::mirror, 14},
                                           std::tuple{"word", Symmetry::none, 13},
                                           std::tuple{"word", Symmetry::mirror, 13},
                                           std::tuple{"word", Symmetry::none, 14},
                                           std::tuple{"word", Symmetry::mirror, 14}),
                         [](const auto& info) {
                           std::string name = std::get<0>(info.param);
                           name += '_';
                           name += backtrack::nqueens::to_string(std::get<1>(info.param));
                           name += '_';
                           name += std::to_string(std::get<2>(info.param));
                           return name;
                         });

// The largest boards each word strategy takes: no shift past the word (UBSan watches),
// and what is found before the node limit is a valid board.
TEST(Boundaries, WordAt64WithANodeLimit) {
  backtrack::SearchLimits limits;
  limits.max_nodes = 200000;
  for (int n : {63, 64}) {
    const backtrack::nqueens::WordQueens word(n);
    std::vector<reference::Board> found;
    const auto stats = backtrack::enumerate_solutions(
        word,
        [&](const auto&, std::span<const std::uint64_t> path, std::uint64_t) {
          found.push_back(strategies::board_of<strategies::Word>(path));
        },
        limits);
    EXPECT_EQ(stats.nodes, limits.max_nodes);
    EXPECT_GE(stats.max_depth, 20);
    for (const auto& b : found) EXPECT_TRUE(reference::valid(b, n));
    const auto full = backtrack::count_solutions(backtrack::nqueens::SymmetricWordQueens(n), limits);
    EXPECT_EQ(full.stop, StopReason::node_limit);
    EXPECT_EQ(full.nodes, limits.max_nodes);
  }
}

// First solutions, checked by the validator, for small and for larger boards (the
// bitset strategy beyond 64 columns).
TEST(Boundaries, FirstSolutionIsValid) {
  backtrack::SearchLimits limits;
  limits.max_solutions = 1;
  for (const char* name : strategies::all_names) {
    strategies::with_strategy(name, [&](auto s) {
      using S = decltype(s);
      for (int n : {1, 4, 5, 8, 20, 25}) {
        reference::Board board;
        const typename S::P problem(n);
        const auto stats = backtrack::enumerate_solutions(
            problem,
            [&](const auto&, std::span<const typename S::P::Move> path, std::uint64_t) {
              board = strategies::board_of<S>(path);
            },
            limits);
        EXPECT_EQ(stats.stop, StopReason::solution_limit) << name << " n = " << n;
        EXPECT_TRUE(reference::valid(board, n)) << name << " n = " << n;
      }
    });
  }
  // Beyond one word, by the bitset strategy: the first solution is checked when the
  // search finds it within a node limit.
  limits.max_nodes = 5'000'000;
  for (int n : {65, 66, 80}) {
    reference::Board board;
    const backtrack::nqueens::BitsetQueens problem(n);
    const auto stats = backtrack::enumerate_solutions(
        problem,
        [&](const auto&, std::span<const std::size_t> path, std::uint64_t) {
          board = strategies::board_of<strategies::Bitset>(path);
        },
        limits);
    if (stats.stop == StopReason::solution_limit) {
      EXPECT_TRUE(reference::valid(board, n)) << "n = " << n;
    } else {
      EXPECT_EQ(stats.stop, StopReason::node_limit);
    }
  }
}

// No solutions: 2 and 3 queens, every strategy and symmetry.
TEST(Boundaries, NoSolutionFor2And3) {
  for (int n : {2, 3}) {
    for (Symmetry sym : {Symmetry::none, Symmetry::mirror}) {
      for (const char* name : strategies::all_names) {
        strategies::with_strategy(name, [&](auto s) {
          using S = decltype(s);
          const auto stats = backtrack::count_solutions(typename S::P(n, sym));
          EXPECT_EQ(u64(stats.solutions), 0u);
          EXPECT_GT(stats.failures, 0u);
        });
      }
    }
    const auto full = backtrack::count_solutions(backtrack::nqueens::SymmetricWordQueens(n));
    EXPECT_EQ(u64(full.solutions), 0u);
    EXPECT_EQ(u64(full.representatives), 0u);
  }
}

}  // namespace
