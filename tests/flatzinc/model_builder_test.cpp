// The FlatZinc builder (model_builder.hpp) against the FlatZinc specification's meaning of
// each builtin: random small FlatZinc texts, 2 to 5 variables over -3..3 (some domains
// with holes), one constraint each, whose solutions the integer layer finds and a brute
// force over every assignment, judged by the evaluator below, lists; the two must agree.
// Then the output format, search annotations, objectives and errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "../csp/int_solutions.hpp"
#include "backtrack/flatzinc/model_builder.hpp"
#include "backtrack/flatzinc/parser.hpp"
#include "backtrack/flatzinc/solver.hpp"
#include "backtrack/solution.hpp"

namespace backtrack::flatzinc {
namespace {

using Values = std::vector<long long>;  // a value for each declared variable, in order

// A variable or a constant argument as written in the FlatZinc text.
struct Term {
  std::string text;
  int var = -1;  // its index among the declared variables; -1: the constant
  long long constant = 0;
  long long at(const Values& a) const { return var >= 0 ? a[static_cast<std::size_t>(var)] : constant; }
};
using Terms = std::vector<Term>;

std::string list(const Terms& ts) {
  std::string text = "[";
  for (std::size_t i = 0; i < ts.size(); ++i) text += (i ? ", " : "") + ts[i].text;
  return text + "]";
}
std::string list(const std::vector<long long>& cs) {
  std::string text = "[";
  for (std::size_t i = 0; i < cs.size(); ++i) text += (i ? ", " : "") + std::to_string(cs[i]);
  return text + "]";
}

// One random model: its variables, its constraints and what they mean.
class RandomModel {
 public:
  explicit RandomModel(unsigned seed) : rng_(seed) {}

  int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool chance(int percent) { return uniform(1, 100) <= percent; }

  // A value set within -3..3: a range, or values with holes `{-2, 0, 3}`.
  std::pair<std::string, std::vector<long long>> some_set(bool may_be_empty = false) {
    std::vector<long long> values;
    if (chance(50)) {
      const int lo = uniform(-3, 3);
      const int hi = uniform(lo, std::min(3, lo + 4));
      for (long long v = lo; v <= hi; ++v) values.push_back(v);
      return {std::to_string(lo) + ".." + std::to_string(hi), values};
    }
    for (long long v = -3; v <= 3; ++v) {
      if (chance(40)) values.push_back(v);
    }
    if (values.empty() && !may_be_empty) values.push_back(uniform(-3, 3));
    std::string text = "{";
    for (std::size_t i = 0; i < values.size(); ++i) text += (i ? ", " : "") + std::to_string(values[i]);
    return {text + "}", values};
  }

  // A fresh variable, an earlier one of the same type, or (where allowed) a constant.
  Term int_term(bool constant_allowed = true) {
    if (constant_allowed && chance(20)) {
      const int v = uniform(-3, 3);
      return {std::to_string(v), -1, v};
    }
    if (const auto earlier = reuse(false)) return *earlier;
    const auto [domain_text, domain] = some_set();
    return declare("var " + domain_text + ": ", domain, false);
  }
  Term bool_term(bool constant_allowed = true) {
    if (constant_allowed && chance(15)) {
      const bool v = chance(50);
      return {v ? "true" : "false", -1, v ? 1 : 0};
    }
    if (const auto earlier = reuse(true)) return *earlier;
    return declare("var bool: ", {0, 1}, true);
  }
  // A fresh variable lo..hi.
  Term int_var(long long lo, long long hi) {
    std::vector<long long> domain;
    for (long long v = lo; v <= hi; ++v) domain.push_back(v);
    return declare("var " + std::to_string(lo) + ".." + std::to_string(hi) + ": ", domain, false);
  }
  static Term constant_term(long long v) { return {std::to_string(v), -1, v}; }
  Terms int_terms(int lo, int hi) {
    Terms ts(static_cast<std::size_t>(uniform(lo, hi)));
    for (Term& t : ts) t = int_term();
    return ts;
  }
  Terms bool_terms(int lo, int hi) {
    Terms ts(static_cast<std::size_t>(uniform(lo, hi)));
    for (Term& t : ts) t = bool_term();
    return ts;
  }
  std::vector<long long> constants(std::size_t n, int lo = -3, int hi = 3) {
    std::vector<long long> cs(n);
    for (long long& c : cs) c = uniform(lo, hi);
    return cs;
  }

  // One more constraint: a model holds every one it was given.
  void constrain(const std::string& call, std::function<bool(const Values&)> holds) {
    constraints_.push_back(call);
    holds_.push_back(std::move(holds));
  }

  std::string text() const {
    std::string t;
    for (const std::string& d : declarations_) t += d + "\n";
    for (const std::string& c : constraints_) t += "constraint " + c + ";\n";
    return t + "solve satisfy;\n";
  }

  // Every assignment of the declared variables the constraint allows.
  std::set<Values> brute_force() const {
    std::set<Values> found;
    Values a(domains_.size());
    const std::function<void(std::size_t)> assign = [&](std::size_t i) {
      if (i == domains_.size()) {
        if (std::all_of(holds_.begin(), holds_.end(), [&](const auto& holds) { return holds(a); })) found.insert(a);
        return;
      }
      for (long long v : domains_[i]) {
        a[i] = v;
        assign(i + 1);
      }
    };
    assign(0);
    return found;
  }

 private:
  static std::string name_of(int i) {
    std::string name = std::to_string(i);
    return name.insert(0, 1, 'v');
  }
  std::optional<Term> reuse(bool boolean) {
    std::vector<int> same;
    for (std::size_t i = 0; i < booleans_.size(); ++i) {
      if (booleans_[i] == boolean) same.push_back(static_cast<int>(i));
    }
    if (same.empty() || !chance(25)) return std::nullopt;
    const int i = same[static_cast<std::size_t>(uniform(0, static_cast<int>(same.size()) - 1))];
    return Term{name_of(i), i, 0};
  }
  Term declare(const std::string& type, std::vector<long long> domain, bool boolean) {
    const int i = static_cast<int>(domains_.size());
    const std::string name = name_of(i);
    declarations_.push_back(type + name + " :: output_var;");
    domains_.push_back(std::move(domain));
    booleans_.push_back(boolean);
    return {name, i, 0};
  }

