// `solve nqueens --file FILE`: read_board, then require_consistent as the solver does.
// Promises: n >= 1; every queen lies on the n x n board, row by row, left to right;
// queens that pass require_consistent are at most n and attack no other.
#include "backtrack/nqueens/validator.hpp"
#include "contract.hpp"

using backtrack::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace backtrack::nqueens;
  Board board;
  try {
    board = read_board(backtrack::fuzz::text_of(data, size), "board");
  } catch (const backtrack::InputError&) {
    return 0;
  }
  require(board.n >= 1, "n >= 1");
  for (std::size_t i = 0; i < board.queens.size(); ++i) {
    const Queen& q = board.queens[i];
    require(on_board(q, board.n), "every queen on the board");
    if (i != 0) {
      const Queen& p = board.queens[i - 1];
      require(p.row < q.row || (p.row == q.row && p.col < q.col), "queens row by row, left to right");
    }
  }
  try {
    require_consistent(board.n, board.queens, "board");
  } catch (const backtrack::InputError&) {
    return 0;
  }
  require(board.queens.size() <= static_cast<std::size_t>(board.n), "consistent queens are at most n");
  for (std::size_t i = 0; i < board.queens.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      const Queen& a = board.queens[i];
      const Queen& b = board.queens[j];
      require(a.row != b.row && a.col != b.col && a.row - a.col != b.row - b.col && a.row + a.col != b.row + b.col,
              "consistent queens attack no other");
    }
  }
  return 0;
}
