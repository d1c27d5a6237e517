// The FlatZinc parser on what `minizinc -c --solver gecode X.mzn -o X.fzn` (MiniZinc 2.6.4)
// wrote for the models in data/ (N-Queens, a model with sets, Booleans and a nested search,
// a Golomb ruler to maximize, floats and set variables, items named with --keep-paths; the
// positions below are those of these files), on every literal of the grammar, and on its
// errors: each names the line and column of the offending token, what was expected and
// what was found.
#include <gtest/gtest.h>

#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <variant>

#include "backtrack/flatzinc/parser.hpp"

namespace fzn = backtrack::flatzinc;

namespace {

std::string read_data(const std::string& name) {
  std::ifstream in(std::string(FLATZINC_TEST_DATA) + "/" + name);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_FALSE(text.str().empty()) << name;
  return text.str();
}

// The message of the ParseError that parsing text throws; "" if it parses.
std::string error_of(const std::string& text) {
  try {
    fzn::parse(text);
  } catch (const fzn::ParseError& e) {
    return e.what();
  }
  return "";
}

const std::string& name_of(const fzn::Expr& e) { return std::get<fzn::Name>(e.value).id; }
const fzn::Call& call_of(const fzn::Expr& e) { return std::get<fzn::Call>(e.value); }
const std::vector<fzn::Expr>& items_of(const fzn::Expr& e) { return std::get<fzn::ArrayLiteral>(e.value).items; }
fzn::Int int_of(const fzn::Expr& e) { return std::get<fzn::Int>(e.value); }
fzn::IntSet range(fzn::Int lo, fzn::Int hi) { return fzn::IntSet{{{lo, hi}}}; }

// A model of one parameter declaration and an empty satisfy: the value of the parameter.
fzn::Expr value_of(const std::string& declaration) {
  const auto model = fzn::parse(declaration + "\nsolve satisfy;\n");
  return *model.declarations.at(0).value;
}

}  // namespace

TEST(FlatZincParser, ReadsQueens) {
  const auto model = fzn::parse(read_data("queens.fzn"));
  ASSERT_EQ(model.declarations.size(), 6U);
  const auto& coefficients = model.declarations[0];
  EXPECT_EQ(coefficients.id, "X_INTRODUCED_4_");
  EXPECT_FALSE(coefficients.type.is_var);
  EXPECT_EQ(coefficients.type.base, fzn::BaseType::integer);
  EXPECT_EQ(coefficients.type.array_size, 2);
  ASSERT_EQ(items_of(*coefficients.value).size(), 2U);
  EXPECT_EQ(int_of(items_of(*coefficients.value)[1]), -1);
  EXPECT_EQ(coefficients.at.line, 1);
  EXPECT_EQ(coefficients.at.column, 1);

  const auto& first = model.declarations[1];
  EXPECT_EQ(first.id, "X_INTRODUCED_0_");
  EXPECT_TRUE(first.type.is_var);
  EXPECT_FALSE(first.type.array_size);
  EXPECT_EQ(first.type.domain, range(1, 4));
  EXPECT_TRUE(first.annotations.empty());
  EXPECT_FALSE(first.value);
  EXPECT_EQ(first.at.line, 2);

  const auto& q = model.declarations[5];
  EXPECT_EQ(q.id, "q");
  EXPECT_TRUE(q.type.is_var);
  EXPECT_EQ(q.type.array_size, 4);
  EXPECT_FALSE(q.type.domain);
  ASSERT_EQ(q.annotations.size(), 1U);
  const auto& output = call_of(q.annotations[0]);
  EXPECT_EQ(output.id, "output_array");
  ASSERT_EQ(output.args.size(), 1U);
  ASSERT_EQ(items_of(output.args[0]).size(), 1U);
  EXPECT_EQ(std::get<fzn::IntSet>(items_of(output.args[0])[0].value), range(1, 4));
  ASSERT_EQ(items_of(*q.value).size(), 4U);
  EXPECT_EQ(name_of(items_of(*q.value)[3]), "X_INTRODUCED_3_");

  ASSERT_EQ(model.constraints.size(), 18U);
  const auto& c = model.constraints[0];
  EXPECT_EQ(c.id, "int_lin_ne");
  EXPECT_EQ(c.at.line, 7);
  EXPECT_EQ(c.at.column, 1);
  ASSERT_EQ(c.args.size(), 3U);
  EXPECT_EQ(name_of(c.args[0]), "X_INTRODUCED_4_");
  EXPECT_EQ(name_of(items_of(c.args[1])[1]), "X_INTRODUCED_1_");
  EXPECT_EQ(int_of(c.args[2]), 0);
  EXPECT_EQ(c.args[2].at.column, 73);
  EXPECT_EQ(int_of(model.constraints.back().args[2]), -1);

  EXPECT_EQ(model.solve.goal, fzn::SolveItem::Goal::satisfy);
  EXPECT_FALSE(model.solve.objective);
  ASSERT_EQ(model.solve.annotations.size(), 1U);
  const auto& search = call_of(model.solve.annotations[0]);
  EXPECT_EQ(search.id, "int_search");
  ASSERT_EQ(search.args.size(), 4U);
  EXPECT_EQ(name_of(search.args[0]), "q");
  EXPECT_EQ(name_of(search.args[1]), "first_fail");
  EXPECT_EQ(name_of(search.args[2]), "indomain_min");
  EXPECT_EQ(name_of(search.args[3]), "complete");
  EXPECT_EQ(model.solve.at.line, 25);
}

