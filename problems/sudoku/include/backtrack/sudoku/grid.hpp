#pragma once
// A Sudoku grid of any box size, and how it is read and printed.
//
// A grid of box size b has n = b*b rows, columns and boxes, and the symbols 1 .. n.
// Supported: b = 2 .. 5 (4x4, 9x9, 16x16, 25x25).
//
// Input formats (lines starting with '#' and blank lines are ignored):
//   one line   n*n characters, row after row: "53..7....6..195...", '.' or '0' empty;
//   grid       n lines of n cells; a line is either n characters or n whitespace-
//              separated tokens (so "10 16 . 3 ..." works for big grids); '|' and
//              lines made only of '-', '+', '=', '|' and spaces are box rulings.
// Symbols: 1-9, then A-Z for 10 .. (A = 10, ..., G = 16, P = 25), or decimal tokens.
// Every error is an InputError "SOURCE:LINE:COLUMN: ..." (input_location.hpp).
#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "backtrack/errors.hpp"
#include "backtrack/input_location.hpp"
#include "backtrack/quoted.hpp"

namespace backtrack::sudoku {

class Grid {
 public:
  Grid() = default;
  explicit Grid(int box) : box_(box), cells_(static_cast<std::size_t>(box * box * box * box), 0),
                           where_(cells_.size()) {}

  int box() const { return box_; }
  int size() const { return box_ * box_; }           // n: symbols, rows, columns
  int cell_count() const { return size() * size(); }  // n*n
  int at(int row, int col) const { return cells_[index(row, col)]; }  // 0: empty
  void set(int row, int col, int value) { cells_[index(row, col)] = value; }
  const std::vector<int>& cells() const { return cells_; }
  std::vector<int>& cells() { return cells_; }
  InputLocation where(int row, int col) const { return where_[index(row, col)]; }
  void set_where(int row, int col, InputLocation p) { where_[index(row, col)] = p; }
  int box_of(int row, int col) const { return (row / box_) * box_ + col / box_; }
  int givens() const { return static_cast<int>(std::count_if(cells_.begin(), cells_.end(), [](int v) { return v != 0; })); }

  // One symbol a cell: 1-9 then A-Z; '.' for an empty cell.
  static char symbol(int value) {
    if (value <= 0) return '.';
    return value <= 9 ? static_cast<char>('0' + value) : static_cast<char>('A' + value - 10);
  }
  // n lines of n symbols, a space between boxes.
  std::string text() const {
    std::string out;
    for (int r = 0; r < size(); ++r) {
      if (r != 0 && r % box_ == 0) out += '\n';
      for (int c = 0; c < size(); ++c) {
        if (c != 0 && c % box_ == 0) out += ' ';
        out += symbol(at(r, c));
      }
      out += '\n';
    }
    return out;
  }
  std::string one_line() const {
    std::string out;
    for (int v : cells_) out += symbol(v);
    return out;
  }
  std::vector<std::vector<int>> rows() const {
    std::vector<std::vector<int>> out(static_cast<std::size_t>(size()));
    for (int r = 0; r < size(); ++r) {
      for (int c = 0; c < size(); ++c) out[static_cast<std::size_t>(r)].push_back(at(r, c));
    }
    return out;
  }

 private:
  std::size_t index(int row, int col) const { return static_cast<std::size_t>(row * size() + col); }
  int box_ = 3;
  std::vector<int> cells_;
  std::vector<InputLocation> where_;
};

namespace detail {

inline std::string symbols_of(int n) {
  if (n <= 9) return "1-" + std::to_string(n);
  return std::string("1-9, A-") + Grid::symbol(n);
}

// The value of one cell written as `token`; 0 for an empty cell.
inline int cell_value(std::string_view token, int n, const std::string& source, InputLocation p) {
  if (token == "." || token == "0" || token == "_") return 0;
  int value = -1;
  if (token.size() == 1) {
    const char ch = token[0];
    if (ch >= '1' && ch <= '9') value = ch - '0';
    else if (std::isalpha(static_cast<unsigned char>(ch)) != 0) value = std::toupper(static_cast<unsigned char>(ch)) - 'A' + 10;
  } else if (token.size() <= 2 && std::all_of(token.begin(), token.end(), [](char ch) { return ch >= '0' && ch <= '9'; })) {
    value = std::stoi(std::string(token));
  }
  if (value < 1 || value > n) {
    throw_input_error(source, p,
                      in_quotes(token) + " is not a symbol of a " + std::to_string(n) + "x" + std::to_string(n) +
                          " grid (use " + symbols_of(n) + ", or '.' or '0' for an empty cell)");
  }
  return value;
}

inline int box_for_cells(std::size_t cells) {
  for (int b = 2; b <= 5; ++b) {
    if (static_cast<std::size_t>(b * b * b * b) == cells) return b;
  }
  return 0;
}

inline bool is_ruling(std::string_view line) {
  return !line.empty() && std::all_of(line.begin(), line.end(), [](char ch) {
    return ch == '-' || ch == '+' || ch == '=' || ch == '|' || ch == ' ' || ch == '\t';
  });
}

}  // namespace detail

// Rules: no symbol twice in a row, a column or a box. Throws InputError naming both cells
// of `source`.
inline void check_givens(const Grid& grid, const std::string& source) {
  const int n = grid.size();
  auto clash = [&](int r1, int c1, int r2, int c2, const char* unit) {
    const InputLocation p = grid.where(r2, c2);
    const InputLocation q = grid.where(r1, c1);
    throw_input_error(source, p,
                      std::string("the given ") + Grid::symbol(grid.at(r2, c2)) + " repeats the one at line " +
                          std::to_string(q.line) + ", column " + std::to_string(q.column) + " (same " + unit + ")");
  };
  // The symbols seen so far in each row, column and box: a clash is looked up only when one is there.
  std::vector<std::uint32_t> in_row(static_cast<std::size_t>(n)), in_column(in_row), in_box(in_row);
  for (int i = 0; i < n * n; ++i) {
    const int r = i / n;
    const int c = i % n;
    if (grid.at(r, c) == 0) continue;
    const std::uint32_t bit = std::uint32_t{1} << grid.at(r, c);
    auto& row = in_row[static_cast<std::size_t>(r)];
    auto& column = in_column[static_cast<std::size_t>(c)];
    auto& box = in_box[static_cast<std::size_t>(grid.box_of(r, c))];
    if (((row | column | box) & bit) == 0) {
      row |= bit;
      column |= bit;
      box |= bit;
      continue;
    }
    for (int j = 0; j < i; ++j) {
      const int r2 = j / n;
      const int c2 = j % n;
      if (grid.at(r2, c2) != grid.at(r, c)) continue;
      if (r2 == r) clash(r2, c2, r, c, "row");
      if (c2 == c) clash(r2, c2, r, c, "column");
      if (grid.box_of(r2, c2) == grid.box_of(r, c)) clash(r2, c2, r, c, "box");
    }
  }
}

// Reads one grid in either format, its cells only (no rule checked); throws InputError
// at a place in `source` (input_name()), counting lines from `first_line` (a puzzle of a
// set: its line in the whole input).
inline Grid read_grid(std::string_view text, const std::string& source, int first_line = 1) {
  struct Line {
    std::string text;
    int number;
  };
  std::vector<Line> lines;
  int number = first_line - 1;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string line(text.substr(start, end - start));
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto first = line.find_first_not_of(" \t");
    if (first != std::string::npos && line[first] != '#' && !detail::is_ruling(line)) lines.push_back({line, number});
    start = end + 1;
  }
  if (lines.empty()) throw_input_error(source, {1, 1}, "no puzzle in the input");

