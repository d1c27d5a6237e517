// The command line as people and scripts expect it: suggestions for mistakes, the
// LeetCode form of N-Queens, solutions or summary alone, shell completion, the manual.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "nqueens/reference.hpp"
#include "run_process.hpp"

namespace {

using cli::lines_of;
using cli::run;

// The candidates of `backtrack complete` for the last of `words`.
std::vector<std::string> complete_words(std::vector<std::string> words) {
  const std::string index = std::to_string(words.size() - 1);
  words.insert(words.begin(), {"complete", index});
  return lines_of(run(words).out);
}

using cli::contains;

// A board drawn as rows of 'Q' and '.', read back as the column of each row's queen
// (-1 where a row does not hold exactly one queen, which the validator rejects).
reference::Board board_of_rows(const nlohmann::json& rows) {
  reference::Board board;
  for (const auto& row : rows) {
    const auto text = row.get<std::string>();
    const auto first = text.find('Q');
    const bool one = first != std::string::npos && text.find('Q', first + 1) == std::string::npos &&
                     text.find_first_not_of("Q.") == std::string::npos;
    board.push_back(one ? static_cast<int>(first) : -1);
  }
  return board;
}

// ---------------------------------------------------------------------------------
// One name for one idea across commands; traps that gave a wrong impression.

TEST(Naming, CompareTakesStrategyAsSolveDoesAndStillReadsTheOldName) {
  const auto o = run({"compare", "nqueens", "-n", "6", "--strategy", "word,scan", "--format", "csv"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(lines_of(o.out).size(), 3u) << "a header and two rows: " << o.out;
  EXPECT_EQ(o.err, "");
  const auto old = run({"compare", "nqueens", "-n", "6", "--strategies", "word,scan", "--format", "csv"});
  ASSERT_EQ(old.exit_code, 0) << old.err;
  EXPECT_EQ(lines_of(old.out).size(), 3u) << old.out;
  EXPECT_TRUE(contains(old.err, "--strategies is now --strategy")) << old.err;
  const auto both = run({"compare", "nqueens", "-n", "6", "--strategies", "word", "--strategy", "scan"});
  EXPECT_EQ(both.exit_code, 64);
  EXPECT_TRUE(contains(both.err, "--strategies is now --strategy")) << both.err;
  EXPECT_TRUE(contains(both.err, "'--strategy' cannot be specified more than once")) << both.err;
  EXPECT_TRUE(contains(run({"compare", "--help"}).out, "--strategy")) << "the new name in the help";
  EXPECT_FALSE(contains(run({"compare", "--help"}).out, "--strategies")) << "the old one not shown";
}

TEST(Naming, ListNamesOneProblem) {
  const auto one = run({"list", "nqueens"});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_TRUE(one.out.starts_with("nqueens")) << one.out;
  EXPECT_FALSE(contains(one.out, "sudoku")) << one.out;
  const auto json = nlohmann::json::parse(run({"list", "sudoku", "--format", "json"}).out);
  ASSERT_EQ(json.at("problems").size(), 1u);
  EXPECT_EQ(json.at("problems").at(0).at("name"), "sudoku");
  const auto wrong = run({"list", "nqeuens"});
  EXPECT_EQ(wrong.exit_code, 64);
  EXPECT_TRUE(contains(wrong.err, "did you mean 'nqueens'?")) << wrong.err;
}

// `list` alone is one line a problem, name first: every option of every problem was
// hundreds of lines; `list PROBLEM` holds them.
TEST(Naming, ListIsOneLineAProblem) {
  const auto all = run({"list"});
  ASSERT_EQ(all.exit_code, 0) << all.err;
  const auto problems = nlohmann::json::parse(run({"list", "--format", "json"}).out).at("problems");
  const auto lines = lines_of(all.out);
  ASSERT_EQ(lines.size(), problems.size()) << all.out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string name = problems.at(i).at("name");
    EXPECT_TRUE(lines[i].starts_with(name + "  ")) << lines[i];
    EXPECT_TRUE(lines[i].ends_with(problems.at(i).at("summary").get<std::string>())) << lines[i];
  }
  EXPECT_FALSE(contains(all.out, "strategies:")) << all.out;
  const auto one = run({"list", "nqueens"});
  EXPECT_TRUE(contains(one.out, "strategies:")) << one.out;
  EXPECT_TRUE(contains(one.out, "--symmetry")) << one.out;
}

TEST(Naming, HelpNamesEachValue) {
  const auto help = run({"solve", "nqueens", "--help"}).out;
  for (const std::string shown : {"--time-limit SECONDS", "--threads ] N", "--max-nodes N", "--max-failures N",
                                  "--limit K", "--size ] N", "--symmetry none|mirror|full", "--file ] FILE",
                                  "--checkpoint FILE"}) {
    EXPECT_TRUE(contains(help, shown)) << shown << " in:\n" << help;
  }
  EXPECT_FALSE(contains(help, " arg ")) << "Boost's placeholder for any value:\n" << help;
  const auto compare = run({"compare", "--help"}).out;
  EXPECT_TRUE(contains(compare, "--strategy ] S1,S2,...")) << compare;
  EXPECT_TRUE(contains(compare, "--vary OPTION=V1,V2,...")) << compare;
  EXPECT_FALSE(contains(compare, " arg ")) << compare;
}

TEST(Naming, AValueOfTheWrongFormSaysWhatItShouldLookLike) {
  const auto seconds = run({"solve", "nqueens", "--time-limit", "0.5s"});
  EXPECT_EQ(seconds.exit_code, 64);
  EXPECT_TRUE(contains(seconds.err, "--time-limit takes SECONDS, a number such as 2.5 (no unit)")) << seconds.err;
  const auto size = run({"solve", "nqueens", "-n", "eight"});
  EXPECT_EQ(size.exit_code, 64);
  EXPECT_TRUE(contains(size.err, "--size takes N, a whole number such as 12")) << size.err;
}

TEST(Traps, AnUnknownProblemPointsToPlugins) {
  const auto o = run({"solve", "knight"});
  EXPECT_EQ(o.exit_code, 64);
  EXPECT_TRUE(contains(o.err, "unknown problem 'knight'")) << o.err;
  EXPECT_TRUE(contains(o.err, "--plugin")) << o.err;
  EXPECT_TRUE(contains(o.err, "BACKTRACK_PLUGIN_PATH")) << o.err;
}

TEST(Traps, SudokuAndXccReadAPipeAndRefuseATerminal) {
  const std::string puzzle = testing::TempDir() + "piped_sudoku.txt";
  const std::string problem = testing::TempDir() + "piped.xcc";
  std::ofstream(puzzle) << "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
  std::ofstream(problem) << "a b\na\nb\na b\n";  // two exact covers: {a, b} and {a b}
  const auto sudoku = cli::run_with_stdin({"solve", "sudoku", "--count"}, puzzle);
  const auto xcc = cli::run_with_stdin({"solve", "xcc", "--count"}, problem);
  std::remove(puzzle.c_str());
  std::remove(problem.c_str());
  EXPECT_EQ(sudoku.exit_code, 0) << sudoku.err;
  EXPECT_EQ(cli::field(sudoku.out, "solutions"), "1") << sudoku.out;
  EXPECT_EQ(xcc.exit_code, 0) << xcc.err;
  EXPECT_EQ(cli::field(xcc.out, "solutions"), "2") << xcc.out;

  // A terminal: refused at once, saying how to give the input.
  const int terminal = posix_openpt(O_RDWR | O_NOCTTY);
  if (terminal < 0 || grantpt(terminal) != 0 || unlockpt(terminal) != 0) GTEST_SKIP() << "no pseudo-terminal here";
  const std::string device = ptsname(terminal);
  const auto waiting_sudoku = cli::run_with_stdin({"solve", "sudoku"}, device);
  const auto waiting_xcc = cli::run_with_stdin({"solve", "xcc"}, device);
  close(terminal);
  EXPECT_EQ(waiting_sudoku.exit_code, 64) << waiting_sudoku.err;
  EXPECT_TRUE(contains(waiting_sudoku.err, "--file FILE, --puzzle TEXT or a pipe")) << waiting_sudoku.err;
  EXPECT_TRUE(contains(waiting_sudoku.err, "standard input is a terminal")) << waiting_sudoku.err;
  EXPECT_EQ(waiting_xcc.exit_code, 64) << waiting_xcc.err;
  EXPECT_TRUE(contains(waiting_xcc.err, "--file FILE or a pipe")) << waiting_xcc.err;
}

TEST(Traps, CheckRefusesATerminalAsSolveDoes) {
  const int terminal = posix_openpt(O_RDWR | O_NOCTTY);
  if (terminal < 0 || grantpt(terminal) != 0 || unlockpt(terminal) != 0) GTEST_SKIP() << "no pseudo-terminal here";
  const std::string device = ptsname(terminal);
  const auto waiting = cli::run_with_stdin({"check", "sudoku"}, device);
  close(terminal);
  EXPECT_EQ(waiting.exit_code, 64) << waiting.err;
  EXPECT_TRUE(contains(waiting.err, "check reads a solution from FILE or a pipe")) << waiting.err;
  EXPECT_TRUE(contains(waiting.err, "standard input is a terminal")) << waiting.err;
  // A pipe is read as before.
  const std::string grid = testing::TempDir() + "checked_sudoku.txt";
  std::ofstream(grid) << "534678912672195348198342567859761423426853791713924856961537284287419635345286179\n";
  const auto piped = cli::run_with_stdin({"check", "sudoku"}, grid);
  std::remove(grid.c_str());
  EXPECT_EQ(piped.exit_code, 0) << piped.err;
}

// `-size 8` is no `-s ize`: the long option is named.
TEST(Traps, ALongOptionWithOneDashNamesTheLongOption) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"solve", "nqueens", "-size", "8"}, "did you mean --size?"},
      {{"solve", "nqueens", "-size=8"}, "did you mean --size=8?"},
      {{"compare", "nqueens", "-n", "6", "-strategy", "word"}, "did you mean --strategy?"},
  };
  for (const auto& [args, suggestion] : cases) {
    const auto o = run(args);
    EXPECT_EQ(o.exit_code, 64) << o.err;
    EXPECT_EQ(o.out, "");
    EXPECT_TRUE(contains(o.err, "a long option takes two dashes, " + suggestion)) << o.err;
  }
  // Short options, alone or with their value, read as before.
  EXPECT_EQ(run({"solve", "nqueens", "-n8", "-sword"}).exit_code, 0);
}

