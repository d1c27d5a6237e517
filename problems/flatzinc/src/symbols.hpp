#pragma once
// The names of a FlatZinc model and what each stands for: parameters, variables, arrays
// and aliases, resolved to model variables and constants of the integer layer, so that a
// poster of a builtin (builtins.hpp) reads its arguments as variables, constants, arrays
// or sets without knowing how they were declared.
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "backtrack/csp/int_model.hpp"
#include "backtrack/flatzinc/ast.hpp"

namespace backtrack::flatzinc::detail {

// A domain with holes is listed value by value: past this many values it is refused.
constexpr Int largest_listed_domain = Int{1} << 20;

// What a name or an expression stands for: constants and model variables, one for a
// scalar; or sets of integers.
struct Element {
  int var = -1;  // -1: a constant
  csp::Value constant = 0;
  bool is_var() const { return var >= 0; }
};
struct Resolved {
  std::vector<Element> items;
  std::vector<IntSet> sets;  // a set or an array of sets, instead of items
  bool is_array = false;
  bool is_set = false;
  bool boolean = false;
};

class Symbols {
 public:
  explicit Symbols(csp::IntModel& m) : m_(m) {}

  // Before the first declare(): which integer variables are Booleans of bool2int.
  void find_bool2int_aliases(const Model& ast);
  // d's name, with fresh variables or those of its value; ModelError for a bad one.
  const Resolved& declare(const Declaration& d);

  // An argument, as what it is expected to be; ModelError where it is not.
  Resolved resolve(const Expr& e);
  Element scalar(const Expr& e);
  csp::IntVar var(const Expr& e);  // a constant becomes a fixed variable
  csp::IntVar as_var(const Element& x, Position at);
  csp::Value constant(const Expr& e);
  csp::LinearExpr term(const Expr& e);
  std::vector<Element> array(const Expr& e);
  std::vector<csp::IntVar> vars(const Expr& e);
  std::vector<csp::Value> constants(const Expr& e);
  IntSet set(const Expr& e);

  csp::IntModel& model() { return m_; }
  // The strength of an all_different the model does not annotate (BuildOptions).
  std::optional<csp::DistinctStrength> all_different;

 private:
  int new_variable(const Declaration& d);
  void restrict(const Element& e, const Declaration& d);
  const Resolved& symbol(const std::string& id, Position at) const;

  csp::IntModel& m_;
  std::unordered_map<std::string, Resolved> symbols_;
  std::unordered_map<csp::Value, csp::IntVar> constants_;
  std::unordered_map<std::string, std::string> bool_of_;  // find_bool2int_aliases(): y -> b
};

// Domains, of a declaration or of set_in.
void post_in_set(csp::IntModel& m, csp::IntVar x, const IntSet& whole, Position at);  // x in whole
IntSet variable_values(const IntSet& s);
std::vector<csp::Value> listed(const IntSet& s, Position at);
void check_range(Int v, Position at);
int unsatisfiable(csp::IntModel& m);

}  // namespace backtrack::flatzinc::detail
