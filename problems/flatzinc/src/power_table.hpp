#pragma once
// int_pow(x, y, z), z = x^y, as the table of the tuples its domains allow.
#include "backtrack/csp/int_model.hpp"
#include "backtrack/flatzinc/ast.hpp"

namespace backtrack::flatzinc::detail {

// ModelError at c for a table past 2^16 tuples.
void power_table(csp::IntModel& m, csp::IntVar x, csp::IntVar y, csp::IntVar z, const ConstraintItem& c);

}  // namespace backtrack::flatzinc::detail
