// solve --trace: every step of a search, as a textbook walks through it; the steps
// checked against the search's own statistics, and each board at a solution by the
// test's validator.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "nqueens/reference.hpp"
#include "run_process.hpp"

namespace {

using cli::contains;
using cli::json_lines;
using cli::lines_of;
using cli::run;
using cli::summary_of;

// The steps of a JSON trace, by event.
struct Steps {
  int nodes = 0;
  int backs = 0;
  int refused = 0;
  int dead_ends = 0;
  std::vector<reference::Board> solutions;
};

Steps steps_of(const std::string& out, int n) {
  Steps steps;
  for (const auto& line : json_lines(out)) {
    if (line.value("type", "") != "step") continue;
    const std::string event = line["event"];
    if (event == "node") ++steps.nodes;
    if (event == "back") ++steps.backs;
    if (event == "refused") ++steps.refused;
    if (event == "dead_end") ++steps.dead_ends;
    if (event == "solution") {
      reference::Board board;
      for (const std::string row : line["board"]) {
        const auto column = row.find('Q');
        board.push_back(column == std::string::npos || row.find('Q', column + 1) != std::string::npos
                            ? -1
                            : static_cast<int>(column));
      }
      EXPECT_EQ(static_cast<int>(board.size()), n) << line.dump();
      steps.solutions.push_back(board);
    }
  }
  return steps;
}

TEST(Trace, WalksFourQueensAsATextbookDoes) {
  const auto o = run({"solve", "nqueens", "-n", "4", "--trace"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto lines = lines_of(o.out);
  // Watched, nqueens searches with the textbook's check (scan), every board, row by row.
  const std::vector<std::string> walk = {
      "start",
      "  row 0: queen in column 0",
      "    row 1: queen in column 0 -- refused: the queen in row 0 holds column 0",
      "    row 1: queen in column 1 -- refused: on a diagonal of the queen in row 0",
      "    row 1: queen in column 2",
      "      row 2: queen in column 0 -- refused: the queen in row 0 holds column 0",
      "      row 2: queen in column 1 -- refused: on a diagonal of the queen in row 1",
      "      row 2: queen in column 2 -- refused: on a diagonal of the queen in row 0",
      "      row 2: queen in column 3 -- refused: on a diagonal of the queen in row 1",
      "      dead end: every move refused",
      "    row 1: queen in column 3",
  };
  ASSERT_GE(lines.size(), walk.size());
  for (std::size_t i = 0; i < walk.size(); ++i) EXPECT_EQ(lines[i], walk[i]) << i;
  EXPECT_TRUE(contains(o.out, "strategy=scan symmetry=none")) << o.out;
  // Each solution drawn below its line, and valid.
  int solutions = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].find_first_not_of(' ') == std::string::npos || lines[i].substr(lines[i].find_first_not_of(' ')) != "solution") continue;
    ++solutions;
    reference::Board board;
    for (std::size_t r = 1; r <= 4; ++r) {
      const std::string row = lines.at(i + r).substr(lines.at(i + r).find_first_not_of(' '));
      board.push_back(static_cast<int>(row.find('Q')));
    }
    EXPECT_TRUE(reference::valid(board, 4)) << i;
  }
  EXPECT_EQ(solutions, 2);
  EXPECT_TRUE(contains(o.out, "solutions: 2\n")) << o.out;
}

TEST(Trace, ItsStepsAreTheSearchsNodesInEveryStrategy) {
  for (const std::string strategy : {"scan", "arrays", "bitset", "word", "csp", "dlx", "mrv"}) {
    const int n = 6;
    const auto o = run({"solve", "nqueens", "-n", std::to_string(n), "--strategy", strategy, "--trace", "--format", "json"});
    ASSERT_EQ(o.exit_code, 0) << strategy << o.err;
    const auto steps = steps_of(o.out, n);
    const auto summary = summary_of(o);
    EXPECT_EQ(steps.nodes, summary["nodes"].get<int>()) << strategy;
    EXPECT_EQ(steps.backs, steps.nodes) << strategy;  // every node closed: the search finished
    EXPECT_EQ(steps.dead_ends, summary["failures"].get<int>()) << strategy;
    EXPECT_EQ(steps.solutions.size(), reference::a000170[n]) << strategy;
    for (const auto& board : steps.solutions) EXPECT_TRUE(reference::valid(board, n)) << strategy;
  }
}