TEST(Help, CompleteAndManualHaveHelp) {
  for (const auto& command : {"complete", "manual"}) {
    const auto o = run({command, "--help"});
    EXPECT_EQ(o.exit_code, 0) << o.err;
    EXPECT_TRUE(contains(o.out, std::string("Usage: backtrack ") + command)) << o.out;
    EXPECT_TRUE(contains(o.out, "  64 ")) << o.out;
  }
}

TEST(Traps, UniqueIsRefusedWhereNoSymmetryIsDeclared) {
  const std::string puzzle = testing::TempDir() + "unique_trap.txt";
  std::ofstream(puzzle) << "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
  const auto o = run({"solve", "sudoku", "--file", puzzle, "--unique"});
  std::remove(puzzle.c_str());
  EXPECT_EQ(o.exit_code, 64) << o.out;
  EXPECT_EQ(o.out, "");
  EXPECT_TRUE(contains(o.err, "declares no symmetry: --all lists every solution")) << o.err;
  // Where a symmetry is declared, --unique runs as before.
  const auto queens = run({"solve", "nqueens", "-n", "6", "--unique"});
  EXPECT_EQ(queens.exit_code, 0) << queens.err;
  EXPECT_EQ(cli::field(queens.out, "classes"), "1") << queens.out;
}