TEST(FlatZincParser, ReadsSetsBooleansPredicatesAndNestedSearch) {
  const auto model = fzn::parse(read_data("mixed.fzn"));  // predicates first, no final newline
  ASSERT_EQ(model.declarations.size(), 17U);
  EXPECT_EQ(model.declarations[0].type.array_size, 6);
  const auto& odd = model.declarations[3];
  EXPECT_EQ(odd.type.domain, (fzn::IntSet{{{1, 1}, {3, 3}, {5, 5}}}));

  const auto& b = model.declarations[8];
  EXPECT_EQ(b.id, "b");
  EXPECT_EQ(b.type.base, fzn::BaseType::boolean);
  EXPECT_TRUE(b.type.is_var);
  ASSERT_EQ(b.annotations.size(), 1U);
  EXPECT_EQ(name_of(b.annotations[0]), "output_var");

  const auto& s = model.declarations[9];
  EXPECT_EQ(s.type.base, fzn::BaseType::int_set);
  EXPECT_TRUE(s.type.is_var);
  EXPECT_EQ(s.type.domain, range(1, 3));

  EXPECT_EQ(model.declarations[11].type.domain, range(-4611686018427387903, -4611686018427387849));
  const auto& introduced = model.declarations[12];
  ASSERT_EQ(introduced.annotations.size(), 2U);
  EXPECT_EQ(name_of(introduced.annotations[0]), "var_is_introduced");
  EXPECT_EQ(name_of(introduced.annotations[1]), "is_defined_var");

  const auto& x = model.declarations[15];
  EXPECT_EQ(x.id, "x");
  const auto& shape = call_of(x.annotations[0]).args;
  ASSERT_EQ(items_of(shape[0]).size(), 2U);
  EXPECT_EQ(std::get<fzn::IntSet>(items_of(shape[0])[1].value), range(1, 3));

  ASSERT_EQ(model.constraints.size(), 7U);
  EXPECT_EQ(std::get<bool>(model.constraints[0].args[1].value), true);
  const auto& linear = model.constraints[3];
  EXPECT_EQ(int_of(linear.args[2]), 4611686018427387903);
  ASSERT_EQ(linear.annotations.size(), 2U);
  EXPECT_EQ(name_of(linear.annotations[0]), "ctx_neg");
  EXPECT_EQ(call_of(linear.annotations[1]).id, "defines_var");
  EXPECT_EQ(name_of(call_of(linear.annotations[1]).args[0]), "X_INTRODUCED_7_");

  EXPECT_EQ(model.solve.goal, fzn::SolveItem::Goal::minimize);
  EXPECT_EQ(name_of(*model.solve.objective), "X_INTRODUCED_7_");
  const auto& sequence = call_of(model.solve.annotations.at(0));
  EXPECT_EQ(sequence.id, "seq_search");
  const auto& searches = items_of(sequence.args.at(0));
  ASSERT_EQ(searches.size(), 2U);
  EXPECT_EQ(call_of(searches[0]).id, "int_search");
  EXPECT_EQ(items_of(call_of(searches[0]).args[0]).size(), 2U);
  EXPECT_EQ(name_of(call_of(searches[0]).args[2]), "indomain_max");
  EXPECT_EQ(call_of(searches[1]).id, "bool_search");
  EXPECT_EQ(name_of(call_of(searches[1]).args[0]), "X_INTRODUCED_15_");
}

