#pragma once
// A command's words after its name, as every parser of the driver takes them.
#include <string>
#include <vector>

namespace backtrack {

using Arguments = std::vector<std::string>;

}  // namespace backtrack
