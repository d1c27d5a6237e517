#pragma once
// Reading back what `backtrack solve` printed, for a plugin's checker (`backtrack check`):
// the text of its first solution, and where in the input it stands.
#include <algorithm>
#include <cstddef>
#include <string_view>

namespace backtrack {

// The text of the input's first solution. `backtrack solve` prints each solution under
// a line "solution K" (a listing) or "example:" (a count), among summary lines of the form
// "name: value"; the solution's text runs to the next such line. An input without such a
// header is a solution alone, and is taken whole.
inline std::string_view first_solution_text(std::string_view input) {
  std::size_t solution = std::string_view::npos;  // where the first header's text starts
  for (std::size_t at = 0; at < input.size();) {
    std::size_t end = input.find('\n', at);
    if (end == std::string_view::npos) end = input.size();
    std::string_view line = input.substr(at, end - at);
    if (line.ends_with('\r')) line.remove_suffix(1);
    const bool header = line.starts_with("solution ") || line == "example:";
    if (solution == std::string_view::npos) {
      if (header) solution = end + 1;
    } else if (header || line.find(':') != std::string_view::npos) {
      return input.substr(solution, at - solution);
    }
    at = end + 1;
  }
  if (solution == std::string_view::npos) return input;
  return input.substr(std::min(solution, input.size()));  // empty after a last-line header, but within input
}

// The line of `input` (from 1) on which `part`, a view into it, starts.
inline int line_of(std::string_view input, std::string_view part) {
  return 1 + static_cast<int>(std::count(input.begin(), input.begin() + (part.data() - input.data()), '\n'));
}

}  // namespace backtrack
