#pragma once
// Queens given by the user, and the rules they must keep: reading them (--place lists,
// board files, solutions to check) and finding two that attack each other.
//
// Errors in what the user wrote are InputErrors naming the queen or the line; a
// verdict on a well-formed solution is a CheckVerdict (valid or not, and why).
#include <cctype>
#include <cstddef>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "backtrack/errors.hpp"
#include "backtrack/registry.hpp"

namespace backtrack::nqueens {

struct Queen {
  int row = 0;
  int col = 0;
};

// "3:5": row 3, column 5, both 0-based, as --place takes them.
inline std::string to_string(const Queen& q) { return std::to_string(q.row) + ":" + std::to_string(q.col); }

// Two queens on one line; indices into the list that was checked.
struct Conflict {
  std::size_t first = 0;
  std::size_t second = 0;
  const char* line = "";  // "row", "column", "diagonal" or "anti-diagonal"
};

inline bool on_board(const Queen& q, int n) { return q.row >= 0 && q.row < n && q.col >= 0 && q.col < n; }

// The first off-board queen, if any.
inline std::optional<std::size_t> find_off_board(int n, const std::vector<Queen>& queens) {
  for (std::size_t i = 0; i < queens.size(); ++i) {
    if (!on_board(queens[i], n)) return i;
  }
  return std::nullopt;
}

// The first pair of queens sharing a row, a column or a diagonal, in the order the
// queens are given; every queen must be on the board. O(n + queens).
inline std::optional<Conflict> find_conflict(int n, const std::vector<Queen>& queens) {
  const auto size = static_cast<std::size_t>(n);
  constexpr std::size_t none = static_cast<std::size_t>(-1);
  std::vector<std::size_t> row(size, none), col(size, none), sum(2 * size, none), difference(2 * size, none);
  for (std::size_t i = 0; i < queens.size(); ++i) {
    const Queen& q = queens[i];
    std::size_t* slots[] = {&row[static_cast<std::size_t>(q.row)], &col[static_cast<std::size_t>(q.col)],
                            &difference[static_cast<std::size_t>(q.row - q.col + n)],
                            &sum[static_cast<std::size_t>(q.row + q.col)]};
    const char* names[] = {"row", "column", "diagonal", "anti-diagonal"};
    for (int k = 0; k < 4; ++k) {
      if (*slots[k] != none) return Conflict{*slots[k], i, names[k]};
    }
    for (std::size_t* slot : slots) *slot = i;
  }
  return std::nullopt;
}

inline std::string describe(const Conflict& c, const std::vector<Queen>& queens) {
  return "queens " + to_string(queens[c.first]) + " and " + to_string(queens[c.second]) + " attack each other (same " +
         c.line + ")";
}

// Queens fixed before a search: all on the board, none attacking another. Throws
// InputError naming the first offender.
inline void require_consistent(int n, const std::vector<Queen>& queens, const std::string& source) {
  if (const auto i = find_off_board(n, queens)) {
    throw InputError(source + ": queen " + to_string(queens[*i]) + " lies off the " + std::to_string(n) + " x " +
                     std::to_string(n) + " board (rows and columns 0.." + std::to_string(n - 1) + ")");
  }
  if (const auto c = find_conflict(n, queens)) {
    if (std::string(c->line) == "row") {
      throw InputError(source + ": queens " + to_string(queens[c->first]) + " and " + to_string(queens[c->second]) +
                       " are both in row " + std::to_string(queens[c->first].row));
    }
    throw InputError(source + ": " + describe(*c, queens));
  }
}

// "r1:c1,r2:c2,..." (spaces allowed around the items).
inline std::vector<Queen> parse_place(const std::string& text) {
  std::vector<Queen> queens;
  std::stringstream items(text);
  std::string item;
  while (std::getline(items, item, ',')) {
    std::size_t begin = item.find_first_not_of(" \t");
    std::size_t end = item.find_last_not_of(" \t");
    const std::string trimmed = begin == std::string::npos ? "" : item.substr(begin, end - begin + 1);
    const auto colon = trimmed.find(':');
    auto is_number = [](const std::string& s) {
      if (s.empty() || s.size() > 9) return false;
      std::size_t i = s[0] == '-' ? 1 : 0;
      if (i == s.size()) return false;
      for (; i < s.size(); ++i) {
        if (std::isdigit(static_cast<unsigned char>(s[i])) == 0) return false;
      }
      return true;
    };
    if (colon == std::string::npos || !is_number(trimmed.substr(0, colon)) || !is_number(trimmed.substr(colon + 1))) {
      throw InputError("--place: '" + trimmed + "' is not ROW:COL (0-based numbers, e.g. --place 0:3,5:1)");
    }
    queens.push_back({std::stoi(trimmed.substr(0, colon)), std::stoi(trimmed.substr(colon + 1))});
  }
  const auto last = text.find_last_not_of(" \t");
  if (last != std::string::npos && text[last] == ',') {
    throw InputError("--place: '' is not ROW:COL (0-based numbers, e.g. --place 0:3,5:1): a comma too many");
  }
  if (queens.empty()) throw InputError("--place: no queens given (expected ROW:COL,ROW:COL,...)");
  return queens;
}

// A board drawn as n lines of n characters, 'Q' a queen and '.' an empty square.
struct Board {
  int n = 0;
  std::vector<Queen> queens;  // row by row, left to right
};

// Reads a board; `source` names it in messages ("board.txt"). Blank lines at the end
// and a '\r' before each line end are ignored. A row may hold any number of queens
// here: the caller decides what that means (require_consistent, check_solution).
inline Board read_board(const std::string& text, const std::string& source) {
  std::vector<std::string> lines;
  std::stringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
  }
  while (!lines.empty() && lines.back().find_first_not_of(" \t") == std::string::npos) lines.pop_back();
  if (lines.empty()) throw InputError(source + ": empty board");
  Board board;
  board.n = static_cast<int>(lines.size());
  for (std::size_t r = 0; r < lines.size(); ++r) {
    const std::string& l = lines[r];
    const std::string where = source + " line " + std::to_string(r + 1);
    for (std::size_t c = 0; c < l.size(); ++c) {
      if (l[c] == 'Q') {
        board.queens.push_back({static_cast<int>(r), static_cast<int>(c)});
      } else if (l[c] != '.') {
        throw InputError(where + " column " + std::to_string(c + 1) + ": '" + std::string(1, l[c]) +
                         "' is neither a queen 'Q' nor an empty square '.'");
      }
    }
    if (l.size() != lines.size()) {
      throw InputError(where + ": " + std::to_string(l.size()) + " squares, but the board has " +
                       std::to_string(lines.size()) + " rows: a board is n lines of n squares");
    }
  }
  return board;
}

