// The integer CSP layer (csp/int_model.hpp, csp/int_problem.hpp): the input makes a small
// model, and the search's solutions must be exactly those of generate-and-test.
// Promises: no solution found twice, none missed, none that breaks a constraint, under
// the --prune, --order and --values the input chooses.
//
// The input, a byte at a time (past its end every byte reads 0):
//   2-4 variables: each a lowest value, a width and the values it keeps of them (holes),
//   all spread by one step (1 or wide); 1-2 0/1 variables; maybe a wide variable (no
//   bitset, space.hpp) that is a linear function of the first two, where propagation
//   narrows it; the search options;
//   then up to 6 constraints, each a kind (`kinds` below: every constraint the IntModel
//   posts) and its arguments.
#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <span>
#include <utility>
#include <vector>

#include "backtrack/csp/globals.hpp"
#include "backtrack/csp/int_problem.hpp"
#include "backtrack/engine.hpp"
#include "contract.hpp"

namespace {

using namespace backtrack;
using namespace backtrack::csp;
using backtrack::fuzz::require;
using Values = std::vector<Value>;

struct Input {
  std::span<const std::uint8_t> bytes;
  std::size_t at = 0;
  bool done() const { return at >= bytes.size(); }
  // A number 0 .. count - 1.
  int next(int count) { return done() ? 0 : bytes[at++] % count; }
  int between(int lo, int hi) { return lo + next(hi - lo + 1); }
};

struct Fuzzed {
  IntModel m;
  std::vector<IntVar> x;
  std::vector<Values> values;  // of the enumerated variables, x's first ones
  std::vector<std::function<Value(const Values&)>> derived;  // the values of the others
  std::vector<std::size_t> bools;  // the 0/1 variables
  std::vector<std::function<bool(const Values&)>> checks;
};

// sum(a * x) relation c over 1-3 of the variables.
struct Linear {
  std::vector<std::size_t> at;
  Values a;
  Value c = 0;
  Relation relation = Relation::equal;

