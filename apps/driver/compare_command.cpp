#include "backtrack/errors.hpp"
#include "commands.hpp"

namespace backtrack {

int compare_command(const Arguments&, const Registry&) { throw UsageError("compare is not available yet"); }

}  // namespace backtrack
