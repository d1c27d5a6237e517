// The integer CSP layer (csp/int_model.hpp, csp/int_problem.hpp): the input makes a small
// model, and the search's solutions must be exactly those of generate-and-test.
// Promises: no solution found twice, none missed, none that breaks a constraint, under
// the --prune, --order and --values the input chooses.
//
// The input, a byte at a time (past its end every byte reads 0):
//   2-4 variables: each a lowest value, a width and the values it keeps of them (holes),
//   all spread by one step (1 or wide); 1-2 0/1 variables; maybe a wide variable (no
//   bitset, space.hpp) that is a linear function of the first two; the search options;
//   then up to 6 constraints, each a kind (`kinds` below) and its arguments.
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <span>
#include <vector>

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

// The constraint kinds the input chooses from: a line adds one.
using Kind = void (*)(Input&, Fuzzed&);
constexpr std::array<Kind, 5> kinds{
    linear,
    reified<false>,
    reified<true>,
    [](Input& in, Fuzzed& f) { all_different(in, f); },
    [](Input& in, Fuzzed& f) { all_different(in, f, DistinctStrength::gac); },
};

Fuzzed read_model(Input& in) {
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
  if (in.next(4) == 0) {  // w = 1000 * x0 + x1, on an interval too wide for holes
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
  const Fuzzed f = read_model(in);
  const std::set<Values> expected = generate_and_test(f);

  const IntProblem problem(f.m, options);
  std::set<Values> found;
  auto take = [&](std::span<const Decision> path, std::uint64_t, const FoundAt&) {
    require(found.insert(problem.values(path)).second, "no solution found twice");
    return true;
  };
  DepthFirstSearch<IntProblem, PathSink<IntProblem>>(problem, {}, path_sink<IntProblem>(take)).run();
  for (const Values& v : found) require(expected.count(v) == 1, "every solution found satisfies the constraints");
  require(found.size() == expected.size(), "every solution is found");
  return 0;
}
