// `check nqueens [FILE]`: check_solution, on columns, solve output, JSON lines or boards.
// Promises: the message says "valid: " exactly when the verdict is valid, and for a
// list of columns the verdict is what comparing every pair of queens says.
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

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace backtrack::nqueens;
  const std::string text = backtrack::fuzz::text_of(data, size);
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