// Whether `text` is the output of `backtrack solve` (text or JSON lines).
inline bool is_solve_output(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  return text.find("columns:") != std::string::npos || (first != std::string::npos && text[first] == '{');
}

// Whether `text` looks like a board rather than a list of numbers.
inline bool looks_like_board(const std::string& text) {
  return !is_solve_output(text) && text.find_first_of("Q.") != std::string::npos;
}

// The "columns" of the first JSON line that has them (`backtrack solve --format json`).
inline std::optional<std::vector<int>> json_columns(const std::string& text, const std::string& source) {
  std::stringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const auto json = nlohmann::json::parse(line, nullptr, false);
    if (json.is_discarded()) throw InputError(source + ": a line that starts like JSON is not JSON");
    if (!json.is_object() || !json.contains("columns")) continue;
    const auto& columns = json["columns"];
    std::vector<int> result;
    if (columns.is_array()) {
      for (const auto& c : columns) {
        if (!c.is_number_integer()) throw InputError(source + ": \"columns\" holds something other than integers");
        result.push_back(c.get<int>());
      }
    }
    if (result.empty()) throw InputError(source + ": \"columns\" is not a non-empty array of integers");
    return result;
  }
  return std::nullopt;
}

// Columns separated by spaces, commas or line breaks ("1 3 0 2"), optionally after the
// "columns:" label that `backtrack solve` prints, or a JSON line with a "columns" array.
inline std::vector<int> read_columns(const std::string& text, const std::string& source) {
  std::string list = text;
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && text[first] == '{') {
    if (auto columns = json_columns(text, source)) return *columns;
    throw InputError(source + ": no JSON line with \"columns\"");
  }
  // The output of `backtrack solve`: take the first "columns:" line.
  const auto label = text.find("columns:");
  if (label != std::string::npos) {
    const auto end = text.find('\n', label);
    list = text.substr(label + 8, end == std::string::npos ? std::string::npos : end - label - 8);
  }
  std::vector<int> columns;
  std::size_t i = 0;
  while (i < list.size()) {
    const char ch = list[i];
    if (ch == ' ' || ch == ',' || ch == '\n' || ch == '\r' || ch == '\t') {
      ++i;
      continue;
    }
    std::size_t j = i;
    if (list[j] == '-') ++j;
    while (j < list.size() && std::isdigit(static_cast<unsigned char>(list[j])) != 0) ++j;
    const std::string token = list.substr(i, j - i);
    const bool digits = j > i + (list[i] == '-' ? 1u : 0u) && token.size() <= 10;
    if (!digits || (j < list.size() && list[j] != ' ' && list[j] != ',' && list[j] != '\n' && list[j] != '\r' &&
                    list[j] != '\t')) {
      std::size_t stop = list.find_first_of(" ,\n\r\t", i);
      throw InputError(source + ": '" + list.substr(i, stop == std::string::npos ? std::string::npos : stop - i) +
                       "' (item " + std::to_string(columns.size() + 1) +
                       ") is not a column number; expected 0-based columns separated by spaces or commas, or a "
                       "board of 'Q' and '.'");
    }
    const long long value = std::stoll(token);
    columns.push_back(value > 1'000'000'000 ? 1'000'000'000 : value < -1'000'000'000 ? -1'000'000'000
                                                                                      : static_cast<int>(value));
    i = j;
  }
  if (columns.empty()) throw InputError(source + ": no solution found in the input (expected columns or a board)");
  return columns;
}

