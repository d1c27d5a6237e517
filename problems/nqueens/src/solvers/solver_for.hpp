#pragma once
// What a strategy's file needs to make its solver: make_solver() (which compiles the
// engine for the strategy's problem) and the Render of every strategy.
#include <memory>
#include <string>
#include <utility>

#include "backtrack/solver.hpp"
#include "solvers.hpp"

namespace backtrack::nqueens {

// The Render of make_solver() for every strategy: the path's placement, rendered.
inline auto path_renderer(int n) {
  return [n](const auto& problem, auto path) { return render(problem.placement(path), n); };
}

// Any strategy whose problem takes (n, symmetry) and lists its placement.
template <class P>
std::unique_ptr<Solver> solver_for(P problem, int n, const std::string& strategy, Symmetry symmetry,
                                   bool reports_classes = false) {
  // n, the strategy and the symmetry are the whole instance: no input data.
  return make_solver(std::move(problem), path_renderer(n), Instance{describe(n, strategy, symmetry), ""},
                     reports_classes);
}

}  // namespace backtrack::nqueens