  static Linear read(Input& in, const Fuzzed& f) {
    Linear l;
    for (int t = in.between(1, 3); t > 0; --t) {
      l.at.push_back(static_cast<std::size_t>(in.next(static_cast<int>(f.x.size()))));
      l.a.push_back(in.between(-3, 3));
    }
    l.c = in.between(-8, 8);
    l.relation = static_cast<Relation>(in.next(3));
    return l;
  }
  LinearRelation posted(const std::vector<IntVar>& x) const {
    LinearExpr e;
    for (std::size_t i = 0; i < at.size(); ++i) e = e + a[i] * x[at[i]];
    switch (relation) {
      case Relation::equal: return e == c;
      case Relation::not_equal: return e != c;
      case Relation::less_equal: break;
    }
    return e <= c;
  }
  bool holds(const Values& v) const {
    Value sum = 0;
    for (std::size_t i = 0; i < at.size(); ++i) sum += a[i] * v[at[i]];
    return relation == Relation::equal ? sum == c : relation == Relation::not_equal ? sum != c : sum <= c;
  }
};

std::size_t one_of(Input& in, const std::vector<std::size_t>& xs) {
  return xs[static_cast<std::size_t>(in.next(static_cast<int>(xs.size())))];
}

// sum op c.
void linear(Input& in, Fuzzed& f) {
  const Linear l = Linear::read(in, f);
  f.m.post(l.posted(f.x));
  f.checks.push_back([l](const Values& v) { return l.holds(v); });
}
// b <-> sum op c, or b -> sum op c (half).
template <bool half>
void reified(Input& in, Fuzzed& f) {
  const Linear l = Linear::read(in, f);
  const std::size_t b = one_of(in, f.bools);
  if (half) {
    f.m.post(l.posted(f.x), when(f.x[b]));
  } else {
    f.m.post(l.posted(f.x), iff(f.x[b]));
  }
  f.checks.push_back([l, b](const Values& v) { return half ? v[b] == 0 || l.holds(v) : (v[b] == 1) == l.holds(v); });
}
// All-different over some of the variables, at --prune's strength unless one is given.
void all_different(Input& in, Fuzzed& f, std::optional<DistinctStrength> strength = std::nullopt) {
  std::vector<std::size_t> at;
  std::vector<IntVar> scope;
  for (std::size_t i = 0; i < f.x.size(); ++i) {
    if (in.next(2) == 1) at.push_back(i), scope.push_back(f.x[i]);
  }
  f.m.all_different(scope, strength);
  f.checks.push_back([at](const Values& v) {
    std::set<Value> seen;
    for (std::size_t i : at) seen.insert(v[i]);
    return seen.size() == at.size();
  });
}

std::size_t any(Input& in, const Fuzzed& f) { return static_cast<std::size_t>(in.next(static_cast<int>(f.x.size()))); }

// z = op(x, y) for the arithmetic constraints; `defined` says where op has a value.
template <class Post, class Op>
void arithmetic(Input& in, Fuzzed& f, Post post, Op op) {
  const std::size_t x = any(in, f);
  const std::size_t y = any(in, f);
  const std::size_t z = any(in, f);
  post(f.m, f.x[x], f.x[y], f.x[z]);
  f.checks.push_back([=](const Values& v) {
    const std::optional<Value> r = op(v[x], v[y]);
    return r && *r == v[z];
  });
}
// A table over 1-3 variables, its tuples drawn from their values (and a few others).
void table(Input& in, Fuzzed& f, bool allowed) {
  std::vector<std::size_t> at;
  std::vector<IntVar> scope;
  for (int k = in.between(1, 3); k > 0; --k) at.push_back(any(in, f)), scope.push_back(f.x[at.back()]);
  std::vector<Values> tuples;
  for (int t = in.next(8); t > 0; --t) {
    Values tuple;
    for (std::size_t i = 0; i < at.size(); ++i) tuple.push_back(in.between(-5, 5));
    tuples.push_back(tuple);
  }
  if (allowed) {
    f.m.table(scope, tuples);
  } else {
    f.m.forbidden(scope, tuples);
  }
  f.checks.push_back([=](const Values& v) {
    Values tuple;
    for (std::size_t i : at) tuple.push_back(v[i]);
    return (std::find(tuples.begin(), tuples.end(), tuple) != tuples.end()) == allowed;
  });
}
// A Boolean constraint over the 0/1 variables.
void boolean(Input& in, Fuzzed& f) {
  const std::size_t a = one_of(in, f.bools);
  const std::size_t b = one_of(in, f.bools);
  const std::size_t r = one_of(in, f.bools);
  switch (in.next(5)) {
    case 0:
      f.m.clause(std::vector{f.x[a]}, std::vector{f.x[b]});
      f.checks.push_back([=](const Values& v) { return v[a] == 1 || v[b] == 0; });
      break;
    case 1:
      f.m.bool_and(std::vector{f.x[a], f.x[b]}, f.x[r]);
      f.checks.push_back([=](const Values& v) { return v[r] == (v[a] & v[b]); });
      break;
    case 2:
      f.m.bool_or(std::vector{f.x[a], f.x[b]}, f.x[r]);
      f.checks.push_back([=](const Values& v) { return v[r] == (v[a] | v[b]); });
      break;
    case 3:
      f.m.bool_xor(f.x[a], f.x[b], f.x[r]);
      f.checks.push_back([=](const Values& v) { return v[r] == (v[a] ^ v[b]); });
      break;
    default:
      f.m.bool_not(f.x[a], f.x[b]);
      f.checks.push_back([=](const Values& v) { return v[b] == 1 - v[a]; });
      break;
  }
}
// z = array[i] for a constant array, or an array of variables.
void element(Input& in, Fuzzed& f, bool of_variables) {
  const std::size_t i = any(in, f);
  const std::size_t z = any(in, f);
  Values constants;
  std::vector<std::size_t> at;
  std::vector<IntVar> vars;
  for (int k = in.between(1, 4); k > 0; --k) {
    constants.push_back(in.between(-5, 5));
    at.push_back(any(in, f));
    vars.push_back(f.x[at.back()]);
  }
  if (of_variables) {
    f.m.element(vars, f.x[i], f.x[z]);
  } else {
    f.m.element(constants, f.x[i], f.x[z]);
  }
  f.checks.push_back([=](const Values& v) {
    if (v[i] < 0 || v[i] >= static_cast<Value>(at.size())) return false;
    const auto k = static_cast<std::size_t>(v[i]);
    return v[z] == (of_variables ? v[at[k]] : constants[k]);
  });
}

// c = xs[row][column] over a matrix of 1-4 variables, any of them maybe an index or c as
// well, its rows and columns counted from -1, 0 or 1.
void element2d_of(Input& in, Fuzzed& f) {
  const std::size_t row = any(in, f);
  const std::size_t column = any(in, f);
  const std::size_t c = any(in, f);
  const auto columns = static_cast<std::size_t>(in.between(1, 2));
  const Value first_row = in.between(-1, 1);
  const Value first_column = in.between(-1, 1);
  std::vector<std::size_t> at;
  std::vector<IntVar> xs;
  for (std::size_t k = columns * static_cast<std::size_t>(in.between(1, 2)); k > 0; --k) {
    at.push_back(any(in, f));
    xs.push_back(f.x[at.back()]);
  }
  element2d(f.m, xs, columns, f.x[row], f.x[column], f.x[c], first_row, first_column);
  f.checks.push_back([=](const Values& v) {
    const Value r = v[row] - first_row;
    const Value q = v[column] - first_column;
    if (r < 0 || q < 0 || q >= static_cast<Value>(columns) || r >= static_cast<Value>(at.size() / columns)) return false;
    return v[at[static_cast<std::size_t>(r) * columns + static_cast<std::size_t>(q)]] == v[c];
  });
}

// cumulative, disjunctive or disjunctive_strict over 1-3 tasks drawn from the variables
// (a negative duration or use breaks it).
void scheduling(Input& in, Fuzzed& f) {
  const int kind = in.next(3);
  std::vector<std::size_t> s, d, r;
  std::vector<IntVar> start, duration, use;
  for (int k = in.between(1, 3); k > 0; --k) {
    s.push_back(any(in, f)), d.push_back(any(in, f)), r.push_back(any(in, f));
    start.push_back(f.x[s.back()]), duration.push_back(f.x[d.back()]), use.push_back(f.x[r.back()]);
  }
  const std::size_t b = any(in, f);
  if (kind == 0) {
    cumulative(f.m, start, duration, use, f.x[b]);
  } else if (kind == 1) {
    disjunctive(f.m, start, duration);
  } else {
    disjunctive_strict(f.m, start, duration);
  }
  f.checks.push_back([=](const Values& v) {
    if (kind == 0 && v[b] < 0) return false;
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (v[d[i]] < 0 || (kind == 0 && v[r[i]] < 0)) return false;
      Value load = 0;  // at task i's start
      for (std::size_t j = 0; j < s.size(); ++j) {
        const bool runs = v[s[j]] <= v[s[i]] && v[s[i]] < v[s[j]] + v[d[j]];
        load += runs ? v[r[j]] : 0;
        const bool apart = v[s[i]] + v[d[i]] <= v[s[j]] || v[s[j]] + v[d[j]] <= v[s[i]];
        if (kind > 0 && j > i && !apart && (kind == 2 || (v[d[i]] != 0 && v[d[j]] != 0))) return false;
      }
      if (kind == 0 && load > v[b]) return false;
    }
    return true;
  });
}

