#pragma once
// `backtrack check pentomino`: is this picture (the input's first, solution_text.hpp) a
// tiling by the 12 pentominoes, each once? A piece is a letter (F I L N P T U V W X Y
// Z), ' ' a hole; every letter must cover five cells in the shape of its pentomino, in
// any of its orientations. If not, the first rule broken, by row and column (from 1).
#include <algorithm>
#include <cctype>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "backtrack/errors.hpp"
#include "backtrack/input_location.hpp"
#include "backtrack/polyomino/pieces.hpp"
#include "backtrack/quoted.hpp"
#include "backtrack/registry.hpp"
#include "backtrack/solution_text.hpp"

namespace backtrack::polyomino {

// Throws InputError where the input holds no picture, or a character that is neither a
// letter nor a hole (with its line and column).
inline CheckVerdict check_solution(const std::string& input, const std::string& source) {
  const std::string_view text = first_solution_text(input);
  // The picture's rows: its lines, less blank ones above and below it.
  std::vector<std::string_view> rows = lines_of(text);
  const auto blank = [](std::string_view line) { return line.find_first_not_of(" \t") == std::string_view::npos; };
  while (!rows.empty() && blank(rows.back())) rows.pop_back();
  const auto first = std::find_if_not(rows.begin(), rows.end(), blank);
  const int first_line = line_of(input, text) + static_cast<int>(first - rows.begin());
  rows.erase(rows.begin(), first);
  if (rows.empty()) throw_input_error(source, {1, 1}, "no tiling in the input (rows of piece letters, ' ' for a hole)");

  const auto cell_text = [](Cell c) { return "row " + std::to_string(c.row + 1) + ", column " + std::to_string(c.col + 1); };
  std::map<char, Shape> covered;  // by letter, the cells it covers
  for (std::size_t r = 0; r < rows.size(); ++r) {
    for (std::size_t c = 0; c < rows[r].size(); ++c) {
      const char ch = rows[r][c];
      const Cell cell{static_cast<int>(r), static_cast<int>(c)};
      if (ch == ' ') continue;
      if (ch == '.') return {false, "invalid: the cell at " + cell_text(cell) + " is not covered"};
      if (std::isupper(static_cast<unsigned char>(ch)) == 0) {
        throw_input_error(source, {first_line + static_cast<int>(r), static_cast<int>(c) + 1},
                          in_quotes(std::string(1, ch)) +
                              " is neither a piece letter (F I L N P T U V W X Y Z) nor a hole (' ')");
      }
      covered[ch].push_back(cell);
    }
  }
  const std::vector<Piece> pieces = pentominoes();
  for (const auto& entry : covered) {
    const char letter = entry.first;  // not a structured binding: clang 14 (the fuzz build) cannot capture one
    const Shape& cells = entry.second;
    const auto piece = std::find_if(pieces.begin(), pieces.end(), [&](const Piece& p) { return p.name == letter; });
    if (piece == pieces.end()) {
      return {false, std::string("invalid: ") + letter + " at " + cell_text(cells.front()) +
                         " is no pentomino (F I L N P T U V W X Y Z)"};
    }
    if (cells.size() != piece->shape.size()) {
      return {false, std::string("invalid: ") + letter + " covers " + std::to_string(cells.size()) +
                         " cells, its pentomino 5 (the first at " + cell_text(cells.front()) + ")"};
    }
    const auto shapes = orientations(piece->shape);
    if (std::find(shapes.begin(), shapes.end(), normalised(cells)) == shapes.end()) {
      return {false, std::string("invalid: the cells of ") + letter + " (the first at " + cell_text(cells.front()) +
                         ") are not in the shape of the " + letter + " pentomino"};
    }
  }
  for (const Piece& piece : pieces) {
    if (covered.count(piece.name) == 0) {
      return {false, std::string("invalid: ") + piece.name + " is missing (each of the 12 pentominoes once)"};
    }
  }
  std::size_t width = 0;
  for (const auto row : rows) width = std::max(width, row.size());
  return {true, "valid: the 12 pentominoes, each once and in its shape, tile 60 cells of a " +
                    std::to_string(rows.size()) + "x" + std::to_string(width) + " box"};
}

}  // namespace backtrack::polyomino
