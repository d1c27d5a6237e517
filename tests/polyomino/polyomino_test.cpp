// The published counts of pentomino tilings (e.g. Knuth, "Dancing Links", 2000).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "backtrack/engine.hpp"
#include "backtrack/polyomino/board_option.hpp"
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

// --board and --holes, as the command line gives them.
TEST(BoardOption, BoxAndHoles) {
  EXPECT_EQ(parse_board("6x10", "").cells().size(), 60u);
  EXPECT_EQ(parse_board("8X8", "centre").cells().size(), 60u);
  const Board holed = parse_board("3x3", "0,0 2,2");
  EXPECT_EQ(holed.cells().size(), 7u);
  EXPECT_EQ(holed.index({0, 0}), -1);
}

// The product of the sides overflowed an int (65536x65536 wrapped to 0 cells and
// crashed; 46341x46341 failed to allocate): the sides are checked before it is taken.
TEST(BoardOption, TooLargeBoxesAreUsageErrorsNamingTheLimit) {
  for (const char* box : {"65536x65536", "46341x46341", "4097x1", "1x4097", "2147483647x2147483647", "65x64"}) {
    try {
      (void)parse_board(box, "");
      ADD_FAILURE() << box << " was accepted";
    } catch (const UsageError& e) {
      EXPECT_NE(std::string(e.what()).find("at most 4096 cells"), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(parse_board("1x4096", "").cells().size(), 4096u);
  EXPECT_EQ(parse_board("64x64", "").cells().size(), 4096u);
}

TEST(BoardOption, MalformedBoxesAndHoles) {
  for (const char* box : {"", "6", "6x", "x10", "6x10x", "0x10", "-6x10", "6*10", "99999999999x1"}) {
    EXPECT_THROW((void)parse_board(box, ""), UsageError) << box;
  }
  for (const char* holes : {"3,3 3,3", "6,0", "0,-1", "1;1", "1,1,", "centre 1,1"}) {
    EXPECT_THROW((void)parse_board("6x10", holes), UsageError) << holes;
  }
  EXPECT_THROW((void)parse_board("5x12", "centre"), UsageError);
}

}  // namespace
}  // namespace backtrack::polyomino
