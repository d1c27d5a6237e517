// The published counts of pentomino tilings (e.g. Knuth, "Dancing Links", 2000).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "backtrack/engine.hpp"
#include "backtrack/polyomino/board_option.hpp"
#include "backtrack/polyomino/check.hpp"
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

// Every tiling's picture, as `solve` prints it, one string with a newline a row.
std::set<std::string> pictures_of_every_tiling(const Board& board) {
  const Tiling tiling(board, pentominoes());
  std::set<std::string> pictures;
  enumerate_solutions(tiling, [&](const Tiling::State&, std::span<const Tiling::Move> path, std::uint64_t) {
    std::string picture;
    for (const auto& line : tiling.picture(path)) picture += line + '\n';
    pictures.insert(picture);
  });
  return pictures;
}

// `backtrack check pentomino` judges a picture valid exactly when it is one of the tilings
// the search lists (whose number is the published one): every tiling of 3x20 and of 8x8
// less its centre, and every 3x20 picture two cells of a tiling swapped.
TEST(PentominoCheck, ValidExactlyForTheTilingsTheSearchFinds) {
  for (const Board& board : {Board(3, 20), Board::eight_by_eight_less_centre()}) {
    for (const auto& picture : pictures_of_every_tiling(board)) {
      const auto verdict = check_solution("solution 1\n" + picture + "\nproblem: pentomino\n", "test");
      EXPECT_TRUE(verdict.valid) << verdict.message << '\n' << picture;
      EXPECT_TRUE(check_solution(picture, "test").valid) << "a picture alone";
    }
  }
  const auto tilings = pictures_of_every_tiling(Board(3, 20));
  ASSERT_EQ(tilings.size(), 8u);
  std::size_t judged = 0;
  for (const auto& tiling : tilings) {
    for (std::size_t i = 0; i < tiling.size(); ++i) {
      for (std::size_t j = i + 1; j < tiling.size(); ++j) {
        if (tiling[i] == '\n' || tiling[j] == '\n' || tiling[i] == tiling[j]) continue;
        std::string swapped = tiling;
        std::swap(swapped[i], swapped[j]);
        const auto verdict = check_solution(swapped, "test");
        EXPECT_EQ(verdict.valid, tilings.count(swapped) == 1) << verdict.message << '\n' << swapped;
        EXPECT_TRUE(verdict.message.starts_with(verdict.valid ? "valid: " : "invalid: ")) << verdict.message;
        ++judged;
      }
    }
  }
  EXPECT_GT(judged, 8u * 1000);
}

TEST(PentominoCheck, NamesTheRuleBroken) {
  const std::string tiling = *pictures_of_every_tiling(Board(3, 20)).begin();
  const auto message = [](std::string picture) { return check_solution(picture, "test").message; };
  std::string uncovered = tiling;
  uncovered[0] = '.';
  EXPECT_EQ(message(uncovered), "invalid: the cell at row 1, column 1 is not covered");
  std::string unknown = tiling;
  std::replace(unknown.begin(), unknown.end(), 'X', 'Q');
  EXPECT_TRUE(message(unknown).starts_with("invalid: Q at row ")) << message(unknown);
  std::string missing = tiling;
  std::replace(missing.begin(), missing.end(), 'X', ' ');
  EXPECT_EQ(message(missing), "invalid: X is missing (each of the 12 pentominoes once)");
  try {
    check_solution("\n\n", "test");
    ADD_FAILURE() << "an empty input was judged";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "test:1:1: no tiling in the input (rows of piece letters, ' ' for a hole)");
  }
  try {
    check_solution("solution 1\n\nUUX?\n", "<stdin>");
    ADD_FAILURE() << "a picture with '?' was judged";
  } catch (const InputError& e) {
    EXPECT_TRUE(std::string(e.what()).starts_with("<stdin>:3:4: '?' is neither")) << e.what();
  }
}

// --shape and --holes, as the command line gives them.
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
