#pragma once
// A solution as the driver prints it: apart from solver_interface.hpp, so that only the
// files that make or print solutions compile JSON.
#include <nlohmann/json.hpp>
#include <string>

namespace backtrack {

struct Solution {
  std::string text;     // for people: a drawing, one line or many
  nlohmann::json json;  // for scripts
};

}  // namespace backtrack
