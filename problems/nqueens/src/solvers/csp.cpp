#include "backtrack/nqueens/csp.hpp"

#include "backtrack/csp/program_options.hpp"
#include "solver_for.hpp"

namespace backtrack::nqueens {

// The generic CSP layer with the --prune/--order/--values options.
std::unique_ptr<Solver> csp_solver(const boost::program_options::variables_map& vm, int n, Symmetry symmetry) {
  const auto options = csp::read_search_options(vm, {});
  // The CSP options are in the description, and there is no input data.
  return make_solver(CspQueens(n, options, symmetry), path_renderer(n),
                     Instance{describe(n, "csp", symmetry) + " " + csp::describe(options), ""});
}

}  // namespace backtrack::nqueens
