#include <span>
#include <utility>

#include "backtrack/solver.hpp"
#include "backtrack/sudoku/csp.hpp"
#include "solvers.hpp"

namespace backtrack::sudoku {

std::unique_ptr<Solver> csp_solver(const Grid& puzzle, const csp::SearchOptions& options, Instance instance) {
  return make_solver(
      CspSudoku(puzzle, options),
      [](const CspSudoku& p, std::span<const CspSudoku::Move> path) { return render(p.solution(path)); },
      std::move(instance));
}

}  // namespace backtrack::sudoku
