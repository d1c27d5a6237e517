#include <cstddef>

#include "backtrack/nqueens/bitset.hpp"
#include "given_queens.hpp"

namespace backtrack::nqueens {

std::unique_ptr<Solver> given_bitset_solver(int n, const std::vector<Queen>& queens) {
  return with_given_queens(BitsetQueens(n), n, queens, "bitset",
                           [](std::size_t c) { return static_cast<int>(c); });
}

}  // namespace backtrack::nqueens
