#pragma once
// A FlatZinc model (ast.hpp) as an integer model of the CSP layer (csp/int_model.hpp):
// its variables and constraints, its objective, its search annotations as search phases,
// and what a solution prints (output_var, output_array).
//
// Each FlatZinc builtin becomes the propagator of the same constraint; the two globals of
// the solver library (share/minizinc/backtrack), fzn_all_different_int and fzn_table_int,
// become the native all-different and table. A constraint the reader does not know is a
// ModelError naming it: the file was made without the solver library, or the library
// lacks its redefinition. Floats and set variables are refused the same way.
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "backtrack/csp/int_model.hpp"
#include "backtrack/flatzinc/ast.hpp"

namespace backtrack::flatzinc {

class ModelError : public std::runtime_error {
 public:
  ModelError(Position at, const std::string& message);  // what(): "LINE:COLUMN: MESSAGE"
  Position at() const { return at_; }

 private:
  Position at_;
};

// One element of an output: a model variable, or a constant the compiler fixed.
struct OutputValue {
  int var = -1;  // -1: the constant
  csp::Value constant = 0;
};

// One line of a solution: `x = 3;`, or for output_array `x = array2d(1..2, 1..3, [...]);`.
struct OutputItem {
  std::string name;
  std::vector<IntRange> dimensions;  // of an array; none for output_var
  std::vector<OutputValue> values;
  bool boolean = false;  // printed true / false
};

struct BuildOptions {
  // Search the annotations' way (int_search, bool_search, seq_search), then every other
  // variable; false: every variable by the search options alone (MiniZinc's -f).
  bool follow_search_annotations = true;
  // The solver library's globals (fzn_cumulative, ...) as their own propagators, or
  // decomposed by the reader (--globals).
  csp::Globals globals = csp::Globals::native;
  // An all_different without :: domain or :: bounds: at bounds consistency, as Gecode's
  // FlatZinc reader posts it; none: at the strength the search's --prune chooses (where a
  // user gave --prune).
  std::optional<csp::DistinctStrength> all_different = csp::DistinctStrength::bounds;
};

struct FlatZincModel {
  csp::IntModel model;
  std::vector<OutputItem> output;
  SolveItem::Goal goal = SolveItem::Goal::satisfy;
  std::vector<std::string> warnings;  // annotations ignored, for -v
  bool names_a_search = false;        // the solve item's search annotations were followed
};

FlatZincModel build_model(const Model& ast, const BuildOptions& options = {});
// The names of the constraints build_model() posts, its builtins, in the order of its
// registry (src/builtins.cpp).
std::vector<std::string> builtin_constraints();
// parse() and build_model(): ParseError or ModelError for a bad text.
FlatZincModel read_model(const std::string& text, const BuildOptions& options = {});

// A solution as FlatZinc prints it: one line an output item, each ended by a newline.
std::string format_solution(const std::vector<OutputItem>& output, const std::vector<csp::Value>& values);

}  // namespace backtrack::flatzinc