  std::mt19937 rng_;
  std::vector<std::string> declarations_;
  std::vector<std::vector<long long>> domains_;
  std::vector<bool> booleans_;
  std::vector<std::string> constraints_;
  std::vector<std::function<bool(const Values&)>> holds_;
};

// The solutions the integer layer finds for a text, as values of its output variables
// (every declared variable is one, in order). A solution that differs only in the
// builder's own helper variables counts twice: `solve fzn --count` would count it twice.
std::multiset<Values> solved(const std::string& text, csp::SearchOptions options) {
  const FlatZincModel m = build_model(parse(text));
  std::multiset<Values> found;
  for (const std::vector<csp::Value>& all : csp::solutions_of(m.model, options)) {
    Values projected;
    for (const OutputItem& item : m.output) {
      const OutputValue& v = item.values.front();
      projected.push_back(v.var >= 0 ? all[static_cast<std::size_t>(v.var)] : v.constant);
    }
    found.insert(projected);
  }
  return found;
}

// The FlatZinc semantics of each builtin, as the specification states it.
using Generator = std::function<void(RandomModel&)>;

enum class Kind { plain, reif, imp };
constexpr Kind kinds[] = {Kind::plain, Kind::reif, Kind::imp};
std::string suffix(Kind k) { return k == Kind::plain ? "" : k == Kind::reif ? "_reif" : "_imp"; }

// name(args) meaning `relation`; name_reif(args, r): r <-> relation; name_imp(args, r): r -> relation.
// The plain one with `annotation` (:: domain).
void reified(RandomModel& in, const std::string& name, Kind kind, const std::string& args,
             std::function<bool(const Values&)> relation, const std::string& annotation = "") {
  if (kind == Kind::plain) return in.constrain(name + "(" + args + ")" + annotation, relation);
  const Term r = in.bool_term();
  in.constrain(name + suffix(kind) + "(" + args + ", " + r.text + ")", [=](const Values& a) {
    return kind == Kind::reif ? (r.at(a) != 0) == relation(a) : r.at(a) == 0 || relation(a);
  });
}

long long sum_of(const std::vector<long long>& as, const Terms& bs, const Values& a) {
  long long s = 0;
  for (std::size_t i = 0; i < as.size(); ++i) s += as[i] * bs[i].at(a);
  return s;
}

std::map<std::string, Generator> builtins() {
  std::map<std::string, Generator> g;
  const std::map<std::string, std::function<bool(long long, long long)>> relations{
      {"eq", [](long long x, long long y) { return x == y; }}, {"ne", [](long long x, long long y) { return x != y; }},
      {"le", [](long long x, long long y) { return x <= y; }}, {"lt", [](long long x, long long y) { return x < y; }},
      {"ge", [](long long x, long long y) { return x >= y; }}, {"gt", [](long long x, long long y) { return x > y; }},
  };
  for (const std::string type : {"int", "bool"}) {
    const bool boolean = type == "bool";
    for (const auto& [rel, holds] : relations) {
      for (const Kind kind : kinds) {
        g[type + "_" + rel + suffix(kind)] = [=](RandomModel& in) {
          const Term x = boolean ? in.bool_term() : in.int_term();
          const Term y = boolean ? in.bool_term() : in.int_term();
          reified(in, type + "_" + rel, kind, x.text + ", " + y.text,
                  [=](const Values& a) { return holds(x.at(a), y.at(a)); });
        };
      }
    }
    const std::map<std::string, std::function<bool(long long, long long)>> linear{
        {"eq", relations.at("eq")}, {"ne", relations.at("ne")}, {"le", relations.at("le")}};
    for (const auto& [rel, holds] : linear) {
      for (const Kind kind : kinds) {
        g[type + "_lin_" + rel + suffix(kind)] = [=](RandomModel& in) {
          const Terms bs = boolean ? in.bool_terms(1, 3) : in.int_terms(1, 3);
          const std::vector<long long> as = in.constants(bs.size());
          // bool_lin_eq's right-hand side is a variable (nosets.mzn's set_card writes one).
          const Term c = boolean && rel == "eq" && in.chance(50) ? in.int_term(false)
                                                                 : in.constant_term(in.uniform(-4, 4));
          // An equality :: domain is the domain-consistent one (linear_domain.hpp).
          const char* annotations[] = {"", " :: domain", " :: bounds"};
          reified(in, type + "_lin_" + rel, kind, list(as) + ", " + list(bs) + ", " + c.text,
                  [=](const Values& a) { return holds(sum_of(as, bs, a), c.at(a)); },
                  kind == Kind::plain ? annotations[in.uniform(0, 2)] : "");
        };
      }
    }
  }
  // z = f(x, y), false where f is undefined (division by zero).
  const auto function = [&g](const std::string& name, std::function<std::optional<long long>(long long, long long)> f) {
    g[name] = [=](RandomModel& in) {
      const Term x = in.int_term();
      const Term y = in.int_term();
      const Term z = in.int_term();
      in.constrain(name + "(" + x.text + ", " + y.text + ", " + z.text + ")", [=](const Values& a) {
        const auto v = f(x.at(a), y.at(a));
        return v && *v == z.at(a);
      });
    };
  };
  function("int_plus", [](long long x, long long y) { return x + y; });
  function("int_minus", [](long long x, long long y) { return x - y; });
  function("int_times", [](long long x, long long y) { return x * y; });
  // Toward zero, and the remainder with the dividend's sign: C++'s / and %.
  function("int_div", [](long long x, long long y) -> std::optional<long long> {
    if (y == 0) return std::nullopt;
    return x / y;
  });
  function("int_mod", [](long long x, long long y) -> std::optional<long long> {
    if (y == 0) return std::nullopt;
    return x % y;
  });
  function("int_min", [](long long x, long long y) { return std::min(x, y); });
  function("int_max", [](long long x, long long y) { return std::max(x, y); });
  // No power of a negative exponent, not even of 1 or -1 (MiniZinc's decomposition has none).
  function("int_pow", [](long long x, long long y) -> std::optional<long long> {
    if (y < 0) return std::nullopt;
    long long p = 1;
    for (long long i = 0; i < y; ++i) p *= x;
    return p;
  });
  g["int_abs"] = [](RandomModel& in) {
    const Term x = in.int_term();
    const Term y = in.int_term();
    in.constrain("int_abs(" + x.text + ", " + y.text + ")",
                 [=](const Values& a) { return y.at(a) == (x.at(a) < 0 ? -x.at(a) : x.at(a)); });
  };
  for (const bool maximum : {true, false}) {
    const std::string name = maximum ? "array_int_maximum" : "array_int_minimum";
    g[name] = [=](RandomModel& in) {
      const Term m = in.int_term();
      const Terms xs = in.int_terms(1, 3);
      in.constrain(name + "(" + m.text + ", " + list(xs) + ")", [=](const Values& a) {
        long long best = xs.front().at(a);
        for (const Term& x : xs) best = maximum ? std::max(best, x.at(a)) : std::min(best, x.at(a));
        return m.at(a) == best;
      });
    };
  }
  // z = as[i], the first element at index 1; no solution for an index outside.
  for (const bool boolean : {false, true}) {
    const std::string type = boolean ? "bool" : "int";
    g["array_" + type + "_element"] = [=](RandomModel& in) {
      const Term i = in.int_term();
      const std::vector<long long> as = in.constants(static_cast<std::size_t>(in.uniform(1, 4)), boolean ? 0 : -3,
                                                     boolean ? 1 : 3);
      const Term z = boolean ? in.bool_term() : in.int_term();
      Terms written;
      for (long long v : as) written.push_back({boolean ? (v ? "true" : "false") : std::to_string(v), -1, v});
      in.constrain("array_" + type + "_element(" + i.text + ", " + list(written) + ", " + z.text + ")",
                   [=](const Values& a) {
                     const long long k = i.at(a);
                     return k >= 1 && k <= static_cast<long long>(as.size()) &&
                            as[static_cast<std::size_t>(k - 1)] == z.at(a);
                   });
    };
    g["array_var_" + type + "_element"] = [=](RandomModel& in) {
      const Term i = in.int_term();
      const Terms xs = boolean ? in.bool_terms(1, 3) : in.int_terms(1, 3);
      const Term z = boolean ? in.bool_term() : in.int_term();
      in.constrain("array_var_" + type + "_element(" + i.text + ", " + list(xs) + ", " + z.text + ")",
                   [=](const Values& a) {
                     const long long k = i.at(a);
                     return k >= 1 && k <= static_cast<long long>(xs.size()) &&
                            xs[static_cast<std::size_t>(k - 1)].at(a) == z.at(a);
                   });
    };
  }
  // c = x[i, j] of a matrix flattened row by row, its rows and columns counted from f1 and f2.
  for (const bool boolean : {false, true}) {
    const std::string name = boolean ? "backtrack_element2d_bool" : "backtrack_element2d";
    g[name] = [=](RandomModel& in) {
      const Term i = in.int_term();
      const Term j = in.int_term();
      // Index windows around the middle of the terms' values -3 .. 3, or few models have a
      // solution.
      const long long f1 = in.uniform(-2, 0);
      const long long f2 = in.uniform(-2, 0);
      const int columns = in.uniform(1, 4);
      const int cells = columns * in.uniform(1, 4 / columns);  // at most 4: brute force stays small
      const Terms xs = boolean ? in.bool_terms(cells, cells) : in.int_terms(cells, cells);
      // c at times a cell itself.
      const Term c = in.chance(40) ? xs[static_cast<std::size_t>(in.uniform(0, cells - 1))]
                                   : boolean ? in.bool_term() : in.int_term();
      in.constrain(name + "(" + i.text + ", " + j.text + ", " + std::to_string(f1) + ", " + std::to_string(f2) + ", " +
                       std::to_string(columns) + ", " + list(xs) + ", " + c.text + ")",
                   [=](const Values& a) {
                     const long long r = i.at(a) - f1;
                     const long long q = j.at(a) - f2;
                     return r >= 0 && r < cells / columns && q >= 0 && q < columns &&
                            xs[static_cast<std::size_t>(r * columns + q)].at(a) == c.at(a);
                   });
    };
  }
  g["bool_not"] = [](RandomModel& in) {
    const Term x = in.bool_term();
    const Term y = in.bool_term();
    in.constrain("bool_not(" + x.text + ", " + y.text + ")", [=](const Values& a) { return x.at(a) != y.at(a); });
  };
  g["bool_xor"] = [](RandomModel& in) {
    const Term x = in.bool_term();
    const Term y = in.bool_term();
    if (in.chance(50)) {  // the two-argument form: x != y
      in.constrain("bool_xor(" + x.text + ", " + y.text + ")", [=](const Values& a) { return x.at(a) != y.at(a); });
      return;
    }
    const Term r = in.bool_term();
    in.constrain("bool_xor(" + x.text + ", " + y.text + ", " + r.text + ")",
                 [=](const Values& a) { return r.at(a) == (x.at(a) != y.at(a)); });
  };
  for (const bool conjunction : {true, false}) {
    const std::string name = conjunction ? "and" : "or";
    const auto holds = [conjunction](const Terms& xs, const Values& a) {
      return conjunction ? std::all_of(xs.begin(), xs.end(), [&](const Term& x) { return x.at(a) != 0; })
                         : std::any_of(xs.begin(), xs.end(), [&](const Term& x) { return x.at(a) != 0; });
    };
    g["bool_" + name] = [=](RandomModel& in) {
      const Terms xs = in.bool_terms(2, 2);
      const Term r = in.bool_term();
      in.constrain("bool_" + name + "(" + xs[0].text + ", " + xs[1].text + ", " + r.text + ")",
                   [=](const Values& a) { return (r.at(a) != 0) == holds(xs, a); });
    };
    g["array_bool_" + name] = [=](RandomModel& in) {
      const Terms xs = in.bool_terms(0, 3);
      const Term r = in.bool_term();
      in.constrain("array_bool_" + name + "(" + list(xs) + ", " + r.text + ")",
                   [=](const Values& a) { return (r.at(a) != 0) == holds(xs, a); });
    };
  }
  g["array_bool_xor"] = [](RandomModel& in) {  // an odd number true
    const Terms xs = in.bool_terms(1, 4);
    in.constrain("array_bool_xor(" + list(xs) + ")", [=](const Values& a) {
      long long odd = 0;
      for (const Term& x : xs) odd ^= x.at(a);
      return odd == 1;
    });
  };
  g["bool_clause"] = [](RandomModel& in) {  // one of pos true or one of neg false
    const Terms pos = in.bool_terms(0, 3);
    const Terms neg = in.bool_terms(0, 3);
    in.constrain("bool_clause(" + list(pos) + ", " + list(neg) + ")", [=](const Values& a) {
      return std::any_of(pos.begin(), pos.end(), [&](const Term& x) { return x.at(a) == 1; }) ||
             std::any_of(neg.begin(), neg.end(), [&](const Term& x) { return x.at(a) == 0; });
    });
  };
  g["bool2int"] = [](RandomModel& in) {
    const Term b = in.bool_term();
    const Term x = in.int_term();
    in.constrain("bool2int(" + b.text + ", " + x.text + ")", [=](const Values& a) { return b.at(a) == x.at(a); });
  };
  for (const Kind kind : kinds) {
    g["set_in" + suffix(kind)] = [=](RandomModel& in) {
      const Term x = in.int_term();
      const auto [text, values] = in.some_set(true);
      reified(in, "set_in", kind, x.text + ", " + text, [=](const Values& a) {
        return std::find(values.begin(), values.end(), x.at(a)) != values.end();
      });
    };
  }
  g["fzn_all_different_int"] = [](RandomModel& in) {
    const Terms xs = in.int_terms(0, 4);
    const char* annotations[] = {"", " :: domain", " :: bounds"};
    in.constrain("fzn_all_different_int(" + list(xs) + ")" + annotations[in.uniform(0, 2)], [=](const Values& a) {
      std::set<long long> seen;
      for (const Term& x : xs) {
        if (!seen.insert(x.at(a)).second) return false;
      }
      return true;
    });
  };
  g["fzn_table_int"] = [](RandomModel& in) {
    const Terms xs = in.int_terms(1, 3);
    std::vector<std::vector<long long>> tuples(static_cast<std::size_t>(in.uniform(0, 8)));
    std::vector<long long> flat;
    for (auto& t : tuples) {
      t = in.constants(xs.size(), -2, 2);
      flat.insert(flat.end(), t.begin(), t.end());
    }
    in.constrain("fzn_table_int(" + list(xs) + ", " + list(flat) + ")", [=](const Values& a) {
      return std::any_of(tuples.begin(), tuples.end(), [&](const std::vector<long long>& t) {
        for (std::size_t i = 0; i < t.size(); ++i) {
          if (t[i] != xs[i].at(a)) return false;
        }
        return true;
      });
    });
  };
  // Scheduling: durations and uses are non-negative, and no time over-runs the capacity
  // (cumulative), or no two tasks overlap (disjunctive; a task of duration 0 may lie
  // inside another unless strict).
  g["fzn_cumulative"] = [](RandomModel& in) {
    const Terms s = in.int_terms(0, 3);
    Terms d;
    Terms r;
    for (std::size_t i = 0; i < s.size(); ++i) {
      d.push_back(in.int_term());
      r.push_back(in.int_term());
    }
    const Term b = in.int_term();
    in.constrain("fzn_cumulative(" + list(s) + ", " + list(d) + ", " + list(r) + ", " + b.text + ")",
                 [=](const Values& a) {
                   if (s.empty()) return true;
                   if (b.at(a) < 0) return false;
                   for (std::size_t i = 0; i < s.size(); ++i) {
                     if (d[i].at(a) < 0 || r[i].at(a) < 0) return false;
                   }
                   for (std::size_t i = 0; i < s.size(); ++i) {
                     long long load = 0;  // at task i's start
                     for (std::size_t k = 0; k < s.size(); ++k) {
                       if (s[k].at(a) <= s[i].at(a) && s[i].at(a) < s[k].at(a) + d[k].at(a)) load += r[k].at(a);
                     }
                     if (load > b.at(a)) return false;
                   }
                   return true;
                 });
  };
  g["backtrack_bin_packing_load"] = [](RandomModel& in) {
    const Terms loads = in.int_terms(1, 3);
    const Terms bins = in.int_terms(0, 3);
    const std::vector<long long> w = in.constants(bins.size(), 0, 2);
    const long long first = in.uniform(-2, 1);
    in.constrain("backtrack_bin_packing_load(" + list(loads) + ", " + list(bins) + ", " + list(w) + ", " +
                     std::to_string(first) + ")",
                 [=](const Values& a) {
                   std::vector<long long> held(loads.size(), 0);
                   for (std::size_t i = 0; i < bins.size(); ++i) {
                     const long long b = bins[i].at(a) - first;
                     if (b < 0 || b >= static_cast<long long>(loads.size())) return false;
                     held[static_cast<std::size_t>(b)] += w[i];
                   }
                   for (std::size_t b = 0; b < loads.size(); ++b) {
                     if (held[b] != loads[b].at(a)) return false;
                   }
                   return true;
                 });
  };
  for (const bool strict : {false, true}) {
    g[strict ? "fzn_disjunctive_strict" : "fzn_disjunctive"] = [strict](RandomModel& in) {
      const Terms s = in.int_terms(0, 3);
      Terms d;
      for (std::size_t i = 0; i < s.size(); ++i) d.push_back(in.int_term());
      in.constrain(std::string(strict ? "fzn_disjunctive_strict(" : "fzn_disjunctive(") + list(s) + ", " + list(d) + ")",
                   [=](const Values& a) {
                     for (std::size_t i = 0; i < s.size(); ++i) {
                       if (d[i].at(a) < 0) return false;
                       for (std::size_t j = i + 1; j < s.size(); ++j) {
                         const bool apart = s[i].at(a) + d[i].at(a) <= s[j].at(a) || s[j].at(a) + d[j].at(a) <= s[i].at(a);
                         if (!apart && (strict || (d[i].at(a) != 0 && d[j].at(a) != 0))) return false;
                       }
                     }
                     return true;
                   });
    };
  }
  // Rectangles: no two overlap (a side 0 apart unless strict). Sides are variables only
  // among two rectangles, or the brute force takes seconds.
  for (const bool strict : {false, true}) {
    g[strict ? "fzn_diffn" : "fzn_diffn_nonstrict"] = [strict](RandomModel& in) {
      const Terms x = in.int_terms(0, 3);
      Terms y, dx, dy;
      auto side = [&] { return x.size() < 3 && in.chance(50) ? in.int_term() : RandomModel::constant_term(in.uniform(0, 2)); };
      for (std::size_t i = 0; i < x.size(); ++i) {
        y.push_back(in.int_term());
        dx.push_back(side());
        dy.push_back(side());
      }
      in.constrain(std::string(strict ? "fzn_diffn(" : "fzn_diffn_nonstrict(") + list(x) + ", " + list(y) + ", " +
                       list(dx) + ", " + list(dy) + ")",
                   [=](const Values& a) {
                     for (std::size_t i = 0; i < x.size(); ++i) {
                       for (std::size_t j = i + 1; j < x.size(); ++j) {
                         const bool apart = x[i].at(a) + dx[i].at(a) <= x[j].at(a) || x[j].at(a) + dx[j].at(a) <= x[i].at(a) ||
                                            y[i].at(a) + dy[i].at(a) <= y[j].at(a) || y[j].at(a) + dy[j].at(a) <= y[i].at(a);
                         const bool flat = dx[i].at(a) == 0 || dx[j].at(a) == 0 || dy[i].at(a) == 0 || dy[j].at(a) == 0;
                         if (!apart && (strict || !flat)) return false;
                       }
                     }
                     return true;
                   });
    };
  }
  // fzn_count_eq(x, y, c): c = the number of x equal to y; the others: c rel that number.
  for (const auto& names : std::map<std::string, std::string>{
           {"eq", "eq"}, {"neq", "ne"}, {"lt", "lt"}, {"leq", "le"}, {"gt", "gt"}, {"geq", "ge"}}) {
    const std::string name = "fzn_count_" + names.first;
    const auto c_rel_count = relations.at(names.second);
    g[name] = [=](RandomModel& in) {
      const Terms xs = in.int_terms(0, 4);
      const Term y = in.int_term();
      const Term c = in.int_term();
      in.constrain(name + "(" + list(xs) + ", " + y.text + ", " + c.text + ")", [=](const Values& a) {
        const auto k = std::count_if(xs.begin(), xs.end(), [&](const Term& x) { return x.at(a) == y.at(a); });
        return c_rel_count(c.at(a), k);
      });
    };
  }
  g["fzn_among"] = [](RandomModel& in) {
    const Term n = in.int_term();
    const Terms xs = in.int_terms(0, 4);
    const auto [text, values] = in.some_set(true);
    in.constrain("fzn_among(" + n.text + ", " + list(xs) + ", " + text + ")", [=](const Values& a) {
      const auto k = std::count_if(xs.begin(), xs.end(), [&](const Term& x) {
        return std::find(values.begin(), values.end(), x.at(a)) != values.end();
      });
      return n.at(a) == k;
    });
  };
  g["fzn_nvalue"] = [](RandomModel& in) {
    const Term n = in.int_term();
    const Terms xs = in.int_terms(0, 4);
    in.constrain("fzn_nvalue(" + n.text + ", " + list(xs) + ")", [=](const Values& a) {
      std::set<long long> values;
      for (const Term& x : xs) values.insert(x.at(a));
      return n.at(a) == static_cast<long long>(values.size());
    });
  };
  // fzn_global_cardinality(x, cover, counts): counts[j] of x are cover[j] (and the counts'
  // sum at most |x|, as MiniZinc's library adds, which a cover value twice makes a
  // constraint); fzn_global_cardinality_low_up(x, cover, lbound, ubound): lbound[j] to
  // ubound[j] of them (closed: |x| within their sums). _closed: every x is in cover.
  for (const bool closed : {false, true}) {
    const std::string suffix = closed ? "_closed" : "";
    const auto within = [=](const Terms& xs, const std::vector<long long>& cover, const Values& a) {
      return !closed || std::all_of(xs.begin(), xs.end(), [&](const Term& x) {
        return std::find(cover.begin(), cover.end(), x.at(a)) != cover.end();
      });
    };
    const auto occurrences = [](const Terms& xs, long long v, const Values& a) {
      return static_cast<long long>(std::count_if(xs.begin(), xs.end(), [&](const Term& x) { return x.at(a) == v; }));
    };
    // A closed cover is most of -3..3, its counts 0..3 and its bounds loose, or few random
    // models would have a solution.
    const auto some_cover = [=](RandomModel& in) {
      if (!closed) return in.constants(static_cast<std::size_t>(in.uniform(1, 3)));
      std::vector<long long> cover;
      for (long long v = -3; v <= 3; ++v) {
        if (in.chance(70)) cover.push_back(v);
      }
      if (cover.empty()) cover.push_back(0);
      return cover;
    };
    // Unannotated, :: domain or :: bounds: the strength on x.
    const auto annotation = [](RandomModel& in) {
      const char* annotations[] = {"", " :: domain", " :: bounds"};
      return std::string(annotations[in.uniform(0, 2)]);
    };
    g["fzn_global_cardinality" + suffix] = [=](RandomModel& in) {
      const Terms xs = in.int_terms(0, 3);
      const std::vector<long long> cover = some_cover(in);
      Terms counts;
      for (std::size_t j = 0; j < cover.size(); ++j) counts.push_back(closed ? in.int_var(0, 3) : in.int_term());
      in.constrain("fzn_global_cardinality" + suffix + "(" + list(xs) + ", " + list(cover) + ", " + list(counts) + ")" +
                       annotation(in),
                   [=](const Values& a) {
                     long long sum = 0;
                     for (std::size_t j = 0; j < cover.size(); ++j) {
                       if (occurrences(xs, cover[j], a) != counts[j].at(a)) return false;
                       sum += counts[j].at(a);
                     }
                     return sum <= static_cast<long long>(xs.size()) && within(xs, cover, a);
                   });
    };
    g["fzn_global_cardinality_low_up" + suffix] = [=](RandomModel& in) {
      const Terms xs = in.int_terms(0, 3);
      const std::vector<long long> cover = some_cover(in);
      const std::vector<long long> low = in.constants(cover.size(), -1, closed ? 1 : 2);
      std::vector<long long> up;
      for (long long l : low) up.push_back(l + in.uniform(closed ? 0 : -1, 3));
      in.constrain("fzn_global_cardinality_low_up" + suffix + "(" + list(xs) + ", " + list(cover) + ", " + list(low) +
                       ", " + list(up) + ")" + annotation(in),
                   [=](const Values& a) {
                     long long lows = 0, ups = 0;
                     for (std::size_t j = 0; j < cover.size(); ++j) {
                       const long long k = occurrences(xs, cover[j], a);
                       if (k < low[j] || k > up[j]) return false;
                       lows += low[j], ups += up[j];
                     }
                     const auto n = static_cast<long long>(xs.size());
                     return (!closed || (lows <= n && n <= ups)) && within(xs, cover, a);
                   });
    };
  }
  // fzn_regular(x, Q, S, d, q0, F): the word x is accepted by the automaton of Q states over
  // symbols 1..S, d[(q - 1) * S + s] the state after s in q (0: none), from q0 into F.
  g["fzn_regular"] = [](RandomModel& in) {
    const Terms xs = in.int_terms(0, 3);
    const long long states = in.uniform(1, 3);
    const long long symbols = in.uniform(1, 3);
    const std::vector<long long> d = in.constants(static_cast<std::size_t>(states * symbols), 0, static_cast<int>(states));
    const long long start = in.uniform(1, static_cast<int>(states));
    std::vector<long long> final;
    for (long long q = 1; q <= states; ++q) {
      if (q == start || in.chance(50)) final.push_back(q);
    }
    const std::string listed = list(final);
    const std::string final_text = "{" + listed.substr(1, listed.size() - 2) + "}";
    in.constrain("fzn_regular(" + list(xs) + ", " + std::to_string(states) + ", " + std::to_string(symbols) + ", " +
                     list(d) + ", " + std::to_string(start) + ", " + final_text + ")",
                 [=](const Values& a) {
                   long long q = start;
                   for (const Term& x : xs) {
                     const long long sym = x.at(a);
                     if (sym < 1 || sym > symbols) return false;
                     q = d[static_cast<std::size_t>((q - 1) * symbols + sym - 1)];
                     if (q == 0) return false;
                   }
                   return std::find(final.begin(), final.end(), q) != final.end();
                 });
  };
  for (const std::string type : {"int", "bool"}) {
    const bool boolean = type == "bool";
    for (const bool strict : {false, true}) {
      // x lexicographically before y; a prefix before the longer array.
      g[std::string("fzn_lex_less") + (strict ? "" : "eq") + "_" + type] = [=](RandomModel& in) {
        const Terms xs = boolean ? in.bool_terms(1, 3) : in.int_terms(1, 3);
        const Terms ys = boolean ? in.bool_terms(1, 3) : in.int_terms(1, 3);
        in.constrain("fzn_lex_less" + std::string(strict ? "" : "eq") + "_" + type + "(" + list(xs) + ", " + list(ys) +
                         ")",
                     [=](const Values& a) {
                       for (std::size_t i = 0; i < xs.size() && i < ys.size(); ++i) {
                         if (xs[i].at(a) != ys[i].at(a)) return xs[i].at(a) < ys[i].at(a);
                       }
                       return strict ? xs.size() < ys.size() : xs.size() <= ys.size();
                     });
      };
    }
    for (const std::string order : {"increasing", "decreasing", "strictly_increasing", "strictly_decreasing"}) {
      g["fzn_" + order + "_" + type] = [=](RandomModel& in) {
        const Terms xs = boolean ? in.bool_terms(0, 4) : in.int_terms(0, 4);
        in.constrain("fzn_" + order + "_" + type + "(" + list(xs) + ")", [=](const Values& a) {
          for (std::size_t i = 1; i < xs.size(); ++i) {
            const long long d = order.ends_with("decreasing") ? xs[i - 1].at(a) - xs[i].at(a) : xs[i].at(a) - xs[i - 1].at(a);
            if (d < (order.starts_with("strictly") ? 1 : 0)) return false;
          }
          return true;
        });
      };
    }
  }
  // Successors named from offset: one cycle through every node (circuit), or through
  // those not their own successor (subcircuit).
  for (const bool sub : {false, true}) {
    g[sub ? "backtrack_subcircuit" : "backtrack_circuit"] = [sub](RandomModel& in) {
      const Terms xs = in.int_terms(0, 4);
      const long long offset = in.uniform(-3, 0);
      in.constrain((sub ? "backtrack_subcircuit(" : "backtrack_circuit(") + std::to_string(offset) + ", " + list(xs) + ")",
                   [=](const Values& a) {
                     const auto n = static_cast<long long>(xs.size());
                     std::vector<long long> on;
                     for (long long i = 0; i < n; ++i) {
                       const long long next = xs[static_cast<std::size_t>(i)].at(a) - offset;
                       if (next < 0 || next >= n) return false;
                       if (!sub || next != i) on.push_back(i);
                     }
                     if (on.empty()) return true;
                     if (!sub && n == 1) return false;
                     long long at = on.front();
                     std::set<long long> seen;
                     for (std::size_t k = 0; k < on.size() && seen.insert(at).second; ++k) {
                       at = xs[static_cast<std::size_t>(at)].at(a) - offset;
                     }
                     return at == on.front() && seen.size() == on.size();
                   });
    };
  }
  // f[i] = j + foff exactly when invf[j] = i + invfoff (Gecode's inverse_offsets).
  g["backtrack_inverse"] = [](RandomModel& in) {
    const Terms f = in.int_terms(0, 3);
    const Terms invf = in.chance(85) ? in.int_terms(static_cast<int>(f.size()), static_cast<int>(f.size())) : in.int_terms(0, 3);
    const long long foff = in.uniform(-3, 1);
    const long long invfoff = in.uniform(-3, 1);
    const auto channels = [](const Terms& from, long long to_base, const Terms& to, long long from_base, const Values& a) {
      for (std::size_t i = 0; i < from.size(); ++i) {
        const long long j = from[i].at(a) - to_base;
        if (j < 0 || j >= static_cast<long long>(to.size())) return false;
        if (to[static_cast<std::size_t>(j)].at(a) != static_cast<long long>(i) + from_base) return false;
      }
      return true;
    };
    in.constrain("backtrack_inverse(" + list(f) + ", " + std::to_string(foff) + ", " + list(invf) + ", " +
                     std::to_string(invfoff) + ")",
                 [=](const Values& a) { return channels(f, foff, invf, invfoff, a) && channels(invf, invfoff, f, foff, a); });
  };
  return g;
}

class EveryBuiltin : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryBuiltin, FindsTheSolutionsOfTheSpecification) {
  const Generator generate = builtins().at(GetParam());
  int with_solutions = 0;
  for (unsigned seed = 1; seed <= 40; ++seed) {
    RandomModel in(seed * 7919U + static_cast<unsigned>(std::hash<std::string>{}(GetParam())));
    generate(in);
    const std::string text = in.text();
    const std::set<Values> expected = in.brute_force();
    with_solutions += expected.empty() ? 0 : 1;
    for (const csp::Prune prune : {csp::Prune::forward, csp::Prune::bounds, csp::Prune::gac}) {
      std::multiset<Values> found;
      try {
        found = solved(text, csp::SearchOptions{.prune = prune});
      } catch (const std::exception& e) {
        ADD_FAILURE() << e.what() << "\n" << text;
        break;
      }
      EXPECT_EQ(std::set<Values>(found.begin(), found.end()), expected)
          << text << "prune " << csp::to_string(prune);
      EXPECT_EQ(found.size(), expected.size()) << "a solution found twice\n" << text;
    }
    // Searches cut every few nodes, each leaving out what the ones before finished
    // (restart_search.hpp), list and count the same solutions, each once.
    const FlatZincModel m = build_model(parse(text));
    const auto all = csp::solutions_of(m.model, {.prune = csp::Prune::bounds});
    const csp::IntProblem problem(m.model, {.prune = csp::Prune::bounds, .variables = csp::VariableOrder::dom_wdeg});
    for (const RestartSchedule& schedule : csp::short_restarts) {
      EXPECT_EQ(csp::solutions_with_restarts(problem, schedule), all) << "restarts\n" << text;
      EXPECT_EQ(csp::count_with_restarts(problem, schedule).solutions, all.size()) << "restarts\n" << text;
    }
  }
  EXPECT_GE(with_solutions, 5) << "the random models of " << GetParam() << " are too often unsatisfiable";
}

std::vector<std::string> builtin_names() {
  std::vector<std::string> names;
  for (const auto& [name, generate] : builtins()) names.push_back(name);
  return names;
}

INSTANTIATE_TEST_SUITE_P(FlatZinc, EveryBuiltin, ::testing::ValuesIn(builtin_names()),
                         [](const auto& info) { return info.param; });

// The registry of posters holds each name once, and each has its test above: a builtin
// added without one, or one the registry lost, fails here.
TEST(Registry, EachBuiltinOnceAndEachWithItsSpecification) {
  std::vector<std::string> registered = builtin_constraints();
  std::sort(registered.begin(), registered.end());
  EXPECT_EQ(std::adjacent_find(registered.begin(), registered.end()), registered.end()) << "a name twice";
  EXPECT_EQ(registered, builtin_names());  // a std::map's keys: sorted
}

// The name of a predicate declared on one line without a body, "predicate NAME(...);",
// else "". (Not std::regex: it trips a g++ 12 warning under ASan.)
std::string native_predicate(const std::string& line) {
  const std::string keyword = "predicate";
  if (!line.starts_with(keyword) || line.size() == keyword.size() || std::isspace(static_cast<unsigned char>(line[keyword.size()])) == 0) {
    return "";
  }
  const std::size_t open = line.find('(');
  const std::size_t end = line.find(");", open);
  if (open == std::string::npos || end == std::string::npos || line.find('=', open) < end) return "";
  std::string name = line.substr(keyword.size(), open - keyword.size());
  std::erase_if(name, [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; });
  const bool word = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
  });
  return word ? name : "";
}