TEST(Trace, ForwardCheckingSaysWhichRowItEmptied) {
  const auto o = run({"solve", "nqueens", "-n", "5", "--strategy", "csp", "--prune", "forward", "--order", "static",
                      "--trace"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_TRUE(contains(o.out, "dead end: no free column left in row ")) << o.out;
  EXPECT_FALSE(contains(o.out, "refused")) << o.out;  // forward checking offers free columns only
}

TEST(Trace, BoardsAtEveryNode) {
  const auto o = run({"solve", "nqueens", "-n", "4", "--trace=boards", "--max-nodes", "3"});
  EXPECT_EQ(o.exit_code, 3) << o.err;
  // The root's empty board, then the first queen's.
  EXPECT_TRUE(contains(o.out, "start\n  ....\n  ....\n  ....\n  ....\n  row 0: queen in column 0\n")) << o.out;
  EXPECT_TRUE(contains(o.out, "  row 0: queen in column 0\n    Q...\n    ....\n")) << o.out;
}

TEST(Trace, StopsAtTheNodeLimitWithThatManyNodes) {
  const auto o = run({"solve", "nqueens", "-n", "8", "--trace", "--format", "json", "--max-nodes", "25"});
  EXPECT_EQ(o.exit_code, 3) << o.err;
  const auto steps = steps_of(o.out, 8);
  EXPECT_EQ(steps.nodes, 25);
  EXPECT_LT(steps.backs, steps.nodes);  // the nodes open where the limit stopped
  EXPECT_EQ(summary_of(o)["nodes"], 25);
}

// n = 12 alone is over ten million lines: a trace stops at 100,000, as --all stops at
// 100,000 solutions, and says how to get more.
TEST(Trace, StopsAtItsLineBudgetUnlessForced) {
  const auto o = run({"solve", "nqueens", "-n", "12", "--trace", "--format", "json"});
  EXPECT_EQ(o.exit_code, 3) << o.err;
  std::size_t steps = 0;
  for (const auto& line : json_lines(o.out)) steps += line.value("type", "") == "step" ? 1 : 0;
  EXPECT_EQ(steps, 100000u);
  EXPECT_EQ(summary_of(o)["partial"], true);
  EXPECT_TRUE(contains(o.err, "stopped after 100000 lines of trace")) << o.err;
  EXPECT_TRUE(contains(o.err, "--force")) << o.err;

  // 10,000 nodes of n = 12 are some 130,000 lines.
  const auto forced =
      run({"solve", "nqueens", "-n", "12", "--trace", "--format", "json", "--force", "--max-nodes", "10000"});
  EXPECT_EQ(forced.exit_code, 3) << forced.err;  // the node limit's
  EXPECT_GT(lines_of(forced.out).size(), 100001u);
  EXPECT_EQ(summary_of(forced)["nodes"], 10000);
  EXPECT_FALSE(contains(forced.err, "lines of trace")) << forced.err;
}

TEST(Trace, AnyProblemGetsItFromTheEngine) {
  // Golomb rulers (the integer CSP layer, an optimisation): moves in the plugin's words.
  const auto o = run({"solve", "golomb", "-n", "4", "--trace", "--format", "json"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  int nodes = 0;
  bool worded = false;
  for (const auto& line : json_lines(o.out)) {
    if (line.value("event", "") == "node") ++nodes;
    if (line.value("event", "") == "node" && contains(line.value("move", ""), "mark ")) worded = true;
  }
  EXPECT_TRUE(worded) << o.out;
  EXPECT_EQ(nodes, summary_of(o)["nodes"].get<int>());
}

TEST(Trace, RefusesWhatItCannotWatch) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"solve", "nqueens", "-n", "4", "--trace=everything"},
           {"solve", "nqueens", "-n", "4", "--trace", "--format", "leetcode"},
           {"solve", "nqueens", "-n", "4", "--trace", "--profile"},
           {"solve", "nqueens", "-n", "4", "--trace", "--checkpoint", "/tmp/never-written.journal"},
       }) {
    const auto o = run(args);
    EXPECT_EQ(o.exit_code, 64) << args.back() << o.err;
    EXPECT_TRUE(contains(o.err, "--trace")) << o.err;
    EXPECT_TRUE(o.out.empty()) << o.out;
  }
}

