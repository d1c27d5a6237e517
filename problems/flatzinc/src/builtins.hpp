#pragma once
// The FlatZinc builtins the reader posts, as Chuffed keeps them: a registry of named
// posters, one function for each builtin or family of builtins, under the names the
// FlatZinc specification (and the solver library, share/minizinc/backtrack) gives them.
#include "backtrack/flatzinc/ast.hpp"
#include "symbols.hpp"

namespace backtrack::flatzinc::detail {

// c on symbols.model(), by the poster of its name; ModelError for a name not in the
// registry or for arguments its poster refuses.
void post_builtin(Symbols& symbols, const ConstraintItem& c);

}  // namespace backtrack::flatzinc::detail
