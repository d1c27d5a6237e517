// Every N-Queens solution listed through the engine, checked board by board with the
// test's own validator, and the symmetry classes checked with its own 8 transforms.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "backtrack/engine.hpp"
#include "driver_made.hpp"
#include "reference.hpp"
#include "strategies.hpp"

namespace {

using backtrack::nqueens::Symmetry;
using Boards = std::vector<reference::Board>;

struct Listed {
  Boards boards;                      // in the order reached
  std::vector<std::uint64_t> weights;
  backtrack::SearchStats stats;
};

template <class S>
Listed list(const typename S::P& problem) {
  Listed listed;
  listed.stats = backtrack::enumerate_solutions(
      problem, [&](const auto&, std::span<const typename S::P::Move> path, std::uint64_t weight) {
        const auto board = strategies::board_of<S>(path);
        // The strategy's own reading of the path agrees with the test's.
        EXPECT_EQ(problem.placement(path), board);
        listed.boards.push_back(board);
        listed.weights.push_back(weight);
      });
  return listed;
}

class Enumeration : public ::testing::TestWithParam<std::string> {};

// Symmetry none, n = 1..9: every board valid, none twice, A000170 of them, in the same
// (lexicographic) order as the reference search.
TEST_P(Enumeration, EveryBoardValidOnceInOrder) {
  strategies::with_strategy(GetParam(), [](auto s) {
    using S = decltype(s);
    for (int n = 1; n <= 9; ++n) {
      const auto listed = list<S>(typename S::P(n, Symmetry::none));
      std::set<reference::Board> distinct;
      for (const auto& b : listed.boards) {
        EXPECT_TRUE(reference::valid(b, n)) << "n = " << n;
        EXPECT_TRUE(distinct.insert(b).second) << "n = " << n << ": a board twice";
      }
      for (auto w : listed.weights) EXPECT_EQ(w, 1u);
      EXPECT_EQ(listed.boards.size(), reference::a000170[n]) << "n = " << n;
      EXPECT_EQ(u64(listed.stats.solutions), reference::a000170[n]);
      EXPECT_EQ(listed.boards, reference::full_tree(n).solutions) << "n = " << n;
    }
  });
}

// Mirror symmetry while listing: each board stands for itself and its left-right
// mirror image (weight 2), or only for itself when its first queen is in the middle
// column (weight 1); together they are every solution, once.
TEST_P(Enumeration, MirrorBoardsCoverEverySolutionOnce) {
  strategies::with_strategy(GetParam(), [](auto s) {
    using S = decltype(s);
    for (int n = 1; n <= 9; ++n) {
      const auto listed = list<S>(typename S::P(n, Symmetry::mirror));
      std::multiset<reference::Board> covered;
      std::uint64_t weighted = 0;
      for (std::size_t i = 0; i < listed.boards.size(); ++i) {
        const auto& b = listed.boards[i];
        EXPECT_TRUE(reference::valid(b, n));
        const bool middle = 2 * b[0] == n - 1;
        EXPECT_TRUE(2 * b[0] < n - 1 || middle) << "first queen in the left half";
        EXPECT_EQ(listed.weights[i], middle ? 1u : 2u);
        weighted += listed.weights[i];
        covered.insert(b);
        if (!middle) covered.insert(reference::transform(b, 1));
      }
      EXPECT_EQ(weighted, reference::a000170[n]);
      EXPECT_EQ(u64(listed.stats.solutions), reference::a000170[n]);
      const auto all = reference::full_tree(n).solutions;
      EXPECT_EQ(covered, std::multiset<reference::Board>(all.begin(), all.end())) << "n = " << n;
    }
  });
}

INSTANTIATE_TEST_SUITE_P(Strategies, Enumeration, ::testing::Values("scan", "arrays", "bitset", "word"),
                         [](const auto& info) { return info.param; });

// The four strategies list the same set (and sequence) of boards.
TEST(EnumerationAcrossStrategies, SameBoards) {
  for (int n = 1; n <= 9; ++n) {
    std::map<std::string, Boards> by_strategy;
    for (const char* name : strategies::all_names) {
      strategies::with_strategy(name, [&](auto s) {
        using S = decltype(s);
        by_strategy[name] = list<S>(typename S::P(n, Symmetry::none)).boards;
      });
    }
    for (const char* name : strategies::all_names) {
      EXPECT_EQ(by_strategy[name], by_strategy["scan"]) << name << " n = " << n;
    }
  }
}

// Full symmetry (SymmetricWordQueens), n = 1..10: the representatives are valid, their
// orbits under the 8 symmetries are disjoint, they cover exactly the set of all
// solutions, and the weight of each is the size of its orbit.
TEST(FullSymmetryEnumeration, OrbitsPartitionTheSolutions) {
  for (int n = 1; n <= 10; ++n) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const auto listed = list<strategies::SymmetricWord>(backtrack::nqueens::SymmetricWordQueens(n));
    EXPECT_EQ(listed.boards.size(), reference::a002562[n]);
    EXPECT_EQ(u64(listed.stats.representatives), reference::a002562[n]);
    EXPECT_EQ(u64(listed.stats.solutions), reference::a000170[n]);
    std::set<reference::Board> covered;
    std::uint64_t orbit_sizes = 0;
    std::uint64_t weights = 0;
    for (std::size_t i = 0; i < listed.boards.size(); ++i) {
      const auto& b = listed.boards[i];
      ASSERT_TRUE(reference::valid(b, n)) << reference::Board(b).size();
      const auto members = reference::orbit(b);
      EXPECT_EQ(listed.weights[i], members.size()) << "the weight is the size of the class";
      for (const auto& m : members) {
        EXPECT_TRUE(reference::valid(m, n));
        EXPECT_TRUE(covered.insert(m).second) << "two representatives of one class";
      }
      orbit_sizes += members.size();
      weights += listed.weights[i];
    }
    EXPECT_EQ(orbit_sizes, reference::a000170[n]);
    EXPECT_EQ(weights, reference::a000170[n]);
    const auto all = reference::full_tree(n).solutions;
    EXPECT_EQ(covered, std::set<reference::Board>(all.begin(), all.end()));
  }
}

