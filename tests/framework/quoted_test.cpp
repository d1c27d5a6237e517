// Messages show user text through shown() and in_quotes(): one line, no terminal control, short.
#include "backtrack/quoted.hpp"

#include <gtest/gtest.h>

#include <string>

using backtrack::in_quotes;
using backtrack::shown;

TEST(Quoted, PlainTextIsQuotedAsItIs) {
  EXPECT_EQ(in_quotes("board.txt"), "'board.txt'");
  EXPECT_EQ(in_quotes(""), "''");
  EXPECT_EQ(in_quotes("n\xc3\xa4me"), "'n\xc3\xa4me'");  // UTF-8 is text, not control
}

TEST(Quoted, ControlCharactersAreEscaped) {
  EXPECT_EQ(in_quotes("a\nb\tc\rd"), "'a\\nb\\tc\\rd'");
  EXPECT_EQ(in_quotes("\x1b[2J"), "'\\x1b[2J'");  // the terminal's escape: shown, not sent
  EXPECT_EQ(in_quotes(std::string("a\0b", 3)), "'a\\x00b'");
  EXPECT_EQ(in_quotes("\x7f"), "'\\x7f'");
}

TEST(Quoted, LongTextIsShortenedWithAnEllipsis) {
  const std::string token(100000, 'x');
  EXPECT_EQ(in_quotes(token), "'" + std::string(60, 'x') + "...'");
  EXPECT_EQ(in_quotes(std::string(60, 'y')), "'" + std::string(60, 'y') + "'");  // exactly the limit: whole
  EXPECT_EQ(in_quotes("abcdef", 3), "'abc...'");
}

TEST(Quoted, AUtf8CharacterIsNotCutInTwo) {
  // "ä" is two bytes; a cut after the first would leave half a character.
  EXPECT_EQ(in_quotes("a\xc3\xa4z", 2), "'a...'");
  EXPECT_EQ(in_quotes("a\xc3\xa4z", 3), "'a\xc3\xa4...'");
}

TEST(Shown, IsQuotedWithoutTheQuotes) {
  EXPECT_EQ(shown("9"), "9");
  EXPECT_EQ(shown("1:0\n3:0"), "1:0\\n3:0");
  // append, not operator+: GCC 12 warns falsely (-Warray-bounds) of the operator inlined
  // into a build without UBSan's null and alignment checks.
  EXPECT_EQ(shown(std::string(61, 'z')), std::string(60, 'z').append("..."));
}
