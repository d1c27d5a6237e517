#include "backtrack/nqueens/word_symmetric.hpp"
#include "solver_for.hpp"

namespace backtrack::nqueens {

std::unique_ptr<Solver> word_full_solver(int n) {
  return solver_for(SymmetricWordQueens(n), n, "word", Symmetry::full, true);
}

}  // namespace backtrack::nqueens
