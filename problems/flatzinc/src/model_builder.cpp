#include "backtrack/flatzinc/model_builder.hpp"

#include <algorithm>
#include <functional>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <utility>

namespace backtrack::flatzinc {

ModelError::ModelError(Position at, const std::string& message)
    : std::runtime_error(std::to_string(at.line) + ":" + std::to_string(at.column) + ": " + message), at_(at) {}

namespace {

using csp::IntVar;
using csp::LinearExpr;
using csp::LinearRelation;
using csp::Value;

// A domain with holes is listed value by value: past this many values it is refused.
constexpr Int largest_listed_domain = Int{1} << 20;

// What a name or an expression stands for: constants and model variables, one for a
// scalar; or sets of integers.
struct Element {
  int var = -1;  // -1: a constant
  Value constant = 0;
  bool is_var() const { return var >= 0; }
};
struct Resolved {
  std::vector<Element> items;
  std::vector<IntSet> sets;  // a set or an array of sets, instead of items
  bool is_array = false;
  bool is_set = false;
  bool boolean = false;
};

enum class Reification { none, iff, when };

class Builder {
 public:
  Builder(const Model& ast, const BuildOptions& options) : ast_(ast), options_(options) {}

  FlatZincModel build() {
    find_bool2int_aliases();
    for (const Declaration& d : ast_.declarations) declare(d);
    for (const ConstraintItem& c : ast_.constraints) constrain(c);
    solve(ast_.solve);
    out_.model = std::move(m_);
    return std::move(out_);
  }

 private:
  // Declarations ------------------------------------------------------------------
  void declare(const Declaration& d) {
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
    if (d.type.is_var) note_variables(d, r);
    symbols_.emplace(d.id, std::move(r));
  }

  // bool2int(b, y), y an integer variable of its own declared after b: y is b (a Boolean
  // is its 0/1 integer), as Gecode's reader aliases it, rather than a second variable
  // and an equality to propagate (a magic sequence of 100 has 10,000 of them). The
  // constraint itself is then b = b, which holds.
  void find_bool2int_aliases() {
    std::unordered_map<std::string, std::size_t> declared_at;
    for (std::size_t i = 0; i < ast_.declarations.size(); ++i) declared_at.emplace(ast_.declarations[i].id, i);
    for (const ConstraintItem& c : ast_.constraints) {
      if (c.id != "bool2int" || c.args.size() != 2) continue;
      const auto* b = std::get_if<Name>(&c.args[0].value);
      const auto* y = std::get_if<Name>(&c.args[1].value);
      if (b == nullptr || y == nullptr) continue;
      const auto bi = declared_at.find(b->id);
      const auto yi = declared_at.find(y->id);
      if (bi == declared_at.end() || yi == declared_at.end() || bi->second >= yi->second) continue;
      const Type& bt = ast_.declarations[bi->second].type;
      const Declaration& yd = ast_.declarations[yi->second];
      if (!bt.is_var || bt.base != BaseType::boolean || bt.array_size || !yd.type.is_var ||
          yd.type.base != BaseType::integer || yd.type.array_size || yd.value) {
        continue;
      }
      bool_of_.emplace(y->id, b->id);  // the first bool2int of y
    }
  }

  // A fresh variable of d's domain.
  int new_variable(const Declaration& d) {
    if (d.type.base == BaseType::boolean) return m_.bool_var().id;
    if (!d.type.domain) return m_.int_var(csp::min_value, csp::max_value).id;
    const IntSet& s = *d.type.domain;
    if (s.ranges.empty()) return unsatisfiable(d.at);
    check_range(s.ranges.front().lo, d.at);
    check_range(s.ranges.back().hi, d.at);
    if (s.ranges.size() == 1) return m_.int_var(s.ranges.front().lo, s.ranges.front().hi).id;
    return m_.int_var(listed(s, d.at)).id;
  }

  // e, a variable or a constant, within d's declared domain.
  void restrict(const Element& e, const Declaration& d) {
    if (d.type.base == BaseType::boolean || !d.type.domain) return;
    const IntSet& s = *d.type.domain;
    if (!e.is_var()) {
      if (!contains(s, e.constant)) unsatisfiable(d.at);
      return;
    }
    post_in_set(IntVar{e.var}, s, d.at);
  }

