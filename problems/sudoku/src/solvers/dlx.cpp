#include <span>
#include <utility>

#include "backtrack/solver.hpp"
#include "backtrack/sudoku/dlx.hpp"
#include "solvers.hpp"

namespace backtrack::sudoku {

std::unique_ptr<Solver> dlx_solver(const Grid& puzzle, Instance instance) {
  return make_solver(
      DlxSudoku(puzzle), [](const DlxSudoku& p, std::span<const DlxSudoku::Move> path) { return render(p.solution(path)); },
      std::move(instance));
}

}  // namespace backtrack::sudoku
