#pragma once
// A FlatZinc model as a Solver of the driver (solver_interface.hpp): the integer layer's
// search (csp/int_problem.hpp) on the model, each solution rendered as FlatZinc prints it
// (Solution::text) and as JSON, an object of the output variables.
#include <memory>
#include <string>

#include "backtrack/csp/options.hpp"
#include "backtrack/flatzinc/model_builder.hpp"
#include "backtrack/solver_interface.hpp"

namespace backtrack::flatzinc {

// Reads, builds and describes a FlatZinc text; ParseError or ModelError for a bad one.
FlatZincModel read_model(const std::string& text, const BuildOptions& options);

// Throws UsageError for --restarts on an optimisation (each run would search again for
// every improvement, without the bound of the run before).
std::unique_ptr<Solver> fzn_solver(FlatZincModel model, const csp::SearchOptions& options, Instance instance);

}  // namespace backtrack::flatzinc