  void note_variables(const Declaration& d, const Resolved& r) {
    bool introduced = false;
    for (const Expr& a : d.annotations) {
      const auto* name = std::get_if<Name>(&a.value);
      const auto* call = std::get_if<Call>(&a.value);
      if (name && (name->id == "var_is_introduced" || name->id == "is_defined_var")) introduced = true;
      if (name && name->id == "output_var") {
        if (r.is_array) throw ModelError(a.at, "output_var on the array '" + d.id + "' (output_array expected)");
        out_.output.push_back({d.id, {}, output_values(r), r.boolean});
      }
      if (call && call->id == "output_array") {
        if (!r.is_array) throw ModelError(a.at, "output_array on the scalar '" + d.id + "'");
        OutputItem item{d.id, {}, output_values(r), r.boolean};
        if (call->args.size() != 1) throw ModelError(a.at, "output_array takes one argument, the index sets");
        const auto* dims = std::get_if<ArrayLiteral>(&call->args.front().value);
        if (!dims) throw ModelError(a.at, "output_array expects an array of index sets, e.g. [1..3]");
        csp::Wide size = 1;  // a range of 64-bit bounds has up to 2^64 elements
        for (const Expr& dim : dims->items) {
          const auto* set = std::get_if<IntSet>(&dim.value);
          if (!set || set->ranges.size() > 1) throw ModelError(dim.at, "an index set of output_array must be a range");
          const IntRange range = set->ranges.empty() ? IntRange{1, 0} : set->ranges.front();
          item.dimensions.push_back(range);
          size *= std::max<csp::Wide>(csp::Wide{range.hi} - range.lo + 1, 0);
          if (size > largest_listed_domain) throw ModelError(dim.at, "output_array is too large");
        }
        if (dims->items.empty() || size != static_cast<csp::Wide>(item.values.size())) {
          throw ModelError(a.at, "the index sets of output_array do not match the " +
                                     std::to_string(item.values.size()) + " elements of '" + d.id + "'");
        }
        out_.output.push_back(std::move(item));
      }
    }
    for (const Element& e : r.items) {
      if (e.is_var() && !introduced) declared_.push_back(e.var);
    }
  }

  static std::vector<OutputValue> output_values(const Resolved& r) {
    std::vector<OutputValue> values;
    for (const Element& e : r.items) values.push_back({e.var, e.constant});
    return values;
  }