// Sudoku's default strategy goes by the grid's size: bits up to 16x16, csp at domain
// consistency with dom-wdeg on a 25x25 grid, where bits gives up on puzzles Gecode
// solves (docs/performance.md); the run says which it chose, and --strategy still rules.
TEST(Defaults, SudokuChoosesItsStrategyByTheGridsSize) {
  std::string grid;  // a 25x25 grid, rows shifted by whole boxes, then every other cell emptied
  for (int r = 0; r < 25; ++r) {
    for (int c = 0; c < 25; ++c) {
      const int value = ((r % 5) * 5 + r / 5 + c) % 25 + 1;
      grid += (r + c) % 2 == 0 ? '.' : value <= 9 ? static_cast<char>('0' + value) : static_cast<char>('A' + value - 10);
    }
  }
  const auto large = run({"solve", "sudoku", "--puzzle", grid, "--first"});
  ASSERT_EQ(large.exit_code, 0) << large.err;
  const auto problem = cli::field(large.out, "problem").value_or("");
  EXPECT_TRUE(contains(problem, "size=25x25")) << large.out;
  EXPECT_TRUE(contains(problem, "strategy=csp prune=domain order=dom-wdeg")) << large.out;
  // Given, --strategy and --order rule over the defaults.
  const auto named = run({"solve", "sudoku", "--puzzle", grid, "--first", "--strategy", "csp", "--order", "mrv"});
  ASSERT_EQ(named.exit_code, 0) << named.err;
  EXPECT_TRUE(contains(cli::field(named.out, "problem").value_or(""), "strategy=csp prune=domain order=mrv"))
      << named.out;
  const auto bits = run({"solve", "sudoku", "--puzzle", grid, "--first", "--strategy", "bits"});
  ASSERT_EQ(bits.exit_code, 0) << bits.err;
  EXPECT_TRUE(contains(cli::field(bits.out, "problem").value_or(""), "strategy=bits")) << bits.out;
  EXPECT_EQ(cli::field(bits.out, "solutions"), cli::field(large.out, "solutions"));

  const auto nine = run({"solve", "sudoku", "--puzzle",
                         "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", "--first"});
  ASSERT_EQ(nine.exit_code, 0) << nine.err;
  EXPECT_TRUE(contains(cli::field(nine.out, "problem").value_or(""), "size=9x9 givens=30 strategy=bits")) << nine.out;
}

