#pragma once
// Queens given by the user, and the rules they must keep: reading them (--place lists,
// board files, solutions to check) and finding two that attack each other.
//
// Errors in what the user wrote are InputErrors naming the queen or the line; a
// verdict on a well-formed solution is a CheckVerdict (valid or not, and why).
#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "backtrack/errors.hpp"
#include "backtrack/input_location.hpp"
#include "backtrack/quoted.hpp"
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
// queens are given; `queen_at(i)` is the i-th of `count` queens, every one on the board.
// A bit marks each line taken (6n bits: a million queens cost under a megabyte); the
// earlier queen of a pair is looked for again only once, when the pair is found.
// O(n + count).
template <class QueenAt>
std::optional<Conflict> find_conflict(int n, std::size_t count, QueenAt queen_at) {
  const auto size = static_cast<std::size_t>(n);
  std::vector<bool> row(size), col(size), sum(2 * size), difference(2 * size);
  // The index of queen q's line k in its family.
  auto line_of = [n](const Queen& q, int k) {
    const int index[] = {q.row, q.col, q.row - q.col + n, q.row + q.col};
    return static_cast<std::size_t>(index[k]);
  };
  std::vector<bool>* taken[] = {&row, &col, &difference, &sum};
  const char* names[] = {"row", "column", "diagonal", "anti-diagonal"};
  for (std::size_t i = 0; i < count; ++i) {
    const Queen q = queen_at(i);
    for (int k = 0; k < 4; ++k) {
      if (!(*taken[k])[line_of(q, k)]) continue;
      std::size_t first = 0;
      while (line_of(queen_at(first), k) != line_of(q, k)) ++first;
      return Conflict{first, i, names[k]};
    }
    for (int k = 0; k < 4; ++k) (*taken[k])[line_of(q, k)] = true;
  }
  return std::nullopt;
}

inline std::optional<Conflict> find_conflict(int n, const std::vector<Queen>& queens) {
  return find_conflict(n, queens.size(), [&queens](std::size_t i) { return queens[i]; });
}

inline std::string describe(const Conflict& c, const Queen& first, const Queen& second) {
  return "queens " + to_string(first) + " and " + to_string(second) + " attack each other (same " + c.line + ")";
}

