#pragma once
// with_given_queens(): the completions of given queens with one strategy, made in the
// file of that strategy (given_<strategy>.cpp): each compiles the engine once.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "backtrack/nqueens/given_queens.hpp"
#include "solver_for.hpp"

namespace backtrack::nqueens {

template <class P, class ColumnOf>
std::unique_ptr<Solver> with_given_queens(P problem, int n, const std::vector<Queen>& queens, const std::string& strategy,
                                          ColumnOf column_of) {
  WithGivenQueens<P, ColumnOf> completion(std::move(problem), n, queens, std::move(column_of));
  return make_solver(std::move(completion), path_renderer(n),
                     Instance{describe(n, strategy, Symmetry::none) + " given=" + std::to_string(queens.size()),
                              given_input(queens)});
}

}  // namespace backtrack::nqueens
