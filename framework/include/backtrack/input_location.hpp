#pragma once
// Where a mistake in an input is, said the same way by every reader (a Sudoku grid or
// set, an XCC file, a board or tiling for `check`, a FlatZinc model):
//
//   grid.txt:3:14: 'x' is not a symbol of a 9x9 grid ...
//
// "FILE:LINE:COLUMN: message", as compilers write it, so that one form is learnt once and
// an editor can jump to the place. FILE is input_name(): "<stdin>" for standard input.
// LINE and COLUMN count from 1; COLUMN is that of the offending character (one past the
// end of a line that is too short), and an input with nothing in it is wrong at 1:1.
#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

#include "backtrack/errors.hpp"

namespace backtrack {

struct InputLocation {
  int line = 1;
  int column = 1;
};

// The place of input[offset], for a reader that holds its input whole.
inline InputLocation location_in(std::string_view input, std::size_t offset) {
  const std::string_view before = input.substr(0, offset);
  const std::size_t line_start = before.rfind('\n') + 1;  // npos + 1: the first line starts at 0
  return {1 + static_cast<int>(std::count(before.begin(), before.end(), '\n')),
          1 + static_cast<int>(offset - line_start)};
}

// "SOURCE:LINE:COLUMN: what".
inline std::string located(const std::string& source, InputLocation at, const std::string& what) {
  return source + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) + ": " + what;
}

[[noreturn]] inline void throw_input_error(const std::string& source, InputLocation at, const std::string& what) {
  throw InputError(located(source, at, what));
}

}  // namespace backtrack
