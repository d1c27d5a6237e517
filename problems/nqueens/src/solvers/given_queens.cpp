#include "solvers.hpp"

namespace backtrack::nqueens {

std::unique_ptr<Solver> given_queens_solver(int n, const std::vector<Queen>& queens, const std::string& strategy) {
  if (strategy == "scan") return given_scan_solver(n, queens);
  if (strategy == "arrays") return given_arrays_solver(n, queens);
  if (strategy == "bitset") return given_bitset_solver(n, queens);
  return given_word_solver(n, queens);
}

}  // namespace backtrack::nqueens
