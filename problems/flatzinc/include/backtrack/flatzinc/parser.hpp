#pragma once
// Reads FlatZinc text into a Model (ast.hpp), per the grammar of the FlatZinc
// specification. A syntax error is a ParseError naming the line, the column and what was
// expected there.
#include <stdexcept>
#include <string>
#include <string_view>

#include "backtrack/flatzinc/ast.hpp"

namespace backtrack::flatzinc {

class ParseError : public std::runtime_error {
 public:
  ParseError(Position at, const std::string& message);  // what(): "LINE:COLUMN: MESSAGE"
  Position at() const { return at_; }

 private:
  Position at_;
};

Model parse(std::string_view text);

}  // namespace backtrack::flatzinc