  if (lines.size() == 1) {  // one line: n*n characters
    const auto& line = lines.front();
    std::vector<std::pair<char, int>> cells;  // symbol, column
    for (std::size_t i = 0; i < line.text.size(); ++i) {
      if (line.text[i] != ' ' && line.text[i] != '\t') cells.push_back({line.text[i], static_cast<int>(i) + 1});
    }
    const int box = detail::box_for_cells(cells.size());
    if (box == 0) {
      throw_input_error(source, {line.number, static_cast<int>(line.text.size()) + 1},
                        "a one-line puzzle has 16, 81, 256 or 625 cells, this line has " + std::to_string(cells.size()));
    }
    Grid grid(box);
    const int n = grid.size();
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const InputLocation p{line.number, cells[i].second};
      const int r = static_cast<int>(i) / n;
      const int c = static_cast<int>(i) % n;
      grid.set(r, c, detail::cell_value(std::string_view(&cells[i].first, 1), n, source, p));
      grid.set_where(r, c, p);
    }
    return grid;
  }

  const int n = static_cast<int>(lines.size());
  int box = 0;
  for (int b = 2; b <= 5; ++b) {
    if (b * b == n) box = b;
  }
  if (box == 0) {
    const auto& last = lines.back();
    throw_input_error(source, {last.number, 1},
                      "a grid has 4, 9, 16 or 25 rows; the input has " + std::to_string(n) +
                          " rows (a one-line puzzle must be the only line)");
  }
  Grid grid(box);
  for (int r = 0; r < n; ++r) {
    const auto& line = lines[static_cast<std::size_t>(r)];
    std::vector<std::pair<std::string, int>> tokens;  // text, column
    std::vector<std::pair<std::string, int>> chars;
    for (std::size_t i = 0; i < line.text.size();) {
      const char ch = line.text[i];
      if (ch == ' ' || ch == '\t' || ch == '|') {
        ++i;
        continue;
      }
      chars.push_back({std::string(1, ch), static_cast<int>(i) + 1});
      const std::size_t end = line.text.find_first_of(" \t|", i);
      const std::size_t stop = end == std::string::npos ? line.text.size() : end;
      tokens.push_back({line.text.substr(i, stop - i), static_cast<int>(i) + 1});
      for (std::size_t k = i + 1; k < stop; ++k) chars.push_back({std::string(1, line.text[k]), static_cast<int>(k) + 1});
      i = stop;
    }
    const auto& cells = static_cast<int>(tokens.size()) == n ? tokens : chars;
    if (static_cast<int>(cells.size()) != n) {
      // At the first cell too many, or just past the end of a line too short.
      const int column = chars.size() > static_cast<std::size_t>(n) ? chars[static_cast<std::size_t>(n)].second
                                                                    : static_cast<int>(line.text.size()) + 1;
      throw_input_error(source, {line.number, column},
                        "row " + std::to_string(r + 1) + " of a " + std::to_string(n) + "x" + std::to_string(n) +
                            " grid needs " + std::to_string(n) + " cells, this line has " + std::to_string(chars.size()));
    }
    for (int c = 0; c < n; ++c) {
      const InputLocation p{line.number, cells[static_cast<std::size_t>(c)].second};
      grid.set(r, c, detail::cell_value(cells[static_cast<std::size_t>(c)].first, n, source, p));
      grid.set_where(r, c, p);
    }
  }
  return grid;
}

// Reads one puzzle (read_grid()) and checks its givens (check_givens()).
inline Grid parse_grid(std::string_view text, const std::string& source, int first_line = 1) {
  Grid grid = read_grid(text, source, first_line);
  check_givens(grid, source);
  return grid;
}

}  // namespace backtrack::sudoku
