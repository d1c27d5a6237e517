#include "backtrack/nqueens/scan.hpp"

#include "solver_for.hpp"

namespace backtrack::nqueens {

std::unique_ptr<Solver> scan_solver(int n, Symmetry symmetry) {
  return solver_for(ScanQueens(n, symmetry), n, "scan", symmetry);
}

}  // namespace backtrack::nqueens