// The files written after the search are checked before it: a search of minutes is not
// lost to a name that cannot be written (exit 64, nothing on stdout, no row run).
TEST(Trace, TreePathsAreCheckedBeforeTheSearch) {
  const auto no_directory = run({"solve", "nqueens", "-n", "11", "--tree", "no-such-directory/t.svg"});
  EXPECT_EQ(no_directory.exit_code, 64) << no_directory.err;
  EXPECT_TRUE(contains(no_directory.err, "--tree 'no-such-directory/t.svg': cannot write into")) << no_directory.err;
  EXPECT_EQ(no_directory.out, "");

  const cli::TempFile file;  // compare --tree takes a directory, and this is a file
  const auto not_a_directory = run({"compare", "nqueens", "-n", "4..6", "--tree", file.path()});
  EXPECT_EQ(not_a_directory.exit_code, 64) << not_a_directory.err;
  EXPECT_TRUE(contains(not_a_directory.err, "is not a directory")) << not_a_directory.err;
  EXPECT_EQ(not_a_directory.out, "");
  const auto below_a_file = run({"compare", "nqueens", "-n", "4", "--tree", file.path() + "/trees"});
  EXPECT_EQ(below_a_file.exit_code, 64) << below_a_file.err;

  // A directory that does not exist yet is made, as many levels as it takes.
  const std::string made = file.path() + ".d/trees";
  const auto o = run({"compare", "nqueens", "-n", "4", "--strategy", "scan", "--tree", made});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_TRUE(std::filesystem::exists(made + "/index.html")) << o.err;
  std::filesystem::remove_all(file.path() + ".d");
}

