#pragma once
// A constraint model over integer variables of any 32-bit range: the C++ API a plugin
// (and the FlatZinc reader) states a problem in.
//
//   IntModel m;
//   std::vector<IntVar> x = m.int_vars(9, 1, 9);     // nine variables, values 1 .. 9
//   m.all_different(x);
//   m.post(x[0] + x[1] + x[2] == 15);                 // linear: == != <= < >= >
//   m.post(2 * x[3] - x[4] <= x[5] + 1);
//   m.post(x[3] + x[4] == 7, LinearStrength::domain);  // every value kept has a support
//   m.times(x[6], x[7], x[2]);                        // x[2] = x[6] * x[7]; div, mod, ...
//   IntVar b = m.bool_var();
//   m.post(x[6] <= x[7], iff(b));                     // b = 1 exactly when x[6] <= x[7]
//   m.post(x[7] != 5, when(b));                       // b = 1 implies x[7] != 5
//   m.minimize(x[8]);                                 // or maximize; or neither
//
// Linear expressions are built with + - and a constant factor; a relation between two of
// them is one linear propagator at bounds consistency (propagators/linear.hpp), an
// equality at domain consistency where asked (propagators/linear_domain.hpp), tied to a
// 0/1 variable by iff() or when() (propagators/reified.hpp). Every other constraint is a
// method: all_different, times, div, mod, abs, min, max, element. The search
// (int_problem.hpp) branches on every variable in the order they were made, unless
// branch_on() names the decision variables (or add_phase() them in phases).
//
// Where every domain fits in 0 .. 63 and the constraints are those of the bitset layer,
// a plugin may use that layer's Model instead (model.hpp): one machine word a domain.
#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "backtrack/csp/checked_arithmetic.hpp"
#include "backtrack/csp/options.hpp"
#include "backtrack/csp/propagation.hpp"
#include "backtrack/csp/space.hpp"