// ---------------------------------------------------------------------------------
// A mistyped command, problem, strategy, option or value: the nearest known one.

TEST(DidYouMean, SuggestsTheNearestWord) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"slove", "nqueens"}, "did you mean 'solve'?"},
      {{"solve", "nqeuens"}, "did you mean 'nqueens'?"},
      {{"solve", "nqueens", "--strategy", "wrod"}, "did you mean 'word'?"},
      {{"solve", "nqueens", "--frist"}, "did you mean --first?"},
      {{"solve", "nqueens", "--symetry", "none"}, "did you mean --symmetry?"},
      {{"solve", "nqueens", "--symmetry", "mirorr"}, "did you mean 'mirror'?"},
      {{"solve", "nqueens", "--format", "jsno"}, "did you mean 'json'?"},
      {{"compare", "nqueens", "-n", "6", "--strategy", "word,scna"}, "did you mean 'scan'?"},
      {{"compare", "nqueens", "-n", "6", "--repaet", "2"}, "did you mean --repeat?"},
      {{"estimate", "sudoku", "--strategy", "dxl"}, "did you mean 'dlx'?"},
  };
  for (const auto& [args, suggestion] : cases) {
    const auto o = run(args);
    EXPECT_EQ(o.exit_code, 64) << args[1] << ' ' << o.err;
    EXPECT_EQ(o.out, "");
    EXPECT_TRUE(contains(o.err, suggestion)) << o.err;
  }
  // Nothing near: no guess.
  const auto far = run({"solve", "nqueens", "--xyzzy"});
  EXPECT_EQ(far.exit_code, 64);
  EXPECT_FALSE(contains(far.err, "did you mean")) << far.err;
}

