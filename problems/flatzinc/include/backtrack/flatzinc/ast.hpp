#pragma once
// A FlatZinc model as written: what parser.hpp reads and model_builder.hpp turns into an
// integer model. Names stay names here; nothing is resolved or checked beyond the grammar
// (the FlatZinc specification, MiniZinc 2.6 documentation, "FlatZinc grammar").
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace backtrack::flatzinc {

using Int = std::int64_t;

// Where an item starts in the text: line and column from 1.
struct Position {
  int line = 1;
  int column = 1;
};

// A set of integers as FlatZinc writes it, `1..5` or `{1, 3, 5}`: sorted disjoint ranges.
struct IntRange {
  Int lo = 0;
  Int hi = 0;
  friend bool operator==(const IntRange&, const IntRange&) = default;
};
struct IntSet {
  std::vector<IntRange> ranges;
  friend bool operator==(const IntSet&, const IntSet&) = default;
};

struct Expr;
struct Name {  // a parameter, a variable or an array, by its identifier
  std::string id;
};
struct ArrayAccess {  // name[index], the first element at index 1
  std::string id;
  Int index = 1;
};
struct ArrayLiteral {
  std::vector<Expr> items;
};
struct StringLiteral {
  std::string text;
};
// An annotation with arguments, e.g. int_search(x, first_fail, indomain_min, complete);
// one without arguments is a Name.
struct Call {
  std::string id;
  std::vector<Expr> args;
};

struct Expr {
  std::variant<bool, Int, double, IntSet, Name, ArrayAccess, ArrayLiteral, StringLiteral, Call> value;
  Position at;
};

enum class BaseType { boolean, integer, floating, int_set };

struct Type {
  BaseType base = BaseType::integer;
  bool is_var = false;
  // array [1..size] of ...; none for a scalar.
  std::optional<Int> array_size;
  // var 1..5, var {1, 3}, array [1..n] of var 0..9: the declared domain; none when
  // unbounded (var int). A float domain is not kept (floats are refused later).
  std::optional<IntSet> domain;
};

// A parameter or a variable declaration, scalar or array.
struct Declaration {
  Type type;
  std::string id;
  std::vector<Expr> annotations;
  std::optional<Expr> value;  // after "=": a parameter's value, a variable's alias or array
  Position at;
};

struct ConstraintItem {
  std::string id;
  std::vector<Expr> args;
  std::vector<Expr> annotations;
  Position at;
};

struct SolveItem {
  enum class Goal { satisfy, minimize, maximize };
  Goal goal = Goal::satisfy;
  std::optional<Expr> objective;  // for minimize and maximize
  std::vector<Expr> annotations;
  Position at;
};

// Predicate declarations are read and dropped: the builder knows its builtins by name.
struct Model {
  std::vector<Declaration> declarations;  // parameters and variables, in the file's order
  std::vector<ConstraintItem> constraints;
  SolveItem solve;
};

}  // namespace backtrack::flatzinc