// The verdict of `backtrack check nqueens`. Throws InputError when unreadable.
inline CheckVerdict check_solution(const std::string& text, const std::string& source) {
  std::vector<Queen> queens;
  int n = 0;
  if (looks_like_board(text)) {
    const Board board = read_board(text, source);
    n = board.n;
    queens = board.queens;
    if (const auto c = find_conflict(n, queens)) return {false, "invalid: " + describe(*c, queens)};
    std::vector<int> per_row(static_cast<std::size_t>(n), 0);
    for (const Queen& q : queens) ++per_row[static_cast<std::size_t>(q.row)];
    for (int r = 0; r < n; ++r) {
      if (per_row[static_cast<std::size_t>(r)] == 0) {
        return {false, "invalid: row " + std::to_string(r) + " has no queen (" + std::to_string(queens.size()) +
                           " queens on a " + std::to_string(n) + " x " + std::to_string(n) + " board)"};
      }
    }
  } else {
    const std::vector<int> columns = read_columns(text, source);
    n = static_cast<int>(columns.size());
    for (int r = 0; r < n; ++r) queens.push_back({r, columns[static_cast<std::size_t>(r)]});
    if (const auto i = find_off_board(n, queens)) {
      return {false, "invalid: queen " + to_string(queens[*i]) + " (row " + std::to_string(queens[*i].row) +
                         ") lies off the " + std::to_string(n) + " x " + std::to_string(n) + " board"};
    }
  }
  if (const auto c = find_conflict(n, queens)) return {false, "invalid: " + describe(*c, queens)};
  return {true, "valid: " + std::to_string(n) + " queens on a " + std::to_string(n) + " x " + std::to_string(n) +
                    " board, no two attack each other"};
}

}  // namespace backtrack::nqueens
