#pragma once
// A FlatZinc model as a Solver of the driver (solver_interface.hpp): the integer layer's
// search (csp/int_problem.hpp) on the model, each solution rendered as FlatZinc prints it
// (Solution::text) and as JSON, an object of the output variables. Value types only, as
// the driver's side of the boundary takes them (tests/firewall): fzn-backtrack includes it.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "backtrack/csp/options.hpp"
#include "backtrack/solver_interface.hpp"

namespace backtrack::flatzinc {

struct FlatZincModel;  // model_builder.hpp

// Throws UsageError for --restarts on an optimisation (each run would search again for
// every improvement, without the bound of the run before).
std::unique_ptr<Solver> fzn_solver(FlatZincModel model, const csp::SearchOptions& options, Instance instance);

struct ModelSolver {
  std::unique_ptr<Solver> solver;
  std::vector<std::string> warnings;  // the annotations ignored
  bool optimises = false;
};
// A FlatZinc text, read, built and made a solver; InputError "LINE:COLUMN: MESSAGE" for
// a bad one (its syntax, or a constraint, type or value the solver lacks). An all_different
// without :: domain or :: bounds is at bounds consistency, as Gecode's reader posts it, or
// where prune_given (a user's --prune) at the strength options.prune chooses. A model
// whose solve item names no search is searched with `unannotated` where given.
ModelSolver read_solver(const std::string& text, bool follow_search_annotations, csp::Globals globals,
                        bool prune_given, const csp::SearchOptions& options, Instance instance,
                        const std::optional<csp::SearchOptions>& unannotated = std::nullopt);

}  // namespace backtrack::flatzinc
