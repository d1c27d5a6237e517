// The exact-cover layer on matrices small enough to check by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "backtrack/engine.hpp"
#include "backtrack/exact_cover/dancing_links.hpp"

namespace backtrack::exact_cover {
namespace {

std::vector<std::vector<int>> all_covers(const DancingLinks& dlx) {
  std::vector<std::vector<int>> covers;
  enumerate_solutions(dlx, [&](const DancingLinks::State&, std::span<const int> path, std::uint64_t) {
    auto rows = dlx.rows_of(path);
    std::sort(rows.begin(), rows.end());
    covers.push_back(rows);
  });
  std::sort(covers.begin(), covers.end());
  return covers;
}

// Knuth's example from "Dancing Links": the only cover is rows 0, 3 and 4.
TEST(DancingLinks, KnuthsExample) {
  Matrix m(7);
  m.add_row({2, 4, 5});     // 0: C E F
  m.add_row({0, 3, 6});     // 1: A D G
  m.add_row({1, 2, 5});     // 2: B C F
  m.add_row({0, 3});        // 3: A D
  m.add_row({1, 6});        // 4: B G
  m.add_row({3, 4, 6});     // 5: D E G
  const DancingLinks dlx(m);
  EXPECT_EQ(all_covers(dlx), (std::vector<std::vector<int>>{{0, 3, 4}}));
}

TEST(DancingLinks, EveryPartitionOfASet) {
  // All non-empty subsets of {0,1,2,3} as rows: the covers are the set partitions, Bell(4) = 15.
  Matrix m(4);
  for (int mask = 1; mask < 16; ++mask) {
    std::vector<int> columns;
    for (int c = 0; c < 4; ++c) {
      if ((mask >> c & 1) != 0) columns.push_back(c);
    }
    m.add_row(columns);
  }
  EXPECT_EQ(count_solutions(DancingLinks(m)).solutions, 15u);
}

TEST(DancingLinks, SecondaryColumnsAreCoveredAtMostOnce) {
  Matrix m(2, 1);
  m.add_row({0, 2});  // 0
  m.add_row({1, 2});  // 1: clashes with 0 on the secondary column
  m.add_row({1});     // 2
  m.add_row({0});     // 3
  // {0,2}, {3,1}, {3,2}; not {0,1}.
  EXPECT_EQ(all_covers(DancingLinks(m)), (std::vector<std::vector<int>>{{0, 2}, {1, 3}, {2, 3}}));
}

TEST(DancingLinks, NoCoverWhenAColumnIsEmpty) {
  Matrix m(3);
  m.add_row({0, 1});
  const auto stats = count_solutions(DancingLinks(m));
  EXPECT_EQ(stats.solutions, 0u);
  EXPECT_EQ(stats.nodes, 1u);
}

TEST(DancingLinks, PreselectedRowsAreFixed) {
  Matrix m(4);
  for (int mask = 1; mask < 16; ++mask) {
    std::vector<int> columns;
    for (int c = 0; c < 4; ++c) {
      if ((mask >> c & 1) != 0) columns.push_back(c);
    }
    m.add_row(columns);
  }
  // Row r is the subset with bit mask r + 1; row 1 is {1}: partitions of {0,2,3} remain, Bell(3) = 5.
  const std::vector<int> fixed{1};
  EXPECT_EQ(count_solutions(DancingLinks(m, fixed)).solutions, 5u);
  const std::vector<int> overlapping{0, 4};  // {0} and {0,2}
  EXPECT_THROW(DancingLinks(m, overlapping), std::invalid_argument);
}

TEST(DancingLinks, UndoRestoresTheMatrixExactly) {
  Matrix m(4);
  for (int mask = 1; mask < 16; ++mask) {
    std::vector<int> columns;
    for (int c = 0; c < 4; ++c) {
      if ((mask >> c & 1) != 0) columns.push_back(c);
    }
    m.add_row(columns);
  }
  const DancingLinks dlx(m);
  auto state = dlx.root();
  const auto before = state;
  for (int x : dlx.candidates(state)) {
    dlx.apply(state, x);
    for (int y : dlx.candidates(state)) {
      dlx.apply(state, y);
      dlx.undo(state, y);
    }
    dlx.undo(state, x);
  }
  ASSERT_EQ(state.nodes.size(), before.nodes.size());
  for (std::size_t i = 0; i < state.nodes.size(); ++i) {
    EXPECT_EQ(state.nodes[i].left, before.nodes[i].left);
    EXPECT_EQ(state.nodes[i].right, before.nodes[i].right);
    EXPECT_EQ(state.nodes[i].up, before.nodes[i].up);
    EXPECT_EQ(state.nodes[i].down, before.nodes[i].down);
  }
  EXPECT_EQ(state.size, before.size);
}

TEST(DancingLinks, RejectsBadRows) {
  Matrix m(2);
  EXPECT_THROW(m.add_row({0, 2}), std::invalid_argument);
  EXPECT_THROW(m.add_row({1, 1}), std::invalid_argument);
}

}  // namespace
}  // namespace backtrack::exact_cover

