#pragma once
// The solver of each strategy, each made in a translation unit of its own (make_solver
// compiles the engine for its problem): they compile in parallel, and a change to one
// strategy rebuilds only its own.
#include <memory>

#include "backtrack/csp/options.hpp"
#include "backtrack/solver_interface.hpp"
#include "backtrack/sudoku/grid.hpp"

namespace backtrack::sudoku {

// A solution as the driver prints it: the grid, and its cells on one line.
Solution render(const Grid& grid);

// Box: 2, 3, 4 or 5 (a 4x4 to a 25x25 grid), one file each.
template <int Box>
std::unique_ptr<Solver> bits_solver(const Grid& puzzle, Instance instance);
std::unique_ptr<Solver> csp_solver(const Grid& puzzle, const csp::SearchOptions& options, Instance instance);
std::unique_ptr<Solver> dlx_solver(const Grid& puzzle, Instance instance);

}  // namespace backtrack::sudoku