// diffn or diffn_nonstrict over 1-3 rectangles drawn from the variables.
void packing(Input& in, Fuzzed& f) {
  const bool strict = in.next(2) == 0;
  std::vector<std::size_t> at[4];
  std::vector<IntVar> vars[4];
  for (int k = in.between(1, 3); k > 0; --k) {
    for (int a = 0; a < 4; ++a) at[a].push_back(any(in, f)), vars[a].push_back(f.x[at[a].back()]);
  }
  diffn(f.m, vars[0], vars[1], vars[2], vars[3], strict);
  f.checks.push_back([=](const Values& v) {
    for (std::size_t i = 0; i < at[0].size(); ++i) {
      for (std::size_t j = i + 1; j < at[0].size(); ++j) {
        bool apart = false, flat = false;
        for (const std::size_t d : {0, 1}) {  // x, then y
          const Value lo_i = v[at[d][i]], lo_j = v[at[d][j]], side_i = v[at[d + 2][i]], side_j = v[at[d + 2][j]];
          apart = apart || lo_i + side_i <= lo_j || lo_j + side_j <= lo_i;
          flat = flat || side_i == 0 || side_j == 0;
        }
        if (!apart && (strict || !flat)) return false;
      }
    }
    return true;
  });
}

// The number of 0-3 variables equal to y (a constant or a variable) compared with c.
void counted(Input& in, Fuzzed& f) {
  std::vector<std::size_t> at;
  std::vector<IntVar> xs;
  for (int k = in.next(4); k > 0; --k) at.push_back(any(in, f)), xs.push_back(f.x[at.back()]);
  const bool constant = in.next(2) == 0;
  const Value y_value = in.between(-2, 2);
  const std::size_t y = any(in, f);
  const std::size_t c = any(in, f);
  const auto is = static_cast<CountIs>(in.next(6));
  if (constant) {
    count(f.m, xs, y_value, is, f.x[c]);
  } else {
    count(f.m, xs, f.x[y], is, f.x[c]);
  }
  f.checks.push_back([=](const Values& v) {
    const Value target = constant ? y_value : v[y];
    const auto k = static_cast<Value>(std::count_if(at.begin(), at.end(), [&](std::size_t i) { return v[i] == target; }));
    switch (is) {
      case CountIs::equal: return k == v[c];
      case CountIs::not_equal: return k != v[c];
      case CountIs::less: return k < v[c];
      case CountIs::at_most: return k <= v[c];
      case CountIs::greater: return k > v[c];
      case CountIs::at_least: return k >= v[c];
    }
    return false;
  });
}

