// Every reader of user input names the place of a mistake one way, FILE:LINE:COLUMN: as
// a compiler does (input_location.hpp), and `<stdin>` for standard input: each reader is
// given the same bytes as a file and through standard input, and the message must start
// with exactly that place.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "run_process.hpp"

namespace {

struct Reader {
  std::string name;
  std::vector<std::string> with_file;   // "FILE" stands for the file's path
  std::vector<std::string> with_stdin;  // the same command reading standard input
  std::string input;
  std::string message;  // after "FILE", from the ':' before the line
};

std::vector<std::string> naming(std::vector<std::string> args, const std::string& path) {
  for (auto& arg : args) {
    if (arg == "FILE") arg = path;
  }
  return args;
}

const std::vector<Reader> readers = {
    {"a Sudoku grid", {"solve", "sudoku", "--file", "FILE"}, {"solve", "sudoku"}, "1...\n..x.\n....\n....\n",
     ":2:3: 'x' is not a symbol of a 4x4 grid (use 1-4, or '.' or '0' for an empty cell)"},
    {"'--file -' as standard input", {"solve", "sudoku", "-f", "FILE"}, {"solve", "sudoku", "--file", "-"},
     "1...\n..x.\n....\n....\n", ":2:3: 'x' is not a symbol"},
    {"an empty Sudoku input", {"solve", "sudoku", "--file", "FILE"}, {"solve", "sudoku"}, "",
     ":1:1: no puzzle in the input"},
    {"a set of Sudoku puzzles, at the line in the whole input",
     {"solve", "sudoku", "--count", "--file", "FILE"},
     {"solve", "sudoku", "--count"},
     "# two puzzles\n1...............\n..x.............\n",
     ":3:3: 'x' is not a symbol of a 4x4 grid"},
    {"a Sudoku row too long, at its first cell too many", {"solve", "sudoku", "--file", "FILE"}, {"solve", "sudoku"},
     "1...\n.....\n....\n....\n", ":2:5: row 2 of a 4x4 grid needs 4 cells, this line has 5"},
    {"a Sudoku grid to check", {"check", "sudoku", "FILE"}, {"check", "sudoku"},
     "solution 1\n1234\n34x2\n2143\n4321\n", ":3:3: 'x' is not a symbol of a 4x4 grid"},
    {"an XCC file", {"solve", "xcc", "--file", "FILE"}, {"solve", "xcc"}, "a b\na z\n",
     ":2:3: unknown item 'z' in an option"},
    {"an empty XCC file", {"solve", "xcc", "--file", "FILE"}, {"solve", "xcc"}, "",
     ":1:1: no items: the first line that is not a comment must name them"},
    {"an N-Queens board to check", {"check", "nqueens", "FILE"}, {"check", "nqueens"}, ".Q..\n..#Q\nQ...\n..Q.\n",
     ":2:3: '#' is neither a queen 'Q' nor an empty square '.'"},
    {"an N-Queens board line too long, at its first square too many", {"check", "nqueens", "FILE"},
     {"check", "nqueens"}, ".Q..\n...Q.\nQ...\n..Q.\n", ":2:5: 5 squares, but the board has 4 rows"},
    {"N-Queens columns to check", {"check", "nqueens", "FILE"}, {"check", "nqueens"}, "1 3\n0 2x\n",
     ":2:3: '2x' (item 4) is not a column number"},
    {"an N-Queens JSON line to check", {"check", "nqueens", "FILE"}, {"check", "nqueens"},
     "{\"columns\": [1, 3, 0, 2]\n", ":1:25: a line that starts like JSON is not JSON"},
    {"an empty N-Queens input to check", {"check", "nqueens", "FILE"}, {"check", "nqueens"}, "",
     ":1:1: no solution found in the input"},
    {"an N-Queens board to start from", {"solve", "nqueens", "--file", "FILE"}, {"solve", "nqueens", "--file", "-"},
     ".Q..\n..#Q\nQ...\n..Q.\n", ":2:3: '#' is neither a queen 'Q' nor an empty square '.'"},
    {"a pentomino tiling to check", {"check", "pentomino", "FILE"}, {"check", "pentomino"}, "solution 1\n\nUUX?\n",
     ":3:4: '?' is neither a piece letter (F I L N P T U V W X Y Z) nor a hole (' ')"},
    {"a FlatZinc model", {"solve", "fzn", "--file", "FILE"}, {"solve", "fzn", "--file", "-"},
     "var 1..3: x;\nconstraint int_le(x 2);\nsolve satisfy;\n",
     ":2:21: expected ',' or ')' after the constraint's argument, found '2'"},
};

TEST(InputLocation, EveryReaderSaysFileLineColumnForAFileAndForStandardInput) {
  for (const Reader& reader : readers) {
    const cli::TempFile file;
    std::ofstream(file.path(), std::ios::binary) << reader.input;
    const auto from_file = cli::run(naming(reader.with_file, file.path()));
    EXPECT_EQ(from_file.exit_code, 65) << reader.name << "\n" << from_file.err;
    EXPECT_TRUE(from_file.err.starts_with("backtrack: error: " + file.path() + reader.message))
        << reader.name << "\n" << from_file.err;
    const auto from_stdin = cli::run_with_stdin(reader.with_stdin, file.path());
    EXPECT_EQ(from_stdin.exit_code, 65) << reader.name << "\n" << from_stdin.err;
    EXPECT_TRUE(from_stdin.err.starts_with("backtrack: error: <stdin>" + reader.message))
        << reader.name << "\n" << from_stdin.err;
  }
}

TEST(InputLocation, APuzzleOnTheCommandLineIsNamedByItsOption) {
  const auto o = cli::run({"solve", "sudoku", "--puzzle", "5..."});
  EXPECT_EQ(o.exit_code, 65) << o.err;
  EXPECT_EQ(o.err, "backtrack: error: --puzzle:1:5: a one-line puzzle has 16, 81, 256 or 625 cells, this line has 4\n");
}

}  // namespace
