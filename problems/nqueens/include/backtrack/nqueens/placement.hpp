#pragma once
// A placement: the column of the queen in each row, row 0 first. How solutions print.
#include <string>
#include <vector>

namespace backtrack::nqueens {

using Placement = std::vector<int>;

// One string a row, `Q` for a queen and `.` for an empty square.
inline std::vector<std::string> board_rows(const Placement& columns, int n) {
  std::vector<std::string> rows;
  rows.reserve(static_cast<std::size_t>(n));
  for (int row = 0; row < n; ++row) {
    const int queen = row < static_cast<int>(columns.size()) ? columns[static_cast<std::size_t>(row)] : -1;
    std::string& line = rows.emplace_back(static_cast<std::size_t>(n), '.');
    if (queen >= 0 && queen < n) line[static_cast<std::size_t>(queen)] = 'Q';
  }
  return rows;
}

// The rows, one a line.
inline std::string board_text(const Placement& columns, int n) {
  std::string text;
  text.reserve(static_cast<std::size_t>(n) * static_cast<std::size_t>(n + 1));
  for (const auto& row : board_rows(columns, n)) text += row + '\n';
  return text;
}

// Columns separated by spaces, 0-based: "1 3 0 2".
inline std::string columns_text(const Placement& columns) {
  std::string text;
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (i != 0) text += ' ';
    text += std::to_string(columns[i]);
  }
  return text;
}

}  // namespace backtrack::nqueens