TEST(FlatZincParser, ReadsMaximize) {
  const auto model = fzn::parse(read_data("golomb.fzn"));
  EXPECT_EQ(model.declarations.size(), 11U);
  const auto& mark = model.declarations.back();
  EXPECT_EQ(int_of(items_of(*mark.value)[0]), 0);  // a fixed element, inline
  EXPECT_EQ(model.constraints.size(), 19U);
  EXPECT_EQ(model.solve.goal, fzn::SolveItem::Goal::maximize);
  EXPECT_EQ(name_of(*model.solve.objective), "X_INTRODUCED_11_");
  EXPECT_EQ(model.solve.objective->at.line, 31);
  EXPECT_EQ(model.solve.objective->at.column, 70);
}

TEST(FlatZincParser, ReadsFloatsSetVariablesAndEnums) {
  const auto model = fzn::parse(read_data("floats_sets.fzn"));
  ASSERT_EQ(model.declarations.size(), 16U);
  const auto& coefficients = model.declarations[0];  // after a predicate, dropped
  EXPECT_EQ(coefficients.type.base, fzn::BaseType::floating);
  EXPECT_EQ(std::get<double>(items_of(*coefficients.value)[0].value), -1.0);
  EXPECT_EQ(std::get<double>(items_of(*coefficients.value)[1].value), 1.5);
  const auto& f = model.declarations[6];
  EXPECT_EQ(f.id, "f");
  EXPECT_EQ(f.type.base, fzn::BaseType::floating);
  EXPECT_TRUE(f.type.is_var);
  EXPECT_FALSE(f.type.domain);
  const auto& s = model.declarations[7];
  EXPECT_EQ(s.type.base, fzn::BaseType::int_set);
  EXPECT_EQ(s.type.domain, range(1, 5));
  EXPECT_EQ(model.declarations[12].annotations.size(), 3U);  // is_defined_var:: output_var, no blank
  ASSERT_EQ(model.constraints.size(), 9U);
  EXPECT_EQ(model.constraints[0].id, "float_lin_le");
  EXPECT_EQ(std::get<double>(model.constraints[0].args[2].value), 0.0);
  EXPECT_EQ(model.constraints[1].id, "set_card");
  EXPECT_EQ(call_of(model.solve.annotations[0]).id, "warm_start");
  EXPECT_EQ(model.solve.goal, fzn::SolveItem::Goal::maximize);
}

TEST(FlatZincParser, ReadsStringAnnotationsOfKeepPaths) {
  const auto model = fzn::parse(read_data("named.fzn"));  // minizinc -c --keep-paths
  const auto& x = model.declarations[1];
  ASSERT_EQ(x.annotations.size(), 3U);
  EXPECT_EQ(std::get<fzn::StringLiteral>(call_of(x.annotations[1]).args[0].value).text, "the x");
  EXPECT_EQ(std::get<fzn::StringLiteral>(call_of(model.constraints[0].annotations[1]).args[0].value).text,
            "named.mzn|3|27|3|31|bin|'<';named.mzn|3|27|3|31|ca|int_lin_le;");
  EXPECT_EQ(model.solve.goal, fzn::SolveItem::Goal::satisfy);
  EXPECT_TRUE(model.solve.annotations.empty());
}

