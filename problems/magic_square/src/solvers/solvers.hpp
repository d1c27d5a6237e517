#pragma once
// The solver of strategy csp, in a translation unit of its own (make_solver compiles the
// engine for its problem).
#include <memory>

#include "backtrack/csp/options.hpp"
#include "backtrack/solver_interface.hpp"

namespace backtrack::magic_square {

// one_per_class: symmetry full (one square per class of the 8 symmetries, weight 8).
std::unique_ptr<Solver> csp_solver(int n, const csp::SearchOptions& options, bool one_per_class, Instance instance);

}  // namespace backtrack::magic_square
