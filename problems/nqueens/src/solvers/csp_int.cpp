#include "backtrack/csp/program_options.hpp"
#include "backtrack/csp/restarting_solver.hpp"
#include "backtrack/nqueens/csp.hpp"
#include "solver_for.hpp"

namespace backtrack::nqueens {

// Strategy csp beyond n = 64: the integer layer, whose orders and value choices it offers.
std::unique_ptr<Solver> int_csp_solver(const boost::program_options::variables_map& vm, int n, Symmetry symmetry) {
  // arc: each all-different takes a fixed value from its peers, to a fixpoint, as this
  // strategy has always searched. One child per column, as the bitset layer branches
  // below n = 65, so that a count's nodes compare across the two (compare --vary n).
  auto options = csp::read_search_options(vm, {.prune = csp::Prune::arc, .branching = csp::Branching::values},
                                          csp::Layer::integer);
  // Restarts record their nogoods for binary branching (int_problem.hpp).
  if (options.restarts != csp::Restarts::none && vm.count("branching") == 0) options.branching = csp::Branching::binary;
  const Instance instance{describe(n, "csp", symmetry) + " " + csp::describe(options), ""};
  return csp::with_restarts(IntCspQueens(n, options, symmetry), instance, [n, instance](IntCspQueens problem) {
    return make_solver(std::move(problem), path_renderer(n), instance);
  });
}

}  // namespace backtrack::nqueens
