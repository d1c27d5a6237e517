// What a hostile or careless user can hand compare: file names that would be gnuplot
// code, plot targets that cannot be drawn, a size that is no size, a board that sets the
// size; and what any command's messages do with the text they quote.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "compare_table.hpp"
#include "run_process.hpp"

namespace {

using cli::run;

using cli::contains;

bool has_gnuplot() { return std::system("command -v gnuplot >/dev/null 2>&1") == 0; }

// A fresh directory that the test and the programs it runs work in (they inherit it):
// whatever gnuplot might be made to create lands here, and goes with it.
class ScratchDirectory {
 public:
  ScratchDirectory()
      : previous_(std::filesystem::current_path()),
        path_(std::filesystem::temp_directory_path() / ("backtrack-trust-" + std::to_string(getpid()))) {
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
    std::filesystem::current_path(path_);
  }
  ~ScratchDirectory() {
    std::filesystem::current_path(previous_);
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchDirectory(const ScratchDirectory&) = delete;
  ScratchDirectory& operator=(const ScratchDirectory&) = delete;

 private:
  std::filesystem::path previous_;
  std::filesystem::path path_;
};

void write(const std::string& name, const std::string& text) { std::ofstream(name, std::ios::binary) << text; }

std::string empty_board(int n) {
  std::string text;
  for (int r = 0; r < n; ++r) text += std::string(static_cast<std::size_t>(n), '.') + "\n";
  return text;
}

// ---------------------------------------------------------------------------------
// --plot: no user text is ever gnuplot code; the picture is what its name says.

TEST(ComparePlot, ABoardFileNameIsNeverGnuplotCode) {
  if (!has_gnuplot()) GTEST_SKIP() << "gnuplot is not installed";
  const ScratchDirectory scratch;
  write("b.txt", ".Q..\n....\n....\n....\n");
  // A newline ended gnuplot's quoted string, and the next line ran as a command; the
  // other name tries each other way out of a string: its quotes, `backquotes`, @macros.
  const std::string newline = "c\nsystem(\"touch PWNED\")\nx.txt";
  const std::string quotes = "q'\"`touch PWNED2`@x;#.txt";
  std::filesystem::copy_file("b.txt", newline);
  std::filesystem::copy_file("b.txt", quotes);
  const auto o = run({"compare", "nqueens", "-n", "4", "--strategy", "word", "--vary",
                      "file=" + newline + "," + quotes + ",b.txt", "--plot", "o.svg"});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_FALSE(std::filesystem::exists("PWNED")) << "a file name ran a gnuplot command";
  EXPECT_FALSE(std::filesystem::exists("PWNED2")) << "a file name ran a shell command";
  EXPECT_TRUE(contains(cli::slurp("o.svg"), "<svg")) << o.err;
  EXPECT_TRUE(contains(cli::slurp("o.svg"), "b.txt")) << "the lines keep their names";
}

TEST(ComparePlot, TargetsThatCannotBeDrawnAreRefusedBeforeAnyRun) {
  const ScratchDirectory scratch;
  // A device (copying onto it failed only after every run), formats gnuplot is not asked
  // for, and no extension at all.
  for (const std::string target : {"/dev/null", "times.jpg", "times.svg.txt", "times"}) {
    const auto o = run({"compare", "nqueens", "-n", "5..7", "--plot", target});
    EXPECT_EQ(o.exit_code, 64) << target << ": " << o.err;
    EXPECT_EQ(o.out, "") << target << ": the table is never computed for a plot that cannot be drawn";
    EXPECT_TRUE(contains(o.err, "--plot")) << o.err;
  }
}

TEST(ComparePlot, APngNameGetsAPng) {
  if (!has_gnuplot()) GTEST_SKIP() << "gnuplot is not installed";
  const ScratchDirectory scratch;
  const auto o = run({"compare", "nqueens", "-n", "5..6", "--strategy", "word", "--plot", "Times.PNG"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_TRUE(cli::slurp("Times.PNG").starts_with("\x89PNG\r\n")) << "the PNG signature, not an SVG";
  const auto svg = run({"compare", "nqueens", "-n", "5..6", "--strategy", "word", "--plot", "times.svg"});
  ASSERT_EQ(svg.exit_code, 0) << svg.err;
  EXPECT_TRUE(contains(cli::slurp("times.svg"), "<svg"));
}

// ---------------------------------------------------------------------------------
// The size: given as a size, or left to the problem as solve leaves it.

TEST(CompareSize, AnEmptyOrMalformedSizeIsAUsageError) {
  for (const auto& size : std::vector<std::vector<std::string>>{
           {"-n", ""}, {"--size="}, {"--size", ""}, {"-n", "8x"}, {"-n", "4..x"}, {"-n", "4,,6"}}) {
    std::vector<std::string> args = {"compare", "nqueens", "--strategy", "word"};
    args.insert(args.end(), size.begin(), size.end());
    const auto o = run(args);
    EXPECT_EQ(o.exit_code, 64) << size.back() << ": " << o.err;
    EXPECT_EQ(o.out, "") << "no row runs with a size that was not given";
  }
  EXPECT_TRUE(contains(run({"compare", "nqueens", "-n", ""}).err, "-n is empty"));
}

TEST(CompareSize, ABoardSetsTheSizeWhenNIsNotGiven) {
  const ScratchDirectory scratch;
  write("b10", empty_board(10));
  const auto solve = run({"solve", "nqueens", "--file", "b10", "--format", "json"});
  ASSERT_EQ(solve.exit_code, 0) << solve.err;
  const auto o = run({"compare", "nqueens", "--file", "b10", "--strategy", "word,arrays", "--format", "json"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto table = cli::compare_table(o.out);
  ASSERT_EQ(table["rows"].size(), 2u) << o.out;
  for (const auto& row : table["rows"]) {
    EXPECT_EQ(row["n"], 10) << row;
    EXPECT_EQ(row["solutions"], "724") << "the 10-queens count: the board's size, not the default 8";
  }
  const auto text = run({"compare", "nqueens", "--file", "b10", "--strategy", "word"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_TRUE(text.out.find("\n10 ") != std::string::npos || text.out.find("\n 10 ") != std::string::npos)
      << text.out;
  // As solve: a size given that the board contradicts is the board's error.
  EXPECT_EQ(run({"solve", "nqueens", "-n", "8", "--file", "b10"}).exit_code, 65);
  EXPECT_EQ(run({"compare", "nqueens", "-n", "8", "--file", "b10"}).exit_code, 65);
  // Without a board, the default size, as before.
  const auto plain = cli::compare_table(run({"compare", "nqueens", "--strategy", "word", "--format", "json"}).out);
  EXPECT_EQ(plain["rows"][0]["n"], 8);
}

// ---------------------------------------------------------------------------------
// Speed: search seconds against search seconds, never the program's start-up.

TEST(CompareSpeed, TheFastestStrategyIsNeverRankedBelowAnother) {
  // Trees of 10^5 nodes and more (856,189 at n = 12), one thread: word, the fastest of
  // these by a factor of two or more, first in the table, where the program's start-up
  // and the first thread's start used to land.
  const auto o = run({"compare", "nqueens", "-n", "12", "--strategy", "word,scan,arrays,bitset", "-j", "1",
                      "--format", "json"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto rows = cli::compare_table(o.out)["rows"];
  ASSERT_EQ(rows.size(), 4u) << o.out;
  const auto& word = rows[0];
  ASSERT_EQ(word["strategy"], "word");
  for (const auto& row : rows) {
    EXPECT_GE(row["nodes"].get<double>(), 1e5) << row;
    EXPECT_GE(word["speed"].get<double>(), row["speed"].get<double>()) << row;
    EXPECT_LE(word["search_seconds"].get<double>(), row["search_seconds"].get<double>()) << row;
  }
  // Each speed is the first row's search seconds over the row's: known when the row is
  // done, so that it is printed at once.
  for (const auto& row : rows) {
    EXPECT_NEAR(row["speed"].get<double>(), word["search_seconds"].get<double>() / row["search_seconds"].get<double>(),
                1e-9 * row["speed"].get<double>()) << row;
  }
}

TEST(CompareSpeed, TheBaselineIsTheRowItNames) {
  const auto o = run({"compare", "nqueens", "-n", "9..10", "--strategy", "scan,word", "--baseline", "word",
                      "--format", "json"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto table = cli::compare_table(o.out);
  // The baseline runs first at each size, so that every row's speed is known when it is done.
  ASSERT_EQ(table["rows"].size(), 4u) << o.out;
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(table["rows"][i]["strategy"], i % 2 == 0 ? "word" : "scan") << i;
    EXPECT_EQ(table["rows"][i]["n"], i < 2 ? 9 : 10) << i;
  }
  for (const auto& row : table["rows"]) {
    if (row["strategy"] == "word") {
      EXPECT_EQ(row["speed"], 1.0) << row;
    } else {
      EXPECT_LT(row["speed"].get<double>(), 1.0) << "scan, slower than word: " << row;
    }
  }
  // With a varied option, a row is named as the table names it.
  const auto varied = run({"compare", "nqueens", "-n", "8", "--strategy", "csp", "--vary", "prune=none,forward",
                           "--baseline", "csp prune=none", "--format", "json"});
  ASSERT_EQ(varied.exit_code, 0) << varied.err;
  const auto rows = cli::compare_table(varied.out)["rows"];
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0]["speed"], 1.0) << rows[0];

  const auto wrong = run({"compare", "nqueens", "-n", "8", "--strategy", "scan,word", "--baseline", "wrod"});
  EXPECT_EQ(wrong.exit_code, 64);
  EXPECT_EQ(wrong.out, "") << "refused before any row runs";
  EXPECT_TRUE(contains(wrong.err, "--baseline 'wrod' names no row")) << wrong.err;
  EXPECT_TRUE(contains(wrong.err, "did you mean 'word'")) << wrong.err;
}

// ---------------------------------------------------------------------------------
// Messages quote user text on one line, control characters escaped, long text cut.

std::size_t lines_in(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

TEST(Messages, EscapeControlCharactersOfAFile) {
  const ScratchDirectory scratch;
  write("board", "\x1b[2J.\n..\n");
  const auto o = run({"solve", "nqueens", "--file", "board"});
  EXPECT_EQ(o.exit_code, 65) << o.err;
  EXPECT_FALSE(contains(o.err, "\x1b")) << "the terminal's escape reached the terminal";
  EXPECT_TRUE(contains(o.err, "'\\x1b'")) << o.err;
  EXPECT_EQ(lines_in(o.err), 1u) << o.err;
}

TEST(Messages, CutALongToken) {
  const std::string token(100000, 'x');
  const auto o = run({"solve", "nqueens", "-n", "8", "--place", token + ":1"});
  EXPECT_EQ(o.exit_code, 65) << o.err.substr(0, 200);
  EXPECT_LT(o.err.size(), 500u) << "the token is echoed whole";
  EXPECT_TRUE(contains(o.err, std::string(60, 'x') + "...'")) << o.err.substr(0, 200);
}

TEST(Messages, EscapeControlCharactersOfArguments) {
  // Quoted by the program (a command's name) and by Boost (an option's value).
  for (const auto& args : std::vector<std::vector<std::string>>{{"so\x1b]0;x\x07lve"},
                                                                 {"compare", "nqueens", "--repeat", "1\n\x1b[2J"},
                                                                 {"compare", "nqueens", "-n", "1\n2"}}) {
    const auto o = run(args);
    EXPECT_EQ(o.exit_code, 64) << o.err;
    EXPECT_FALSE(contains(o.err, "\x1b")) << o.err;
    EXPECT_EQ(lines_in(o.err), 1u) << o.err;
  }
}

}  // namespace