// global_cardinality over 0-3 variables, a cover of 1-2 values of -2..2 (maybe one twice),
// counts drawn from the variables or constant bounds, closed or not: MiniZinc's definition,
// its implied sums included.
void cardinality(Input& in, Fuzzed& f) {
  std::vector<std::size_t> at;
  std::vector<IntVar> xs;
  for (int k = in.next(4); k > 0; --k) at.push_back(any(in, f)), xs.push_back(f.x[at.back()]);
  std::vector<Value> cover, low, up;
  std::vector<std::size_t> c;
  std::vector<IntVar> counts;
  const bool bounds = in.next(2) == 0;
  const bool closed = in.next(2) == 0;
  for (int k = in.between(1, 2); k > 0; --k) {
    cover.push_back(in.between(-2, 2));
    low.push_back(in.between(-1, 2));
    up.push_back(low.back() + in.between(-1, 3));
    c.push_back(any(in, f)), counts.push_back(f.x[c.back()]);
  }
  if (bounds) {
    global_cardinality(f.m, xs, cover, low, up, closed);
  } else {
    global_cardinality(f.m, xs, cover, counts, closed);
  }
  f.checks.push_back([=](const Values& v) {
    const auto n = static_cast<Value>(at.size());
    Value sum = 0, lows = 0, ups = 0;
    for (std::size_t j = 0; j < cover.size(); ++j) {
      const auto k = static_cast<Value>(std::count_if(at.begin(), at.end(), [&](std::size_t i) { return v[i] == cover[j]; }));
      if (bounds ? k < low[j] || k > up[j] : k != v[c[j]]) return false;
      sum += v[c[j]], lows += low[j], ups += up[j];
    }
    if (!bounds && sum > n) return false;
    if (bounds && closed && (n < lows || n > ups)) return false;
    return !closed || std::all_of(at.begin(), at.end(), [&](std::size_t i) {
      return std::find(cover.begin(), cover.end(), v[i]) != cover.end();
    });
  });
}

// 0-3 variables read as a word by an automaton of 1-3 states over the symbols 1-2.
void accepted(Input& in, Fuzzed& f) {
  std::vector<std::size_t> at;
  std::vector<IntVar> xs;
  for (int k = in.next(4); k > 0; --k) at.push_back(any(in, f)), xs.push_back(f.x[at.back()]);
  const int states = in.between(1, 3);
  std::vector<int> next;
  for (int k = 0; k < states * 2; ++k) next.push_back(in.next(states + 1));
  std::vector<int> final;
  for (int q = 1; q <= states; ++q) {
    if (in.next(2) == 0) final.push_back(q);
  }
  regular(f.m, xs, states, 2, next, 1, final);
  f.checks.push_back([=](const Values& v) {
    int q = 1;
    for (std::size_t i : at) {
      if (v[i] < 1 || v[i] > 2 || (q = next[static_cast<std::size_t>((q - 1) * 2 + v[i] - 1)]) == 0) return false;
    }
    return std::find(final.begin(), final.end(), q) != final.end();
  });
}