inline std::string describe(const Conflict& c, const std::vector<Queen>& queens) {
  return describe(c, queens[c.first], queens[c.second]);
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
      throw InputError("--place: " + in_quotes(trimmed) + " is not ROW:COL (0-based numbers, e.g. --place 0:3,5:1)");
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
// The lines are walked twice (count them, then read them) rather than copied, so
// an input of millions of short lines costs no memory beyond its queens.
inline Board read_board(std::string_view text, const std::string& source) {
  // Calls visit(line) for each line, '\r' before the line end dropped, until it returns false.
  auto for_each_line = [text](auto visit) {
    for (std::size_t start = 0; start < text.size();) {
      std::size_t end = text.find('\n', start);
      if (end == std::string_view::npos) end = text.size();
      std::string_view line = text.substr(start, end - start);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      if (!visit(line)) return;
      start = end + 1;
    }
  };
  std::size_t rows = 0;  // up to the last line that is not blank
  std::size_t lines = 0;
  for_each_line([&](std::string_view line) {
    ++lines;
    if (line.find_first_not_of(" \t") != std::string_view::npos) rows = lines;
    return true;
  });
  if (rows == 0) throw_input_error(source, {1, 1}, "empty board");
  if (rows > static_cast<std::size_t>(std::numeric_limits<int>::max())) {
    throw InputError(source + ": " + std::to_string(rows) + " rows, more than any board this program handles");
  }
  Board board;
  board.n = static_cast<int>(rows);
  std::size_t r = 0;
  for_each_line([&](std::string_view l) {
    const int line = static_cast<int>(r) + 1;
    for (std::size_t c = 0; c < l.size(); ++c) {
      if (l[c] == 'Q') {
        board.queens.push_back({static_cast<int>(r), static_cast<int>(c)});
      } else if (l[c] != '.') {
        throw_input_error(source, {line, static_cast<int>(c) + 1},
                          in_quotes(l.substr(c, 1)) + " is neither a queen 'Q' nor an empty square '.'");
      }
    }
    if (l.size() != rows) {
      // At the first square too many, or just past the end of a line too short.
      throw_input_error(source, {line, static_cast<int>(std::min(l.size(), rows)) + 1},
                        std::to_string(l.size()) + " squares, but the board has " + std::to_string(rows) +
                            " rows: a board is n lines of n squares");
    }
    return ++r < rows;
  });
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

// A column as read, clamped to +-10^9: off any board this program can search, and an int.
inline constexpr int far_column = 1'000'000'000;

template <class Integer>
int clamp_column(Integer value) {
  if (std::cmp_greater(value, far_column)) return far_column;
  if (std::cmp_less(value, -far_column)) return -far_column;
  return static_cast<int>(value);
}

namespace detail {

// The "columns" of one JSON line, collected while the line is read (nlohmann's SAX
// interface): a JSON value of each column, then a copy, would take 20 bytes a column
// where this takes 4. Only the "columns" of the top-level object count.
class ColumnsOfALine : public nlohmann::json_sax<nlohmann::json> {
 public:
  bool found = false;         // the line is an object with "columns"
  bool only_integers = true;  // and every item of it is an integer
  std::vector<int> columns;   // those integers, clamped
  int error_column = 1;       // of the line, where it is no JSON

  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t v) override { return number(clamp_column(v)); }
  bool number_unsigned(number_unsigned_t v) override { return number(clamp_column(v)); }
  // An integer beyond 64 bits reaches here as a float: a column off any board all the same.
  bool number_float(number_float_t v, const string_t& literal) override {
    if (literal.find_first_of(".eE") != string_t::npos) return value();
    return number(v < 0 ? -far_column : far_column);
  }
  bool string(string_t&) override { return value(); }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override { return open(false); }
  bool start_array(std::size_t) override { return open(true); }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }
  bool key(string_t& k) override {
    columns_next_ = depth_ == 1 && k == "columns";
    return true;
  }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception&) override {
    error_column = static_cast<int>(position);  // the characters read, the offending one the last
    return false;
  }

 private:
  bool in_columns() const { return in_array_ && depth_ == 2; }
  // A value that is no integer: the "columns" themselves (not an array), or a bad item.
  bool value() {
    if (depth_ == 1 && columns_next_) {
      found = true;  // a later "columns" replaces an earlier one, as in a parsed object
      only_integers = true;
      columns.clear();
    } else if (in_columns()) {
      only_integers = false;
    }
    return true;
  }
  bool number(int column) {
    if (in_columns()) {
      columns.push_back(column);
      return true;
    }
    return value();
  }
  bool open(bool array) {
    if (depth_ == 1 && columns_next_) in_array_ = array;
    value();
    ++depth_;
    return true;
  }
  bool close() {
    --depth_;
    if (depth_ == 1) in_array_ = false;
    return true;
  }

  int depth_ = 0;
  bool columns_next_ = false;  // the last key of the top-level object was "columns"
  bool in_array_ = false;      // inside the "columns" array
};

}  // namespace detail

// The "columns" of the first JSON line that has them (`backtrack solve --format json`).
inline std::optional<std::vector<int>> json_columns(const std::string& text, const std::string& source) {
  const std::string_view all = text;
  int number = 0;
  for (std::size_t start = 0; start < all.size();) {
    std::size_t end = all.find('\n', start);
    if (end == std::string_view::npos) end = all.size();
    const std::string_view line = all.substr(start, end - start);
    start = end + 1;
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    detail::ColumnsOfALine reader;
    if (!nlohmann::json::sax_parse(line, &reader)) {
      throw_input_error(source, {number, reader.error_column}, "a line that starts like JSON is not JSON");
    }
    if (!reader.found) continue;
    if (!reader.only_integers) throw InputError(source + ": \"columns\" holds something other than integers");
    if (reader.columns.empty()) throw InputError(source + ": \"columns\" is not a non-empty array of integers");
    return std::move(reader.columns);
  }
  return std::nullopt;
}

