#pragma once
// The search annotations of a solve item (int_search, bool_search, seq_search) as search
// phases of the integer layer, in their order; an annotation or a choice it does not
// know is a warning (FlatZincModel::warnings) and left to the search options.
#include <string>
#include <vector>

#include "backtrack/flatzinc/ast.hpp"
#include "symbols.hpp"

namespace backtrack::flatzinc::detail {

// Whether any of them added a phase.
bool add_search_phases(const std::vector<Expr>& annotations, Symbols& symbols, std::vector<std::string>& warnings);

}  // namespace backtrack::flatzinc::detail