namespace backtrack::csp {

struct IntVar {
  int id = -1;
};

// 64-bit coefficients and a 128-bit constant, checked as they are combined
// (checked_arithmetic.hpp): what does not fit throws std::invalid_argument.
struct LinearExpr {
  std::vector<Term> terms;
  Wide constant = 0;
  LinearExpr() = default;
  LinearExpr(Value c) : constant(c) {}                  // NOLINT: 3 reads as a constant expression
  LinearExpr(int c) : constant(c) {}                    // NOLINT
  LinearExpr(IntVar x) : terms{{1, x.id}} {}            // NOLINT: x reads as 1 * x
};

inline LinearExpr operator+(LinearExpr a, const LinearExpr& b) {
  a.terms.insert(a.terms.end(), b.terms.begin(), b.terms.end());
  a.constant = checked_constant_sum(a.constant, b.constant);
  return a;
}
inline LinearExpr operator*(Value k, LinearExpr a) {
  for (Term& t : a.terms) t.a = checked_coefficient(Wide{t.a} * k);
  a.constant = checked_constant_product(a.constant, k);
  return a;
}
inline LinearExpr operator*(LinearExpr a, Value k) { return k * std::move(a); }
inline LinearExpr operator-(LinearExpr a) { return Value{-1} * std::move(a); }
inline LinearExpr operator-(LinearExpr a, LinearExpr b) { return std::move(a) + -std::move(b); }

// expr (== | != | <=) 0, for IntModel::post(); < and >= are <= moved by one.
struct LinearRelation {
  LinearExpr expr;
  Relation relation;
};
inline LinearRelation operator==(LinearExpr a, LinearExpr b) { return {std::move(a) - std::move(b), Relation::equal}; }
inline LinearRelation operator!=(LinearExpr a, LinearExpr b) { return {std::move(a) - std::move(b), Relation::not_equal}; }
inline LinearRelation operator<=(LinearExpr a, LinearExpr b) { return {std::move(a) - std::move(b), Relation::less_equal}; }
inline LinearRelation operator>=(LinearExpr a, LinearExpr b) { return std::move(b) <= std::move(a); }
inline LinearRelation operator<(LinearExpr a, LinearExpr b) { return std::move(a) + 1 <= std::move(b); }
inline LinearRelation operator>(LinearExpr a, LinearExpr b) { return std::move(b) < std::move(a); }

// A relation tied to a 0/1 variable b, for IntModel::post(): b <-> relation (iff), or
// b -> relation (when).
struct Iff {
  IntVar b;
};
struct When {
  IntVar b;
};
inline Iff iff(IntVar b) { return {b}; }
inline When when(IntVar b) { return {b}; }

// Variables the search decides in turn, before those of the next phase: with their own
// variable and value orders where given (else the search's options), as FlatZinc's
// seq_search of int_search annotations asks.
struct SearchPhase {
  std::vector<int> xs;
  std::optional<VariableOrder> order;
  std::optional<ValueOrder> values;
};

struct Objective {
  int x;          // the variable to minimise or maximise
  bool minimise;  // else maximise
};

class IntModel {
 public:
  IntVar int_var(Value lo, Value hi) {
    const IntVar x{space_.add_variable(lo, hi)};
    return x;
  }
  // A variable taking one of `values` (any order, repeats ignored).
  IntVar int_var(std::vector<Value> values) {
    if (values.empty()) throw std::invalid_argument("csp: a variable needs at least one value");
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    const IntVar x = int_var(values.front(), values.back());
    if (space_.has_holes(x.id)) {
      for (Value v = values.front(), i = 0; v <= values.back(); ++v) {
        if (values[static_cast<std::size_t>(i)] == v) {
          ++i;
        } else {
          space_.remove(x.id, v);
        }
      }
    } else {
      add(InSet{x.id, std::move(values)});
    }
    return x;
  }
  std::vector<IntVar> int_vars(int count, Value lo, Value hi) {
    std::vector<IntVar> xs;
    for (int i = 0; i < count; ++i) xs.push_back(int_var(lo, hi));
    return xs;
  }
  IntVar bool_var() { return int_var(0, 1); }
  // How the global constraints posted from now on are stated (globals.hpp).
  void set_globals(Globals g) { globals_ = g; }
  Globals globals() const { return globals_; }
  int variables() const { return space_.variables(); }

  void post(const LinearRelation& r) {
    auto [terms, c] = normalised(r.expr);
    switch (r.relation) {
      case Relation::equal: add(LinearEqual(space_, std::move(terms), c)); break;
      case Relation::not_equal: add(LinearNotEqual{c, std::move(terms)}); break;
      case Relation::less_equal: add(LinearLessEqual(space_, std::move(terms), c)); break;
    }
  }
  // An equality at domain consistency where its sums are few enough
  // (propagators/linear_domain.hpp), else as post(r); any other relation as post(r).
  void post(const LinearRelation& r, LinearStrength strength) {
    if (strength == LinearStrength::domain && r.relation == Relation::equal) {
      auto [terms, c] = normalised(r.expr);
      if (LinearDomainEqual::fits(space_, terms)) {
        add(LinearDomainEqual(space_, std::move(terms), c));
        return;
      }
    }
    post(r);
  }
  void post(const LinearRelation& r, Iff reified) { post_reified(r, reified.b, false); }
  void post(const LinearRelation& r, When implied) { post_reified(r, implied.b, true); }
  // No two of xs take the same value; at the strength --prune chooses (forward, bounds,
  // gac) unless one is given here, which holds from --prune arc up.
  // With Globals::decomposed, a != for every pair.
  void all_different(std::span<const IntVar> xs, std::optional<DistinctStrength> strength = std::nullopt) {
    if (globals_ == Globals::decomposed) {
      for (std::size_t i = 0; i < xs.size(); ++i) {
        for (std::size_t j = i + 1; j < xs.size(); ++j) post(LinearExpr(xs[i]) != LinearExpr(xs[j]));
      }
      return;
    }
    Distinct d;
    for (IntVar x : xs) d.xs.push_back(checked(x));
    d.strength = strength.value_or(DistinctStrength::forward);
    const int id = add(std::move(d));
    if (!strength) strength_from_search_.push_back(id);
  }
  void all_different(std::initializer_list<IntVar> xs) { all_different(std::span<const IntVar>(xs.begin(), xs.size())); }