// An order global (globals/lex.hpp, globals/increasing.hpp) over 0-3 variables (and 0-3
// more for lex), a variable maybe twice.
void order(Input& in, Fuzzed& f) {
  const int kind = in.next(6);
  std::vector<std::size_t> xs, ys;
  for (int k = in.between(0, 3); k > 0; --k) xs.push_back(any(in, f));
  if (kind < 2) {
    for (int k = in.between(0, 3); k > 0; --k) ys.push_back(any(in, f));
  }
  std::vector<IntVar> x, y;
  for (std::size_t i : xs) x.push_back(f.x[i]);
  for (std::size_t i : ys) y.push_back(f.x[i]);
  switch (kind) {
    case 0: lex_lesseq(f.m, x, y); break;
    case 1: lex_less(f.m, x, y); break;
    case 2: increasing(f.m, x); break;
    case 3: decreasing(f.m, x); break;
    case 4: strictly_increasing(f.m, x); break;
    default: strictly_decreasing(f.m, x); break;
  }
  f.checks.push_back([=](const Values& v) {
    if (kind < 2) {
      for (std::size_t i = 0; i < xs.size() && i < ys.size(); ++i) {
        if (v[xs[i]] != v[ys[i]]) return v[xs[i]] < v[ys[i]];
      }
      return kind == 0 ? xs.size() <= ys.size() : xs.size() < ys.size();
    }
    const Value gap = kind >= 4 ? 1 : 0;
    for (std::size_t i = 1; i < xs.size(); ++i) {
      const Value rise = kind % 2 == 0 ? v[xs[i]] - v[xs[i - 1]] : v[xs[i - 1]] - v[xs[i]];
      if (rise < gap) return false;
    }
    return true;
  });
}

// bin_packing_load (globals/bin_packing.hpp): 1-2 loads and 0-3 items of weights 0-3
// among the variables, bins numbered from -1 .. 1.
void bin_packing(Input& in, Fuzzed& f) {
  std::vector<std::size_t> loads, bins;
  Values w;
  for (int k = in.between(1, 2); k > 0; --k) loads.push_back(any(in, f));
  for (int k = in.between(0, 3); k > 0; --k) {
    bins.push_back(any(in, f));
    w.push_back(in.between(0, 3));
  }
  const Value first = in.between(-1, 1);
  std::vector<IntVar> l, b;
  for (std::size_t i : loads) l.push_back(f.x[i]);
  for (std::size_t i : bins) b.push_back(f.x[i]);
  bin_packing_load(f.m, l, b, w, first);
  f.checks.push_back([=](const Values& v) {
    Values held(loads.size(), 0);
    for (std::size_t i = 0; i < bins.size(); ++i) {
      const Value k = v[bins[i]] - first;
      if (k < 0 || k >= static_cast<Value>(loads.size())) return false;
      held[static_cast<std::size_t>(k)] += w[i];
    }
    for (std::size_t k = 0; k < loads.size(); ++k) {
      if (held[k] != v[loads[k]]) return false;
    }
    return true;
  });
}

