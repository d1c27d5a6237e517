// N-Queens counts through the engine directly (count_solutions), every strategy,
// against OEIS A000170 / A002562 and against the test's own reference search.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "backtrack/engine.hpp"
#include "backtrack/problem.hpp"
#include "driver_made.hpp"
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
// and the node limit is exact there too. Boards these searches find are checked in
// BoardsBeyondOneWordAreValid: a plain search from the empty board finds none of 63 or
// 64 rows within a budget a test can afford.
TEST(Boundaries, WordAt64WithANodeLimit) {
  backtrack::SearchLimits limits;
  limits.max_nodes = 200000;
  for (int n : {63, 64}) {
    const auto stats = backtrack::count_solutions(backtrack::nqueens::WordQueens(n), limits);
    EXPECT_EQ(stats.stop, StopReason::node_limit);
    EXPECT_EQ(stats.nodes, limits.max_nodes);
    EXPECT_GE(stats.max_depth, 20);
    const auto full = backtrack::count_solutions(backtrack::nqueens::SymmetricWordQueens(n), limits);
    EXPECT_EQ(full.stop, StopReason::node_limit);
    EXPECT_EQ(full.nodes, limits.max_nodes);
  }
}

// First solutions, checked by the validator, for small boards.
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
}

// The boards a strategy finds below `given` (the queens of the first rows, as columns),
// searched as one subtree whose prefix is those queens: at most 100 of them.
template <class S, class ToMove>
std::vector<reference::Board> boards_below(const typename S::P& problem, const reference::Board& given,
                                           ToMove to_move) {
  using Move = typename S::P::Move;
  std::vector<Move> prefix;
  for (int c : given) prefix.push_back(to_move(c));
  std::vector<reference::Board> found;
  auto keep = [&](const auto&, std::span<const Move> path, std::uint64_t) {
    found.push_back(strategies::board_of<S>(path));
    return found.size() < 100;
  };
  backtrack::SearchLimits limits;
  limits.max_nodes = 5'000'000;
  backtrack::DepthFirstSearch<typename S::P, decltype(keep)> search(problem, limits, keep);
  search.run_subtree(prefix, 1);
  return found;
}

// Boards of 63 rows and more, up to the largest words and beyond them (bitset), filled
// by the strategies themselves: each search starts below the first rows of a solution
// built by construction (reference::constructed(), not the code under test) and must
// find the last `free_rows` rows, at least as the construction has them. Every board
// found is checked by the tests' own validator.
TEST(Boundaries, BoardsBeyondOneWordAreValid) {
  constexpr int free_rows = 12;
  for (int n : {63, 64, 65, 66, 80, 129}) {
    const auto known = reference::constructed(n);
    ASSERT_TRUE(reference::valid(known, n)) << "the construction itself, n = " << n;
    const reference::Board given(known.begin(), known.end() - free_rows);
    std::vector<std::pair<std::string, std::vector<reference::Board>>> found_by;
    if (n <= 64) {
      found_by.emplace_back("word", boards_below<strategies::Word>(backtrack::nqueens::WordQueens(n), given, [](int c) {
                              return std::uint64_t{1} << c;
                            }));
    }
    found_by.emplace_back("bitset", boards_below<strategies::Bitset>(backtrack::nqueens::BitsetQueens(n), given,
                                                                     [](int c) { return static_cast<std::size_t>(c); }));
    for (const auto& [name, found] : found_by) {
      ASSERT_FALSE(found.empty()) << name << " found no board, n = " << n;
      EXPECT_NE(std::find(found.begin(), found.end(), known), found.end()) << name << " n = " << n;
      for (const auto& board : found) {
        EXPECT_TRUE(reference::valid(board, n)) << name << " n = " << n;
        EXPECT_TRUE(std::equal(given.begin(), given.end(), board.begin())) << name << " n = " << n;
      }
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
