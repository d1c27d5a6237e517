#include "backtrack/nqueens/csp.hpp"

#include "backtrack/csp/domain.hpp"
#include "backtrack/csp/program_options.hpp"
#include "backtrack/csp/restarting_solver.hpp"
#include "solver_for.hpp"

namespace backtrack::nqueens {

// The generic CSP layer with the --prune/--order/--values options: the bitset layer up
// to n = 64, the integer layer beyond (csp_int.cpp).
std::unique_ptr<Solver> csp_solver(const boost::program_options::variables_map& vm, int n, Symmetry symmetry) {
  if (n > csp::max_domain_size) return int_csp_solver(vm, n, symmetry);
  const auto options = csp::read_search_options(vm, {});
  // The CSP options are in the description, and there is no input data.
  const Instance instance{describe(n, "csp", symmetry) + " " + csp::describe(options), ""};
  return csp::with_restarts(CspQueens(n, options, symmetry), instance, [n, instance](CspQueens problem) {
    return make_solver(std::move(problem), path_renderer(n), instance);
  });
}

}  // namespace backtrack::nqueens