// "an 8 x 8 board", "a 9 x 9 board": the article as the number is read aloud.
TEST(Messages, ArticleOfTheBoardSize) {
  const auto dir = std::filesystem::temp_directory_path() / ("backtrack-article-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  for (const auto& [n, article] : std::vector<std::pair<int, std::string>>{
           {8, "an"}, {9, "a"}, {11, "an"}, {12, "a"}, {18, "an"}, {20, "a"}}) {
    const auto first = run({"solve", "nqueens", "-n", std::to_string(n), "--first", "--format", "json"});
    ASSERT_EQ(first.exit_code, 0) << first.err;
    const auto path = dir / ("board-" + std::to_string(n) + ".json");
    std::ofstream(path) << lines_of(first.out).front() << '\n';
    const auto o = run({"check", "nqueens", path.string()});
    EXPECT_EQ(o.exit_code, 0) << o.err;
    const std::string size = std::to_string(n) + " x " + std::to_string(n) + " board";
    EXPECT_TRUE(contains(o.out, "queens on " + article + " " + size)) << o.out;
  }
  std::filesystem::remove_all(dir);
}

// Every --help ends with the whole exit-code table.
TEST(Help, EveryHelpListsEveryExitCode) {
  for (const auto& args : std::vector<std::vector<std::string>>{{"--help"},
                                                                 {"solve", "--help"},
                                                                 {"solve", "nqueens", "--help"},
                                                                 {"compare", "--help"},
                                                                 {"estimate", "--help"},
                                                                 {"check", "--help"},
                                                                 {"list", "--help"}}) {
    const auto o = run(args);
    EXPECT_EQ(o.exit_code, 0) << o.err;
    for (const std::string code : {"  0 ", "  1 ", "  3 ", "  4 ", "  64 ", "  65 ", "  69 ", "  70 ", "  74 ", "  75 ",
                                   "  130 "}) {
      EXPECT_TRUE(contains(o.out, code)) << args[0] << " --help lacks exit code" << code;
    }
  }
}

// ---------------------------------------------------------------------------------
// LeetCode's N-Queens I (the boards) and II (their number).

TEST(LeetCode, BoardsAsOneArrayOfRows) {
  for (int n = 1; n <= 8; ++n) {
    const auto o = run({"solve", "nqueens", "-n", std::to_string(n), "--all", "--format", "leetcode"});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    ASSERT_EQ(lines_of(o.out).size(), 1U) << o.out;
    const auto boards = nlohmann::json::parse(o.out);
    ASSERT_TRUE(boards.is_array());
    EXPECT_EQ(boards.size(), reference::a000170[n]) << "n = " << n;
    std::set<reference::Board> distinct;
    for (const auto& rows : boards) {
      ASSERT_EQ(rows.size(), static_cast<std::size_t>(n));
      const auto board = board_of_rows(rows);
      EXPECT_TRUE(reference::valid(board, n)) << rows.dump();
      distinct.insert(board);
    }
    EXPECT_EQ(distinct.size(), boards.size());
  }
  const auto four = run({"solve", "nqueens", "-n", "4", "--all", "--format", "leetcode"});
  EXPECT_EQ(four.out, "[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"],[\"..Q.\",\"Q...\",\"...Q\",\".Q..\"]]\n");
}

TEST(LeetCode, CountIsTheNumberAlone) {
  for (int n = 1; n <= 10; ++n) {
    const auto o = run({"solve", "nqueens", "-n", std::to_string(n), "--format", "leetcode"});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    EXPECT_EQ(o.out, std::to_string(reference::a000170[n]) + "\n");
  }
}

TEST(LeetCode, BoardsTooLargeToDrawAreRefused) {
  const auto o = run({"solve", "nqueens", "-n", "65", "--first", "--format", "leetcode"});
  EXPECT_EQ(o.exit_code, 64) << o.err;
  EXPECT_TRUE(contains(o.err, "--format leetcode")) << o.err;
}