// What the solver library declares without a body, MiniZinc hands to the reader as it is:
// each such predicate is a builtin.
TEST(Registry, EachPredicateTheSolverLibraryLeavesNativeIsABuiltin) {
  EXPECT_EQ(native_predicate("predicate fzn_table_int(array[int] of var int: x, array[int] of int: t);"), "fzn_table_int");
  EXPECT_EQ(native_predicate("predicate all_different_int(array[int] of var int: x) = fzn_x(x);"), "");
  EXPECT_EQ(native_predicate("predicates p(x);"), "");
  const std::vector<std::string> registered = builtin_constraints();
  int native = 0;
  for (const auto& file : std::filesystem::directory_iterator(BACKTRACK_SOLVER_LIBRARY)) {
    if (file.path().extension() != ".mzn") continue;
    std::ifstream in(file.path());
    for (std::string line; std::getline(in, line);) {
      const std::string name = native_predicate(line);
      if (name.empty()) continue;
      ++native;
      EXPECT_NE(std::find(registered.begin(), registered.end(), name), registered.end()) << name << " in " << file.path();
    }
  }
  EXPECT_GE(native, 3) << "no native predicate read from " << BACKTRACK_SOLVER_LIBRARY;
}

// The one solution of a text whose constraints fix every variable, as FlatZinc prints it.
std::string printed(const std::string& text) {
  const FlatZincModel m = build_model(parse(text));
  const auto all = csp::solutions_of(m.model);
  EXPECT_EQ(all.size(), 1U) << text;
  return all.empty() ? "" : format_solution(m.output, *all.begin());
}

