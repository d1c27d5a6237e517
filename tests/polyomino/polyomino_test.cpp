// The published counts of pentomino tilings (e.g. Knuth, "Dancing Links", 2000).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "backtrack/engine.hpp"
#include "backtrack/polyomino/tiling.hpp"

namespace backtrack::polyomino {
namespace {

struct Counted {
  std::uint64_t all;
  std::uint64_t classes;
};

Counted count(const Board& board) {
  const Tiling tiling(board, pentominoes(), true);
  const auto stats = count_solutions(tiling);
  EXPECT_TRUE(stats.complete());
  return {static_cast<std::uint64_t>(stats.solutions), static_cast<std::uint64_t>(stats.representatives)};
}

TEST(Pentominoes, TwelvePiecesWith63Orientations) {
  const auto pieces = pentominoes();
  ASSERT_EQ(pieces.size(), 12u);
  std::size_t total = 0;
  for (const auto& piece : pieces) {
    EXPECT_EQ(piece.shape.size(), 5u) << piece.name;
    total += orientations(piece.shape).size();
  }
  EXPECT_EQ(total, 63u);  // X: 1, I: 2, T U V W Z: 4, F L N P Y: 8
  EXPECT_EQ(orientations(pieces[9].shape).size(), 1u);  // X
}

TEST(Pentominoes, BoardSymmetries) {
  EXPECT_EQ(Board(6, 10).symmetries().size(), 4u);
  EXPECT_EQ(Board::eight_by_eight_less_centre().symmetries().size(), 8u);
  EXPECT_EQ(Board(8, 8, {{0, 0}, {0, 1}, {1, 0}, {1, 1}}).symmetries().size(), 2u);  // one diagonal
}

TEST(Pentominoes, ThreeByTwenty) {
  const auto c = count(Board(3, 20));
  EXPECT_EQ(c.all, 8u);
  EXPECT_EQ(c.classes, 2u);
}

TEST(Pentominoes, FourByFifteen) {
  const auto c = count(Board(4, 15));
  EXPECT_EQ(c.all, 1472u);
  EXPECT_EQ(c.classes, 368u);
}

TEST(Pentominoes, FiveByTwelve) {
  const auto c = count(Board(5, 12));
  EXPECT_EQ(c.all, 4040u);
  EXPECT_EQ(c.classes, 1010u);
}

TEST(Pentominoes, SixByTen) {
  const auto c = count(Board(6, 10));
  EXPECT_EQ(c.all, 9356u);
  EXPECT_EQ(c.classes, 2339u);
}

TEST(Pentominoes, EightByEightLessTheCentre) {
  const auto c = count(Board::eight_by_eight_less_centre());
  EXPECT_EQ(c.all, 520u);
  EXPECT_EQ(c.classes, 65u);
}

TEST(Pentominoes, EveryTilingCoversTheBoardWithEachPieceOnce) {
  const Tiling tiling(Board(3, 20), pentominoes());
  std::set<std::vector<int>> seen;
  enumerate_solutions(tiling, [&](const Tiling::State&, std::span<const Tiling::Move> path, std::uint64_t) {
    const auto by_cell = tiling.pieces_by_cell(path);
    for (int piece = 0; piece < 12; ++piece) EXPECT_EQ(std::count(by_cell.begin(), by_cell.end(), piece), 5);
    seen.insert(by_cell);
  });
  EXPECT_EQ(seen.size(), 8u);
}

}  // namespace
}  // namespace backtrack::polyomino