// Up to `most` of the variables (one maybe twice).
std::vector<std::size_t> some(Input& in, const Fuzzed& f, int most) {
  std::vector<std::size_t> at;
  for (int k = in.between(0, most); k > 0; --k) at.push_back(any(in, f));
  return at;
}
std::vector<IntVar> vars_at(const Fuzzed& f, const std::vector<std::size_t>& at) {
  std::vector<IntVar> xs;
  for (std::size_t i : at) xs.push_back(f.x[i]);
  return xs;
}
// circuit or subcircuit over some of the variables, the nodes named from an offset.
void circuit(Input& in, Fuzzed& f, bool sub) {
  const std::vector<std::size_t> at = some(in, f, 4);
  const Value offset = in.between(-4, 0);
  sub ? subcircuit(f.m, vars_at(f, at), offset) : backtrack::csp::circuit(f.m, vars_at(f, at), offset);
  f.checks.push_back([=](const Values& v) {
    const auto n = static_cast<Value>(at.size());
    const auto next = [&](Value i) { return v[at[static_cast<std::size_t>(i)]] - offset; };
    Value on = 0;
    Value first = -1;
    for (Value i = 0; i < n; ++i) {
      if (next(i) < 0 || next(i) >= n) return false;
      if (!sub || next(i) != i) ++on, first = first < 0 ? i : first;
    }
    if (on == 0) return true;
    Value steps = 1;
    for (Value i = next(first); i != first && steps <= n; i = next(i)) ++steps;
    return steps == on && (sub || n > 1);
  });
}
// inverse(f, g) over two runs of the variables, their positions named from 0 .. 1.
void inverse(Input& in, Fuzzed& f) {
  const std::vector<std::size_t> a = some(in, f, 3);
  const std::vector<std::size_t> b = some(in, f, 3);
  const Value a_base = in.between(0, 1);
  const Value b_base = in.between(0, 1);
  backtrack::csp::inverse(f.m, vars_at(f, a), vars_at(f, b), a_base, b_base);
  f.checks.push_back([=](const Values& v) {
    const auto channels = [&](const std::vector<std::size_t>& from, Value from_base, const std::vector<std::size_t>& to,
                              Value to_base) {
      for (std::size_t i = 0; i < from.size(); ++i) {
        const Value j = v[from[i]] - to_base;
        if (j < 0 || j >= static_cast<Value>(to.size()) || v[to[static_cast<std::size_t>(j)]] != static_cast<Value>(i) + from_base) {
          return false;
        }
      }
      return true;
    };
    return channels(a, a_base, b, b_base) && channels(b, b_base, a, a_base);
  });
}

// The number of distinct values of 0-3 variables (one at times twice) is n.
void distinct_values(Input& in, Fuzzed& f) {
  std::vector<std::size_t> at;
  for (int k = in.next(4); k > 0; --k) at.push_back(any(in, f));
  const std::size_t n = any(in, f);
  nvalue(f.m, f.x[n], vars_at(f, at));
  f.checks.push_back([=](const Values& v) {
    std::set<Value> values;
    for (std::size_t i : at) values.insert(v[i]);
    return v[n] == static_cast<Value>(values.size());
  });
}

using Maybe = std::optional<Value>;

// The constraint kinds the input chooses from: a line adds one.
using Kind = void (*)(Input&, Fuzzed&);
constexpr std::array<Kind, 29> kinds{
    counted,
    accepted,
    linear,
    reified<false>,
    reified<true>,
    [](Input& in, Fuzzed& f) { all_different(in, f); },
    [](Input& in, Fuzzed& f) { all_different(in, f, DistinctStrength::gac); },
    [](Input& in, Fuzzed& f) { table(in, f, true); },
    [](Input& in, Fuzzed& f) { table(in, f, false); },
    boolean,
    [](Input& in, Fuzzed& f) { element(in, f, false); },
    [](Input& in, Fuzzed& f) { element(in, f, true); },
    element2d_of,
    [](Input& in, Fuzzed& f) {
      arithmetic(in, f, [](IntModel& m, IntVar x, IntVar y, IntVar z) { m.times(x, y, z); },
                 [](Value a, Value b) { return Maybe{a * b}; });
    },
    [](Input& in, Fuzzed& f) {
      arithmetic(in, f, [](IntModel& m, IntVar x, IntVar y, IntVar z) { m.div(x, y, z); },
                 [](Value a, Value b) { return b == 0 ? Maybe{} : Maybe{a / b}; });
    },
    [](Input& in, Fuzzed& f) {
      arithmetic(in, f, [](IntModel& m, IntVar x, IntVar y, IntVar z) { m.mod(x, y, z); },
                 [](Value a, Value b) { return b == 0 ? Maybe{} : Maybe{a % b}; });
    },
    [](Input& in, Fuzzed& f) {
      arithmetic(in, f, [](IntModel& m, IntVar x, IntVar, IntVar z) { m.abs(x, z); },
                 [](Value a, Value) { return Maybe{a < 0 ? -a : a}; });
    },
    [](Input& in, Fuzzed& f) {
      arithmetic(in, f, [](IntModel& m, IntVar x, IntVar y, IntVar z) { m.min(x, y, z); },
                 [](Value a, Value b) { return Maybe{std::min(a, b)}; });
    },
    [](Input& in, Fuzzed& f) {
      arithmetic(in, f, [](IntModel& m, IntVar x, IntVar y, IntVar z) { m.max(x, y, z); },
                 [](Value a, Value b) { return Maybe{std::max(a, b)}; });
    },
    // x op y + c, a comparison with a constant: a two-term linear
    [](Input& in, Fuzzed& f) {
      const std::size_t x = any(in, f);
      const std::size_t y = any(in, f);
      const Value c = in.between(-3, 3);
      f.m.post(f.x[x] < f.x[y] + c);
      f.checks.push_back([=](const Values& v) { return v[x] < v[y] + c; });
    },
    scheduling,
    order,
    bin_packing,
    [](Input& in, Fuzzed& f) { circuit(in, f, false); },
    [](Input& in, Fuzzed& f) { circuit(in, f, true); },
    inverse,
    distinct_values,
    cardinality,
    packing,
};