// bool2int(b, y), y declared after b: y is b itself (no second variable, no equality to
// propagate), within y's declared domain.
TEST(Bool2Int, TheIntegerIsTheBooleanItself) {
  const auto solutions = [](const std::string& y_domain) {
    const std::string text = "var bool: b :: output_var;\nvar " + y_domain +
                             ": y :: output_var;\nvar 1..5: z :: output_var;\n"
                             "constraint bool2int(b, y);\nconstraint int_lin_eq([1, 1], [y, z], 3);\nsolve satisfy;\n";
    const FlatZincModel m = build_model(parse(text));
    EXPECT_EQ(m.model.variables(), 2) << text;
    std::set<std::string> printed;
    for (const auto& v : csp::solutions_of(m.model)) printed.insert(format_solution(m.output, v));
    return printed;
  };
  EXPECT_EQ(solutions("0..1"), (std::set<std::string>{"b = false;\ny = 0;\nz = 3;\n", "b = true;\ny = 1;\nz = 2;\n"}));
  EXPECT_EQ(solutions("1..4"), (std::set<std::string>{"b = true;\ny = 1;\nz = 2;\n"}));
  // Declared before its Boolean, y stays a variable of its own, tied by the equality.
  const FlatZincModel before = build_model(parse("var 0..1: y;\nvar bool: b;\nconstraint bool2int(b, y);\nsolve satisfy;\n"));
  EXPECT_EQ(before.model.variables(), 2);
  EXPECT_EQ(csp::solutions_of(before.model).size(), 2U);
}