  // The variables take the values of one of the tuples (one value per variable each), at
  // domain consistency by compact table (propagators/table.hpp); forbidden(): of none.
  void table(std::span<const IntVar> xs, std::vector<std::vector<Value>> tuples) {
    std::vector<int> ids = table_scope(xs, tuples);
    add(Table(std::move(ids), tuples));
  }
  void forbidden(std::span<const IntVar> xs, std::vector<std::vector<Value>> tuples) {
    std::vector<int> ids = table_scope(xs, tuples);
    add(ForbiddenTable(std::move(ids), tuples));
  }

  // Boolean constraints over variables of 0 .. 1 (bool_var()), at domain consistency
  // (propagators/boolean.hpp). A Boolean is its own 0/1 integer: bool2int needs nothing.
  // Some of `positive` is 1 or some of `negative` is 0.
  void clause(std::span<const IntVar> positive, std::span<const IntVar> negative) {
    std::vector<int> pos = booleans(positive);
    std::vector<int> neg = booleans(negative);
    for (int x : pos) {
      if (std::binary_search(neg.begin(), neg.end(), x)) return;  // x or not x: always true
    }
    add(Clause{std::move(pos), std::move(neg)});
  }
  void bool_and(std::span<const IntVar> xs, IntVar r) { and_or(xs, r, 0); }  // r = and(xs)
  void bool_or(std::span<const IntVar> xs, IntVar r) { and_or(xs, r, 1); }   // r = or(xs)
  void bool_xor(IntVar a, IntVar b, IntVar r) { parity({a, b, r}, 0); }     // r = a xor b
  void bool_not(IntVar a, IntVar b) { parity({a, b}, 1); }                 // b = 1 - a
  // The xor of xs is `odd`; a variable twice cancels out.
  void parity(std::span<const IntVar> xs, Value odd) {
    booleans(xs);  // checks them
    std::vector<int> ids;
    for (IntVar x : xs) ids.push_back(x.id);
    std::sort(ids.begin(), ids.end());
    std::vector<int> left;
    for (int x : ids) {
      if (!left.empty() && left.back() == x) {
        left.pop_back();
      } else {
        left.push_back(x);
      }
    }
    add(Parity{std::move(left), odd});
  }
  void parity(std::initializer_list<IntVar> xs, Value odd) { parity(std::span<const IntVar>(xs.begin(), xs.size()), odd); }

  // Arithmetic (propagators/arithmetic.hpp): z = x * y, x div y (truncated toward zero,
  // y != 0), x mod y (the remainder of div, with x's sign), |x|, min(x, y), max(x, y).
  void times(IntVar x, IntVar y, IntVar z) { add(Times{checked(x), checked(y), checked(z)}); }
  void div(IntVar x, IntVar y, IntVar z) { add(Div{checked(x), checked(y), checked(z)}); }
  void mod(IntVar x, IntVar y, IntVar z) { add(Mod{checked(x), checked(y), checked(z)}); }
  void abs(IntVar x, IntVar z) { add(Abs{checked(x), checked(z)}); }
  void min(IntVar x, IntVar y, IntVar z) { add(MinMax{checked(x), checked(y), checked(z), false, 0}); }
  void max(IntVar x, IntVar y, IntVar z) { add(MinMax{checked(x), checked(y), checked(z), true, 0}); }
  // z = array[index], the first element at index 0 (propagators/element.hpp).
  void element(std::vector<Value> array, IntVar index, IntVar z) {
    if (array.empty()) throw std::invalid_argument("csp: element needs a non-empty array");
    add(ElementValues(std::move(array), checked(index), checked(z)));
  }
  void element(const std::vector<IntVar>& array, IntVar index, IntVar z) {
    if (array.empty()) throw std::invalid_argument("csp: element needs a non-empty array");
    ElementVars e{{}, checked(index), checked(z), 0, false};
    for (IntVar x : array) e.xs.push_back(checked(x));
    add(std::move(e));
  }

