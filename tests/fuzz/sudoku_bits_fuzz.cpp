// Sudoku's fast path against exact cover: for any puzzle of box size 2 or 3 that
// parses, strategy bits (singles, locked candidates) and strategy dlx find as many
// solutions (up to a cap), and every solution bits gives is a filled grid that keeps
// the givens, checked by the tests' own validator (tests/sudoku/reference.hpp).
#include <algorithm>
#include <vector>

#include "backtrack/engine.hpp"
#include "backtrack/sudoku/bits.hpp"
#include "backtrack/sudoku/dlx.hpp"
#include "backtrack/sudoku/grid.hpp"
#include "contract.hpp"
#include "sudoku/reference.hpp"

using backtrack::fuzz::require;

namespace {

constexpr std::uint64_t cap = 40;  // solutions: enough to tell the trees apart, few enough to stay fast
// A puzzle without a solution may still have a large tree: past this many nodes, either
// side gives up and the input proves nothing (instead of timing the fuzzer out).
constexpr std::uint64_t node_budget = 20000;

template <int Box>
void compare(const backtrack::sudoku::Grid& puzzle) {
  backtrack::SearchLimits limits;
  limits.max_solutions = cap;
  limits.max_nodes = node_budget;
  const backtrack::sudoku::BitsSudoku<Box> bits(puzzle);
  std::vector<std::vector<int>> found;
  const auto by_bits = backtrack::enumerate_solutions(
      bits,
      [&](const typename backtrack::sudoku::BitsSudoku<Box>::State&,
          std::span<const typename backtrack::sudoku::BitsSudoku<Box>::Move> path, std::uint64_t) {
        found.push_back(bits.solution(path).cells());
        require(reference::valid_sudoku(puzzle.cells(), found.back(), Box), "a solution of bits fills the grid by the rules");
      },
      limits);
  if (by_bits.stop == backtrack::StopReason::node_limit) return;
  std::sort(found.begin(), found.end());
  require(std::adjacent_find(found.begin(), found.end()) == found.end(), "bits gives each solution once");
  const auto by_dlx = backtrack::count_solutions(backtrack::sudoku::DlxSudoku(puzzle), limits);
  if (by_dlx.stop == backtrack::StopReason::node_limit) return;
  require(by_bits.solutions == by_dlx.solutions, "bits and dlx find as many solutions");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  backtrack::sudoku::Grid puzzle;
  try {
    puzzle = backtrack::sudoku::parse_grid(backtrack::fuzz::text_of(data, size), "puzzle");
  } catch (const backtrack::InputError&) {
    return 0;
  }
  if (puzzle.box() == 2) compare<2>(puzzle);
  if (puzzle.box() == 3) compare<3>(puzzle);
  return 0;
}
