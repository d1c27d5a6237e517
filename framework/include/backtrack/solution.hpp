#pragma once
// A solution as the driver prints it: apart from solver_interface.hpp, so that only the
// files that make or print solutions compile JSON.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace backtrack {

struct Solution {
  std::string text;     // for people: a drawing, one line or many
  nlohmann::json json;  // for scripts
  // When the search found it, as the solver sets them (a problem's rendering leaves them
  // alone): the seconds since Solver::run() began, and the nodes entered by then, its own
  // included. Exact for one search in depth-first order; where threads share the tree,
  // the nodes of the split and of the thread that found it (docs/json-schema.md).
  double seconds = 0;
  std::uint64_t nodes = 0;
  // The objective's value, for a problem that optimises one (Solver::optimises()), as
  // the solver sets it.
  std::optional<std::int64_t> objective;
};

}  // namespace backtrack