  void minimize(IntVar x) { objective_ = Objective{checked(x), true}; }
  void maximize(IntVar x) { objective_ = Objective{checked(x), false}; }
  // The variables the search decides, in this order (by default every variable).
  void branch_on(std::span<const IntVar> xs) {
    phases_.clear();
    add_phase(xs);
  }
  // Decides xs once the phases before are decided (by default: one phase of them all).
  void add_phase(std::span<const IntVar> xs, std::optional<VariableOrder> order = std::nullopt,
                 std::optional<ValueOrder> values = std::nullopt) {
    SearchPhase phase{{}, order, values};
    for (IntVar x : xs) phase.xs.push_back(checked(x));
    phases_.push_back(std::move(phase));
  }

  // Any propagator (propagation.hpp); its number.
  int add(Propagator p) {
    std::visit(
        [&](const auto& q) {
          for (const auto& sub : q.subscriptions()) checked(IntVar{sub.x});
        },
        p);
    return propagation_.add(std::move(p), space_);
  }

  // What the search reads.
  const Space& space() const { return space_; }
  const Propagation& propagation() const { return propagation_; }
  const std::optional<Objective>& objective() const { return objective_; }
  // Variables a solution needs fixed but whose values do not tell solutions apart (a
  // compiler's auxiliaries): once the phases are decided, the search looks for one way to
  // fix them, and the node is one solution whatever the number of ways.
  void auxiliary(std::span<const IntVar> xs) {
    auxiliary_.clear();
    for (IntVar x : xs) auxiliary_.push_back(checked(x));
  }
  const std::vector<int>& auxiliaries() const { return auxiliary_; }
  std::vector<SearchPhase> phases() const {
    if (!phases_.empty()) return phases_;
    SearchPhase all;
    for (int x = 0; x < variables(); ++x) all.xs.push_back(x);
    return {all};
  }
  // The all-differents whose strength the search's options choose.
  const std::vector<int>& strength_from_search() const { return strength_from_search_; }
  Propagation& propagation_to_tune() { return propagation_; }
  Space& space_to_tune() { return space_; }

