#include <bit>
#include <cstdint>

#include "backtrack/nqueens/word.hpp"
#include "given_queens.hpp"

namespace backtrack::nqueens {

std::unique_ptr<Solver> given_word_solver(int n, const std::vector<Queen>& queens) {
  return with_given_queens(WordQueens(n), n, queens, "word", [](std::uint64_t bit) { return std::countr_zero(bit); });
}

}  // namespace backtrack::nqueens