TEST(FlatZincParser, ReadsEveryLiteral) {
  EXPECT_EQ(std::get<bool>(value_of("bool: b = false;").value), false);
  EXPECT_EQ(int_of(value_of("int: n = -42;")), -42);
  EXPECT_EQ(int_of(value_of("int: n = 0x1F;")), 31);
  EXPECT_EQ(int_of(value_of("int: n = -0o17;")), -15);
  EXPECT_EQ(std::get<double>(value_of("float: f = 1.5;").value), 1.5);
  EXPECT_EQ(std::get<double>(value_of("float: f = 1e10;").value), 1e10);
  EXPECT_EQ(std::get<double>(value_of("float: f = -2.5E-3;").value), -2.5e-3);
  EXPECT_EQ(std::get<double>(value_of("float: f = 3.0e+2;").value), 300.0);
  EXPECT_EQ(std::get<fzn::IntSet>(value_of("set of int: s = {};").value), fzn::IntSet{});
  EXPECT_EQ(std::get<fzn::IntSet>(value_of("set of int: s = 5..1;").value), fzn::IntSet{});
  EXPECT_EQ(std::get<fzn::IntSet>(value_of("set of int: s = -3..-1;").value), range(-3, -1));
  // Sorted, repeats dropped, neighbours joined.
  EXPECT_EQ(std::get<fzn::IntSet>(value_of("set of int: s = {7, 3, 2, 3, 9, 8};").value),
            (fzn::IntSet{{{2, 3}, {7, 9}}}));
  const auto sets = items_of(value_of("array [1..2] of set of int: s = [{}, 2..4];"));
  EXPECT_EQ(std::get<fzn::IntSet>(sets[1].value), range(2, 4));
  EXPECT_TRUE(items_of(value_of("array [1..0] of int: a = [];")).empty());
  const auto floats = items_of(value_of("array [1..3] of float: w = [1.5, 1e10, -2.5E-3];"));
  EXPECT_EQ(std::get<double>(floats[2].value), -2.5e-3);

  const auto model = fzn::parse(
      "% a comment\n"
      "var 0.0..1.0: f;  % a float variable: its domain is not kept\n"
      "var float: g;\n"
      "var set of {1, 3}: s;\n"
      "var int: _free :: output_var = 3;\n"
      "array [1..2] of var bool: bs = [true, b2];\n"
      "constraint my_constraint(a[3], \"tab\\there \\\"quoted\\\" back\\\\slash\", [[1], []]);\n"
      "constraint no_arguments();\n"
      "solve :: my_annotation(\"x\", 1, 2.5, {1}, true, [ann(1), other]) satisfy;\n"
      "% after the solve item: comments only\n");
  ASSERT_EQ(model.declarations.size(), 5U);
  EXPECT_EQ(model.declarations[0].type.base, fzn::BaseType::floating);
  EXPECT_FALSE(model.declarations[0].type.domain);
  EXPECT_EQ(model.declarations[1].type.base, fzn::BaseType::floating);
  EXPECT_EQ(model.declarations[2].type.domain, (fzn::IntSet{{{1, 1}, {3, 3}}}));
  EXPECT_EQ(model.declarations[3].id, "_free");
  EXPECT_EQ(int_of(*model.declarations[3].value), 3);
  EXPECT_EQ(model.declarations[4].type.base, fzn::BaseType::boolean);
  const auto& args = model.constraints[0].args;
  const auto& access = std::get<fzn::ArrayAccess>(args[0].value);
  EXPECT_EQ(access.id, "a");
  EXPECT_EQ(access.index, 3);
  EXPECT_EQ(std::get<fzn::StringLiteral>(args[1].value).text, "tab\there \"quoted\" back\\slash");
  EXPECT_EQ(items_of(args[2]).size(), 2U);
  EXPECT_TRUE(items_of(items_of(args[2])[1]).empty());
  EXPECT_TRUE(model.constraints[1].args.empty());
  const auto& annotation = call_of(model.solve.annotations[0]);
  ASSERT_EQ(annotation.args.size(), 6U);
  EXPECT_EQ(std::get<fzn::StringLiteral>(annotation.args[0].value).text, "x");
  EXPECT_EQ(call_of(items_of(annotation.args[5])[0]).id, "ann");
}