// x, y in 1..2 take both values: bounds consistency (a Hall interval) fixes z to 3, value
// consistency leaves it. Unannotated: bounds, as Gecode's reader posts all_different;
// where a user gave --prune (BuildOptions::all_different none), the level chooses.
TEST(Annotations, AnUnannotatedAllDifferentIsAtBoundsUnlessPruneChooses) {
  const Model ast = parse(
      "var 1..2: x :: output_var;\nvar 1..2: y :: output_var;\nvar 1..3: z :: output_var;\n"
      "constraint fzn_all_different_int([x, y, z]);\nsolve satisfy;\n");
  auto z_values = [&](const BuildOptions& options, csp::Prune prune) {
    const FlatZincModel m = build_model(ast, options);
    const csp::IntProblem problem(m.model, {.prune = prune});
    return problem.root().space.size(m.output[2].values[0].var);
  };
  EXPECT_EQ(z_values({}, csp::Prune::arc), 1U);
  EXPECT_EQ(z_values({.all_different = std::nullopt}, csp::Prune::arc), 3U);
  EXPECT_EQ(z_values({.all_different = std::nullopt}, csp::Prune::bounds), 1U);
}

// x + y = 4 :: domain takes x = 2, which y's hole leaves without a support; unannotated
// or :: bounds, x keeps it (between its bounds).
TEST(Annotations, ALinearEqualityAnnotatedDomainIsDomainConsistent) {
  auto x_values = [](const std::string& annotation) {
    const FlatZincModel m = read_model("var {0, 2, 4}: x :: output_var;\nvar {0, 1, 3, 4}: y;\n"
                                       "constraint int_lin_eq([1, 1], [x, y], 4)" + annotation + ";\nsolve satisfy;\n");
    const csp::IntProblem problem(m.model, {.prune = csp::Prune::arc});
    return problem.root().space.size(m.output[0].values[0].var);
  };
  EXPECT_EQ(x_values(" :: domain"), 2U);
  EXPECT_EQ(x_values(" :: bounds"), 3U);
  EXPECT_EQ(x_values(""), 3U);
}

