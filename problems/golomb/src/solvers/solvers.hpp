#pragma once
// The solver of strategy csp, in a translation unit of its own (make_solver compiles the
// engine for its problem).
#include <memory>

#include "backtrack/csp/options.hpp"
#include "backtrack/solver_interface.hpp"

namespace backtrack::golomb {

std::unique_ptr<Solver> csp_solver(int marks, const csp::SearchOptions& options, Instance instance);

}  // namespace backtrack::golomb