namespace backtrack::exact_cover {
namespace {

// Two rows may share a secondary column only in one colour (Knuth's XCC).
TEST(ColouredDancingLinks, RowsShareASecondaryColumnInOneColour) {
  Matrix m(3, 1);
  const int a[] = {0, 3}, b[] = {1, 3}, c[] = {2, 3};
  const int red[] = {0, 1}, blue[] = {0, 2};
  m.add_row(a, red);
  m.add_row(b, red);
  m.add_row(c, blue);
  m.add_row({2});
  EXPECT_TRUE(m.coloured());
  EXPECT_EQ(count_solutions(ColouredDancingLinks(m)).solutions, 1u);  // a, b and the plain c
  EXPECT_THROW(DancingLinks{m}, std::invalid_argument);               // the plain loops know no colours
  const int on_primary[] = {0, 3}, colour_on_primary[] = {1, 0};
  EXPECT_THROW(m.add_row(on_primary, colour_on_primary), std::invalid_argument);
  const int twice[] = {1, 1};
  EXPECT_THROW(m.add_row(twice), std::invalid_argument);
  EXPECT_EQ(m.add_row({1}), 4);  // a refused row leaves no trace
}

// Mems counted by hand, step by step, as the top of dancing_links.hpp defines them.
TEST(DancingLinks, MemsAsCountedByHand) {
  Matrix m(2);
  m.add_row({0, 1});  // the one row, covering A and B
  const DancingLinks dlx(m);
  auto s = dlx.root();
  EXPECT_EQ(dlx.counters(s).value[1], 0u);
  const int x = *dlx.candidates(s).begin();
  EXPECT_EQ(s.mems, 5u);  // the root's right (1); A's size and next (2); B's (2)
  // x's column and right (2); cover(A): the header (4 + 1 for its first row), x's right
  // (1), B's node unlinked (8), the next row (1); B's node: its column (1), cover(B),
  // now empty (5), the next node (1).
  dlx.apply(s, x);
  EXPECT_EQ(s.mems, 5u + 24u);
  EXPECT_TRUE(dlx.is_solution(s));
  dlx.undo(s, x);  // the same accesses, backwards
  EXPECT_EQ(s.mems, 5u + 24u + 24u);
  EXPECT_EQ(s.updates, 3u);
  const auto stats = count_solutions(dlx);  // the engine's walk is those three steps
  EXPECT_EQ(stats.counters.value[0], 3u);
  EXPECT_EQ(stats.counters.value[1], 53u);
}

TEST(ColouredDancingLinks, MemsAsCountedByHand) {
  Matrix m(2, 1);  // A, B primary; X secondary
  const int a[] = {0, 2}, b[] = {1, 2}, red[] = {0, 1}, blue[] = {0, 2};
  m.add_row(a, red);   // A X:red
  m.add_row(b, red);   // B X:red
  m.add_row(b, blue);  // B X:blue
  const ColouredDancingLinks dlx(m);
  auto s = dlx.root();
  const int first = *dlx.candidates(s).begin();  // A, fewer rows: 1 + 2 + 2
  EXPECT_EQ(dlx.row_of(first), 0);
  // 2; cover(A): 5, its row's right 1, X's node (colour 1, unlinked 8), next row 1;
  // commit X: colour 1, purify: 2, the red row marked (1 + 2), the blue row hidden (its
  // right 1, B's node 1 + 8), then 2; the next node 1.
  dlx.apply(s, first);
  EXPECT_EQ(s.mems, 5u + 37u);
  const int second = *dlx.candidates(s).begin();  // B, one row left: 1 + 2
  EXPECT_EQ(dlx.row_of(second), 1);
  // 2; cover(B): 5, its row's right 1, X's node marked (skipped: 2), next row 1; commit
  // X, marked: its colour 1, nothing more; the next node 1.
  dlx.apply(s, second);
  EXPECT_EQ(s.mems, 5u + 37u + 3u + 13u);
  EXPECT_TRUE(dlx.is_solution(s));
  dlx.undo(s, second);
  dlx.undo(s, first);
  EXPECT_EQ(s.mems, 5u + 37u + 3u + 13u + 13u + 37u);
  EXPECT_EQ(s.updates, 4u);
  const auto stats = count_solutions(dlx);
  EXPECT_EQ(stats.solutions, 1u);
  EXPECT_EQ(stats.counters.value[1], 108u);
}

}  // namespace
}  // namespace backtrack::exact_cover