// JSON solutions carry the rows as strings, the same board as the columns.
TEST(Json, SolutionsCarryRows) {
  const auto o = run({"solve", "nqueens", "-n", "6", "--all", "--format", "json"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  int solutions = 0;
  for (const auto& line : lines_of(o.out)) {
    const auto j = nlohmann::json::parse(line);
    if (j["type"] != "solution") continue;
    ++solutions;
    EXPECT_EQ(board_of_rows(j["rows"]), j["columns"].get<reference::Board>());
  }
  EXPECT_EQ(solutions, 4);
}

// ---------------------------------------------------------------------------------
// --print: the solutions alone, or the summary alone.

TEST(Print, SolutionsAlone) {
  const auto o = run({"solve", "nqueens", "-n", "6", "--all", "--print", "solutions", "--format", "json"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto lines = lines_of(o.out);
  ASSERT_EQ(lines.size(), 4U) << o.out;
  for (const auto& line : lines) EXPECT_EQ(nlohmann::json::parse(line)["type"], "solution") << line;
  const auto text = run({"solve", "nqueens", "-n", "6", "--all", "--print", "solutions"});
  EXPECT_FALSE(contains(text.out, "solutions:")) << text.out;
  EXPECT_TRUE(contains(text.out, "solution 4")) << text.out;
  const auto count = run({"solve", "nqueens", "-n", "6", "--print", "solutions"});
  EXPECT_EQ(count.exit_code, 64);
}

TEST(Print, SummaryAlone) {
  const auto listed = run({"solve", "nqueens", "-n", "6", "--all", "--print", "summary", "--format", "json"});
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  ASSERT_EQ(lines_of(listed.out).size(), 1U) << listed.out;
  const auto summary = nlohmann::json::parse(listed.out);
  EXPECT_EQ(summary["type"], "summary");
  EXPECT_EQ(summary["solutions"], "4");
  // A count without its example solution.
  const auto count = run({"solve", "nqueens", "-n", "8", "--print", "summary", "--format", "json"});
  ASSERT_EQ(count.exit_code, 0) << count.err;
  EXPECT_FALSE(nlohmann::json::parse(count.out).contains("example")) << count.out;
  const auto both = run({"solve", "nqueens", "-n", "8", "--format", "json"});
  EXPECT_TRUE(nlohmann::json::parse(both.out).contains("example")) << both.out;
  const auto text = run({"solve", "nqueens", "-n", "8", "--print", "summary"});
  EXPECT_TRUE(contains(text.out, "solutions: 92")) << text.out;
  EXPECT_FALSE(contains(text.out, "example")) << text.out;
}

// ---------------------------------------------------------------------------------
// One naming across commands: an input file is --file, a shape --shape, --seed the
// search's seed, --order the same words for the same idea. A former name still works
// for a release, with a warning naming the new one; a former value is refused with it.

TEST(OneNaming, AnInputFileIsFileEverywhere) {
  const cli::TempFile board;
  std::ofstream(board.path()) << ".Q..\n....\n....\n....\n";
  for (const std::string spelling : {"--file", "-f"}) {
    const auto o = run({"solve", "nqueens", spelling, board.path()});
    EXPECT_EQ(o.exit_code, 0) << spelling << o.err;
    EXPECT_EQ(cli::field(o.out, "solutions"), "1") << spelling << o.out;
    EXPECT_EQ(o.err, "") << spelling;
  }
  const auto help = run({"solve", "nqueens", "--help"}).out;
  EXPECT_TRUE(contains(help, "--file ] FILE")) << help;
  EXPECT_FALSE(contains(help, "--board")) << help;
}

TEST(OneNaming, FormerNamesWarnAndStillWork) {
  const cli::TempFile board;
  std::ofstream(board.path()) << ".Q..\n....\n....\n....\n";
  const auto queens = run({"solve", "nqueens", "--board", board.path(), "--print", "summary"});
  EXPECT_EQ(queens.exit_code, 0) << queens.err;
  EXPECT_EQ(cli::field(queens.out, "solutions"), "1") << queens.out;
  EXPECT_TRUE(contains(queens.err, "warning: --board is now --file")) << queens.err;
  const auto tiles = run({"solve", "pentomino", "--board=3x20", "--print", "summary"});
  EXPECT_EQ(tiles.exit_code, 0) << tiles.err;
  EXPECT_EQ(cli::field(tiles.out, "solutions"), "8") << tiles.out;
  EXPECT_TRUE(contains(tiles.err, "warning: --board is now --shape")) << tiles.err;
  const auto compared = run({"compare", "pentomino", "--board", "3x20", "--format", "csv"});
  EXPECT_EQ(compared.exit_code, 0) << compared.err;
  EXPECT_TRUE(contains(compared.err, "warning: --board is now --shape")) << compared.err;
  const auto varied = run({"compare", "pentomino", "--vary", "board=3x20,4x15", "--format", "csv"});
  EXPECT_EQ(varied.exit_code, 0) << varied.err;
  EXPECT_TRUE(contains(varied.out, "4x15")) << varied.out;
  EXPECT_TRUE(contains(varied.err, "warning: --vary board is now --vary shape")) << varied.err;
  const auto seeded = run({"estimate", "nqueens", "-n", "8", "--probe-seed", "7", "--calibration", "0", "--format", "json"});
  EXPECT_EQ(seeded.exit_code, 0) << seeded.err;
  EXPECT_EQ(cli::json_lines(seeded.out).at(0)["probe_seed"], 7);
  EXPECT_TRUE(contains(seeded.err, "warning: --probe-seed is now --seed")) << seeded.err;
}

TEST(OneNaming, APentominoBoxIsAShape) {
  const auto o = run({"solve", "pentomino", "--shape", "3x20", "--print", "summary"});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_TRUE(contains(o.out, "problem: pentomino shape=3x20 ")) << o.out;
  const auto bad = run({"solve", "pentomino", "--shape", "3by20"});
  EXPECT_EQ(bad.exit_code, 64);
  EXPECT_TRUE(contains(bad.err, "--shape must be ROWSxCOLS")) << bad.err;
  const auto help = run({"solve", "pentomino", "--help"}).out;
  EXPECT_TRUE(contains(help, "--shape ROWSxCOLS")) << help;
  EXPECT_TRUE(contains(run({"solve", "nqueens", "--help"}).out, "--place ROW:COL,...")) << "a value named by its form";
}

// estimate's --seed seeds its probes; where the strategy has a seed of its own (csp's
// --values random) the one option is read by both, and a strategy without one does not
// refuse it.
TEST(OneNaming, EstimateTakesSeed) {
  const auto json = [](const cli::Outcome& o) { return cli::json_lines(o.out).at(0); };
  const std::vector<std::string> estimate = {"estimate", "nqueens", "-n", "10", "--calibration", "0", "--format", "json"};
  const auto five = run(cli::with(estimate, {"--seed", "5"}));
  ASSERT_EQ(five.exit_code, 0) << five.err;
  EXPECT_EQ(json(five)["probe_seed"], 5);
  EXPECT_EQ(json(five)["nodes"], json(run(cli::with(estimate, {"--seed", "5"})))["nodes"]) << "same seed, same estimate";
  EXPECT_NE(json(five)["nodes"], json(run(cli::with(estimate, {"--seed", "6"})))["nodes"]);
  const auto csp = run(cli::with(estimate, {"--strategy", "csp", "--values", "random", "--seed", "5"}));
  ASSERT_EQ(csp.exit_code, 0) << csp.err;
  EXPECT_EQ(json(csp)["probe_seed"], 5);
  EXPECT_EQ(json(csp)["instance"]["seed"], 5) << csp.out;
  const auto help = run({"estimate", "nqueens", "--help"});
  EXPECT_EQ(help.exit_code, 0) << help.err;
  EXPECT_FALSE(contains(help.out, "probe-seed")) << help.out;
  EXPECT_EQ(complete_words({"estimate", "nqueens", "--se"}), std::vector<std::string>{"--seed"});
}

// The same words for the same idea: xcc's first item in the file's order is a CSP's
// static variable order.
TEST(OneNaming, OrderStaticIsTheDeclarationOrder) {
  const std::string file = std::string(BACKTRACK_SOURCE_DIR) + "/examples/xcc/nqueens-8.xcc";
  const auto o = run({"solve", "xcc", "--file", file, "--order", "static"});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(cli::field(o.out, "solutions"), "92") << o.out;
  EXPECT_TRUE(contains(o.out, " order=static ")) << o.out;
  const auto old = run({"solve", "xcc", "--file", file, "--order", "first"});
  EXPECT_EQ(old.exit_code, 64);
  EXPECT_TRUE(contains(old.err, "--order first is now --order static")) << old.err;
  const auto csp = run({"solve", "nqueens", "-n", "6", "--strategy", "csp", "--order", "static"});
  EXPECT_EQ(csp.exit_code, 0) << csp.err;
  EXPECT_EQ(cli::field(csp.out, "solutions"), "4") << csp.out;
}

// ---------------------------------------------------------------------------------
// Completion: the candidates come from the declarations, as --help shows them.

std::vector<std::string> complete(std::vector<std::string> words) {
  const std::string index = std::to_string(words.size() - 1);
  words.insert(words.begin(), {"complete", index});
  const auto o = run(words);
  EXPECT_EQ(o.exit_code, 0) << o.err;
  return lines_of(o.out);
}

TEST(Completion, CommandsProblemsStrategiesOptionsAndValues) {
  using Words = std::vector<std::string>;
  EXPECT_EQ(complete({"so"}), Words{"solve"});
  EXPECT_EQ(complete({"solve", "nq"}), Words{"nqueens"});
  EXPECT_EQ(complete({"solve", "nqueens", "--strategy", "b"}), (Words{"border", "bitset"}));
  EXPECT_EQ(complete({"solve", "nqueens", "--symmetry", ""}), (Words{"none", "mirror", "full"}));
  EXPECT_EQ(complete({"compare", "sudoku", "--prune", "f"}), Words{"forward"});
  EXPECT_EQ(complete({"solve", "nqueens", "--form"}), Words{"--format"});
  EXPECT_EQ(complete({"solve", "nqueens", "--format", "l"}), Words{"leetcode"});
  const auto options = complete({"solve", "sudoku", "--"});
  for (const std::string o : {"--count", "--first", "--file", "--puzzle", "--prune", "--threads"}) {
    EXPECT_NE(std::find(options.begin(), options.end(), o), options.end()) << o;
  }
  // A file name: nothing, so that the shell completes file names.
  EXPECT_TRUE(complete({"solve", "sudoku", "--file", ""}).empty());
  // The manual, list's problem, and what --vary takes: an option, then its values.
  EXPECT_EQ(complete({"ma"}), Words{"manual"});
  EXPECT_EQ(complete({"list", "su"}), Words{"sudoku"});
  EXPECT_EQ(complete({"compare", "nqueens", "--vary", "sym"}), Words{"symmetry="});
  EXPECT_EQ(complete({"compare", "nqueens", "--vary", "prune="}),
            (Words{"prune=none", "prune=forward", "prune=arc", "prune=bounds", "prune=domain"}));
  EXPECT_EQ(complete({"compare", "nqueens", "--vary", "prune=none,f"}), Words{"prune=none,forward"});
}

TEST(Completion, BashScriptAsksTheProgram) {
  if (std::system("command -v bash >/dev/null 2>&1") != 0) GTEST_SKIP() << "no bash";
  const std::string script = std::string(BACKTRACK_SOURCE_DIR) + "/apps/completion/backtrack.bash";
  const std::string out = std::filesystem::temp_directory_path() / ("backtrack-completion-" + std::to_string(::getpid()));
  const std::string command = "bash -c 'source " + script + "; COMP_WORDS=(" BACKTRACK_EXE
                              " solve nqueens --strategy b); COMP_CWORD=4; _backtrack; "
                              "printf \"%s\\n\" \"${COMPREPLY[@]}\"' > " + out;
  ASSERT_EQ(std::system(command.c_str()), 0);
  EXPECT_EQ(cli::slurp(out), "border\nbitset\n");
  std::filesystem::remove(out);
}

// The manual page: every command, problem and strategy, and the exit codes.
TEST(Manual, ListsCommandsProblemsStrategiesAndExitCodes) {
  const auto o = run({"manual"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_TRUE(o.out.starts_with(".TH BACKTRACK 1")) << o.out.substr(0, 80);
  for (const std::string word : {"solve", "compare", "estimate", "check", "list", "nqueens", "sudoku", "pentomino",
                                 "border", "bitset", "dlx", "--symmetry", "--print", "EXIT STATUS", "69 ",
                                 "BACKTRACK_PLUGIN_PATH"}) {
    EXPECT_TRUE(contains(o.out, word)) << word;
  }
}

}  // namespace