TEST(FlatZincParser, DropsPredicatesOfEveryParameterType) {
  const auto model = fzn::parse(
      "predicate p(array [int] of var int: x, var set of int: s, array [int] of set of int: t,\n"
      "            float: f, var float: g, array [int] of var float: h, 1..3: r, {1, 5}: e,\n"
      "            var 0..9: v, 0.5..1.5: fr, set of 1..3: sr, array [1..2] of var bool: bs);\n"
      "predicate q();\n"
      "var 1..2: x;\n"
      "predicate late(var int: x);\n"
      "solve minimize x;\n");
  EXPECT_EQ(model.declarations.size(), 1U);
  EXPECT_EQ(model.solve.goal, fzn::SolveItem::Goal::minimize);
}

TEST(FlatZincParser, AcceptsItemsInAnyOrderBeforeSolve) {
  const auto model = fzn::parse("constraint c(x); var int: x; int: n = 1; constraint d(n); solve satisfy;");
  EXPECT_EQ(model.declarations.size(), 2U);
  EXPECT_EQ(model.constraints.size(), 2U);
  EXPECT_EQ(model.constraints[1].at.column, 42);
}

TEST(FlatZincParser, ReadsIntegersAtThe64BitLimits) {
  constexpr auto max = std::numeric_limits<fzn::Int>::max();
  constexpr auto min = std::numeric_limits<fzn::Int>::min();
  EXPECT_EQ(int_of(value_of("int: n = 9223372036854775807;")), max);
  EXPECT_EQ(int_of(value_of("int: n = -9223372036854775808;")), min);
  EXPECT_EQ(int_of(value_of("int: n = 0x7fffffffffffffff;")), max);
  EXPECT_EQ(int_of(value_of("int: n = -0x8000000000000000;")), min);
  EXPECT_EQ(int_of(value_of("int: n = 0o777777777777777777777;")), max);
  EXPECT_EQ(std::get<fzn::IntSet>(value_of("set of int: s = -9223372036854775808..9223372036854775807;").value),
            range(min, max));
  EXPECT_EQ(std::get<fzn::IntSet>(value_of("set of int: s = {9223372036854775807, -9223372036854775808};").value),
            (fzn::IntSet{{{min, min}, {max, max}}}));
  EXPECT_EQ(error_of("int: n = 9223372036854775808;"),
            "1:10: the integer literal '9223372036854775808' does not fit in 64 bits");
  EXPECT_EQ(error_of("int: n = -9223372036854775809;"),
            "1:10: the integer literal '-9223372036854775809' does not fit in 64 bits");
  EXPECT_EQ(error_of("int: n = 0x8000000000000000;"),
            "1:10: the integer literal '0x8000000000000000' does not fit in 64 bits");
  EXPECT_EQ(error_of("int: n = 123456789012345678901234567890123456789012345678901234567890;"),
            "1:10: the integer literal '1234567890123456789012345678901234567890...' does not fit in 64 bits");
  EXPECT_EQ(error_of("float: f = 1e999;"), "1:12: the float literal '1e999' is out of range");
  std::string huge = "float: f = -1";
  huge.append(400, '0');
  huge += ".5;";
  EXPECT_EQ(error_of(huge),
            "1:12: the float literal '-100000000000000000000000000000000000000...' is out of range");
}