// Each of 1, 2, 3 at most once. x, y in 1..2 take 1 and 2 between them: bounds
// consistency (a Hall interval) fixes z to 3, which the counting rules leave 1..3. x, y in
// {1, 3} take 1 and 3: only domain consistency fixes z to 2, as 1 and 3 are its bounds and
// the intervals of x and y hold 2. The annotation chooses whatever --prune says; none:
// the level chooses.
TEST(Annotations, AGlobalCardinalityAnnotatedDomainOrBoundsHasItsStrength) {
  auto z_values = [](const std::string& xy, const std::string& annotation, csp::Prune prune) {
    const FlatZincModel m = read_model("var " + xy + ": x;\nvar " + xy + ": y;\nvar 1..3: z :: output_var;\n" +
                                       "constraint fzn_global_cardinality_low_up([x, y, z], [1, 2, 3], [0, 0, 0], "
                                       "[1, 1, 1])" + annotation + ";\nsolve satisfy;\n");
    const csp::IntProblem problem(m.model, {.prune = prune});
    return problem.root().space.size(m.output[0].values[0].var);
  };
  for (const csp::Prune prune : {csp::Prune::arc, csp::Prune::bounds, csp::Prune::domain}) {
    SCOPED_TRACE(std::string(csp::to_string(prune)));
    EXPECT_EQ(z_values("1..2", " :: bounds", prune), 1U);
    EXPECT_EQ(z_values("1..2", " :: domain", prune), 1U);
    EXPECT_EQ(z_values("{1, 3}", " :: bounds", prune), 3U);
    EXPECT_EQ(z_values("{1, 3}", " :: domain", prune), 1U);
  }
  EXPECT_EQ(z_values("1..2", "", csp::Prune::arc), 3U);
  EXPECT_EQ(z_values("1..2", "", csp::Prune::bounds), 1U);
  EXPECT_EQ(z_values("{1, 3}", "", csp::Prune::bounds), 3U);
  EXPECT_EQ(z_values("{1, 3}", "", csp::Prune::domain), 1U);
}

TEST(FormatSolution, ScalarsBooleansAndArraysWithTheirIndexSets) {
  EXPECT_EQ(printed("var 1..5: x :: output_var;\nconstraint int_eq(x, 3);\nsolve satisfy;\n"), "x = 3;\n");
  EXPECT_EQ(printed("var -5..5: x :: output_var;\nconstraint int_eq(x, -4);\nsolve satisfy;\n"), "x = -4;\n");
  EXPECT_EQ(printed("var bool: b :: output_var;\nvar bool: c :: output_var;\n"
                    "constraint bool_eq(b, true);\nconstraint bool_not(b, c);\nsolve satisfy;\n"),
            "b = true;\nc = false;\n");
  EXPECT_EQ(printed("var 0..9: x;\nvar 0..9: y;\n"
                    "array [1..4] of var int: a :: output_array([1..2, 0..1]) = [x, 7, y, x];\n"
                    "array [1..2] of var bool: bs :: output_array([3..4]) = [true, false];\n"
                    "array [1..3] of var int: k :: output_array([1..3]) = [1, 2, 3];\n"
                    "constraint int_eq(x, 1);\nconstraint int_eq(y, 9);\nsolve satisfy;\n"),
            "a = array2d(1..2, 0..1, [1, 7, 9, 1]);\nbs = array1d(3..4, [true, false]);\n"
            "k = array1d(1..3, [1, 2, 3]);\n");
  // A variable the compiler fixed and an alias print their values.
  EXPECT_EQ(printed("var 1..3: x :: output_var = 2;\nvar 1..3: y;\nvar 1..3: z :: output_var = y;\n"
                    "constraint int_lt(x, y);\nsolve satisfy;\n"),
            "x = 2;\nz = 3;\n");
}

// The phases of a model's search, for its annotations.
std::vector<csp::SearchPhase> phases_of(const std::string& text, BuildOptions options = {}) {
  return build_model(parse(text), options).model.phases();
}

const std::string three_free = "var 1..3: x :: output_var;\nvar 1..3: y :: output_var;\nvar 1..3: z :: output_var;\n";

TEST(SearchAnnotations, EachVariableAndValueChoice) {
  using O = csp::VariableOrder;
  using V = csp::ValueOrder;
  const std::pair<const char*, O> orders[] = {{"input_order", O::static_order}, {"first_fail", O::mrv},
                                              {"anti_first_fail", O::largest},  {"smallest", O::min_value},
                                              {"largest", O::max_value},        {"dom_w_deg", O::dom_wdeg}};
  const std::pair<const char*, V> values[] = {{"indomain_min", V::min},
                                              {"indomain", V::min},
                                              {"indomain_max", V::max},
                                              {"indomain_median", V::mid},
                                              {"indomain_random", V::random},
                                              {"indomain_split", V::split},
                                              {"indomain_reverse_split", V::reverse_split}};
  for (const auto& [order_name, order] : orders) {
    for (const auto& [value_name, value] : values) {
      const std::string text = three_free + "solve :: int_search([z, x], " + order_name + ", " + value_name +
                               ", complete) satisfy;\n";
      const FlatZincModel m = build_model(parse(text));
      EXPECT_TRUE(m.warnings.empty()) << text << m.warnings.front();
      const auto phases = m.model.phases();
      ASSERT_GE(phases.size(), 2U) << text;
      EXPECT_EQ(phases[0].xs, (std::vector<int>{2, 0})) << text;
      EXPECT_EQ(phases[0].order, order) << text;
      EXPECT_EQ(phases[0].values, value) << text;
      // Every solution still: y too is decided, after them.
      EXPECT_EQ(csp::solutions_of(m.model).size(), 27U) << text;
    }
  }
}

TEST(SearchAnnotations, SeqSearchInTurnThenEveryOtherVariable) {
  const std::string text = three_free +
                           "solve :: seq_search([int_search([y], first_fail, indomain_max, complete), "
                           "int_search([x], input_order, indomain_min, complete)]) satisfy;\n";
  const FlatZincModel m = build_model(parse(text));
  EXPECT_TRUE(m.warnings.empty());
  const auto phases = m.model.phases();
  ASSERT_EQ(phases.size(), 3U);
  EXPECT_EQ(phases[0].xs, std::vector<int>{1});
  EXPECT_EQ(phases[0].values, csp::ValueOrder::max);
  EXPECT_EQ(phases[1].xs, std::vector<int>{0});
  EXPECT_EQ(phases[1].order, csp::VariableOrder::static_order);
  std::set<int> last(phases[2].xs.begin(), phases[2].xs.end());
  EXPECT_TRUE(last.contains(2));
  EXPECT_EQ(csp::solutions_of(m.model).size(), 27U);
  // bool_search the same way.
  const auto b = phases_of("var bool: b :: output_var;\nvar bool: c :: output_var;\n"
                           "solve :: bool_search([c], input_order, indomain_max, complete) satisfy;\n");
  ASSERT_GE(b.size(), 1U);
  EXPECT_EQ(b[0].xs, std::vector<int>{1});
  EXPECT_EQ(b[0].values, csp::ValueOrder::max);
}

TEST(SearchAnnotations, UnknownOnesAreWarnedOfWithTheirPlace) {
  const FlatZincModel unknown = build_model(parse(three_free + "solve :: restart_luby(100) satisfy;\n"));
  ASSERT_EQ(unknown.warnings.size(), 1U);
  EXPECT_EQ(unknown.warnings[0].rfind("4:", 0), 0U) << unknown.warnings[0];
  EXPECT_NE(unknown.warnings[0].find("restart_luby"), std::string::npos) << unknown.warnings[0];
  EXPECT_EQ(csp::solutions_of(unknown.model).size(), 27U);

  const FlatZincModel choice =
      build_model(parse(three_free + "solve :: int_search([x], occurrence, indomain_interval, complete) satisfy;\n"));
  ASSERT_EQ(choice.warnings.size(), 2U);
  const std::set<std::string> warned(choice.warnings.begin(), choice.warnings.end());
  EXPECT_TRUE(std::any_of(warned.begin(), warned.end(),
                          [](const std::string& w) { return w.rfind("4:26: ", 0) == 0 && w.find("'occurrence'") != w.npos; }))
      << choice.warnings[0] << "\n" << choice.warnings[1];
  EXPECT_TRUE(std::any_of(warned.begin(), warned.end(), [](const std::string& w) {
    return w.rfind("4:38: ", 0) == 0 && w.find("'indomain_interval'") != w.npos;
  })) << choice.warnings[0] << "\n" << choice.warnings[1];
  EXPECT_EQ(csp::solutions_of(choice.model).size(), 27U);
}

TEST(SearchAnnotations, FreeSearchIgnoresThem) {
  const auto phases = phases_of(three_free + "solve :: int_search([z], input_order, indomain_max, complete) satisfy;\n",
                                BuildOptions{.follow_search_annotations = false});
  ASSERT_EQ(phases.size(), 1U);
  EXPECT_EQ(phases[0].xs.size(), 3U);
  EXPECT_FALSE(phases[0].values.has_value());
}

// The best objective the Solver interface reports for an optimisation, and its proof.
ObjectiveResult optimum(const std::string& text) {
  auto solver = fzn_solver(build_model(parse(text)), csp::SearchOptions{.prune = csp::Prune::arc}, backtrack::Instance{"test", text});
  RunRequest request;
  request.mode = SearchMode::all;
  const RunResult result = solver->run(request, [](Solution&&) { return true; });
  EXPECT_TRUE(result.objective.has_value()) << text;
  return result.objective.value_or(ObjectiveResult{});
}

TEST(Objective, MinimizeAndMaximizeFindTheOptimumOfABruteForce) {
  const auto generators = builtins();
  int optimised = 0;
  for (const std::string name : {"int_lin_le", "int_times", "int_mod", "array_var_int_element", "int_ne_reif",
                                 "fzn_table_int", "fzn_all_different_int", "set_in", "int_lin_eq"}) {
    for (unsigned seed = 1; seed <= 15; ++seed) {
      RandomModel in(seed);
      generators.at(name)(in);
      const std::string satisfy = in.text();
      const std::set<Values> solutions = in.brute_force();
      // The objective: the first integer variable, when there is one.
      const std::size_t at = satisfy.find("v0");
      if (satisfy.rfind("var bool: v0", 0) == 0 || at == std::string::npos) continue;
      for (const bool minimise : {true, false}) {
        const std::string text =
            satisfy.substr(0, satisfy.rfind("solve")) + (minimise ? "solve minimize v0;\n" : "solve maximize v0;\n");
        const ObjectiveResult result = optimum(text);
        EXPECT_TRUE(result.proved) << text;
        if (solutions.empty()) {
          EXPECT_FALSE(result.best.has_value()) << text;
          continue;
        }
        long long best = solutions.begin()->front();
        for (const Values& s : solutions) best = minimise ? std::min(best, s.front()) : std::max(best, s.front());
        EXPECT_EQ(result.best, best) << text;
        ++optimised;
      }
    }
  }
  EXPECT_GT(optimised, 50);
}

