#include "symbols.hpp"

#include <algorithm>
#include <utility>
#include <variant>

#include "backtrack/flatzinc/model_builder.hpp"

namespace backtrack::flatzinc::detail {

using csp::IntVar;
using csp::LinearExpr;
using csp::Value;

namespace {

bool contains(const IntSet& s, Int v) {
  return std::any_of(s.ranges.begin(), s.ranges.end(), [v](const IntRange& r) { return r.lo <= v && v <= r.hi; });
}

}  // namespace

const Resolved& Symbols::declare(const Declaration& d) {
  if (d.type.base == BaseType::floating) {
    throw ModelError(d.at, "'" + d.id + "' is a float: backtrack solves integer and Boolean models only");
  }
  if (d.type.base == BaseType::int_set && d.type.is_var) {
    throw ModelError(d.at, "'" + d.id +
                               "' is a set variable: backtrack has none (its solver library removes them "
                               "through MiniZinc's nosets.mzn: compile with --solver backtrack)");
  }
  if (symbols_.contains(d.id)) throw ModelError(d.at, "'" + d.id + "' is declared twice");
  Resolved r;
  r.is_array = d.type.array_size.has_value();
  r.boolean = d.type.base == BaseType::boolean;
  r.is_set = d.type.base == BaseType::int_set;
  if (!d.type.is_var) {
    if (!d.value) throw ModelError(d.at, "the parameter '" + d.id + "' has no value");
    Resolved v = resolve(*d.value);
    if (v.is_array != r.is_array || v.is_set != r.is_set) {
      throw ModelError(d.value->at, "the value of '" + d.id + "' is not of its declared type");
    }
    if (v.is_set) {
      r.sets = std::move(v.sets);
    } else {
      for (const Element& e : v.items) {
        if (e.is_var()) throw ModelError(d.value->at, "the parameter '" + d.id + "' is given a variable");
      }
      r.items = std::move(v.items);
    }
  } else if (d.value) {  // an alias of other variables or constants, in the declared domain
    Resolved v = resolve(*d.value);
    if (v.is_array != r.is_array || v.is_set) {
      throw ModelError(d.value->at, "the value of '" + d.id + "' is not of its declared type");
    }
    for (const Element& e : v.items) restrict(e, d);
    r.items = std::move(v.items);
  } else if (const auto b = bool_of_.find(d.id); b != bool_of_.end()) {
    const Element e = symbols_.at(b->second).items.front();
    restrict(e, d);
    r.items.push_back(e);
  } else {
    const Int count = r.is_array ? *d.type.array_size : 1;
    if (count < 0 || count > largest_listed_domain) throw ModelError(d.at, "'" + d.id + "' has too many elements");
    for (Int i = 0; i < count; ++i) r.items.push_back({new_variable(d), 0});
  }
  return symbols_.emplace(d.id, std::move(r)).first->second;
}

// bool2int(b, y), y an integer variable of its own declared after b: y is b (a Boolean
// is its 0/1 integer), as Gecode's reader aliases it, rather than a second variable
// and an equality to propagate (a magic sequence of 100 has 10,000 of them). The
// constraint itself is then b = b, which holds.
void Symbols::find_bool2int_aliases(const Model& ast) {
  std::unordered_map<std::string, std::size_t> declared_at;
  for (std::size_t i = 0; i < ast.declarations.size(); ++i) declared_at.emplace(ast.declarations[i].id, i);
  for (const ConstraintItem& c : ast.constraints) {
    if (c.id != "bool2int" || c.args.size() != 2) continue;
    const auto* b = std::get_if<Name>(&c.args[0].value);
    const auto* y = std::get_if<Name>(&c.args[1].value);
    if (b == nullptr || y == nullptr) continue;
    const auto bi = declared_at.find(b->id);
    const auto yi = declared_at.find(y->id);
    if (bi == declared_at.end() || yi == declared_at.end() || bi->second >= yi->second) continue;
    const Type& bt = ast.declarations[bi->second].type;
    const Declaration& yd = ast.declarations[yi->second];
    if (!bt.is_var || bt.base != BaseType::boolean || bt.array_size || !yd.type.is_var ||
        yd.type.base != BaseType::integer || yd.type.array_size || yd.value) {
      continue;
    }
    bool_of_.emplace(y->id, b->id);  // the first bool2int of y
  }
}

// A fresh variable of d's domain.
int Symbols::new_variable(const Declaration& d) {
  if (d.type.base == BaseType::boolean) return m_.bool_var().id;
  if (!d.type.domain) return m_.int_var(csp::min_value, csp::max_value).id;
  const IntSet& s = *d.type.domain;
  if (s.ranges.empty()) return unsatisfiable(m_);
  check_range(s.ranges.front().lo, d.at);
  check_range(s.ranges.back().hi, d.at);
  if (s.ranges.size() == 1) return m_.int_var(s.ranges.front().lo, s.ranges.front().hi).id;
  return m_.int_var(listed(s, d.at)).id;
}

// e, a variable or a constant, within d's declared domain.
void Symbols::restrict(const Element& e, const Declaration& d) {
  if (d.type.base == BaseType::boolean || !d.type.domain) return;
  const IntSet& s = *d.type.domain;
  if (!e.is_var()) {
    if (!contains(s, e.constant)) unsatisfiable(m_);
    return;
  }
  post_in_set(m_, IntVar{e.var}, s, d.at);
}

Resolved Symbols::resolve(const Expr& e) {
  Resolved r;
  std::visit(
      [&](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, bool>) {
          r.items.push_back({-1, v ? 1 : 0});
          r.boolean = true;
        } else if constexpr (std::is_same_v<T, Int>) {
          r.items.push_back({-1, v});
        } else if constexpr (std::is_same_v<T, double>) {
          throw ModelError(e.at, "a float: backtrack solves integer and Boolean models only");
        } else if constexpr (std::is_same_v<T, IntSet>) {
          r.sets.push_back(v);
          r.is_set = true;
        } else if constexpr (std::is_same_v<T, Name>) {
          r = symbol(v.id, e.at);
        } else if constexpr (std::is_same_v<T, ArrayAccess>) {
          const Resolved& a = symbol(v.id, e.at);
          const std::size_t size = a.is_set ? a.sets.size() : a.items.size();
          if (!a.is_array || v.index < 1 || static_cast<std::size_t>(v.index) > size) {
            throw ModelError(e.at, v.id + "[" + std::to_string(v.index) + "] is not an element of an array");
          }
          const auto i = static_cast<std::size_t>(v.index - 1);
          r.boolean = a.boolean;
          r.is_set = a.is_set;
          if (a.is_set) {
            r.sets.push_back(a.sets[i]);
          } else {
            r.items.push_back(a.items[i]);
          }
        } else if constexpr (std::is_same_v<T, ArrayLiteral>) {
          r.is_array = true;
          bool all_boolean = true;
          for (const Expr& item : v.items) {
            Resolved one = resolve(item);
            if (one.is_array) throw ModelError(item.at, "an array inside an array");
            all_boolean = all_boolean && one.boolean;
            if (one.is_set) {
              r.is_set = true;
              r.sets.push_back(std::move(one.sets.front()));
            } else {
              r.items.push_back(one.items.front());
            }
          }
          if (r.is_set && !r.items.empty()) throw ModelError(e.at, "an array of sets and numbers at once");
          r.boolean = all_boolean && !v.items.empty();
        } else {
          throw ModelError(e.at, "an annotation or a string where a value was expected");
        }
      },
      e.value);
  return r;
}

