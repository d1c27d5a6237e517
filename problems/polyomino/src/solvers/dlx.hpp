#pragma once
// The solver of strategy dlx, made in dlx.cpp: make_solver compiles the engine for the
// tiling, apart from the registration.
#include <memory>

#include "backtrack/polyomino/tiling.hpp"
#include "backtrack/solver_interface.hpp"

namespace backtrack::polyomino {

std::unique_ptr<Solver> dlx_solver(Tiling tiling, Instance instance, bool classes);

}  // namespace backtrack::polyomino
