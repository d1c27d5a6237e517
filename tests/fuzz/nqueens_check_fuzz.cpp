// `check nqueens [FILE]`: check_solution, on columns, solve output, JSON lines or boards.
// Promises: the message says "valid: " exactly when the verdict is valid; for a list of
// columns the verdict is what comparing every pair of queens says; JSON columns are
// the numbers written (clamped, never wrapped), as a parsed JSON value holds them.
#include <limits>
#include <optional>
#include <sstream>

#include "backtrack/nqueens/validator.hpp"
#include "contract.hpp"

using backtrack::fuzz::require;

namespace {

// The rules, the slow way: n queens, one a row, on the board, no two on a line.
bool valid_by_pairs(const std::vector<int>& columns) {
  const auto n = static_cast<long long>(columns.size());
  for (long long r = 0; r < n; ++r) {
    const long long c = columns[static_cast<std::size_t>(r)];
    if (c < 0 || c >= n) return false;
    for (long long s = 0; s < r; ++s) {
      const long long d = columns[static_cast<std::size_t>(s)];
      if (c == d || r - c == s - d || r + c == s + d) return false;
    }
  }
  return true;
}

// A JSON value as nlohmann builds it, except that an integer literal beyond 64 bits
// (which nlohmann reads as a float) becomes the widest integer of its sign: a column off
// any board, as read_columns takes it.
struct WideIntegers : nlohmann::detail::json_sax_dom_parser<nlohmann::json> {
  explicit WideIntegers(nlohmann::json& root) : json_sax_dom_parser(root, /*allow_exceptions=*/false) {}
  bool number_float(double value, const std::string& literal) {
    if (literal.find_first_of(".eE") != std::string::npos) return json_sax_dom_parser::number_float(value, literal);
    if (value < 0) return number_integer(std::numeric_limits<std::int64_t>::min());
    return number_unsigned(std::numeric_limits<std::uint64_t>::max());
  }
};

// The columns of the first JSON line that has them, read the slow and obvious way,
// through a parsed JSON value, at full width; nothing when read_columns must refuse.
std::optional<std::vector<int>> json_columns_by_value(const std::string& text) {
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    nlohmann::json json;
    WideIntegers sax(json);
    if (!nlohmann::json::sax_parse(line, &sax) || sax.is_errored()) return std::nullopt;
    if (!json.is_object() || !json.contains("columns")) continue;
    const auto& items = json["columns"];
    if (!items.is_array() || items.empty()) return std::nullopt;
    std::vector<int> columns;
    for (const auto& item : items) {
      if (item.is_number_unsigned()) {
        columns.push_back(backtrack::nqueens::clamp_column(item.get<std::uint64_t>()));
      } else if (item.is_number_integer()) {
        columns.push_back(backtrack::nqueens::clamp_column(item.get<std::int64_t>()));
      } else {
        return std::nullopt;
      }
    }
    return columns;
  }
  return std::nullopt;
}

// read_columns reads JSON as it streams; it must agree with the parsed value.
void compare_json_readers(const std::string& text) {
  const auto expected = json_columns_by_value(text);
  try {
    const std::vector<int> columns = backtrack::nqueens::read_columns(text, "input");
    require(expected.has_value() && columns == *expected, "JSON columns as a parsed value holds them");
  } catch (const backtrack::InputError&) {
    require(!expected.has_value(), "JSON columns refused only where a parsed value has none");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace backtrack::nqueens;
  const std::string text = backtrack::fuzz::text_of(data, size);
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && text[first] == '{') compare_json_readers(text);
  backtrack::CheckVerdict verdict;
  try {
    verdict = check_solution(text, "input");
  } catch (const backtrack::InputError&) {
    return 0;
  }
  require(verdict.message.rfind(verdict.valid ? "valid: " : "invalid: ", 0) == 0, "the message agrees with the verdict");
  if (!looks_like_board(text)) {
    const std::vector<int> columns = read_columns(text, "input");  // read once already: cannot fail now
    if (columns.size() <= 256) require(verdict.valid == valid_by_pairs(columns), "the verdict of every pair");
  }
  return 0;
}
