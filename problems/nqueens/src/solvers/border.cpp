#include "backtrack/nqueens/constellations.hpp"
#include "solver_for.hpp"

namespace backtrack::nqueens {

// Its symmetry counts constellations, not classes of solutions: totals only.
std::unique_ptr<Solver> border_solver(int n, Symmetry symmetry) {
  return solver_for(ConstellationQueens(n, symmetry), n, "border", symmetry);
}

}  // namespace backtrack::nqueens