// Columns separated by spaces, commas or line breaks ("1 3 0 2"), optionally after the
// "columns:" label that `backtrack solve` prints, or a JSON line with a "columns" array.
inline std::vector<int> read_columns(const std::string& text, const std::string& source) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && text[first] == '{') {
    if (auto columns = json_columns(text, source)) return *columns;
    throw_input_error(source, {1, 1}, "no JSON line with \"columns\"");
  }
  // The output of `backtrack solve`: take the first "columns:" line. A view, not a
  // copy: the list may be most of a large input.
  std::string_view list = text;
  const auto label = text.find("columns:");
  if (label != std::string::npos) {
    const auto end = text.find('\n', label);
    list = list.substr(label + 8, end == std::string::npos ? std::string::npos : end - label - 8);
  }
  auto separator = [](char ch) { return ch == ' ' || ch == ',' || ch == '\n' || ch == '\r' || ch == '\t'; };
  std::vector<int> columns;
  std::size_t i = 0;
  while (i < list.size()) {
    if (separator(list[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    if (list[j] == '-') ++j;
    while (j < list.size() && std::isdigit(static_cast<unsigned char>(list[j])) != 0) ++j;
    const std::string_view token = list.substr(i, j - i);
    const bool negative = list[i] == '-';
    const bool digits = j > i + (negative ? 1u : 0u);
    if (!digits || (j < list.size() && !separator(list[j]))) {
      std::size_t stop = list.find_first_of(" ,\n\r\t", i);
      throw_input_error(source, location_in(text, static_cast<std::size_t>(list.data() - text.data()) + i),
                        in_quotes(list.substr(i, stop == std::string::npos ? std::string::npos : stop - i)) +
                            " (item " + std::to_string(columns.size() + 1) +
                            ") is not a column number; expected 0-based columns separated by spaces or commas, or a "
                            "board of 'Q' and '.'");
    }
    // Past ten digits (leading zeros aside) a column is off any board, and may be past a
    // long long: no need to read it.
    std::string_view magnitude = token.substr(negative ? 1 : 0);
    magnitude.remove_prefix(std::min(magnitude.find_first_not_of('0'), magnitude.size() - 1));
    const long long size = magnitude.size() > 10 ? far_column : std::stoll(std::string(magnitude));
    columns.push_back(clamp_column(negative ? -size : size));
    i = j;
  }
  if (columns.empty()) {
    throw_input_error(source, {1, 1}, "no solution found in the input (expected columns or a board)");
  }
  return columns;
}

inline std::string board_size_text(int n) { return std::to_string(n) + " x " + std::to_string(n) + " board"; }

// "a 9 x 9 board", "an 8 x 8 board": the article goes by how the number is read aloud,
// by its leading group of three digits ("eight", "eleven", "eighteen", "eighty-...").
inline std::string a_board_size_text(int n) {
  long long lead = n < 0 ? -static_cast<long long>(n) : n;
  while (lead >= 1000) lead /= 1000;
  long long first_digit = lead;
  while (first_digit >= 10) first_digit /= 10;
  const bool vowel = first_digit == 8 || lead == 11 || lead == 18;
  return (vowel ? "an " : "a ") + board_size_text(n);
}

inline CheckVerdict valid_board(int n) {
  return {true, "valid: " + std::to_string(n) + " queens on " + a_board_size_text(n) + ", no two attack each other"};
}

// A board whose every row holds one queen, given by its columns; no list of queens is
// built, so a check of millions of queens takes about 4 bytes a queen.
inline CheckVerdict check_columns(const std::vector<int>& columns) {
  if (columns.size() > static_cast<std::size_t>(std::numeric_limits<int>::max())) {
    return {false, "invalid: " + std::to_string(columns.size()) + " queens, more than any board this program handles"};
  }
  const int n = static_cast<int>(columns.size());
  auto queen_at = [&columns](std::size_t r) { return Queen{static_cast<int>(r), columns[r]}; };
  for (std::size_t r = 0; r < columns.size(); ++r) {
    if (!on_board(queen_at(r), n)) {
      // A clamped column is not what the input said: name the row, not that number.
      if (std::abs(columns[r]) == far_column) {
        return {false, "invalid: the queen of row " + std::to_string(r) + " lies off the " + board_size_text(n) +
                           " (its column is 10^9 or more in size)"};
      }
      return {false, "invalid: queen " + to_string(queen_at(r)) + " (row " + std::to_string(r) + ") lies off the " +
                         board_size_text(n)};
    }
  }
  if (const auto c = find_conflict(n, columns.size(), queen_at)) {
    return {false, "invalid: " + describe(*c, queen_at(c->first), queen_at(c->second))};
  }
  return valid_board(n);
}

// The verdict of `backtrack check nqueens`. Throws InputError when unreadable.
inline CheckVerdict check_solution(const std::string& text, const std::string& source) {
  if (!looks_like_board(text)) return check_columns(read_columns(text, source));
  const Board board = read_board(text, source);
  const int n = board.n;
  const std::vector<Queen>& queens = board.queens;
  if (const auto c = find_conflict(n, queens)) return {false, "invalid: " + describe(*c, queens)};
  // No two queens share a row: n queens or fewer, so a row without one means fewer.
  if (queens.size() < static_cast<std::size_t>(n)) {
    std::vector<bool> has_queen(static_cast<std::size_t>(n));
    for (const Queen& q : queens) has_queen[static_cast<std::size_t>(q.row)] = true;
    int r = 0;
    while (has_queen[static_cast<std::size_t>(r)]) ++r;
    return {false, "invalid: row " + std::to_string(r) + " has no queen (" + std::to_string(queens.size()) +
                       " queens on " + a_board_size_text(n) + ")"};
  }
  return valid_board(n);
}

}  // namespace backtrack::nqueens
