#include "backtrack/nqueens/dlx.hpp"

#include "solver_for.hpp"

namespace backtrack::nqueens {

std::unique_ptr<Solver> dlx_solver(int n, Symmetry symmetry) {
  return solver_for(DlxQueens(n, symmetry), n, "dlx", symmetry);
}

}  // namespace backtrack::nqueens