 private:
  int checked(IntVar x) const {
    if (x.id < 0 || x.id >= variables()) throw std::invalid_argument("csp: no variable " + std::to_string(x.id));
    return x.id;
  }
  // The distinct variables of xs, and the tuples checked, sorted and without repeats. A
  // variable twice keeps one column: the tuples whose two values there differ go (they
  // fit no assignment, and forbid none).
  std::vector<int> table_scope(std::span<const IntVar> xs, std::vector<std::vector<Value>>& tuples) const {
    if (xs.empty()) throw std::invalid_argument("csp: a table needs at least one variable");
    for (const auto& t : tuples) {
      if (t.size() != xs.size()) {
        throw std::invalid_argument("csp: a tuple of " + std::to_string(t.size()) + " values for a table of " +
                                    std::to_string(xs.size()) + " variables");
      }
    }
    std::vector<int> ids;
    std::vector<std::size_t> column;  // of each position: its variable's place in ids
    for (IntVar x : xs) {
      const auto at = std::find(ids.begin(), ids.end(), checked(x));
      column.push_back(static_cast<std::size_t>(at - ids.begin()));
      if (at == ids.end()) ids.push_back(x.id);
    }
    std::vector<std::vector<Value>> kept;
    for (const auto& t : tuples) {
      std::vector<Value> k;
      bool fits = true;
      for (std::size_t i = 0; i < t.size(); ++i) {
        if (column[i] == k.size()) {
          k.push_back(t[i]);
        } else {
          fits = fits && k[column[i]] == t[i];
        }
      }
      if (fits) kept.push_back(std::move(k));
    }
    tuples = std::move(kept);
    std::sort(tuples.begin(), tuples.end());  // a forbidden table counts its tuples: no repeats
    tuples.erase(std::unique(tuples.begin(), tuples.end()), tuples.end());
    return ids;
  }
  // The variables, sorted without repeats, each checked to be 0 .. 1.
  std::vector<int> booleans(std::span<const IntVar> xs) const {
    std::vector<int> ids;
    for (IntVar x : xs) {
      const int id = checked(x);
      if (space_.min(id) < 0 || space_.max(id) > 1) {
        throw std::invalid_argument("csp: variable " + std::to_string(id) + " is not a Boolean: its values are " +
                                    std::to_string(space_.min(id)) + ".." + std::to_string(space_.max(id)));
      }
      ids.push_back(id);
    }
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
  }
  void and_or(std::span<const IntVar> xs, IntVar r, Value deciding) {
    std::vector<int> ids = booleans(xs);
    const int y = booleans(std::span<const IntVar>(&r, 1)).front();
    if (std::erase(ids, y) == 0) {
      add(BoolAndOr{std::move(ids), y, deciding});
      return;
    }
    // r = r and rest: r implies each of the rest (r = r or rest: each of them implies r).
    for (int x : ids) add(deciding == 0 ? Clause{{x}, {y}} : Clause{{y}, {x}});
  }

  void post_reified(const LinearRelation& r, IntVar b, bool half) {
    const int id = booleans(std::span<const IntVar>(&b, 1)).front();
    auto [terms, c] = normalised(r.expr);
    if (terms.size() == 1 && r.relation != Relation::less_equal && c % terms[0].a == 0) {
      // within the variable's values: normalised() brings c within one of a * x's reach
      const Value v = static_cast<Value>(c / terms[0].a);
      add(ValueReified{terms[0].x, v, id, r.relation == Relation::equal, half});
      return;
    }
    add(LinearReified(space_, std::move(terms), c, r.relation, id, half));
  }
  // expr relation 0 as sum(terms) relation c: one term a variable (x + x is 2 * x), none
  // with coefficient 0; and c = -constant brought to within one of what the sum can be
  // now (its least - 1 .. its most + 1), which decides every relation as c does and keeps
  // the propagators' 128-bit sums far from overflow.
  struct Normalised {
    std::vector<Term> terms;
    Wide c;
  };
  Normalised normalised(const LinearExpr& expr) const {
    std::vector<Term> terms = expr.terms;
    for (const Term& t : terms) checked(IntVar{t.x});
    std::sort(terms.begin(), terms.end(), [](const Term& a, const Term& b) { return a.x < b.x; });
    Normalised out{{}, -expr.constant};
    Wide least = 0;
    Wide most = 0;
    for (std::size_t i = 0; i < terms.size();) {
      Wide a = 0;  // a sum of 64-bit coefficients: far from 128-bit overflow
      const int x = terms[i].x;
      for (; i < terms.size() && terms[i].x == x; ++i) a += terms[i].a;
      if (a == 0) continue;
      out.terms.push_back({checked_coefficient(a), x});
      least += term_min(space_, out.terms.back());
      most += term_max(space_, out.terms.back());
    }
    out.c = std::clamp(out.c, least - 1, most + 1);
    return out;
  }

  Space space_;
  Propagation propagation_;
  std::optional<Objective> objective_;
  std::vector<SearchPhase> phases_;
  std::vector<int> auxiliary_;
  std::vector<int> strength_from_search_;
  Globals globals_ = Globals::native;
};

}  // namespace backtrack::csp
