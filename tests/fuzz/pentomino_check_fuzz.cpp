// `check pentomino [FILE]`: check_solution, on pictures of piece letters.
// Promises: the message says "valid: " exactly when the verdict is valid, "invalid: "
// otherwise; a valid picture (checked here the slow way) has each of the 12 letters on
// five cells that hang together, nothing else but holes, and no uncovered cell.
#include <map>
#include <set>
#include <vector>

#include "backtrack/polyomino/check.hpp"
#include "contract.hpp"

using backtrack::fuzz::require;

namespace {

// The picture's rows as check_solution reads them (its first solution's text).
std::vector<std::string> rows_of(const std::string& input) {
  std::vector<std::string> rows;
  std::string row;
  for (const char ch : backtrack::first_solution_text(input)) {
    if (ch == '\n') {
      rows.push_back(row);
      row.clear();
    } else if (ch != '\r') {
      row += ch;
    }
  }
  rows.push_back(row);
  return rows;
}

// Each letter of F I L N P T U V W X Y Z on five cells, each cell beside another of its
// letter but for a lone one, every cell a letter or a hole.
bool tiles_by_counts_and_contact(const std::vector<std::string>& rows) {
  std::map<char, std::vector<std::pair<int, int>>> cells;
  for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
    for (int c = 0; c < static_cast<int>(rows[static_cast<std::size_t>(r)].size()); ++c) {
      const char ch = rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      if (ch == ' ' || ch == '\t') continue;
      if (std::string_view("FILNPTUVWXYZ").find(ch) == std::string_view::npos) return false;
      cells[ch].push_back({r, c});
    }
  }
  if (cells.size() != 12) return false;
  for (const auto& [letter, at] : cells) {
    if (at.size() != 5) return false;
    // Connected: grown from the first cell through neighbours of the same letter.
    std::set<std::pair<int, int>> reached{at.front()};
    for (bool grew = true; grew;) {
      grew = false;
      for (const auto& cell : at) {
        if (reached.count(cell) != 0) continue;
        for (const auto& [dr, dc] : {std::pair{0, 1}, {0, -1}, {1, 0}, {-1, 0}}) {
          if (reached.count({cell.first + dr, cell.second + dc}) != 0) {
            reached.insert(cell);
            grew = true;
            break;
          }
        }
      }
    }
    if (reached.size() != 5) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = backtrack::fuzz::text_of(data, size);
  backtrack::CheckVerdict verdict;
  try {
    verdict = backtrack::polyomino::check_solution(text, "fuzz");
  } catch (const backtrack::InputError&) {
    return 0;
  }
  require(verdict.message.starts_with(verdict.valid ? "valid: " : "invalid: "), "the message says the verdict");
  if (verdict.valid) require(tiles_by_counts_and_contact(rows_of(text)), "a valid picture: 12 letters, 5 cells each, together");
  return 0;
}
