// Strategy border (constellations of border queens, fewest free squares first): counts
// against OEIS A000170 through the engine and through the registry as the driver uses
// it, the orbit weights, and when the plugin chooses it by default.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "backtrack/engine.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/nqueens/constellations.hpp"
#include "backtrack/registry.hpp"
#include "backtrack/solution.hpp"
#include "driver_made.hpp"
#include "reference.hpp"

namespace {

using backtrack::SearchMode;
using backtrack::StopReason;
using backtrack::nqueens::ConstellationQueens;
using backtrack::nqueens::Symmetry;

TEST(Border, EngineCountsEverySymmetryUpTo12) {
  for (Symmetry symmetry : {Symmetry::none, Symmetry::mirror, Symmetry::full}) {
    for (int n = 1; n <= 12; ++n) {
      const auto stats = backtrack::count_solutions(ConstellationQueens(n, symmetry));
      EXPECT_EQ(u64(stats.solutions), reference::a000170[n]) << to_string(symmetry) << " n = " << n;
      EXPECT_EQ(stats.stop, StopReason::none);
    }
  }
}

// Every open row needs a column of its own: where the open rows' free squares lie in
// fewer columns than there are open rows, the node is a dead end, even though each row
// has a free square. (A state made by hand: rows 1 and 2 open, only column 1 free.)
TEST(Border, TooFewColumnsForTheOpenRowsIsADeadEnd) {
  const ConstellationQueens problem(4);
  ConstellationQueens::State s;
  s.open_rows = 0b0110;
  s.columns = 0b1101;
  int moves = 0;
  for (const auto& move : problem.candidates(s)) {
    (void)move;
    ++moves;
  }
  EXPECT_EQ(moves, 0);
  s.open_rows = 0b0010;  // one open row, one free column: its square
  moves = 0;
  for (const auto& move : problem.candidates(s)) {
    EXPECT_EQ(move.row, 1);
    EXPECT_EQ(move.column_bit, 0b0010u);
    ++moves;
  }
  EXPECT_EQ(moves, 1);
}

// One root per orbit, weighted with the orbit's size: the weights add up to the number
// of constellations, each of which is a root of its own without symmetry.
TEST(Border, OrbitWeightsCoverEveryConstellation) {
  for (int n = 1; n <= 14; ++n) {
    const auto every = ConstellationQueens(n, Symmetry::none).roots();
    for (const auto& root : every) EXPECT_EQ(root.weight, 1u);
    for (Symmetry symmetry : {Symmetry::mirror, Symmetry::full}) {
      std::uint64_t covered = 0;
      for (const auto& root : ConstellationQueens(n, symmetry).roots()) {
        EXPECT_TRUE(root.weight == 1 || root.weight == 2 || root.weight == 4 || root.weight == 8);
        covered += root.weight;
      }
      EXPECT_EQ(covered, every.size()) << to_string(symmetry) << " n = " << n;
    }
  }
}

// The roots are a checkpoint's list of subtrees: which constellation stands for its orbit,
// and in what order they come, must not change when the listing gets faster. Here the
// list is made the slow, plain way: every placement of the four border queens, in the
// order top, bottom, left, right; kept when they are at peace and their sorted squares
// come first among the images under the symmetry group.
TEST(Border, RootsAreTheSmallestOfEachOrbitInTheirOrder) {
  using Square = std::pair<int, int>;
  for (int n = 1; n <= 18; ++n) {
    const int m = n - 1;
    const auto images = [&](std::vector<Square> squares, int group) {
      std::vector<std::vector<Square>> all;
      for (int t = 0; t < group; ++t) {
        std::vector<Square> image;
        for (auto [r, c] : squares) {
          const int rr = t & 2 ? m - r : r;
          const int cc = t & 1 ? m - c : c;
          image.push_back(t & 4 ? Square{cc, rr} : Square{rr, cc});
        }
        std::sort(image.begin(), image.end());
        all.push_back(image);
      }
      return all;
    };
    for (Symmetry symmetry : {Symmetry::none, Symmetry::mirror, Symmetry::full}) {
      const int group = symmetry == Symmetry::full ? 8 : symmetry == Symmetry::mirror ? 2 : 1;
      std::vector<std::pair<std::vector<Square>, std::uint64_t>> expected;
      for (int top = 0; top < n; ++top) {
        for (int bottom = 0; bottom < n; ++bottom) {
          for (int left = 0; left < n; ++left) {
            for (int right = 0; right < n; ++right) {
              std::set<Square> set{{0, top}, {m, bottom}, {left, 0}, {right, m}};
              std::vector<Square> squares(set.begin(), set.end());
              bool peace = true;
              for (std::size_t i = 0; i < squares.size(); ++i) {
                for (std::size_t j = i + 1; j < squares.size(); ++j) {
                  const int dr = squares[i].first - squares[j].first;
                  const int dc = squares[i].second - squares[j].second;
                  peace = peace && dr != 0 && dc != 0 && dr != dc && dr != -dc;
                }
              }
              // Each line holds one queen: a corner queen is in two lines, or none is.
              int in_lines = 0;
              for (auto [r, c] : squares) in_lines += (r == 0) + (r == m) + (c == 0) + (c == m);
              if (!peace || in_lines != 4 || (n == 1 && squares.size() != 1)) continue;
              const auto all = images(squares, group);
              if (*std::min_element(all.begin(), all.end()) != squares) continue;
              const auto fixed = static_cast<std::uint64_t>(std::count(all.begin(), all.end(), squares));
              expected.emplace_back(squares, static_cast<std::uint64_t>(group) / fixed);
            }
          }
        }
      }
      const auto roots = ConstellationQueens(n, symmetry).roots();
      ASSERT_EQ(roots.size(), expected.size()) << to_string(symmetry) << " n = " << n;
      for (std::size_t i = 0; i < roots.size(); ++i) {
        std::vector<Square> squares;
        for (const auto& move : roots[i].prefix) squares.emplace_back(move.row, std::countr_zero(move.column_bit));
        EXPECT_EQ(squares, expected[i].first) << to_string(symmetry) << " n = " << n << " root " << i;
        EXPECT_EQ(roots[i].weight, expected[i].second) << to_string(symmetry) << " n = " << n << " root " << i;
      }
    }
  }
}

// Through the registry and the Solver, 1 and 2 threads, every symmetry: totals only.
TEST(Border, RegistryCountsUpTo13) {
  for (const std::string symmetry : {"", "none", "mirror", "full"}) {
    for (unsigned threads : {1u, 2u}) {
      for (int n = 1; n <= 13; ++n) {
        std::vector<std::string> args{"-n", std::to_string(n)};
        if (!symmetry.empty()) args.insert(args.end(), {"--symmetry", symmetry});
        const auto solver = make(args, SearchMode::count, "border");
        const auto result = count(*solver, threads);
        EXPECT_EQ(u64(result.stats.solutions), reference::a000170[n])
            << "symmetry '" << symmetry << "' threads " << threads << " n = " << n;
        EXPECT_EQ(result.stats.stop, StopReason::none);
        EXPECT_FALSE(result.reports_classes) << "constellation orbits are not classes of solutions";
        if (symmetry == "none") {
          EXPECT_EQ(u64(result.stats.representatives), reference::a000170[n]);
        }
        EXPECT_NE(solver->description().find("strategy=border"), std::string::npos);
      }
    }
  }
}

// The split run walks the same tree as one search, for both thread counts.
TEST(Border, SplitStatsMatchOneSearch) {
  for (Symmetry symmetry : {Symmetry::none, Symmetry::full}) {
    const int n = 11;
    const auto one = backtrack::count_solutions(ConstellationQueens(n, symmetry));
    for (unsigned threads : {1u, 2u}) {
      const auto result =
          count(*make({"-n", std::to_string(n), "--symmetry", std::string(to_string(symmetry))}, SearchMode::count,
                      "border"),
                threads);
      EXPECT_EQ(result.stats.nodes, one.nodes);
      EXPECT_EQ(result.stats.failures, one.failures);
      EXPECT_EQ(result.stats.solutions, one.solutions);
      EXPECT_EQ(result.stats.max_depth, one.max_depth);
    }
  }
}

// A plain count uses border from n = 14 to 32; classes (--symmetry full, --unique) stay with
// word, and smaller boards keep reporting classes.
TEST(Border, DefaultForLargePlainCounts) {
  const auto small = make({"-n", "13"}, SearchMode::count, "");
  EXPECT_NE(small->description().find("strategy=word"), std::string::npos) << small->description();
  const auto large = make({"-n", "14"}, SearchMode::count, "");
  EXPECT_NE(large->description().find("strategy=border"), std::string::npos) << large->description();
  const auto result = count(*large, 2);
  EXPECT_EQ(u64(result.stats.solutions), reference::a000170[14]);
  EXPECT_FALSE(result.reports_classes);
  const auto classes = make({"-n", "14", "--symmetry", "full"}, SearchMode::count, "");
  EXPECT_NE(classes->description().find("strategy=word"), std::string::npos) << classes->description();
  EXPECT_NE(make({"-n", "10"}, SearchMode::unique, "")->description().find("strategy=word"), std::string::npos);
  EXPECT_NE(make({"-n", "33"}, SearchMode::count, "")->description().find("strategy=word"), std::string::npos);
}

TEST(Border, RefusesWhatItCannotDo) {
  using backtrack::UsageError;
  EXPECT_THROW(make({"-n", "8"}, SearchMode::unique, "border"), UsageError);
  EXPECT_THROW(make({"-n", "33"}, SearchMode::count, "border"), UsageError);
  EXPECT_THROW(make({"-n", "8", "--place", "0:0"}, SearchMode::count, "border"), UsageError);
  EXPECT_NO_THROW(make({"-n", "32"}, SearchMode::count, "border"));
}

// Opt-in: n = 14..17 on two threads, the default symmetry (full).
TEST(SlowCounts, Border14To17) {
  const char* slow = std::getenv("BACKTRACK_SLOW_TESTS");
  if (slow == nullptr || std::string(slow) != "1") GTEST_SKIP() << "set BACKTRACK_SLOW_TESTS=1 to run";
  for (int n = 14; n <= 17; ++n) {
    const auto result = count(*make({"-n", std::to_string(n)}, SearchMode::count, "border"), 2);
    EXPECT_EQ(u64(result.stats.solutions), reference::a000170[n]) << "n = " << n;
  }
}

}  // namespace
