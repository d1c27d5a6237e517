// `solve pentomino --board ROWSxCOLS --holes ...`: parse_board. The first line of the
// input is --board, the rest --holes.
// Promises: at most largest_board_cells cells; the board is the box less the holes, and
// every cell is numbered in order.
#include "backtrack/polyomino/board_option.hpp"
#include "contract.hpp"

using backtrack::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace backtrack::polyomino;
  const std::string text = backtrack::fuzz::text_of(data, size);
  const auto end = text.find('\n');
  const std::string box = text.substr(0, end);
  const std::string holes = end == std::string::npos ? "" : text.substr(end + 1);
  try {
    const Board board = parse_board(box, holes);
    const long long area = static_cast<long long>(board.rows()) * board.cols();
    require(board.rows() >= 1 && board.cols() >= 1 && area <= largest_board_cells, "a box of 1..4096 cells");
    require(static_cast<long long>(board.cells().size()) <= area, "no more cells than the box");
    if (holes == "centre" || holes == "center") require(board.cells().size() + 4 == static_cast<std::size_t>(area), "centre: four holes");
    for (std::size_t i = 0; i < board.cells().size(); ++i) {
      require(board.index(board.cells()[i]) == static_cast<int>(i), "every cell numbered in order");
    }
  } catch (const backtrack::UsageError&) {
  }
  return 0;
}