// Random models of several constraints each, with a weighted sum of their integer
// variables minimised and maximised (a wide objective, whose domain a tighter bound
// changes: the variable mrv chooses, the midpoint of a split): the FlatZinc text, and
// the optimum of a brute force (none when unsatisfiable). None for a seed whose model
// has no integer variable.
struct OptimisationModel {
  std::string text;
  std::optional<long long> expected;
};
std::vector<OptimisationModel> optimisation_models(unsigned seed) {
  const auto generators = builtins();
  const std::vector<std::string> names = {"int_lin_le", "int_lin_eq", "int_times", "int_max", "int_abs",
                                          "int_ne", "array_var_int_element", "fzn_all_different_int",
                                          "fzn_table_int", "int_plus"};
  RandomModel in(seed * 104729U);
  const int constraints = in.uniform(2, 4);
  for (int c = 0; c < constraints; ++c) {
    generators.at(names[static_cast<std::size_t>(in.uniform(0, static_cast<int>(names.size()) - 1))])(in);
  }
  const std::string satisfy = in.text();
  // The objective: sum of w_i v_i over the integer variables v_i, w_i = 1, -2, 3, 1, ...
  std::vector<long long> weight;
  std::string weights, terms;
  std::istringstream lines(satisfy);
  for (std::string line; std::getline(lines, line) && line.rfind("var ", 0) == 0;) {
    const bool integer = line.rfind("var bool:", 0) != 0;
    weight.push_back(integer ? (weight.size() % 3 + 1) * (weight.size() % 2 ? -1 : 1) : 0);
    if (!integer) continue;
    weights += (weights.empty() ? "" : ", ") + std::to_string(weight.back());
    terms += (terms.empty() ? "" : ", ") + line.substr(line.find(": ") + 2, line.find(" ::") - line.find(": ") - 2);
  }
  if (terms.empty()) return {};
  const std::set<Values> solutions = in.brute_force();
  std::vector<OptimisationModel> models;
  for (const bool minimise : {true, false}) {
    OptimisationModel m;
    m.text = satisfy.substr(0, satisfy.rfind("solve")) + "var -1000..1000: objective;\n" + "constraint int_lin_eq([" +
             weights + ", -1], [" + terms + ", objective], 0);\n" +
             (minimise ? "solve minimize objective;\n" : "solve maximize objective;\n");
    for (const Values& s : solutions) {
      long long value = 0;
      for (std::size_t i = 0; i < s.size(); ++i) value += weight[i] * s[i];
      if (!m.expected || (minimise ? value < *m.expected : value > *m.expected)) m.expected = value;
    }
    models.push_back(std::move(m));
  }
  return models;
}

constexpr unsigned optimisation_seeds = 30;

TEST(Objective, TheRandomOptimisationModelsHaveOptimaToFind) {
  int optimised = 0;
  for (unsigned seed = 1; seed <= optimisation_seeds; ++seed) {
    for (const OptimisationModel& m : optimisation_models(seed)) optimised += m.expected ? 1 : 0;
  }
  EXPECT_GE(optimised, 8);
}

// Those models under every --prune, --order and --values, split after probes of a few
// nodes (so that subtrees are made after the bound tightened) on 1 and 2 threads, and
// as one search; the seeds in six parts, which ctest runs side by side.
class EverySearch : public ::testing::TestWithParam<unsigned> {};