// Class sizes: how many classes have 1, 2, 4 or 8 members, compared between the engine's
// weights and the test's own orbits (n = 10 has classes of size 4 and 8, n = 12 some
// of size 4; n = 1 has the one class of size 1).
TEST(FullSymmetryEnumeration, ClassSizeHistogram) {
  for (int n : {1, 4, 5, 6, 8, 10, 11, 12}) {
    const auto listed = list<strategies::SymmetricWord>(backtrack::nqueens::SymmetricWordQueens(n));
    std::map<std::uint64_t, int> from_weights;
    for (auto w : listed.weights) ++from_weights[w];
    const auto all = reference::full_tree(n).solutions;
    std::set<reference::Board> seen;
    std::map<std::uint64_t, int> from_orbits;
    for (const auto& b : all) {
      if (seen.count(b)) continue;
      const auto members = reference::orbit(b);
      seen.insert(members.begin(), members.end());
      ++from_orbits[members.size()];
    }
    EXPECT_EQ(from_weights, from_orbits) << "n = " << n;
  }
}

// The reference itself: its transforms are symmetries (a valid board stays valid), and
// it reproduces the first OEIS terms.
TEST(Reference, SelfCheck) {
  for (int n = 1; n <= 8; ++n) {
    const auto tree = reference::full_tree(n);
    EXPECT_EQ(tree.solutions.size(), reference::a000170[n]);
    for (const auto& b : tree.solutions) {
      for (int t = 0; t < 8; ++t) EXPECT_TRUE(reference::valid(reference::transform(b, t), n));
    }
  }
  EXPECT_FALSE(reference::valid({0, 1}, 2));
  EXPECT_FALSE(reference::valid({1, 3, 0, 3}, 4));   // same column
  EXPECT_FALSE(reference::valid({0, 2, 4, 1}, 4));   // off the board
  EXPECT_FALSE(reference::valid({1, 3, 0}, 4));      // too few queens
  EXPECT_TRUE(reference::valid({1, 3, 0, 2}, 4));
  EXPECT_EQ(reference::orbit({1, 3, 0, 2}).size(), 2u);
}

}  // namespace
