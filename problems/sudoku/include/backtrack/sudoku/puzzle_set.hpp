#pragma once
// An input of many puzzles, as the benchmark sets come: one puzzle a line (top95, the
// 17-clue sets), or grids separated by blank lines. Each puzzle is kept as the text it
// was written in, with its first line, for parse_grid(text, first_line): a mistake is
// reported at its line in the whole input.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "backtrack/sudoku/grid.hpp"

namespace backtrack::sudoku {

struct PuzzleText {
  std::string text;
  int first_line = 1;  // of the input
};

namespace detail {

inline std::string_view trimmed(std::string_view line) {
  const auto first = line.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  return line.substr(first, line.find_last_not_of(" \t\r") - first + 1);
}

inline bool is_content(std::string_view line) {
  const auto t = trimmed(line);
  return !t.empty() && t.front() != '#' && !is_ruling(t);
}

inline std::size_t cells_on(std::string_view line) {
  std::size_t cells = 0;
  for (const char ch : line) cells += ch != ' ' && ch != '\t' && ch != '\r' ? 1 : 0;
  return cells;
}

}  // namespace detail

// The puzzles of `input`: its lines each one puzzle when every line that holds cells is
// a whole one-line puzzle (16, 81, 256 or 625 cells) and there are several; else its
// blocks separated by blank lines when there are several and each is a whole grid (4,
// 9, 16 or 25 lines of cells, or one line); else the whole input, one puzzle. A grid of
// 16 rows of 16 cells is one 16x16 puzzle, not sixteen 4x4 ones; a grid with blank lines
// between its bands is one puzzle.
inline std::vector<PuzzleText> split_puzzles(std::string_view input) {
  struct Line {
    std::string_view text;
    int number;
  };
  std::vector<Line> lines;
  int number = 0;
  for (std::size_t start = 0; start <= input.size();) {
    std::size_t end = input.find('\n', start);
    if (end == std::string_view::npos) end = input.size();
    lines.push_back({input.substr(start, end - start), ++number});
    start = end + 1;
  }
  std::vector<Line> content;
  for (const auto& line : lines) {
    if (detail::is_content(line.text)) content.push_back(line);
  }
  const bool one_per_line =
      content.size() >= 2 && std::all_of(content.begin(), content.end(), [&](const Line& l) {
        const std::size_t cells = detail::cells_on(l.text);
        return detail::box_for_cells(cells) != 0 && cells != content.size();
      });
  std::vector<PuzzleText> puzzles;
  if (one_per_line) {
    for (const auto& line : content) puzzles.push_back({std::string(line.text), line.number});
    return puzzles;
  }
  PuzzleText block;
  std::size_t rows = 0;   // lines of cells in the block
  std::size_t width = 0;  // characters of cells on its first one
  bool whole_grids = true;
  auto close = [&] {
    if (rows == 0) return;
    // n lines of n cells, each one or two characters (a band of a larger grid has fewer
    // lines than its width), or a one-line puzzle.
    const bool square = (rows == 4 || rows == 9 || rows == 16 || rows == 25) && width >= rows && width <= 2 * rows + rows;
    whole_grids = whole_grids && (rows == 1 || square);
    puzzles.push_back(std::move(block));
    block = {};
    rows = 0;
  };
  for (const auto& line : lines) {
    if (detail::trimmed(line.text).empty()) {
      close();
      continue;
    }
    if (rows == 0 && block.text.empty()) block.first_line = line.number;
    block.text += std::string(line.text) + '\n';
    if (detail::is_content(line.text)) {
      if (rows == 0) width = detail::cells_on(line.text);
      ++rows;
    }
  }
  close();
  // A grid written with blank lines between its bands is one puzzle, not several.
  if (puzzles.size() <= 1 || !whole_grids) return {{std::string(input), 1}};
  return puzzles;
}

}  // namespace backtrack::sudoku
