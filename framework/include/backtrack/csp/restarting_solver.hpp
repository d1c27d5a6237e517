#pragma once
// --restarts for a strategy on the CSP layer (options.hpp): the framework's restarts
// (restarts.hpp) over the solver of one run. The first run searches with the options as
// given; run k after it with --values random and the seed --seed + k, so that each run
// tries the values in another order. The problem is built once; a run copies it.
#include <cstdint>
#include <memory>
#include <utility>

#include "backtrack/csp/options.hpp"
#include "backtrack/restarts.hpp"

namespace backtrack::csp {

// The budgets, in nodes (Gecode's -restart luby and geometric count failures instead).
inline constexpr std::uint64_t luby_unit = 100;
inline constexpr std::uint64_t geometric_first = 100;
inline constexpr double geometric_factor = 1.5;

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
  const RestartSchedule schedule = options.restarts == Restarts::luby
                                       ? RestartSchedule::luby_times(luby_unit)
                                       : RestartSchedule::geometric(geometric_first, geometric_factor);
  return std::make_unique<RestartingSolver>(std::move(run), std::move(instance), schedule, 0);
}

}  // namespace backtrack::csp
