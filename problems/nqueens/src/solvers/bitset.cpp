#include "backtrack/nqueens/bitset.hpp"

#include "solver_for.hpp"

namespace backtrack::nqueens {

std::unique_ptr<Solver> bitset_solver(int n, Symmetry symmetry) {
  return solver_for(BitsetQueens(n, symmetry), n, "bitset", symmetry);
}

}  // namespace backtrack::nqueens
