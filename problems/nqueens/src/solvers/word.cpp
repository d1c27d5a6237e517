#include "backtrack/nqueens/word.hpp"

#include "backtrack/nqueens/word_symmetric.hpp"
#include "solver_for.hpp"

namespace backtrack::nqueens {

std::unique_ptr<Solver> word_solver(int n, Symmetry symmetry) {
  if (symmetry == Symmetry::full) return solver_for(SymmetricWordQueens(n), n, "word", symmetry, true);
  return solver_for(WordQueens(n, symmetry), n, "word", symmetry);
}

}  // namespace backtrack::nqueens
