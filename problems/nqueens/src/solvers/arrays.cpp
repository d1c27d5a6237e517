#include "backtrack/nqueens/arrays.hpp"

#include "solver_for.hpp"

namespace backtrack::nqueens {

std::unique_ptr<Solver> arrays_solver(int n, Symmetry symmetry) {
  return solver_for(ArrayQueens(n, symmetry), n, "arrays", symmetry);
}

}  // namespace backtrack::nqueens