// The names of an XCC file are the user's text: their control characters are escaped
// in the trace and in the solutions, as in every message, so a file cannot drive the
// terminal. JSON escapes its own.
TEST(Trace, ControlCharactersOfAFileAreEscaped) {
  const cli::TempFile file;
  std::ofstream(file.path()) << "| toy\n\x1b[31mA B\n\x1b[31mA B\n\x1b[31mA\nB\n";
  for (const std::vector<std::string>& mode : {std::vector<std::string>{"--all"}, {"--first", "--trace"}}) {
    const auto o = run(cli::with({"solve", "xcc", "--file", file.path()}, mode));
    ASSERT_EQ(o.exit_code, 0) << o.err;
    EXPECT_FALSE(contains(o.out, "\x1b")) << o.out;
    EXPECT_TRUE(contains(o.out, "\n\\x1b[31mA B\n")) << o.out;
  }
  const auto json = run({"solve", "xcc", "--file", file.path(), "--all", "--format", "json"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  EXPECT_EQ(json_lines(json.out).front()["options"][0]["text"], "\x1b[31mA B") << json.out;
}

// The moves of a JSON trace on the path to its first solution, and that solution as
// listed (its line of type "solution").
struct Path {
  std::vector<std::string> moves;
  nlohmann::json solution;
};

Path first_solution_path(const std::string& out) {
  Path path;
  std::vector<std::string> moves;
  bool found = false;
  for (const auto& line : json_lines(out)) {
    if (line.value("type", "") == "solution") path.solution = line;
    if (line.value("type", "") != "step" || found) continue;
    if (line["event"] == "node") {
      moves.resize(line["depth"].get<std::size_t>());
      if (!moves.empty()) moves.back() = line["move"].get<std::string>();
    }
    if (line["event"] == "solution") {
      path.moves = moves;
      found = true;
    }
  }
  return path;
}

// A pentomino move is its letter and the five squares it covers (row,column from 0, as
// --holes counts), not a row of the exact-cover matrix: the squares of each move on the
// path to the first tiling carry that move's letter in the tiling drawn.
TEST(Trace, PentominoMovesAreALetterAndItsSquares) {
  const auto o = run({"solve", "pentomino", "--shape", "3x20", "--first", "--trace", "--format", "json"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const Path path = first_solution_path(o.out);
  ASSERT_EQ(path.moves.size(), 12u) << o.out;  // the twelve pieces
  const auto board = path.solution["tiling"].get<std::vector<std::string>>();
  ASSERT_EQ(board.size(), 3u) << o.out;
  std::string letters;
  for (const auto& move : path.moves) {
    std::istringstream words(move);
    char letter = 0;
    std::string at;
    words >> letter >> at;
    EXPECT_EQ(at, "at") << move;
    letters += letter;
    int squares = 0;
    std::string square;
    while (words >> square) {
      int row = -1;
      int col = -1;
      char open = 0, comma = 0, close = 0;
      std::istringstream(square) >> open >> row >> comma >> col >> close;
      ASSERT_TRUE(open == '(' && comma == ',' && close == ')' && row >= 0 && row < 3 && col >= 0 && col < 20) << move;
      EXPECT_EQ(board[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)], letter) << move;
      ++squares;
    }
    EXPECT_EQ(squares, 5) << move;
  }
  std::sort(letters.begin(), letters.end());
  EXPECT_EQ(letters, "FILNPTUVWXYZ");
  EXPECT_FALSE(contains(o.out, "option ")) << o.out;
}

// A Sudoku move is a symbol and its cell, "5 at r3c7" (rows and columns from 1), in every
// strategy: each move on the path to the solution writes what the solution holds there,
// in a cell the puzzle left empty. (csp's other branch is "no 5 at r3c7".)
TEST(Trace, SudokuMovesAreASymbolAndItsCell) {
  const std::string puzzle = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
  for (const std::string strategy : {"bits", "dlx", "csp"}) {
    const auto o = run({"solve", "sudoku", "--puzzle", puzzle, "--strategy", strategy, "--first", "--trace", "--format",
                        "json"});
    ASSERT_EQ(o.exit_code, 0) << strategy << o.err;
    const Path path = first_solution_path(o.out);
    ASSERT_FALSE(path.moves.empty()) << strategy << o.out;
    const std::string solution = path.solution["line"];
    ASSERT_EQ(solution.size(), 81u) << strategy << o.out;
    int writes = 0;
    for (const auto& move : path.moves) {
      char symbol = 0;
      int row = 0;
      int col = 0;
      char r = 0;
      char c = 0;
      std::string at;
      if (move.starts_with("no ")) continue;  // csp's x != v: it writes nothing
      std::istringstream(move) >> symbol >> at >> r >> row >> c >> col;
      ASSERT_TRUE(at == "at" && r == 'r' && c == 'c' && row >= 1 && row <= 9 && col >= 1 && col <= 9)
          << strategy << ": " << move;
      const auto cell = static_cast<std::size_t>((row - 1) * 9 + col - 1);
      EXPECT_EQ(puzzle[cell], '.') << strategy << ": " << move;
      EXPECT_EQ(solution[cell], symbol) << strategy << ": " << move;
      ++writes;
    }
    EXPECT_GT(writes, 0) << strategy;
    EXPECT_FALSE(contains(o.out, "option ")) << strategy;
    EXPECT_FALSE(contains(o.out, "\"x")) << strategy;  // the CSP layer's own words, "x20 = 4"
  }
}

// The integer layer's plugins name their variables: a magic square's move is a cell,
// "r2c3 = 7" (rows and columns from 1), and each move x = v on the path to the first
// square puts v in that cell of it; a Golomb ruler's move is a mark, "mark 2 = 5".
TEST(Trace, MagicSquareAndGolombMovesNameTheirVariable) {
  const auto square = run({"solve", "magic-square", "-n", "3", "--first", "--trace", "--format", "json"});
  ASSERT_EQ(square.exit_code, 0) << square.err;
  const Path path = first_solution_path(square.out);
  ASSERT_FALSE(path.moves.empty()) << square.out;
  const auto cells = path.solution["square"].get<std::vector<std::vector<int>>>();
  ASSERT_EQ(cells.size(), 3u) << square.out;
  int writes = 0;
  for (const auto& move : path.moves) {
    char r = 0;
    char c = 0;
    int row = 0;
    int col = 0;
    std::string relation;
    int value = 0;
    std::istringstream(move) >> r >> row >> c >> col >> relation >> value;
    ASSERT_TRUE(r == 'r' && c == 'c' && row >= 1 && row <= 3 && col >= 1 && col <= 3 && value >= 1) << move;
    if (relation != "=") continue;
    EXPECT_EQ(cells[static_cast<std::size_t>(row - 1)][static_cast<std::size_t>(col - 1)], value) << move;
    ++writes;
  }
  EXPECT_GT(writes, 0);
  EXPECT_FALSE(contains(square.out, "\"x")) << square.out;  // the layer's own words, "x4 = 1"

  const auto ruler = run({"solve", "golomb", "--marks", "4", "--trace", "--format", "json"});
  ASSERT_EQ(ruler.exit_code, 0) << ruler.err;
  int moves = 0;
  for (const auto& line : json_lines(ruler.out)) {
    if (line.value("type", "") != "step" || line.value("move", "").empty()) continue;  // the root: no move
    std::string mark;
    int index = -1;
    std::string relation;
    int value = -1;
    std::istringstream(line["move"].get<std::string>()) >> mark >> index >> relation >> value;
    EXPECT_TRUE(mark == "mark" && index >= 1 && index < 4 && value >= 0) << line.dump();
    ++moves;
  }
  EXPECT_GT(moves, 0);
  EXPECT_FALSE(contains(ruler.out, "\"x")) << ruler.out;
}

TEST(Trace, ThreadsGiveWayToOneSearch) {
  const auto o = run({"solve", "nqueens", "-n", "5", "--trace", "-j", "2", "--format", "json"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(steps_of(o.out, 5).solutions.size(), 10u);
  EXPECT_EQ(summary_of(o)["threads"], 1);
}

}  // namespace
