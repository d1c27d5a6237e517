#pragma once
// The solver of a file with colours and of one without, each made in a translation unit
// of its own (make_solver compiles the engine for its problem).
#include <memory>
#include <string>

#include "backtrack/exact_cover/dancing_links.hpp"
#include "backtrack/solver_interface.hpp"
#include "backtrack/xcc/parser.hpp"

namespace backtrack::xcc {

template <bool Coloured>
std::unique_ptr<Solver> solver_for(std::shared_ptr<const XccFile> file, exact_cover::ItemChoice choice,
                                   std::string description);

}  // namespace backtrack::xcc
