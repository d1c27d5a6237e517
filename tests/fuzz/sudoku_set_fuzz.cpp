// A Sudoku file of many puzzles (`solve sudoku --file`): split_puzzles, then parse_grid of
// each at its line. Promises: splitting never throws; the puzzles come in the input's
// order, each starting on a line of the input that holds its first line of text; one
// puzzle is the whole input; and a puzzle's error names a line of the input at or after
// the puzzle's first.
#include <string>

#include "backtrack/sudoku/puzzle_set.hpp"
#include "contract.hpp"

using backtrack::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input = backtrack::fuzz::text_of(data, size);
  const auto puzzles = backtrack::sudoku::split_puzzles(input);
  require(!puzzles.empty(), "at least one puzzle");
  int lines = 1;
  for (const char c : input) lines += c == '\n' ? 1 : 0;
  if (puzzles.size() == 1) require(puzzles[0].text == input && puzzles[0].first_line == 1, "one puzzle: the input");
  int previous = 0;
  for (const auto& p : puzzles) {
    require(p.first_line > previous && p.first_line <= lines, "in order, on a line of the input");
    previous = p.first_line;
    try {
      backtrack::sudoku::parse_grid(p.text, "puzzle", p.first_line);
    } catch (const backtrack::InputError& e) {
      const int line = backtrack::fuzz::located_line(e.what(), "puzzle");
      require(line >= 1, "an error names the input, its line and column");
      require(line >= p.first_line && line <= lines + 1, "the line is the puzzle's, in the whole input");
    }
  }
  return 0;
}