// Without bounds reasoning nothing narrows the wide variable before x0 and x1 are fixed:
// an order that picks it first walks its two million values, so it is drawn only where
// propagation narrows it (--prune arc and stronger).
Fuzzed read_model(Input& in, bool with_wide) {
  Fuzzed f;
  constexpr std::array<Value, 4> steps{1, 1, 1, 37};
  const Value step = steps[static_cast<std::size_t>(in.next(4))];
  for (int i = in.between(2, 4); i > 0; --i) {
    const int lo = in.between(-4, 4);
    const int width = in.between(0, 4);
    const int keep = in.next(256);
    Values v;
    for (int k = 0; k <= width; ++k) {
      if ((keep >> k) & 1) v.push_back((lo + k) * step);
    }
    if (v.empty()) v.push_back(lo * step);
    f.x.push_back(f.m.int_var(v));
    f.values.push_back(std::move(v));
  }
  for (int i = in.between(1, 2); i > 0; --i) {
    f.bools.push_back(f.x.size());
    f.x.push_back(f.m.bool_var());
    f.values.push_back({0, 1});
  }
  if (in.next(4) == 0 && with_wide) {  // w = 1000 * x0 + x1, on an interval too wide for holes
    f.x.push_back(f.m.int_var(-1000000, 1000000));
    f.m.post(f.x.back() == 1000 * f.x[0] + f.x[1]);
    f.derived.push_back([](const Values& v) { return 1000 * v[0] + v[1]; });
  }
  for (int c = 0; c < 6 && !in.done(); ++c) kinds[static_cast<std::size_t>(in.next(static_cast<int>(kinds.size())))](in, f);
  return f;
}

std::set<Values> generate_and_test(const Fuzzed& f) {
  std::set<Values> found;
  Values v(f.values.size());
  std::function<void(std::size_t)> next = [&](std::size_t i) {
    if (i == f.values.size()) {
      Values all = v;
      for (const auto& d : f.derived) all.push_back(d(v));
      for (const auto& c : f.checks) {
        if (!c(all)) return;
      }
      found.insert(all);
      return;
    }
    for (Value a : f.values[i]) {
      v[i] = a;
      next(i + 1);
    }
  };
  next(0);
  return found;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Input in{{data, size}};
  SearchOptions options;
  options.prune = all_prunes[static_cast<std::size_t>(in.next(static_cast<int>(all_prunes.size())))];
  options.variables = all_variable_orders[static_cast<std::size_t>(in.next(static_cast<int>(all_variable_orders.size())))];
  options.values = all_value_orders[static_cast<std::size_t>(in.next(static_cast<int>(all_value_orders.size())))];
  options.seed = static_cast<std::uint64_t>(in.next(256));
  const Fuzzed f = read_model(in, options.prune != Prune::none && options.prune != Prune::forward);
  const std::set<Values> expected = generate_and_test(f);

  const IntProblem problem(f.m, options);
  std::set<Values> found;
  auto take = [&](std::span<const Decision> path, std::uint64_t, const FoundAt&) {
    // A decomposed global adds variables of its own (a count per value), after the
    // model's: a solution is the model's values, which fix the added ones.
    Values all = problem.values(path);
    all.resize(f.x.size());
    require(found.insert(std::move(all)).second, "no solution found twice");
    return true;
  };
  DepthFirstSearch<IntProblem, PathSink<IntProblem>>(problem, {}, path_sink<IntProblem>(take)).run();
  for (const Values& v : found) require(expected.count(v) == 1, "every solution found satisfies the constraints");
  require(found.size() == expected.size(), "every solution is found");
  return 0;
}
