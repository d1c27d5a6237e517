#pragma once
// --restarts for a strategy on the CSP layer (options.hpp): the framework's restarts
// (restarts.hpp) over the solver of one run. The first run searches with the options as
// given; run k after it with --values random and the seed --seed + k, so that each run
// tries the values in another order. The problem is built once; a run copies it.
// An optimisation, a count or a listing of every solution on the integer layer passes
// through to the one solver of seed 0, whose run restarts within itself, sharing its
// bound and nogoods (restart_search.hpp, IntProblem::restart()).
#include <cstdint>
#include <memory>
#include <utility>

#include "backtrack/csp/options.hpp"
#include "backtrack/restarts.hpp"

namespace backtrack::csp {

// make(problem) wraps a problem of the CSP layer into the solver of one run.
template <class P, class Make>
std::unique_ptr<Solver> with_restarts(P problem, Instance instance, Make make) {
  const SearchOptions options = problem.options();
  if (options.restarts == Restarts::none) return make(std::move(problem));
  auto run = [problem = std::move(problem), make, seed = options.seed](std::uint64_t k) {
    P copy = problem;
    if (k > 0) copy.shuffle_values(seed + k);
    return make(std::move(copy));
  };
  return std::make_unique<RestartingSolver>(std::move(run), std::move(instance), *schedule_of(options.restarts), 0);
}

}  // namespace backtrack::csp