const Resolved& Symbols::symbol(const std::string& id, Position at) const {
  const auto found = symbols_.find(id);
  if (found == symbols_.end()) throw ModelError(at, "'" + id + "' is not declared");
  return found->second;
}

Element Symbols::scalar(const Expr& e) {
  Resolved r = resolve(e);
  if (r.is_array || r.is_set) throw ModelError(e.at, "a single value or variable was expected");
  return r.items.front();
}
IntVar Symbols::var(const Expr& e) { return as_var(scalar(e), e.at); }
IntVar Symbols::as_var(const Element& x, Position at) {
  if (x.is_var()) return IntVar{x.var};
  check_range(x.constant, at);
  auto [it, fresh] = constants_.try_emplace(x.constant);
  if (fresh) it->second = m_.int_var(x.constant, x.constant);
  return it->second;
}
Value Symbols::constant(const Expr& e) {
  const Element x = scalar(e);
  if (x.is_var()) throw ModelError(e.at, "a constant was expected, not a variable");
  return x.constant;
}
LinearExpr Symbols::term(const Expr& e) {
  const Element x = scalar(e);
  return x.is_var() ? LinearExpr(IntVar{x.var}) : LinearExpr(x.constant);
}
std::vector<Element> Symbols::array(const Expr& e) {
  Resolved r = resolve(e);
  if (!r.is_array || r.is_set) throw ModelError(e.at, "an array of values or variables was expected");
  return r.items;
}
std::vector<IntVar> Symbols::vars(const Expr& e) {
  std::vector<IntVar> xs;
  for (const Element& x : array(e)) xs.push_back(as_var(x, e.at));
  return xs;
}
std::vector<Value> Symbols::constants(const Expr& e) {
  std::vector<Value> cs;
  for (const Element& x : array(e)) {
    if (x.is_var()) throw ModelError(e.at, "an array of constants was expected, not of variables");
    cs.push_back(x.constant);
  }
  return cs;
}
IntSet Symbols::set(const Expr& e) {
  Resolved r = resolve(e);
  if (!r.is_set || r.is_array) throw ModelError(e.at, "a set of integers was expected");
  return r.sets.front();
}

