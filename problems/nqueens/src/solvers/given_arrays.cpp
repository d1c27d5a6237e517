#include "backtrack/nqueens/arrays.hpp"
#include "given_queens.hpp"

namespace backtrack::nqueens {

std::unique_ptr<Solver> given_arrays_solver(int n, const std::vector<Queen>& queens) {
  return with_given_queens(ArrayQueens(n), n, queens, "arrays", [](int c) { return c; });
}

}  // namespace backtrack::nqueens
