// `solve nqueens --place ROW:COL,...`: parse_place.
// Promises: at least one queen, and the queens written back as ROW:COL,... read back
// as the same queens.
#include "backtrack/nqueens/validator.hpp"
#include "contract.hpp"

using backtrack::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace backtrack::nqueens;
  std::vector<Queen> queens;
  try {
    queens = parse_place(backtrack::fuzz::text_of(data, size));
  } catch (const backtrack::InputError&) {
    return 0;
  }
  require(!queens.empty(), "at least one queen");
  std::string written;
  for (const Queen& q : queens) written += (written.empty() ? "" : ",") + to_string(q);
  const std::vector<Queen> again = parse_place(written);
  require(again.size() == queens.size(), "as many queens read back");
  for (std::size_t i = 0; i < queens.size(); ++i) {
    require(again[i].row == queens[i].row && again[i].col == queens[i].col, "the same queens read back");
  }
  // The check of a placement on a board of any size must not fail but by InputError.
  try {
    require_consistent(8, queens, "--place");
  } catch (const backtrack::InputError&) {
  }
  return 0;
}