void post_in_set(csp::IntModel& m, IntVar x, const IntSet& whole, Position at) {
  const IntSet s = variable_values(whole);
  if (s.ranges.empty()) {
    unsatisfiable(m);
    return;
  }
  m.post(LinearExpr(x) >= LinearExpr(s.ranges.front().lo));
  m.post(LinearExpr(x) <= LinearExpr(s.ranges.back().hi));
  if (s.ranges.size() > 1) m.add(csp::InSet{x.id, listed(s, at)});
}

// The part of s a variable can take: its values beyond 32 bits would overflow the
// listing (a range ending at 2^63 - 1) and the linear constants, and no variable has them.
IntSet variable_values(const IntSet& s) {
  IntSet within;
  for (const IntRange& r : s.ranges) {
    const IntRange clipped{std::max<Int>(r.lo, csp::min_value), std::min<Int>(r.hi, csp::max_value)};
    if (clipped.lo <= clipped.hi) within.ranges.push_back(clipped);
  }
  return within;
}

// The values of s, one by one.
std::vector<Value> listed(const IntSet& s, Position at) {
  csp::Wide count = 0;  // a range of 64-bit bounds has up to 2^64 values
  for (const IntRange& r : s.ranges) count += csp::Wide{r.hi} - r.lo + 1;
  if (count > largest_listed_domain) {
    throw ModelError(at, "a set of " + csp::wide_text(count) + " values with holes: at most " +
                             std::to_string(largest_listed_domain) + " are supported");
  }
  std::vector<Value> values;
  for (const IntRange& r : s.ranges) {
    for (Int v = r.lo;; ++v) {
      values.push_back(v);
      if (v == r.hi) break;  // not v <= hi: past 2^63 - 1, ++v would overflow
    }
  }
  return values;
}

void check_range(Int v, Position at) {
  if (v < csp::min_value || v > csp::max_value) {
    throw ModelError(at, "the value " + std::to_string(v) + " is outside the 32-bit range of backtrack's variables (" +
                             std::to_string(csp::min_value) + " to " + std::to_string(csp::max_value) + ")");
  }
}

// A model with no solution: a variable that must be 0 and 1.
int unsatisfiable(csp::IntModel& m) {
  const IntVar b = m.bool_var();
  m.post(LinearExpr(b) == LinearExpr(0));
  m.post(LinearExpr(b) == LinearExpr(1));
  return b.id;
}

}  // namespace backtrack::flatzinc::detail