TEST_P(EverySearch, FindsTheOptimumOfABruteForceSplitOrNot) {
  const SplitPlan unprobed{.subtrees = 16, .probe_nodes = 0};
  constexpr unsigned parts = 6;
  for (unsigned seed = GetParam(); seed <= optimisation_seeds; seed += parts) {
    for (const OptimisationModel& model : optimisation_models(seed)) {
      const std::string& text = model.text;
      const std::optional<long long>& expected = model.expected;
      const FlatZincModel m = build_model(parse(text));
      for (const csp::Prune prune : csp::all_prunes) {
        for (const csp::VariableOrder order : csp::all_variable_orders) {
          for (const csp::ValueOrder values : csp::all_value_orders) {
            // Generate and test decides the objective too, value by value of its 2,001
            // (nothing fixes it from the terms): two orders and two value choices of it,
            // as the rest took minutes.
            const bool generated = prune == csp::Prune::none;
            if (generated && ((order != csp::VariableOrder::static_order && order != csp::VariableOrder::mrv) ||
                              (values != csp::ValueOrder::min && values != csp::ValueOrder::split))) {
              continue;
            }
            const csp::IntProblem problem(m.model, csp::SearchOptions{.prune = prune, .variables = order, .values = values});
            SCOPED_TRACE(text + "--prune " + std::string(csp::to_string(prune)) + " --order " +
                         std::string(csp::to_string(order)) + " --values " + std::string(csp::to_string(values)));
            EXPECT_EQ(csp::optimum_of_one_search(problem), expected) << "one search";
            // A run of the solver: on one thread one search (the failures' weights and
            // the bound kept across the tree); on two, where the order learns, a portfolio
            // (an order that does not is split, as above).
            const csp::RunOptimum alone = csp::optimum_of_run(problem, 1);
            EXPECT_EQ(alone.best, expected) << "a run on one thread";
            EXPECT_TRUE(alone.proved);
            EXPECT_EQ(alone.nodes, csp::nodes_of_one_search(problem)) << "a run on one thread is one search";
            if (problem.learns()) {
              const csp::RunOptimum two = csp::optimum_of_run(problem, 2);
              EXPECT_EQ(two.best, expected) << "a portfolio on two threads";
              EXPECT_TRUE(two.proved);
            }
            EXPECT_EQ(csp::optimum_split(problem, unprobed, 2), expected) << "split without a probe, 2 threads";
            for (const std::uint64_t probe_nodes : {4, 10, 25}) {
              for (const unsigned threads : {1U, 2U}) {
                EXPECT_EQ(csp::optimum_split(problem, {.subtrees = 16, .probe_nodes = probe_nodes}, threads), expected)
                    << "split after a probe of " << probe_nodes << " nodes, " << threads << " threads";
              }
            }
            // Searches cut every few nodes, sharing the bound and leaving out what the
            // ones before finished (restart_search.hpp): at arc and bounds, two orders,
            // halves (the objective's 2,001 values make deep trees of short searches).
            if ((prune == csp::Prune::arc || prune == csp::Prune::bounds) && values == csp::ValueOrder::split &&
                (order == csp::VariableOrder::static_order || order == csp::VariableOrder::dom_wdeg)) {
              for (const RestartSchedule& schedule : csp::short_restarts) {
                EXPECT_EQ(csp::optimum_with_restarts(problem, schedule), expected) << "restarts";
              }
              // The solver's run with --restarts: on two threads a portfolio of them.
              for (const csp::Restarts restarts : {csp::Restarts::luby, csp::Restarts::geometric}) {
                const csp::IntProblem restarting(
                    m.model, csp::SearchOptions{.prune = prune, .variables = order, .values = values, .restarts = restarts});
                for (const unsigned threads : {1U, 2U}) {
                  const csp::RunOptimum run = csp::optimum_of_run(restarting, threads);
                  EXPECT_EQ(run.best, expected) << "restarts, " << threads << " threads";
                  EXPECT_TRUE(run.proved);
                }
              }
            }
          }
        }
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Objective, EverySearch, ::testing::Range(1U, 7U));

// The message of the ModelError or ParseError a text raises ("" for none).
std::string error_of(const std::string& text) {
  try {
    build_model(parse(text));
  } catch (const ModelError& e) {
    return e.what();
  } catch (const ParseError& e) {
    return std::string("parse: ") + e.what();
  }
  return "";
}

TEST(Errors, RefusedWithTheirLineAndColumn) {
  const auto refused = [](const std::string& text, const std::string& place, const std::string& says) {
    const std::string message = error_of(text);
    EXPECT_EQ(message.rfind(place, 0), 0U) << message << "\n" << text;
    EXPECT_NE(message.find(says), std::string::npos) << message << "\n" << text;
  };
  refused("var 1..3: x;\nvar float: f;\nsolve satisfy;\n", "2:1: ", "float");
  refused("var 1..3: x;\nconstraint int_eq(x, 1.5);\nsolve satisfy;\n", "2:", "float");
  refused("var 1..3: x;\nvar set of 1..3: s;\nsolve satisfy;\n", "2:1: ", "set variable");
  refused("var 1..3: x;\n\nconstraint fzn_circuit([x]);\nsolve satisfy;\n", "3:1: ", "fzn_circuit");
  refused("var 1..3: x;\nconstraint int_eq(x, y);\nsolve satisfy;\n", "2:", "'y' is not declared");
  refused("var 1..3: x;\nconstraint int_le(x, 2, 3, 4);\nsolve satisfy;\n", "2:1: ", "takes 2 arguments");
  refused("var 1..3: x;\nconstraint int_lin_eq([1], [x]);\nsolve satisfy;\n", "2:1: ", "takes 3 arguments");
  refused("var 1..3: x;\nconstraint int_times(x, 4294967296, x);\nsolve satisfy;\n", "2:", "32-bit");
  refused("var 1..4294967296: x;\nsolve satisfy;\n", "1:", "32-bit");
  refused("var 1..3: x;\nsolve minimize 2.5;\n", "2:", "float");
  // The column of the constraint on a line of its own.
  // A large constant in a linear constraint is no variable: only no solution.
  EXPECT_EQ(csp::solutions_of(build_model(parse("var 1..3: x;\nconstraint int_eq(x, 4294967296);\nsolve satisfy;\n"))
                                  .model)
                .size(),
            0U);
  refused("var 1..3: x;\n   constraint no_such(x);\nsolve satisfy;\n", "2:4: ", "no_such");
  // Past 64 bits: a coefficient once x + x is 2 * x, one that cannot be negated, a constant
  // past 128 bits, the value pairs of a power, the elements of an output array.
  refused("var -1..1: x;\nconstraint int_lin_le([4611686018427387904, 4611686018427387904], [x, x], 0);\nsolve satisfy;\n",
          "2:1: ", "coefficient 9223372036854775808 of a linear expression does not fit in 64 bits");
  refused("var -1..1: x;\nconstraint int_lin_le_reif([-9223372036854775808], [x], 0, true);\nsolve satisfy;\n", "2:1: ",
          "does not fit in 64 bits");
  refused("var -1..1: x;\nconstraint int_lin_eq([-9223372036854775808, -9223372036854775808, 1], "
          "[-9223372036854775808, -9223372036854775808, x], 0);\nsolve satisfy;\n",
          "2:1: ", "does not fit in 128 bits");
  refused("var int: x;\nvar int: y;\nvar int: z;\nconstraint int_pow(x, y, z);\nsolve satisfy;\n", "4:1: ",
          "pairs of base and exponent may have their power in its domain");
  refused("var 1..3: x;\narray [1..2] of var int: xs :: output_array([-9223372036854775808..9223372036854775807]) = "
          "[x, x];\nsolve satisfy;\n",
          "2:", "output_array is too large");
}

// Constants at the 64-bit limits, and sums of products past them: the exact answer.
TEST(Arithmetic, ConstantsPast64BitsAreExact) {
  const auto solutions = [](const std::string& domains, const std::string& constraint) {
    const std::string text = domains + "constraint " + constraint + ";\nsolve satisfy;\n";
    const std::multiset<Values> found = solved(text, csp::SearchOptions{.prune = csp::Prune::arc});
    return std::set<Values>(found.begin(), found.end());
  };
  const std::string x = "var -2..2: x :: output_var;\n";
  const std::string xy = x + "var -2..2: y :: output_var;\n";
  const std::set<Values> none;
  const std::set<Values> every_x{{-2}, {-1}, {0}, {1}, {2}};
  // Constant terms folded: 3 * (2^31 - 2)^2 + x and 2^40 * 2^30 + x are positive.
  EXPECT_EQ(solutions(x, "int_lin_le([2147483646, 2147483646, 2147483646, 1], [2147483646, 2147483646, 2147483646, x], 0)"),
            none);
  EXPECT_EQ(solutions(x, "int_lin_le([1099511627776, 1], [1073741824, x], 0)"), none);
  EXPECT_EQ(solutions(x, "int_lin_ne([1099511627776, 1], [1073741824, x], 0)"), every_x);
  // -2^63 moved across the relation: 2^63.
  EXPECT_EQ(solutions(x, "int_ge(x, -9223372036854775808)"), every_x);
  EXPECT_EQ(solutions(x, "int_le(-9223372036854775808, x)"), every_x);
  EXPECT_EQ(solutions(x, "int_gt(9223372036854775807, x)"), every_x);
  EXPECT_EQ(solutions(x, "set_in(x, -9223372036854775808..0)"), (std::set<Values>{{-2}, {-1}, {0}}));
  EXPECT_EQ(solutions(x, "set_in(x, {-9223372036854775808, 1, 9223372036854775807})"), (std::set<Values>{{1}}));
  EXPECT_EQ(solutions(x, "set_in_reif(x, -9223372036854775808..0, true)"), (std::set<Values>{{-2}, {-1}, {0}}));
  EXPECT_EQ(solutions(x, "int_le_reif(-9223372036854775808, x, false)"), none);
  EXPECT_EQ(solutions(x, "int_lt_reif(x, -9223372036854775808, false)"), every_x);
  // Unit coefficients, a constant past their 64-bit sums' reach.
  EXPECT_EQ(solutions(xy, "int_lin_eq([1, -1], [x, y], 9223372036854775807)"), none);
  EXPECT_EQ(solutions(xy, "int_lin_eq([1, -1], [x, y], -9223372036854775808)"), none);
  // A bound of x, -1 * x <= room with room = -2^63: a 64-bit -2^63 / -1 overflows.
  EXPECT_EQ(solutions("var -1..1: x :: output_var;\nvar 0..2: y :: output_var;\n",
                      "int_lin_le([-9223372036854775808, 4611686018427387904, -9223372036854775807, -1], "
                      "[4611686018427387905, y, y, x], 0)")
                .size(),
            9U);
  // The largest coefficients there are.
  EXPECT_EQ(solutions(xy, "int_lin_le([9223372036854775807, -9223372036854775807], [x, y], -9223372036854775807)"),
            (std::set<Values>{{-2, -1}, {-2, 0}, {-2, 1}, {-2, 2}, {-1, 0}, {-1, 1}, {-1, 2}, {0, 1}, {0, 2}, {1, 2}}));
}

// The values of x and n of every solution of a model whose first two variables they are.
std::set<std::pair<csp::Value, csp::Value>> first_two_of(const std::string& text) {
  std::set<std::pair<csp::Value, csp::Value>> pairs;
  for (const auto& values : csp::solutions_of(build_model(parse(text)).model)) pairs.insert({values[0], values[1]});
  return pairs;
}

TEST(Power, UnboundedBaseAndExponentOfAFixedPowerAreTabledFromThePower) {
  // MiniZinc's pow(x, n) = 8 /\ n >= 0 over var int: the count of base and exponent pairs
  // (2^32)^2 wrapped to 0 and passed the table's limit, and the listing never ended.
  const std::set<std::pair<csp::Value, csp::Value>> expected{{2, 3}, {8, 1}};
  EXPECT_EQ(first_two_of("var int: x;\nvar int: n;\nconstraint int_pow(x, n, 8);\nconstraint int_le(0, n);\n"
                         "solve satisfy;\n"),
            expected);
  EXPECT_EQ(first_two_of("var int: x;\nvar int: n;\nconstraint int_pow(x, n, -8);\nsolve satisfy;\n"),
            (std::set<std::pair<csp::Value, csp::Value>>{{-2, 3}, {-8, 1}}));
  // Small domains: every pair with a power in z's domain, the exponent at least 0.
  std::set<std::pair<csp::Value, csp::Value>> small;
  for (csp::Value x = -3; x <= 3; ++x) {
    for (csp::Value n = 0; n <= 4; ++n) {
      csp::Value p = 1;
      for (csp::Value i = 0; i < n; ++i) p *= x;
      if (p >= -9 && p <= 30 && p != 4) small.insert({x, n});
    }
  }
  EXPECT_EQ(first_two_of("var -3..3: x;\nvar -2..4: n;\nvar -9..30: z;\nconstraint int_pow(x, n, z);\n"
                         "constraint int_ne(z, 4);\nsolve satisfy;\n"),
            small);
  // Where the power may be 1 for every base (x^0), the pairs are too many: refused.
  const std::string wide = error_of("var int: x;\nvar int: n;\nvar int: z;\nconstraint int_pow(x, n, z);\nsolve satisfy;\n");
  EXPECT_NE(wide.find("int_pow"), std::string::npos) << wide;
  EXPECT_NE(wide.find("at most 65536"), std::string::npos) << wide;
}

TEST(SetIn, ValuesBeyondThe32BitRangeAreNoneOfAVariables) {
  // ++v past 2^63 - 1 wrapped, and the listing grew until memory ran out.
  EXPECT_EQ(first_two_of("var int: x;\nvar 0..1: b;\nconstraint set_in(x, {2, 9223372036854775807});\n"
                         "constraint int_eq(b, 0);\nsolve satisfy;\n"),
            (std::set<std::pair<csp::Value, csp::Value>>{{2, 0}}));
  EXPECT_EQ(first_two_of("var int: x;\nvar bool: b;\nconstraint set_in_reif(x, {-9223372036854775807, 2, "
                         "9223372036854775807}, b);\nconstraint int_le(0, x);\nconstraint int_le(x, 2);\n"
                         "solve satisfy;\n"),
            (std::set<std::pair<csp::Value, csp::Value>>{{0, 0}, {1, 0}, {2, 1}}));
  EXPECT_TRUE(first_two_of("var int: x;\nvar 0..1: b;\nconstraint set_in(x, {-9223372036854775807, "
                           "9223372036854775807});\nsolve satisfy;\n")
                  .empty());
}

}  // namespace
}  // namespace backtrack::flatzinc
