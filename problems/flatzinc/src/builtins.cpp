#include "builtins.hpp"

#include <algorithm>
#include <limits>
#include <optional>
#include <span>
#include <stdexcept>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <variant>

#include "backtrack/csp/globals.hpp"
#include "backtrack/flatzinc/model_builder.hpp"
#include "power_table.hpp"

namespace backtrack::flatzinc::detail {
namespace {

using csp::IntVar;
using csp::LinearExpr;
using csp::LinearRelation;
using csp::Value;
using Poster = void (*)(Symbols&, const ConstraintItem&);

// name: the relation; name_reif: a last, Boolean argument b <-> relation (iff);
// name_imp: b -> relation (when).
enum class Reification { none, iff, when };
enum class Comparison { eq, ne, le, lt, ge, gt };

void arity(const ConstraintItem& c, std::size_t n) {
  if (c.args.size() != n) {
    throw ModelError(c.at, "'" + c.id + "' takes " + std::to_string(n) + " arguments, got " +
                               std::to_string(c.args.size()));
  }
}

// MiniZinc's consistency annotations, :: domain and :: bounds, on a constraint that has
// both strengths.
enum class Annotated { neither, domain, bounds };
Annotated annotated(const ConstraintItem& c) {
  for (const Expr& a : c.annotations) {
    if (const auto* name = std::get_if<Name>(&a.value)) {
      if (name->id == "domain") return Annotated::domain;
      if (name->id == "bounds") return Annotated::bounds;
    }
  }
  return Annotated::neither;
}

// An equality :: domain at domain consistency (int_lin_eq, which MiniZinc's regular and
// others emit so; IntModel falls back to bounds where its sums are too many).
void post(Symbols& s, const LinearRelation& r, Reification kind, const ConstraintItem& c, std::size_t b_at) {
  switch (kind) {
    case Reification::none:
      s.model().post(r, annotated(c) == Annotated::domain ? csp::LinearStrength::domain : csp::LinearStrength::bounds);
      break;
    case Reification::iff: s.model().post(r, csp::iff(s.var(c.args[b_at]))); break;
    case Reification::when: s.model().post(r, csp::when(s.var(c.args[b_at]))); break;
  }
}

template <Comparison op>
LinearRelation related(LinearExpr a, LinearExpr b) {
  switch (op) {
    case Comparison::eq: return std::move(a) == std::move(b);
    case Comparison::ne: return std::move(a) != std::move(b);
    case Comparison::le: return std::move(a) <= std::move(b);
    case Comparison::lt: return std::move(a) < std::move(b);
    case Comparison::ge: return std::move(a) >= std::move(b);
    case Comparison::gt: return std::move(a) > std::move(b);
  }
  throw std::logic_error("a comparison without a relation");
}

// int_eq(a, b), bool_lt_reif(a, b, r), ...
template <Comparison op, Reification kind>
void compare(Symbols& s, const ConstraintItem& c) {
  arity(c, kind == Reification::none ? 2 : 3);
  post(s, related<op>(s.term(c.args[0]), s.term(c.args[1])), kind, c, 2);
}

// int_lin_eq(as, bs, c): sum(as[i] * bs[i]) = c; likewise ne and le, bool_lin_*.
template <csp::Relation relation, Reification kind>
void linear(Symbols& s, const ConstraintItem& c) {
  arity(c, kind == Reification::none ? 3 : 4);
  const std::vector<Value> as = s.constants(c.args[0]);
  const std::vector<Element> bs = s.array(c.args[1]);
  if (as.size() != bs.size()) throw ModelError(c.at, "'" + c.id + "': the coefficients and variables differ in number");
  LinearExpr lhs;
  for (std::size_t i = 0; i < as.size(); ++i) {
    lhs = std::move(lhs) + as[i] * (bs[i].is_var() ? LinearExpr(IntVar{bs[i].var}) : LinearExpr(bs[i].constant));
  }
  // A variable too: bool_lin_eq's c is one (nosets.mzn's set_card).
  LinearRelation r{std::move(lhs) - s.term(c.args[2]), relation};
  post(s, r, kind, c, 3);
}

// bool2int(b, y): y = b, often y is b already (Symbols::find_bool2int_aliases).
void bool2int(Symbols& s, const ConstraintItem& c) {
  arity(c, 2);
  s.model().post(s.term(c.args[0]) == s.term(c.args[1]));
}

void plus(Symbols& s, const ConstraintItem& c) {
  arity(c, 3);
  post(s, s.term(c.args[0]) + s.term(c.args[1]) == s.term(c.args[2]), Reification::none, c, 0);
}

void minus(Symbols& s, const ConstraintItem& c) {
  arity(c, 3);
  post(s, s.term(c.args[0]) - s.term(c.args[1]) == s.term(c.args[2]), Reification::none, c, 0);
}

// z = f(x, y) by the integer layer's propagator of f.
template <void (csp::IntModel::*f)(IntVar, IntVar, IntVar)>
void arithmetic(Symbols& s, const ConstraintItem& c) {
  arity(c, 3);
  (s.model().*f)(s.var(c.args[0]), s.var(c.args[1]), s.var(c.args[2]));
}

void abs(Symbols& s, const ConstraintItem& c) {
  arity(c, 2);
  s.model().abs(s.var(c.args[0]), s.var(c.args[1]));
}

void power(Symbols& s, const ConstraintItem& c) {
  arity(c, 3);
  power_table(s.model(), s.var(c.args[0]), s.var(c.args[1]), s.var(c.args[2]), c);
}

// m = max(xs) or min(xs), as a chain of binary maxima.
template <bool maximum>
void extremum(Symbols& s, const ConstraintItem& c) {
  arity(c, 2);
  const IntVar m = s.var(c.args[0]);
  const std::vector<IntVar> xs = s.vars(c.args[1]);
  if (xs.empty()) throw ModelError(c.at, "'" + c.id + "' of an empty array");
  IntVar acc = xs.front();
  for (std::size_t i = 1; i < xs.size(); ++i) {
    const IntVar next = i + 1 == xs.size() ? m : s.model().int_var(csp::min_value, csp::max_value);
    if (maximum) {
      s.model().max(acc, xs[i], next);
    } else {
      s.model().min(acc, xs[i], next);
    }
    acc = next;
  }
  if (xs.size() == 1) s.model().post(LinearExpr(m) == LinearExpr(acc));
}

// z = as[index], the first at index 1: the array is given a dummy element 0 that
// index >= 1 rules out. The elements are constants, or (array_var_*) variables.
template <bool of_variables>
void element(Symbols& s, const ConstraintItem& c) {
  arity(c, 3);
  auto as = [&] {
    if constexpr (of_variables) {
      return s.vars(c.args[1]);
    } else {
      return s.constants(c.args[1]);
    }
  }();
  if (as.empty()) throw ModelError(c.at, "'" + c.id + "' of an empty array");
  as.insert(as.begin(), as.front());
  const IntVar index = s.var(c.args[0]);
  s.model().post(LinearExpr(index) >= LinearExpr(1));
  s.model().element(std::move(as), index, s.var(c.args[2]));
}

void bool_not(Symbols& s, const ConstraintItem& c) {
  arity(c, 2);
  s.model().bool_not(s.var(c.args[0]), s.var(c.args[1]));
}

void bool_xor(Symbols& s, const ConstraintItem& c) {
  if (c.args.size() == 2) {
    s.model().bool_not(s.var(c.args[0]), s.var(c.args[1]));  // a != b
    return;
  }
  arity(c, 3);
  s.model().bool_xor(s.var(c.args[0]), s.var(c.args[1]), s.var(c.args[2]));
}

// r = (a and b), r = (a or b).
template <bool conjunction>
void and_or(Symbols& s, const ConstraintItem& c) {
  arity(c, 3);
  const std::vector<IntVar> xs{s.var(c.args[0]), s.var(c.args[1])};
  conjunction ? s.model().bool_and(xs, s.var(c.args[2])) : s.model().bool_or(xs, s.var(c.args[2]));
}

// r = and(xs), r = or(xs).
template <bool conjunction>
void array_and_or(Symbols& s, const ConstraintItem& c) {
  arity(c, 2);
  const std::vector<IntVar> xs = s.vars(c.args[0]);
  conjunction ? s.model().bool_and(xs, s.var(c.args[1])) : s.model().bool_or(xs, s.var(c.args[1]));
}

void array_xor(Symbols& s, const ConstraintItem& c) {
  arity(c, 1);
  const std::vector<IntVar> xs = s.vars(c.args[0]);
  s.model().parity(xs, 1);
}

void clause(Symbols& s, const ConstraintItem& c) {
  arity(c, 2);
  const std::vector<IntVar> pos = s.vars(c.args[0]);
  const std::vector<IntVar> neg = s.vars(c.args[1]);
  s.model().clause(pos, neg);
}

// x in s; or b <-> x in s, b -> x in s: x is in one of s's ranges.
void set_membership(Symbols& symbols, IntVar x, const IntSet& whole, Reification kind, const ConstraintItem& c) {
  csp::IntModel& m = symbols.model();
  if (kind == Reification::none) return post_in_set(m, x, whole, c.at);
  const IntSet s = variable_values(whole);
  std::vector<IntVar> in_range;  // one a range: x in it
  for (const IntRange& r : s.ranges) {
    const IntVar b = m.bool_var();
    if (r.lo == r.hi) {
      m.post(LinearExpr(x) == LinearExpr(r.lo), csp::iff(b));
    } else {
      const IntVar above = m.bool_var();
      const IntVar below = m.bool_var();
      m.post(LinearExpr(x) >= LinearExpr(r.lo), csp::iff(above));
      m.post(LinearExpr(x) <= LinearExpr(r.hi), csp::iff(below));
      m.bool_and(std::vector<IntVar>{above, below}, b);
    }
    in_range.push_back(b);
  }
  const IntVar member = m.bool_var();
  m.bool_or(in_range, member);
  const IntVar b = symbols.var(c.args[2]);
  if (kind == Reification::iff) {
    m.post(LinearExpr(member) == LinearExpr(b));
  } else {
    m.post(LinearExpr(b) <= LinearExpr(member));
  }
}

template <Reification kind>
void set_in(Symbols& s, const ConstraintItem& c) {
  arity(c, kind == Reification::none ? 2 : 3);
  set_membership(s, s.var(c.args[0]), s.set(c.args[1]), kind, c);
}

void all_different(Symbols& s, const ConstraintItem& c) {
  arity(c, 1);
  const std::vector<IntVar> xs = s.vars(c.args[0]);
  switch (annotated(c)) {
    case Annotated::domain: s.model().all_different(xs, csp::DistinctStrength::gac); break;
    case Annotated::bounds: s.model().all_different(xs, csp::DistinctStrength::bounds); break;
    case Annotated::neither: s.model().all_different(xs, s.all_different); break;
  }
}

// The tuples come flat, row by row (share/minizinc/backtrack/fzn_table_int.mzn).
void table(Symbols& s, const ConstraintItem& c) {
  arity(c, 2);
  const std::vector<IntVar> xs = s.vars(c.args[0]);
  const std::vector<Value> flat = s.constants(c.args[1]);
  if (xs.empty() || flat.size() % xs.size() != 0) {
    throw ModelError(c.at, "fzn_table_int: " + std::to_string(flat.size()) + " values are no whole number of " +
                               std::to_string(xs.size()) + "-tuples");
  }
  std::vector<std::vector<Value>> tuples;
  for (std::size_t i = 0; i < flat.size(); i += xs.size()) {
    tuples.emplace_back(flat.begin() + static_cast<std::ptrdiff_t>(i),
                        flat.begin() + static_cast<std::ptrdiff_t>(i + xs.size()));
  }
  s.model().table(xs, std::move(tuples));
}

// fzn_cumulative(s, d, r, b) (share/minizinc/backtrack/fzn_cumulative.mzn).
void cumulative(Symbols& s, const ConstraintItem& c) {
  arity(c, 4);
  csp::cumulative(s.model(), s.vars(c.args[0]), s.vars(c.args[1]), s.vars(c.args[2]), s.var(c.args[3]));
}

// fzn_disjunctive(s, d) and fzn_disjunctive_strict(s, d).
template <bool strict>
void disjunctive(Symbols& s, const ConstraintItem& c) {
  arity(c, 2);
  const std::vector<IntVar> start = s.vars(c.args[0]);
  const std::vector<IntVar> duration = s.vars(c.args[1]);
  if constexpr (strict) {
    csp::disjunctive_strict(s.model(), start, duration);
  } else {
    csp::disjunctive(s.model(), start, duration);
  }
}

// fzn_diffn(x, y, dx, dy) and fzn_diffn_nonstrict(x, y, dx, dy).
template <bool strict>
void diffn(Symbols& s, const ConstraintItem& c) {
  arity(c, 4);
  csp::diffn(s.model(), s.vars(c.args[0]), s.vars(c.args[1]), s.vars(c.args[2]), s.vars(c.args[3]), strict);
}

// fzn_count_eq(x, y, c): c is the number of x equal to y; the other relations read c first
// (fzn_count_lt: c < the count), so each poster says how the count compares with c.
template <csp::CountIs is>
void count(Symbols& s, const ConstraintItem& c) {
  arity(c, 3);
  const std::vector<IntVar> xs = s.vars(c.args[0]);
  const Element y = s.scalar(c.args[1]);
  if (y.is_var()) {
    csp::count(s.model(), xs, IntVar{y.var}, is, s.var(c.args[2]));
  } else {
    csp::count(s.model(), xs, y.constant, is, s.var(c.args[2]));
  }
}

// fzn_among(n, x, v): n is the number of x whose value is in the set v.
void among(Symbols& s, const ConstraintItem& c) {
  arity(c, 3);
  std::vector<Value> values;
  for (const IntRange& r : s.set(c.args[2]).ranges) {
    if (r.hi - r.lo >= largest_listed_domain - static_cast<Int>(values.size())) {
      throw ModelError(c.at, "fzn_among: a set of more than " + std::to_string(largest_listed_domain) + " values");
    }
    for (Int v = r.lo; v <= r.hi; ++v) values.push_back(v);
  }
  csp::among(s.model(), s.var(c.args[0]), s.vars(c.args[1]), std::move(values));
}

// fzn_nvalue(n, x): n is the number of distinct values in x.
void nvalue(Symbols& s, const ConstraintItem& c) {
  arity(c, 2);
  csp::nvalue(s.model(), s.var(c.args[0]), s.vars(c.args[1]));
}

// fzn_global_cardinality(x, cover, counts): counts[j] of x are cover[j]; _closed: each x
// is in cover. fzn_global_cardinality_low_up(x, cover, lbound, ubound): lbound[j] to
// ubound[j] of them. :: domain or :: bounds chooses the strength on x whatever --prune says.
std::optional<csp::CardinalityStrength> cardinality_strength(const ConstraintItem& c) {
  switch (annotated(c)) {
    case Annotated::domain: return csp::CardinalityStrength::domain;
    case Annotated::bounds: return csp::CardinalityStrength::bounds;
    case Annotated::neither: break;
  }
  return std::nullopt;
}
template <bool closed>
void global_cardinality(Symbols& s, const ConstraintItem& c) {
  arity(c, 3);
  csp::global_cardinality(s.model(), s.vars(c.args[0]), s.constants(c.args[1]), s.vars(c.args[2]), closed,
                          cardinality_strength(c));
}
template <bool closed>
void global_cardinality_low_up(Symbols& s, const ConstraintItem& c) {
  arity(c, 4);
  csp::global_cardinality(s.model(), s.vars(c.args[0]), s.constants(c.args[1]), s.constants(c.args[2]),
                          s.constants(c.args[3]), closed, cardinality_strength(c));
}

// A constant argument that must fit an int (a count of states, a state).
int small_constant(Symbols& s, const ConstraintItem& c, std::size_t i) {
  const Element e = s.scalar(c.args[i]);
  if (e.is_var() || e.constant < 0 || e.constant > std::numeric_limits<int>::max()) {
    throw ModelError(c.at, "'" + c.id + "': argument " + std::to_string(i + 1) + " is no constant 0.." +
                               std::to_string(std::numeric_limits<int>::max()));
  }
  return static_cast<int>(e.constant);
}

// fzn_regular(x, Q, S, d, q0, F), d flat, row by row (share/minizinc/backtrack/fzn_regular.mzn).
void regular(Symbols& s, const ConstraintItem& c) {
  arity(c, 6);
  const int states = small_constant(s, c, 1);
  const int symbols = small_constant(s, c, 2);
  std::vector<int> next;
  for (Value q : s.constants(c.args[3])) {
    if (q < 0 || q > states) throw ModelError(c.at, "fzn_regular: a transition to " + std::to_string(q) + ", no state");
    next.push_back(static_cast<int>(q));
  }
  std::vector<int> final;
  for (const IntRange& r : s.set(c.args[5]).ranges) {
    if (r.lo < 1 || r.hi > states) throw ModelError(c.at, "fzn_regular: a final state outside 1.." + std::to_string(states));
    for (Int q = r.lo; q <= r.hi; ++q) final.push_back(static_cast<int>(q));
  }
  csp::regular(s.model(), s.vars(c.args[0]), states, symbols, next, small_constant(s, c, 4), final);
}

// A global over one or two arrays of variables (integers or Booleans), as
// share/minizinc/backtrack/fzn_<name>.mzn declares it.
template <void (*global)(csp::IntModel&, std::span<const IntVar>)>
void over_array(Symbols& s, const ConstraintItem& c) {
  arity(c, 1);
  global(s.model(), s.vars(c.args[0]));
}
template <void (*global)(csp::IntModel&, std::span<const IntVar>, std::span<const IntVar>)>
void over_arrays(Symbols& s, const ConstraintItem& c) {
  arity(c, 2);
  global(s.model(), s.vars(c.args[0]), s.vars(c.args[1]));
}

// backtrack_bin_packing_load(load, bin, w, first): share/minizinc/backtrack/fzn_bin_packing_load.mzn.
void bin_packing_load(Symbols& s, const ConstraintItem& c) {
  arity(c, 4);
  csp::bin_packing_load(s.model(), s.vars(c.args[0]), s.vars(c.args[1]), s.constants(c.args[2]),
                        s.constant(c.args[3]));
}

// backtrack_circuit(offset, x), backtrack_subcircuit(offset, x): offset names x's first
// node, which FlatZinc's arrays (counted from 1) lose (share/minizinc/backtrack/fzn_circuit.mzn).
template <bool sub>
void circuit(Symbols& s, const ConstraintItem& c) {
  arity(c, 2);
  const Value offset = s.constant(c.args[0]);
  const std::vector<IntVar> xs = s.vars(c.args[1]);
  sub ? csp::subcircuit(s.model(), xs, offset) : csp::circuit(s.model(), xs, offset);
}

// backtrack_inverse(f, f_offset, g, g_offset), Gecode's inverse_offsets: f's values count
// g's positions from f_offset, g's values f's from g_offset (fzn_inverse.mzn).
void inverse(Symbols& s, const ConstraintItem& c) {
  arity(c, 4);
  const std::vector<IntVar> f = s.vars(c.args[0]);
  const std::vector<IntVar> g = s.vars(c.args[2]);
  csp::inverse(s.model(), f, g, s.constant(c.args[3]), s.constant(c.args[1]));
}

// backtrack_element2d(row, column, first_row, first_column, columns, x, c): c = x[row, column]
// of a 2-D array flattened row by row, whose index sets start at first_row and first_column
// (share/minizinc/backtrack/redefinitions-2.5.2.mzn).
void element2d(Symbols& s, const ConstraintItem& c) {
  arity(c, 7);
  const auto columns = s.constant(c.args[4]);
  if (columns <= 0) throw ModelError(c.at, "'" + c.id + "' of no columns");
  csp::element2d(s.model(), s.vars(c.args[5]), static_cast<std::size_t>(columns), s.var(c.args[0]), s.var(c.args[1]),
                 s.var(c.args[6]), s.constant(c.args[2]), s.constant(c.args[3]));
}

struct Builtin {
  std::string_view name;
  Poster post;
};

using enum Comparison;
constexpr Reification plain = Reification::none, reif = Reification::iff, imp = Reification::when;
constexpr csp::Relation equal = csp::Relation::equal, not_equal = csp::Relation::not_equal,
                        less_equal = csp::Relation::less_equal;

// Each name once, written out, so that a search for a builtin's name finds its poster.
constexpr Builtin registry[] = {
    {"int_eq", compare<eq, plain>}, {"int_eq_reif", compare<eq, reif>}, {"int_eq_imp", compare<eq, imp>},
    {"int_ne", compare<ne, plain>}, {"int_ne_reif", compare<ne, reif>}, {"int_ne_imp", compare<ne, imp>},
    {"int_le", compare<le, plain>}, {"int_le_reif", compare<le, reif>}, {"int_le_imp", compare<le, imp>},
    {"int_lt", compare<lt, plain>}, {"int_lt_reif", compare<lt, reif>}, {"int_lt_imp", compare<lt, imp>},
    {"int_ge", compare<ge, plain>}, {"int_ge_reif", compare<ge, reif>}, {"int_ge_imp", compare<ge, imp>},
    {"int_gt", compare<gt, plain>}, {"int_gt_reif", compare<gt, reif>}, {"int_gt_imp", compare<gt, imp>},
    {"bool_eq", compare<eq, plain>}, {"bool_eq_reif", compare<eq, reif>}, {"bool_eq_imp", compare<eq, imp>},
    {"bool_ne", compare<ne, plain>}, {"bool_ne_reif", compare<ne, reif>}, {"bool_ne_imp", compare<ne, imp>},
    {"bool_le", compare<le, plain>}, {"bool_le_reif", compare<le, reif>}, {"bool_le_imp", compare<le, imp>},
    {"bool_lt", compare<lt, plain>}, {"bool_lt_reif", compare<lt, reif>}, {"bool_lt_imp", compare<lt, imp>},
    {"bool_ge", compare<ge, plain>}, {"bool_ge_reif", compare<ge, reif>}, {"bool_ge_imp", compare<ge, imp>},
    {"bool_gt", compare<gt, plain>}, {"bool_gt_reif", compare<gt, reif>}, {"bool_gt_imp", compare<gt, imp>},
    {"int_lin_eq", linear<equal, plain>},        {"int_lin_eq_reif", linear<equal, reif>},
    {"int_lin_eq_imp", linear<equal, imp>},      {"int_lin_ne", linear<not_equal, plain>},
    {"int_lin_ne_reif", linear<not_equal, reif>}, {"int_lin_ne_imp", linear<not_equal, imp>},
    {"int_lin_le", linear<less_equal, plain>},   {"int_lin_le_reif", linear<less_equal, reif>},
    {"int_lin_le_imp", linear<less_equal, imp>},
    {"bool_lin_eq", linear<equal, plain>},        {"bool_lin_eq_reif", linear<equal, reif>},
    {"bool_lin_eq_imp", linear<equal, imp>},      {"bool_lin_ne", linear<not_equal, plain>},
    {"bool_lin_ne_reif", linear<not_equal, reif>}, {"bool_lin_ne_imp", linear<not_equal, imp>},
    {"bool_lin_le", linear<less_equal, plain>},   {"bool_lin_le_reif", linear<less_equal, reif>},
    {"bool_lin_le_imp", linear<less_equal, imp>},
    {"bool2int", bool2int},
    {"int_plus", plus},
    {"int_minus", minus},
    {"int_times", arithmetic<&csp::IntModel::times>},
    {"int_div", arithmetic<&csp::IntModel::div>},
    {"int_mod", arithmetic<&csp::IntModel::mod>},
    {"int_min", arithmetic<&csp::IntModel::min>},
    {"int_max", arithmetic<&csp::IntModel::max>},
    {"int_pow", power},
    {"int_abs", abs},
    {"array_int_maximum", extremum<true>},
    {"array_int_minimum", extremum<false>},
    {"array_int_element", element<false>},
    {"array_bool_element", element<false>},
    {"array_var_int_element", element<true>},
    {"array_var_bool_element", element<true>},
    {"bool_not", bool_not},
    {"bool_xor", bool_xor},
    {"bool_and", and_or<true>},
    {"bool_or", and_or<false>},
    {"array_bool_and", array_and_or<true>},
    {"array_bool_or", array_and_or<false>},
    {"array_bool_xor", array_xor},
    {"bool_clause", clause},
    {"set_in", set_in<plain>},
    {"set_in_reif", set_in<reif>},
    {"set_in_imp", set_in<imp>},
    {"fzn_all_different_int", all_different},
    {"fzn_table_int", table},
    {"fzn_cumulative", cumulative},
    {"fzn_disjunctive", disjunctive<false>},
    {"fzn_disjunctive_strict", disjunctive<true>},
    {"fzn_diffn", diffn<true>},
    {"fzn_diffn_nonstrict", diffn<false>},
    {"fzn_count_eq", count<csp::CountIs::equal>},
    {"fzn_count_neq", count<csp::CountIs::not_equal>},
    {"fzn_count_lt", count<csp::CountIs::greater>},
    {"fzn_count_leq", count<csp::CountIs::at_least>},
    {"fzn_count_gt", count<csp::CountIs::less>},
    {"fzn_count_geq", count<csp::CountIs::at_most>},
    {"fzn_among", among},
    {"fzn_nvalue", nvalue},
    {"fzn_global_cardinality", global_cardinality<false>},
    {"fzn_global_cardinality_closed", global_cardinality<true>},
    {"fzn_global_cardinality_low_up", global_cardinality_low_up<false>},
    {"fzn_global_cardinality_low_up_closed", global_cardinality_low_up<true>},
    {"fzn_regular", regular},
    {"backtrack_bin_packing_load", bin_packing_load},
    {"fzn_lex_lesseq_int", over_arrays<csp::lex_lesseq>},
    {"fzn_lex_lesseq_bool", over_arrays<csp::lex_lesseq>},
    {"fzn_lex_less_int", over_arrays<csp::lex_less>},
    {"fzn_lex_less_bool", over_arrays<csp::lex_less>},
    {"fzn_increasing_int", over_array<csp::increasing>},
    {"fzn_increasing_bool", over_array<csp::increasing>},
    {"fzn_decreasing_int", over_array<csp::decreasing>},
    {"fzn_decreasing_bool", over_array<csp::decreasing>},
    {"fzn_strictly_increasing_int", over_array<csp::strictly_increasing>},
    {"fzn_strictly_increasing_bool", over_array<csp::strictly_increasing>},
    {"fzn_strictly_decreasing_int", over_array<csp::strictly_decreasing>},
    {"fzn_strictly_decreasing_bool", over_array<csp::strictly_decreasing>},
    {"backtrack_circuit", circuit<false>},
    {"backtrack_subcircuit", circuit<true>},
    {"backtrack_inverse", inverse},
    {"backtrack_element2d", element2d},
    {"backtrack_element2d_bool", element2d},
};

}  // namespace

void post_builtin(Symbols& symbols, const ConstraintItem& c) {
  static const std::unordered_map<std::string_view, Poster> posters = [] {
    std::unordered_map<std::string_view, Poster> found;
    for (const Builtin& b : registry) found.emplace(b.name, b.post);
    return found;
  }();
  const auto found = posters.find(c.id);
  if (found == posters.end()) {
    throw ModelError(c.at, "the constraint '" + c.id +
                               "' is not a builtin of backtrack: its solver library (share/minizinc/backtrack) lacks "
                               "a redefinition of '" + c.id +
                               "' that decomposes it (was the model compiled with --solver backtrack?)");
  }
  // The CSP layer's refusals (a Boolean that is not 0..1, a linear sum past 64 or 128
  // bits, ...) are this constraint's.
  try {
    found->second(symbols, c);
  } catch (const std::invalid_argument& e) {
    throw ModelError(c.at, "'" + c.id + "': " + e.what());
  }
}

}  // namespace backtrack::flatzinc::detail

namespace backtrack::flatzinc {

std::vector<std::string> builtin_constraints() {
  std::vector<std::string> names;
  for (const detail::Builtin& b : detail::registry) names.emplace_back(b.name);
  return names;
}

}  // namespace backtrack::flatzinc