TEST(FlatZincParser, ErrorsNameThePlaceWhatWasExpectedAndWhatWasFound) {
  const std::pair<std::string, std::string> cases[] = {
      {"var int: x;\nconstraint int_eq(x, 1)\nsolve satisfy;", "3:1: expected ';' after the constraint, found 'solve'"},
      {"", "1:1: expected the solve item, found the end of the file"},
      {"var int: x;\n% only a comment\n", "3:1: expected the solve item, found the end of the file"},
      {"solve satisfy;\nsolve satisfy;", "2:1: expected the end of the file after the solve item, found 'solve'"},
      {"solve satisfy; var int: x;", "1:16: expected the end of the file after the solve item, found 'var'"},
      {"solve satisfy", "1:14: expected ';' after the solve item, found the end of the file"},
      {"solve find;", "1:7: expected 'satisfy', 'minimize' or 'maximize', found 'find'"},
      {"solve minimize;", "1:15: expected an expression, found ';'"},
      {"output [x];",
       "1:1: 'output' is MiniZinc, not FlatZinc: compile the model first, e.g. minizinc --solver backtrack model.mzn "
       "data.dzn (or minizinc -c --solver backtrack ... for the FlatZinc file)"},
      {"x = 3;", "1:1: expected an item (predicate, a declaration, constraint or solve), found 'x'"},
      {"int: n;", "1:7: expected '=' and the value of parameter 'n', found ';'"},
      {"array [1..2] of var int: a;", "1:27: expected '=' and the elements of array 'a', found ';'"},
      {"array [0..2] of int: a = [];", "1:8: an array's index set is 1..N with N >= 0"},
      {"array [1..-1] of int: a = [];", "1:8: an array's index set is 1..N with N >= 0"},
      {"array [int] of int: a = [];", "1:8: expected the index set 1..N of the array, found 'int'"},
      {"array [1..2] int: a = [];", "1:14: expected 'of' after the array's index set, found 'int'"},
      {"var integer: x;", "1:5: expected a type, found 'integer'"},
      {"var int x;", "1:9: expected ':' after the type, found 'x'"},
      {"var int: 3;", "1:10: expected the name of the declared parameter or variable, found '3'"},
      {"var int: x = ;", "1:14: expected an expression, found ';'"},
      {"var int: x solve satisfy;", "1:12: expected ';' after the declaration of 'x', found 'solve'"},
      {"var set of float: s;", "1:12: expected 'int' or a set of integers after 'set of', found 'float'"},
      {"var {1, 2.5}: x;", "1:9: expected an integer in the set, found '2.5'"},
      {"var {1 2}: x;", "1:8: expected ',' or '}' in the set, found '2'"},
      {"var 1..: x;", "1:8: expected the range's upper bound, found ':'"},
      {"var 0.5..2: x;", "1:10: expected the float range's upper bound, found '2'"},
      {"constraint (x);", "1:12: expected the name of the constraint, found '('"},
      {"constraint c x;", "1:14: expected '(' after the constraint's name, found 'x'"},
      {"constraint c(x y);", "1:16: expected ',' or ')' after the constraint's argument, found 'y'"},
      {"constraint c([1, 2);", "1:19: expected ',' or ']' in the array, found ')'"},
      {"constraint c(a[]);", "1:16: expected an integer index after '[', found ']'"},
      {"constraint c(a[1);", "1:17: expected ']' after the index, found ')'"},
      {"constraint c(1.5..2.5);", "1:14: float ranges are not supported as values"},
      {"constraint c(x) :: ;", "1:20: expected an annotation after '::', found ';'"},
      {"constraint c(x) :: 3;", "1:20: expected an annotation after '::', found '3'"},
      {"constraint c(x) :: a[1];", "1:21: expected ';' after the constraint, found '['"},
      {"solve :: true satisfy;", "1:10: expected an annotation after '::', found 'true'"},
      {"constraint c(f(1, 2;", "1:20: expected ',' or ')' after the annotation's argument, found ';'"},
      {"constraint c(x) : a;", "1:17: expected ';' after the constraint, found ':'"},
      {"constraint c(x);\nsolve :: int_search(x, first_fail\n  indomain_min) satisfy;",
       "3:3: expected ',' or ')' after the annotation's argument, found 'indomain_min'"},
      {"predicate p(var int x);", "1:21: expected ':' after the parameter's type, found 'x'"},
      {"predicate p(var int: x;", "1:23: expected ',' or ')' after the predicate's parameter, found ';'"},
      {"predicate p(var int: x)", "1:24: expected ';' after the predicate, found the end of the file"},
      {"predicate (x);", "1:11: expected the name of the predicate, found '('"},
      {"var int: x;\n  @", "2:3: unexpected character '@'"},
      {"var int: x; $", "1:13: unexpected character '$'"},
      {"var int: x; .", "1:13: unexpected character '.'"},
      {"var int: 'x';", "1:10: unexpected character '''"},
      {std::string("var int: x;\x01"), "1:12: unexpected byte 0x01"},
      {"var int: x;\xc3\xa9", "1:12: unexpected byte 0xc3"},
      {"int: n = - 3;", "1:10: expected a digit after '-', found ' '"},
      {"int: n = -", "1:10: expected a digit after '-', found the end of the file"},
      {"int: n = 0x;", "1:12: expected a digit of base 16 in the integer literal, found ';'"},
      {"int: n = 0o8;", "1:12: expected a digit of base 8 in the integer literal, found '8'"},
      {"constraint c(\"open);\nsolve satisfy;", "1:14: the string literal has no closing '\"' on its line"},
      {"constraint c(\"open\\", "1:14: the string literal has no closing '\"' on its line"},
      {"constraint c(\"a very long string that goes on and on and on\" x);",
       "1:62: expected ',' or ')' after the constraint's argument, found 'x'"},
      {"constraint c(x) x_long_identifier_that_goes_on_and_on_and_on_and_on;",
       "1:17: expected ';' after the constraint, found 'x_long_identifier_that_goes_on_and_on_an...'"},
  };
  for (const auto& [text, message] : cases) {
    EXPECT_EQ(error_of(text), message) << text;
  }
}