  // Expressions -------------------------------------------------------------------
  Resolved resolve(const Expr& e, int depth = 0) {
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
              Resolved one = resolve(item, depth + 1);
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

  const Resolved& symbol(const std::string& id, Position at) const {
    const auto found = symbols_.find(id);
    if (found == symbols_.end()) throw ModelError(at, "'" + id + "' is not declared");
    return found->second;
  }

  Element scalar(const Expr& e) {
    Resolved r = resolve(e);
    if (r.is_array || r.is_set) throw ModelError(e.at, "a single value or variable was expected");
    return r.items.front();
  }
  IntVar var(const Expr& e) { return as_var(scalar(e), e.at); }
  IntVar as_var(const Element& x, Position at) {
    if (x.is_var()) return IntVar{x.var};
    check_range(x.constant, at);
    auto [it, fresh] = constants_.try_emplace(x.constant);
    if (fresh) it->second = m_.int_var(x.constant, x.constant);
    return it->second;
  }
  Value constant(const Expr& e) {
    const Element x = scalar(e);
    if (x.is_var()) throw ModelError(e.at, "a constant was expected, not a variable");
    return x.constant;
  }
  LinearExpr term(const Expr& e) {
    const Element x = scalar(e);
    return x.is_var() ? LinearExpr(IntVar{x.var}) : LinearExpr(x.constant);
  }
  std::vector<Element> array(const Expr& e) {
    Resolved r = resolve(e);
    if (!r.is_array || r.is_set) throw ModelError(e.at, "an array of values or variables was expected");
    return r.items;
  }
  std::vector<IntVar> vars(const Expr& e) {
    std::vector<IntVar> xs;
    for (const Element& x : array(e)) xs.push_back(as_var(x, e.at));
    return xs;
  }
  std::vector<Value> constants(const Expr& e) {
    std::vector<Value> cs;
    for (const Element& x : array(e)) {
      if (x.is_var()) throw ModelError(e.at, "an array of constants was expected, not of variables");
      cs.push_back(x.constant);
    }
    return cs;
  }
  IntSet set(const Expr& e) {
    Resolved r = resolve(e);
    if (!r.is_set || r.is_array) throw ModelError(e.at, "a set of integers was expected");
    return r.sets.front();
  }

  // Constraints -------------------------------------------------------------------
  using Args = std::vector<Expr>;
  using Handler = std::function<void(Builder&, const ConstraintItem&)>;

  void constrain(const ConstraintItem& c) {
    static const std::unordered_map<std::string, Handler> builtins = make_builtins();
    const auto found = builtins.find(c.id);
    if (found == builtins.end()) {
      throw ModelError(c.at, "the constraint '" + c.id +
                                 "' is not a builtin of backtrack: its solver library (share/minizinc/backtrack) lacks "
                                 "a redefinition of '" + c.id +
                                 "' that decomposes it (was the model compiled with --solver backtrack?)");
    }
    // The CSP layer's refusals (a Boolean that is not 0..1, a linear sum past 64 or 128
    // bits, ...) are this constraint's.
    try {
      found->second(*this, c);
    } catch (const std::invalid_argument& e) {
      throw ModelError(c.at, "'" + c.id + "': " + e.what());
    }
  }

  void arity(const ConstraintItem& c, std::size_t n) const {
    if (c.args.size() != n) {
      throw ModelError(c.at, "'" + c.id + "' takes " + std::to_string(n) + " arguments, got " +
                                 std::to_string(c.args.size()));
    }
  }

  // relation between a and b; with a Boolean last argument for _reif and _imp.
  void post(const LinearRelation& r, Reification kind, const ConstraintItem& c, std::size_t b_at) {
    switch (kind) {
      case Reification::none: m_.post(r); break;
      case Reification::iff: m_.post(r, csp::iff(var(c.args[b_at]))); break;
      case Reification::when: m_.post(r, csp::when(var(c.args[b_at]))); break;
    }
  }

  LinearExpr sum(const ConstraintItem& c) {  // int_lin_*: sum of as[i] * bs[i]
    const std::vector<Value> as = constants(c.args[0]);
    const std::vector<Element> bs = array(c.args[1]);
    if (as.size() != bs.size()) throw ModelError(c.at, "'" + c.id + "': the coefficients and variables differ in number");
    LinearExpr e;
    for (std::size_t i = 0; i < as.size(); ++i) {
      e = std::move(e) + as[i] * (bs[i].is_var() ? LinearExpr(IntVar{bs[i].var}) : LinearExpr(bs[i].constant));
    }
    return e;
  }

  static std::unordered_map<std::string, Handler> make_builtins() {
    std::unordered_map<std::string, Handler> h;
    using R = csp::Relation;
    // Relations between two values; _reif and _imp tie them to a third, Boolean argument.
    const auto binary = [&h](std::string_view base, auto relate) {
      for (const auto& [suffix, kind] : {std::pair<std::string_view, Reification>{"", Reification::none},
                                        {"_reif", Reification::iff},
                                        {"_imp", Reification::when}}) {
        h.emplace(std::string(std::string(base) + std::string(suffix)),
                  [relate, kind = kind](Builder& b, const ConstraintItem& c) {
                    b.arity(c, kind == Reification::none ? 2 : 3);
                    b.post(relate(b.term(c.args[0]), b.term(c.args[1])), kind, c, 2);
                  });
      }
    };
    for (const char* type : {"int", "bool"}) {
      const std::string t = type;
      binary(std::string(t + "_eq"), [](LinearExpr a, LinearExpr b) { return std::move(a) == std::move(b); });
      binary(std::string(t + "_ne"), [](LinearExpr a, LinearExpr b) { return std::move(a) != std::move(b); });
      binary(std::string(t + "_le"), [](LinearExpr a, LinearExpr b) { return std::move(a) <= std::move(b); });
      binary(std::string(t + "_lt"), [](LinearExpr a, LinearExpr b) { return std::move(a) < std::move(b); });
      binary(std::string(t + "_ge"), [](LinearExpr a, LinearExpr b) { return std::move(a) >= std::move(b); });
      binary(std::string(t + "_gt"), [](LinearExpr a, LinearExpr b) { return std::move(a) > std::move(b); });
      // Linear: sum(as[i] * bs[i]) relation c.
      for (const auto& [name, relation] : {std::pair<std::string_view, R>{"_lin_eq", R::equal},
                                          {"_lin_ne", R::not_equal},
                                          {"_lin_le", R::less_equal}}) {
        for (const auto& [suffix, kind] : {std::pair<std::string_view, Reification>{"", Reification::none},
                                          {"_reif", Reification::iff},
                                          {"_imp", Reification::when}}) {
          h.emplace(std::string(t + std::string(name) + std::string(suffix)),
                    [relation = relation, kind = kind](Builder& b, const ConstraintItem& c) {
                      b.arity(c, kind == Reification::none ? 3 : 4);
                      LinearExpr lhs = b.sum(c);
                      // A variable too: bool_lin_eq's c is one (nosets.mzn's set_card).
                      LinearRelation r{std::move(lhs) - b.term(c.args[2]), relation};
                      b.post(r, kind, c, 3);
                    });
        }
      }
    }
    h.emplace("bool2int", [](Builder& b, const ConstraintItem& c) {
      b.arity(c, 2);
      b.post(b.term(c.args[0]) == b.term(c.args[1]), Reification::none, c, 0);
    });
    h.emplace("int_plus", [](Builder& b, const ConstraintItem& c) {
      b.arity(c, 3);
      b.post(b.term(c.args[0]) + b.term(c.args[1]) == b.term(c.args[2]), Reification::none, c, 0);
    });
    h.emplace("int_minus", [](Builder& b, const ConstraintItem& c) {
      b.arity(c, 3);
      b.post(b.term(c.args[0]) - b.term(c.args[1]) == b.term(c.args[2]), Reification::none, c, 0);
    });
    const auto arithmetic = [&h](std::string_view name, void (csp::IntModel::*f)(IntVar, IntVar, IntVar)) {
      h.emplace(std::string(name), [f](Builder& b, const ConstraintItem& c) {
        b.arity(c, 3);
        (b.m_.*f)(b.var(c.args[0]), b.var(c.args[1]), b.var(c.args[2]));
      });
    };
    arithmetic("int_times", &csp::IntModel::times);
    arithmetic("int_div", &csp::IntModel::div);
    arithmetic("int_mod", &csp::IntModel::mod);
    arithmetic("int_min", &csp::IntModel::min);
    arithmetic("int_max", &csp::IntModel::max);
    h.emplace("int_pow", [](Builder& b, const ConstraintItem& c) {
      b.arity(c, 3);
      b.power(b.var(c.args[0]), b.var(c.args[1]), b.var(c.args[2]), c);
    });
    h.emplace("int_abs", [](Builder& b, const ConstraintItem& c) {
      b.arity(c, 2);
      b.m_.abs(b.var(c.args[0]), b.var(c.args[1]));
    });
    // m = max(xs) or min(xs), as a chain of binary maxima.
    for (const bool maximum : {true, false}) {
      h.emplace(maximum ? "array_int_maximum" : "array_int_minimum", [maximum](Builder& b, const ConstraintItem& c) {
        b.arity(c, 2);
        const IntVar m = b.var(c.args[0]);
        const std::vector<IntVar> xs = b.vars(c.args[1]);
        if (xs.empty()) throw ModelError(c.at, "'" + c.id + "' of an empty array");
        IntVar acc = xs.front();
        for (std::size_t i = 1; i < xs.size(); ++i) {
          const IntVar next = i + 1 == xs.size() ? m : b.m_.int_var(csp::min_value, csp::max_value);
          if (maximum) {
            b.m_.max(acc, xs[i], next);
          } else {
            b.m_.min(acc, xs[i], next);
          }
          acc = next;
        }
        if (xs.size() == 1) b.m_.post(LinearExpr(m) == LinearExpr(acc));
      });
    }
    // z = as[index], the first at index 1: the array is given a dummy element 0 that
    // index >= 1 rules out.
    for (const char* type : {"int", "bool"}) {
      const std::string t = type;
      h.emplace(std::string("array_" + t + "_element"), [](Builder& b, const ConstraintItem& c) {
        b.arity(c, 3);
        std::vector<Value> as = b.constants(c.args[1]);
        if (as.empty()) throw ModelError(c.at, "'" + c.id + "' of an empty array");
        as.insert(as.begin(), as.front());
        const IntVar index = b.var(c.args[0]);
        b.m_.post(LinearExpr(index) >= LinearExpr(1));
        b.m_.element(std::move(as), index, b.var(c.args[2]));
      });
      h.emplace(std::string("array_var_" + t + "_element"), [](Builder& b, const ConstraintItem& c) {
        b.arity(c, 3);
        std::vector<IntVar> as = b.vars(c.args[1]);
        if (as.empty()) throw ModelError(c.at, "'" + c.id + "' of an empty array");
        as.insert(as.begin(), as.front());
        const IntVar index = b.var(c.args[0]);
        b.m_.post(LinearExpr(index) >= LinearExpr(1));
        b.m_.element(as, index, b.var(c.args[2]));
      });
    }
    h.emplace("bool_not", [](Builder& b, const ConstraintItem& c) {
      b.arity(c, 2);
      b.m_.bool_not(b.var(c.args[0]), b.var(c.args[1]));
    });
    h.emplace("bool_xor", [](Builder& b, const ConstraintItem& c) {
      if (c.args.size() == 2) {
        b.m_.bool_not(b.var(c.args[0]), b.var(c.args[1]));  // a != b
        return;
      }
      b.arity(c, 3);
      b.m_.bool_xor(b.var(c.args[0]), b.var(c.args[1]), b.var(c.args[2]));
    });
    for (const bool conjunction : {true, false}) {
      h.emplace(conjunction ? "bool_and" : "bool_or", [conjunction](Builder& b, const ConstraintItem& c) {
        b.arity(c, 3);
        const std::vector<IntVar> xs{b.var(c.args[0]), b.var(c.args[1])};
        conjunction ? b.m_.bool_and(xs, b.var(c.args[2])) : b.m_.bool_or(xs, b.var(c.args[2]));
      });
      h.emplace(conjunction ? "array_bool_and" : "array_bool_or", [conjunction](Builder& b, const ConstraintItem& c) {
        b.arity(c, 2);
        const std::vector<IntVar> xs = b.vars(c.args[0]);
        conjunction ? b.m_.bool_and(xs, b.var(c.args[1])) : b.m_.bool_or(xs, b.var(c.args[1]));
      });
    }
    h.emplace("array_bool_xor", [](Builder& b, const ConstraintItem& c) {
      b.arity(c, 1);
      const std::vector<IntVar> xs = b.vars(c.args[0]);
      b.m_.parity(xs, 1);
    });
    h.emplace("bool_clause", [](Builder& b, const ConstraintItem& c) {
      b.arity(c, 2);
      const std::vector<IntVar> pos = b.vars(c.args[0]);
      const std::vector<IntVar> neg = b.vars(c.args[1]);
      b.m_.clause(pos, neg);
    });
    for (const auto& [suffix, kind] : {std::pair<std::string_view, Reification>{"", Reification::none},
                                      {"_reif", Reification::iff},
                                      {"_imp", Reification::when}}) {
      h.emplace(std::string("set_in" + std::string(suffix)), [kind = kind](Builder& b, const ConstraintItem& c) {
        b.arity(c, kind == Reification::none ? 2 : 3);
        b.set_in(b.var(c.args[0]), b.set(c.args[1]), kind, c);
      });
    }
    h.emplace("fzn_all_different_int", [](Builder& b, const ConstraintItem& c) {
      b.arity(c, 1);
      const std::vector<IntVar> xs = b.vars(c.args[0]);
      std::optional<csp::DistinctStrength> strength;  // MiniZinc's ::domain and ::bounds
      for (const Expr& a : c.annotations) {
        if (const auto* name = std::get_if<Name>(&a.value)) {
          if (name->id == "domain") strength = csp::DistinctStrength::gac;
          if (name->id == "bounds") strength = csp::DistinctStrength::bounds;
        }
      }
      b.m_.all_different(xs, strength);
    });
    h.emplace("fzn_table_int", [](Builder& b, const ConstraintItem& c) {
      b.arity(c, 2);
      const std::vector<IntVar> xs = b.vars(c.args[0]);
      const std::vector<Value> flat = b.constants(c.args[1]);
      if (xs.empty() || flat.size() % xs.size() != 0) {
        throw ModelError(c.at, "fzn_table_int: " + std::to_string(flat.size()) + " values are no whole number of " +
                                   std::to_string(xs.size()) + "-tuples");
      }
      std::vector<std::vector<Value>> tuples;
      for (std::size_t i = 0; i < flat.size(); i += xs.size()) {
        tuples.emplace_back(flat.begin() + static_cast<std::ptrdiff_t>(i),
                            flat.begin() + static_cast<std::ptrdiff_t>(i + xs.size()));
      }
      b.m_.table(xs, std::move(tuples));
    });
    return h;
  }

  // z = x^y as the table of its tuples (a negative exponent has no integer power but
  // for x = 1 or -1: MiniZinc leaves those out, as we do). Only the pairs that may have
  // their power in z are looked at, so that pow(x, n) = 8 over unbounded x and n is a
  // small table: a base beyond z's reach has no power in z but x^0 = 1, and the powers of
  // a base beyond -1..1 leave the 32-bit range within 32 steps.
  void power(IntVar x, IntVar y, IntVar z, const ConstraintItem& c) {
    const csp::Space& s = m_.space();
    const Value e_lo = std::max<Value>(s.min(y.id), 0);
    const Value e_hi = s.max(y.id);
    const csp::Wide exponents = std::max<csp::Wide>(csp::Wide{e_hi} - e_lo + 1, 0);
    const Value reach = std::max<Value>({-s.min(z.id), s.max(z.id), 1});
    const bool every_base = e_lo == 0 && s.contains(z.id, 1);
    const Value a_lo = every_base ? s.min(x.id) : std::max<Value>(s.min(x.id), -reach);
    const Value a_hi = every_base ? s.max(x.id) : std::min<Value>(s.max(x.id), reach);
    // -1, 0 and 1 have a power for every exponent, in -1..1.
    const bool unit_powers = s.contains(z.id, -1) || s.contains(z.id, 0) || s.contains(z.id, 1);
    // In 128 bits: two 32-bit widths multiply past 2^64.
    const csp::Wide pairs = std::max<csp::Wide>(csp::Wide{a_hi} - a_lo + 1, 0) * std::min<csp::Wide>(exponents, 33) +
                            (unit_powers ? 3 * exponents : 0);
    constexpr Int largest_table = Int{1} << 16;
    if (pairs > largest_table) {
      throw ModelError(c.at, "int_pow: " + std::to_string(static_cast<Int>(pairs)) +
                                 " pairs of base and exponent may have their power in its domain; backtrack "
                                 "tables at most " + std::to_string(largest_table) + " (bound the base or the exponent)");
    }
    std::vector<std::vector<Value>> table;
    for (Value a = a_lo; a <= a_hi; ++a) {
      const bool unit = a >= -1 && a <= 1;
      if (unit && !unit_powers) continue;
      for (Value e = e_lo; e <= e_hi; ++e) {
        csp::Wide p = a == 0 ? (e == 0 ? 1 : 0) : a == -1 && e % 2 == 1 ? -1 : 1;
        for (Value i = 0; i < e && !unit && p >= csp::min_value && p <= csp::max_value; ++i) p *= a;
        if (p < csp::min_value || p > csp::max_value) break;  // as is every higher power of a
        if (s.contains(z.id, static_cast<Value>(p))) table.push_back({a, e, static_cast<Value>(p)});
      }
    }
    m_.table(std::vector<IntVar>{x, y, z}, std::move(table));
  }

  // x in s; or b <-> x in s, b -> x in s.
  void set_in(IntVar x, const IntSet& whole, Reification kind, const ConstraintItem& c) {
    if (kind == Reification::none) return post_in_set(x, whole, c.at);
    const IntSet s = variable_values(whole);
    std::vector<IntVar> in_range;  // one a range: x in it
    for (const IntRange& r : s.ranges) {
      const IntVar b = m_.bool_var();
      if (r.lo == r.hi) {
        m_.post(LinearExpr(x) == LinearExpr(r.lo), csp::iff(b));
      } else {
        const IntVar above = m_.bool_var();
        const IntVar below = m_.bool_var();
        m_.post(LinearExpr(x) >= LinearExpr(r.lo), csp::iff(above));
        m_.post(LinearExpr(x) <= LinearExpr(r.hi), csp::iff(below));
        m_.bool_and(std::vector<IntVar>{above, below}, b);
      }
      in_range.push_back(b);
    }
    const IntVar member = m_.bool_var();
    m_.bool_or(in_range, member);
    const IntVar b = var(c.args[2]);
    if (kind == Reification::iff) {
      m_.post(LinearExpr(member) == LinearExpr(b));
    } else {
      m_.post(LinearExpr(b) <= LinearExpr(member));
    }
  }

  void post_in_set(IntVar x, const IntSet& whole, Position at) {
    const IntSet s = variable_values(whole);
    if (s.ranges.empty()) {
      unsatisfiable(at);
      return;
    }
    m_.post(LinearExpr(x) >= LinearExpr(s.ranges.front().lo));
    m_.post(LinearExpr(x) <= LinearExpr(s.ranges.back().hi));
    if (s.ranges.size() > 1) m_.add(csp::InSet{x.id, listed(s, at)});
  }

  // The part of s a variable can take: its values beyond 32 bits would overflow the
  // listing (a range ending at 2^63 - 1) and the linear constants, and no variable has them.
  static IntSet variable_values(const IntSet& s) {
    IntSet within;
    for (const IntRange& r : s.ranges) {
      const IntRange clipped{std::max<Int>(r.lo, csp::min_value), std::min<Int>(r.hi, csp::max_value)};
      if (clipped.lo <= clipped.hi) within.ranges.push_back(clipped);
    }
    return within;
  }

  // The values of s, one by one.
  static std::vector<Value> listed(const IntSet& s, Position at) {
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
  static bool contains(const IntSet& s, Int v) {
    return std::any_of(s.ranges.begin(), s.ranges.end(), [v](const IntRange& r) { return r.lo <= v && v <= r.hi; });
  }
  static void check_range(Int v, Position at) {
    if (v < csp::min_value || v > csp::max_value) {
      throw ModelError(at, "the value " + std::to_string(v) + " is outside the 32-bit range of backtrack's variables (" +
                               std::to_string(csp::min_value) + " to " + std::to_string(csp::max_value) + ")");
    }
  }
  // A model with no solution: a variable that must be 0 and 1.
  int unsatisfiable(Position) {
    const IntVar b = m_.bool_var();
    m_.post(LinearExpr(b) == LinearExpr(0));
    m_.post(LinearExpr(b) == LinearExpr(1));
    return b.id;
  }

  // The solve item ------------------------------------------------------------------
  void solve(const SolveItem& s) {
    out_.goal = s.goal;
    if (s.goal != SolveItem::Goal::satisfy) {
      if (!s.objective) throw ModelError(s.at, "minimize and maximize need an objective");
      // A constant objective is a fixed variable: the first solution is then proved
      // optimal, as the search proves any other optimum, not listed with every other.
      const IntVar x = var(*s.objective);
      s.goal == SolveItem::Goal::minimize ? m_.minimize(x) : m_.maximize(x);
    }
    if (options_.follow_search_annotations) {
      for (const Expr& a : s.annotations) search_annotation(a);
    }
    // Then the model's own variables, those it prints and the objective; the compiler's
    // (var_is_introduced, is_defined_var) and those made here only as far as one way to
    // fix them, as Gecode does: else a solution would be listed once for each way to set
    // the Booleans of the constraints it does not need (half-reified ones).
    std::vector<char> decided(static_cast<std::size_t>(m_.variables()), 0);
    std::vector<IntVar> rest;
    const auto decide = [&](int x) {
      if (!decided[static_cast<std::size_t>(x)]) rest.push_back(IntVar{x});
      decided[static_cast<std::size_t>(x)] = 1;
    };
    for (const csp::SearchPhase& p : m_.phases()) {
      if (!phased_) break;  // phases() lists every variable when none was added
      for (int x : p.xs) decided[static_cast<std::size_t>(x)] = 1;
    }
    for (int x : declared_) decide(x);
    for (const OutputItem& item : out_.output) {
      for (const OutputValue& v : item.values) {
        if (v.var >= 0) decide(v.var);
      }
    }
    if (const auto& o = m_.objective()) decide(o->x);
    m_.add_phase(rest);
    std::vector<IntVar> auxiliary;
    for (int x = 0; x < m_.variables(); ++x) {
      if (!decided[static_cast<std::size_t>(x)]) auxiliary.push_back(IntVar{x});
    }
    m_.auxiliary(auxiliary);
  }

  void search_annotation(const Expr& a) {
    const auto* call = std::get_if<Call>(&a.value);
    if (call && call->id == "seq_search" && call->args.size() == 1) {
      if (const auto* list = std::get_if<ArrayLiteral>(&call->args.front().value)) {
        for (const Expr& item : list->items) search_annotation(item);
        return;
      }
    }
    if (call && (call->id == "int_search" || call->id == "bool_search") &&
        (call->args.size() == 3 || call->args.size() == 4)) {
      std::vector<IntVar> xs;
      for (const Element& e : array(call->args[0])) {
        if (e.is_var()) xs.push_back(IntVar{e.var});
      }
      m_.add_phase(xs, variable_order(call->args[1]), value_order(call->args[2]));
      phased_ = true;
      return;
    }
    warn(a.at, "the search annotation '" + (call ? call->id : std::string("?")) + "' is not supported: ignored");
  }

  std::optional<csp::VariableOrder> variable_order(const Expr& e) {
    using O = csp::VariableOrder;
    static const std::unordered_map<std::string_view, O> orders{
        {"input_order", O::static_order}, {"first_fail", O::mrv},      {"anti_first_fail", O::largest},
        {"smallest", O::min_value},       {"largest", O::max_value},   {"dom_w_deg", O::dom_wdeg},
        {"afc_max", O::afc},              {"afc_size_max", O::afc_size},
        {"activity_max", O::activity},    {"activity_size_max", O::activity_size},
    };
    return choice(e, orders, "variable choice");
  }
  std::optional<csp::ValueOrder> value_order(const Expr& e) {
    using O = csp::ValueOrder;
    static const std::unordered_map<std::string_view, O> orders{
        {"indomain_min", O::min},       {"indomain", O::min},
        {"indomain_max", O::max},       {"indomain_median", O::mid},
        {"indomain_random", O::random}, {"indomain_split", O::split},
        {"indomain_reverse_split", O::reverse_split},
    };
    return choice(e, orders, "value choice");
  }
  template <class O>
  std::optional<O> choice(const Expr& e, const std::unordered_map<std::string_view, O>& known, const char* what) {
    const auto* name = std::get_if<Name>(&e.value);
    if (name) {
      const auto found = known.find(name->id);
      if (found != known.end()) return found->second;
    }
    warn(e.at, std::string("the ") + what + " '" + (name ? name->id : std::string("?")) +
                   "' is not supported: the search options' choice instead");
    return std::nullopt;
  }

  void warn(Position at, const std::string& message) {
    out_.warnings.push_back(std::to_string(at.line) + ":" + std::to_string(at.column) + ": " + message);
  }

  const Model& ast_;
  BuildOptions options_;
  csp::IntModel m_;
  FlatZincModel out_;
  std::unordered_map<std::string, Resolved> symbols_;
  std::unordered_map<Value, IntVar> constants_;
  std::vector<int> declared_;
  std::unordered_map<std::string, std::string> bool_of_;  // find_bool2int_aliases(): y -> b
  bool phased_ = false;  // a search annotation added a phase
};

std::string value_text(Value v, bool boolean) {
  if (boolean) return v != 0 ? "true" : "false";
  return std::to_string(v);
}

}  // namespace

FlatZincModel build_model(const Model& ast, const BuildOptions& options) {
  try {
    return Builder(ast, options).build();
  } catch (const std::invalid_argument& e) {  // from the CSP layer, for a case not checked above
    throw ModelError(ast.solve.at, e.what());
  }
}

std::string format_solution(const std::vector<OutputItem>& output, const std::vector<csp::Value>& values) {
  std::string text;
  for (const OutputItem& item : output) {
    const auto value = [&](const OutputValue& v) {
      return value_text(v.var >= 0 ? values[static_cast<std::size_t>(v.var)] : v.constant, item.boolean);
    };
    text += item.name + " = ";
    if (item.dimensions.empty()) {
      text += value(item.values.front());
    } else {
      text += "array" + std::to_string(item.dimensions.size()) + "d(";
      for (const IntRange& r : item.dimensions) text += std::to_string(r.lo) + ".." + std::to_string(r.hi) + ", ";
      text += "[";
      for (std::size_t i = 0; i < item.values.size(); ++i) text += (i ? ", " : "") + value(item.values[i]);
      text += "])";
    }
    text += ";\n";
  }
  return text;
}

}  // namespace backtrack::flatzinc
