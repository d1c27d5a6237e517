#include <span>
#include <utility>

#include "backtrack/csp/restarting_solver.hpp"
#include "backtrack/solver.hpp"
#include "backtrack/sudoku/csp.hpp"
#include "solvers.hpp"

namespace backtrack::sudoku {

std::unique_ptr<Solver> csp_solver(const Grid& puzzle, const csp::SearchOptions& options, Instance instance) {
  return csp::with_restarts(CspSudoku(puzzle, options), instance, [instance](CspSudoku problem) {
    return make_solver(
        std::move(problem),
        [](const CspSudoku& p, std::span<const CspSudoku::Move> path) { return render(p.solution(path)); }, instance);
  });
}

}  // namespace backtrack::sudoku
