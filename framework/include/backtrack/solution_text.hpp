#pragma once
// Reading back what `backtrack solve` printed, for a plugin's checker (`backtrack check`):
// the text of its first solution, and where in the input it stands.
#include <algorithm>
#include <cstddef>
#include <string_view>
#include <vector>

namespace backtrack {

// The lines of `text`, each without its "\n" or "\r\n": views into it.
inline std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  for (std::size_t at = 0; at < text.size();) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    if (line.ends_with('\r')) line.remove_suffix(1);
    lines.push_back(line);
    at = end + 1;
  }
  return lines;
}

// The text of the input's first solution. `backtrack solve` prints each solution under
// a line "solution K" (a listing) or "example:" (a count), among summary lines of the form
// "name: value"; the solution's text runs to the next such line. An input without such a
// header is a solution alone, and is taken whole.
inline std::string_view first_solution_text(std::string_view input) {
  const auto lines = lines_of(input);
  const auto is_header = [](std::string_view line) { return line.starts_with("solution ") || line == "example:"; };
  const auto header = std::find_if(lines.begin(), lines.end(), is_header);
  if (header == lines.end()) return input;
  if (header + 1 == lines.end()) return input.substr(input.size());  // nothing under it, but a view within input
  const auto start = static_cast<std::size_t>(header[1].data() - input.data());
  const auto next = std::find_if(header + 1, lines.end(), [&](std::string_view line) {
    return is_header(line) || line.find(':') != std::string_view::npos;
  });
  if (next == lines.end()) return input.substr(start);
  return input.substr(start, static_cast<std::size_t>(next->data() - input.data()) - start);
}

// The line of `input` (from 1) on which `part`, a view into it, starts.
inline int line_of(std::string_view input, std::string_view part) {
  return 1 + static_cast<int>(std::count(input.begin(), input.begin() + (part.data() - input.data()), '\n'));
}

}  // namespace backtrack
