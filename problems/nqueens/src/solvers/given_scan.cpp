#include "backtrack/nqueens/scan.hpp"
#include "given_queens.hpp"

namespace backtrack::nqueens {

std::unique_ptr<Solver> given_scan_solver(int n, const std::vector<Queen>& queens) {
  return with_given_queens(ScanQueens(n), n, queens, "scan", [](int c) { return c; });
}

}  // namespace backtrack::nqueens