TEST(FlatZincParser, ParseErrorCarriesItsPosition) {
  try {
    fzn::parse("var int: x;\n\n   constraint c(x) solve satisfy;");
    FAIL() << "parsed";
  } catch (const fzn::ParseError& e) {
    EXPECT_EQ(e.at().line, 3);
    EXPECT_EQ(e.at().column, 20);
  }
}

TEST(FlatZincParser, BoundsTheNesting) {
  const auto nested = [](int depth, const std::string& open, const std::string& close) {
    std::string text = "constraint c(";
    for (int i = 0; i < depth; ++i) text += open;
    for (int i = 0; i < depth; ++i) text += close;
    text += ");\nsolve satisfy;";
    return text;
  };
  EXPECT_EQ(error_of(nested(1000, "[", "]")), "");
  EXPECT_EQ(error_of(nested(1001, "[", "]")), "1:1014: arrays and annotations nest deeper than 1000 levels");
  EXPECT_EQ(error_of(nested(1000, "f(", ")")), "");
  EXPECT_EQ(error_of(nested(1001, "f(", ")")), "1:2014: arrays and annotations nest deeper than 1000 levels");
  EXPECT_EQ(error_of(nested(1000000, "[", "]")), "1:1014: arrays and annotations nest deeper than 1000 levels");
  std::string deep_solve = "solve :: ";
  deep_solve.append(2000, '[');
  deep_solve += " satisfy;";
  EXPECT_EQ(error_of(deep_solve), "1:10: expected an annotation after '::', found '['");
}

// 600,000 numbers in 6 MB: a parser quadratic in the length of the text would take
// minutes here.
TEST(FlatZincParser, ReadsALargeTable) {
  constexpr int rows = 200000;
  std::string text = "array [1..3] of var 0..9: x = [a, b, c];\narray [1..";
  text += std::to_string(3 * rows);
  text += "] of int: t = [";
  for (int r = 0; r < rows; ++r) {
    if (r > 0) text += ',';
    text += std::to_string(r % 10);
    text += ",-1,";
    text += std::to_string(r);
  }
  text += "];\nconstraint fzn_table_int(x, t);\nsolve satisfy;\n";
  const auto model = fzn::parse(text);
  const auto& table = items_of(*model.declarations[1].value);
  ASSERT_EQ(table.size(), static_cast<std::size_t>(3 * rows));
  EXPECT_EQ(int_of(table.back()), rows - 1);
  EXPECT_EQ(int_of(table[table.size() - 2]), -1);
}
