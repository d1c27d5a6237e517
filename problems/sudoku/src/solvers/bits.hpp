#pragma once
// bits_solver<Box>, instantiated once per box size in bits_<Box>.cpp.
#include <span>
#include <utility>

#include "backtrack/solver.hpp"
#include "backtrack/sudoku/bits.hpp"
#include "solvers.hpp"

namespace backtrack::sudoku {

template <int Box>
std::unique_ptr<Solver> bits_solver(const Grid& puzzle, Instance instance) {
  return make_solver(
      BitsSudoku<Box>(puzzle),
      [](const BitsSudoku<Box>& p, std::span<const typename BitsSudoku<Box>::Move> path) { return render(p.solution(path)); },
      std::move(instance));
}

}  // namespace backtrack::sudoku
