#include "backtrack/nqueens/word.hpp"

#include "solver_for.hpp"

namespace backtrack::nqueens {

std::unique_ptr<Solver> word_solver(int n, Symmetry symmetry) {
  if (symmetry == Symmetry::full) return word_full_solver(n);
  return solver_for(WordQueens(n, symmetry), n, "word", symmetry);
}

}  // namespace backtrack::nqueens
