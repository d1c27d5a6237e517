// Table and Boolean constraints of the integer layer (propagators/table.hpp, boolean.hpp):
// random small models against generate-and-test, and domain consistency checked at every
// node of random walks down the search.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <random>
#include <set>
#include <span>
#include <stdexcept>
#include <vector>

#include "backtrack/csp/int_problem.hpp"
#include "backtrack/engine.hpp"
#include "int_solutions.hpp"

namespace backtrack::csp {
namespace table_test {  // a unity build shares one translation unit among the files

using Tuple = std::vector<Value>;
using Check = std::function<bool(const Tuple&)>;

// Every assignment of the variables' values that passes every check.
std::set<Tuple> generate_and_test(const std::vector<std::vector<Value>>& domains, const std::vector<Check>& checks) {
  std::set<Tuple> found;
  Tuple v(domains.size());
  std::function<void(std::size_t)> generate = [&](std::size_t i) {
    if (i == domains.size()) {
      if (std::all_of(checks.begin(), checks.end(), [&](const Check& c) { return c(v); })) found.insert(v);
      return;
    }
    for (Value a : domains[i]) {
      v[i] = a;
      generate(i + 1);
    }
  };
  generate(0);
  return found;
}

// (arc where forward checking, which runs a table only once one variable is open, would
// enumerate a domain of 2^31 values unpruned.)
const std::vector<SearchOptions> settings{{Prune::forward, VariableOrder::mrv, ValueOrder::min, 1},
                                          {Prune::gac, VariableOrder::static_order, ValueOrder::split, 2},
                                          {Prune::bounds, VariableOrder::dom_wdeg, ValueOrder::random, 3},
                                          {Prune::arc, VariableOrder::largest, ValueOrder::max, 4}};

struct Random {
  std::mt19937 engine;
  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(engine); }
  template <class T>
  const T& one_of(const std::vector<T>& xs) { return xs[static_cast<std::size_t>(pick(0, static_cast<int>(xs.size()) - 1))]; }
};

// A model with its variables' values listed, and the checks of its constraints.
struct Instance {
  IntModel model;
  std::vector<IntVar> x;
  std::vector<std::vector<Value>> domains;
  std::vector<Check> checks;

  void add_variable(std::vector<Value> values) {
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    x.push_back(model.int_var(values));
    domains.push_back(values);
  }
  // The values of positions `scope` in an assignment.
  static Tuple project(const Tuple& v, const std::vector<std::size_t>& scope) {
    Tuple t;
    for (std::size_t i : scope) t.push_back(v[i]);
    return t;
  }
  std::vector<IntVar> vars(const std::vector<std::size_t>& scope) const {
    std::vector<IntVar> out;
    for (std::size_t i : scope) out.push_back(x[i]);
    return out;
  }
};

// Up to `most` values of -4 .. 4 (holes, negatives); or, `wide`, some of them with -70000 and
// 70000: a range too wide for holes.
std::vector<Value> random_values(Random& r, bool wide, int most = 5) {
  std::vector<Value> values;
  for (int k = r.pick(wide ? 0 : 1, most); k > 0; --k) values.push_back(r.pick(-4, 4));
  if (wide) {
    values.push_back(-70000);
    values.push_back(70000);
  }
  return values;
}

// A positive or forbidden table over a random scope (a variable repeated now and then),
// of 0 .. `most` tuples, most of whose values are in the domains.
void add_random_table(Instance& in, Random& r, bool forbidden, int most = 40) {
  std::vector<std::size_t> scope;
  for (std::size_t i = 0; i < in.x.size(); ++i) scope.push_back(i);
  std::shuffle(scope.begin(), scope.end(), r.engine);
  scope.resize(static_cast<std::size_t>(r.pick(1, static_cast<int>(scope.size()))));
  if (r.pick(0, 5) == 0) scope.insert(scope.begin() + r.pick(0, static_cast<int>(scope.size())), scope.back());
  std::vector<Tuple> tuples;
  for (int t = r.pick(0, most); t > 0; --t) {
    Tuple tuple;
    for (std::size_t i : scope) tuple.push_back(r.pick(0, 6) == 0 ? r.pick(-5, 5) : r.one_of(in.domains[i]));
    tuples.push_back(tuple);
  }
  const std::set<Tuple> listed(tuples.begin(), tuples.end());
  if (forbidden) {
    in.model.forbidden(in.vars(scope), tuples);
    in.checks.push_back([=](const Tuple& v) { return !listed.contains(Instance::project(v, scope)); });
  } else {
    in.model.table(in.vars(scope), tuples);
    in.checks.push_back([=](const Tuple& v) { return listed.contains(Instance::project(v, scope)); });
  }
}

// At the root and after each decision of random walks (taken back in turn), every domain
// is exactly the values the solutions within the decisions take: domain consistency.
void expect_domain_consistency(const Instance& in, Random& r, int round) {
  const std::set<Tuple> all = generate_and_test(in.domains, in.checks);
  const IntProblem problem(in.model, {.prune = Prune::arc});
  IntProblem::State state = problem.root();
  std::vector<Decision> path;
  auto check = [&] {
    std::vector<std::set<Value>> taken(in.x.size());
    for (const Tuple& t : all) {
      const bool within = std::all_of(path.begin(), path.end(), [&](const Decision& d) {
        return (t[static_cast<std::size_t>(d.x)] == d.v) == (d.kind == Decision::Kind::equal);
      });
      if (!within) continue;
      for (std::size_t i = 0; i < t.size(); ++i) taken[i].insert(t[i]);
    }
    if (state.space.failed()) {
      EXPECT_TRUE(taken[0].empty()) << "round " << round << ": failed with solutions left";
      return;
    }
    for (std::size_t i = 0; i < in.x.size(); ++i) {
      std::set<Value> domain;
      state.space.for_each(in.x[i].id, [&](Value v) { domain.insert(v); });
      EXPECT_EQ(domain, taken[i]) << "round " << round << ", variable " << i << ", depth " << path.size();
    }
  };
  check();
  for (int walk = 0; walk < 4; ++walk) {
    for (int depth = r.pick(1, static_cast<int>(in.x.size()) + 1); depth > 0 && !state.space.failed(); --depth) {
      std::vector<int> free;
      for (IntVar x : in.x) {
        if (!state.space.fixed(x.id)) free.push_back(x.id);
      }
      if (free.empty()) break;
      const int x = r.one_of(free);
      std::vector<Value> values;
      state.space.for_each(x, [&](Value v) { values.push_back(v); });
      const Decision d{x, r.pick(0, 1) == 0 ? Decision::Kind::equal : Decision::Kind::not_equal, r.one_of(values)};
      problem.apply(state, d);
      path.push_back(d);
      check();
    }
    while (!path.empty()) {
      problem.undo(state, path.back());
      path.pop_back();
      check();
    }
  }
}

TEST(IntTable, TablesAgreeWithGenerateAndTest) {
  Random r{std::mt19937(2016)};
  for (int round = 0; round < 400; ++round) {
    Instance in;
    const int n = r.pick(1, 4);
    for (int i = 0; i < n; ++i) in.add_variable(random_values(r, r.pick(0, 7) == 0));
    for (int c = r.pick(1, 2); c > 0; --c) add_random_table(in, r, r.pick(0, 1) == 0);
    const std::set<Tuple> expected = generate_and_test(in.domains, in.checks);
    for (const SearchOptions& options : settings) {
      ASSERT_EQ(solutions_of(in.model, options), expected) << "round " << round << " " << to_string(options.values);
    }
  }
}

TEST(IntTable, TablesAreDomainConsistentAtEveryNode) {
  Random r{std::mt19937(17)};
  for (int round = 0; round < 400; ++round) {
    Instance in;
    const int n = r.pick(1, 4);
    for (int i = 0; i < n; ++i) in.add_variable(random_values(r, false));
    // Past 64 tuples, the live ones take several words.
    add_random_table(in, r, round % 2 == 1, round % 4 < 2 ? 40 : 400);
    expect_domain_consistency(in, r, round);
  }
}

TEST(IntTable, WideVariablesMoveTheirBoundsToSupportedValues) {
  IntModel m;
  const IntVar x = m.int_var(-1000000000, 1000000000);
  const IntVar y = m.int_var(0, 3);
  m.table(std::vector<IntVar>{x, y}, {{-5, 0}, {7, 1}, {1000000, 2}, {2000000000, 3}});
  const IntProblem problem(m, {.prune = Prune::arc});
  EXPECT_EQ(problem.root().space.min(x.id), -5);
  EXPECT_EQ(problem.root().space.max(x.id), 1000000);
  EXPECT_EQ(problem.root().space.max(y.id), 2);
  const std::set<Tuple> expected{{-5, 0}, {7, 1}, {1000000, 2}};
  for (const SearchOptions& options : settings) EXPECT_EQ(solutions_of(m, options), expected);

  IntModel f;
  const IntVar u = f.int_var(0, 70000);
  const IntVar v = f.bool_var();
  f.forbidden(std::vector<IntVar>{u, v}, {{0, 0}, {0, 1}, {70000, 1}, {5, 0}, {5, 1}});
  f.post(u <= 5);
  const IntProblem forbidden(f, {.prune = Prune::arc});
  EXPECT_EQ(forbidden.root().space.min(u.id), 1);
  const std::set<Tuple> left{{1, 0}, {1, 1}, {2, 0}, {2, 1}, {3, 0}, {3, 1}, {4, 0}, {4, 1}};
  for (const SearchOptions& options : settings) EXPECT_EQ(solutions_of(f, options), left);
}

TEST(IntTable, BadTablesAreRefused) {
  IntModel m;
  const std::vector<IntVar> x = m.int_vars(2, 0, 3);
  EXPECT_THROW(m.table(x, {{1, 2}, {1}}), std::invalid_argument);
  EXPECT_THROW(m.forbidden({}, {}), std::invalid_argument);
  EXPECT_THROW(m.table(std::vector<IntVar>{IntVar{7}}, {{1}}), std::invalid_argument);
  EXPECT_THROW(m.clause(x, {}), std::invalid_argument);  // 0 .. 3 is not a Boolean
  EXPECT_THROW(m.bool_not(m.bool_var(), x[0]), std::invalid_argument);
}

// A random Boolean constraint over the variables (repeats, and r among xs, included); with
// `linear`, sometimes a sum of them, a Boolean being its own 0/1 integer.
void add_random_boolean(Instance& in, Random& r, bool linear) {
  const int n = static_cast<int>(in.x.size());
  auto some = [&](int most) {
    std::vector<std::size_t> scope;
    for (int k = r.pick(0, most); k > 0; --k) scope.push_back(static_cast<std::size_t>(r.pick(0, n - 1)));
    return scope;
  };
  auto one = [&] { return static_cast<std::size_t>(r.pick(0, n - 1)); };
  switch (r.pick(0, linear ? 5 : 4)) {
    case 0: {
      const auto pos = some(3);
      const auto neg = some(3);
      in.model.clause(in.vars(pos), in.vars(neg));
      in.checks.push_back([=](const Tuple& v) {
        return std::any_of(pos.begin(), pos.end(), [&](std::size_t i) { return v[i] == 1; }) ||
               std::any_of(neg.begin(), neg.end(), [&](std::size_t i) { return v[i] == 0; });
      });
      break;
    }
    case 1:
    case 2: {
      const bool is_and = r.pick(0, 1) == 0;
      const auto xs = some(4);
      const std::size_t res = one();
      if (is_and) {
        in.model.bool_and(in.vars(xs), in.x[res]);
      } else {
        in.model.bool_or(in.vars(xs), in.x[res]);
      }
      in.checks.push_back([=](const Tuple& v) {
        const Value decides = is_and ? 0 : 1;
        const bool decided = std::any_of(xs.begin(), xs.end(), [&](std::size_t i) { return v[i] == decides; });
        return v[res] == (decided ? decides : 1 - decides);
      });
      break;
    }
    case 3: {
      const std::size_t a = one();
      const std::size_t b = one();
      const std::size_t res = one();
      in.model.bool_xor(in.x[a], in.x[b], in.x[res]);
      in.checks.push_back([=](const Tuple& v) { return v[res] == (v[a] ^ v[b]); });
      break;
    }
    case 4: {
      const std::size_t a = one();
      const std::size_t b = one();
      in.model.bool_not(in.x[a], in.x[b]);
      in.checks.push_back([=](const Tuple& v) { return v[b] == 1 - v[a]; });
      break;
    }
    default: {
      const auto xs = some(n);
      const Value k = r.pick(0, 3);
      LinearExpr sum;
      for (std::size_t i : xs) sum = sum + in.x[i];
      in.model.post(sum == k);
      in.checks.push_back([=](const Tuple& v) {
        Value s = 0;
        for (std::size_t i : xs) s += v[i];
        return s == k;
      });
    }
  }
}

TEST(IntBoolean, RandomModelsAgreeWithGenerateAndTest) {
  Random r{std::mt19937(1)};
  for (int round = 0; round < 400; ++round) {
    Instance in;
    const int n = r.pick(1, 6);
    for (int i = 0; i < n; ++i) in.add_variable({0, 1});
    for (int c = r.pick(1, 4); c > 0; --c) add_random_boolean(in, r, true);
    const std::set<Tuple> expected = generate_and_test(in.domains, in.checks);
    for (const SearchOptions& options : settings) {
      ASSERT_EQ(solutions_of(in.model, options), expected) << "round " << round;
    }
  }
}

TEST(IntBoolean, EachConstraintIsDomainConsistentAtEveryNode) {
  Random r{std::mt19937(2)};
  for (int round = 0; round < 400; ++round) {
    Instance in;
    const int n = r.pick(1, 5);
    for (int i = 0; i < n; ++i) in.add_variable({0, 1});
    add_random_boolean(in, r, false);
    expect_domain_consistency(in, r, round);
  }
}

// r = and(xs) sleeps once an x is 0 (r is 0 whatever the rest), or once r is 1 and every
// x with it, and runs again once the search undoes that; with r at 0 and two xs open it
// stays awake.
TEST(IntBoolean, ADecidedAndSleepsUntilTheSearchBacktracks) {
  IntModel m;
  const auto xs = m.int_vars(3, 0, 1);
  const IntVar r = m.bool_var();
  m.bool_and(std::span<const IntVar>(xs), r);
  const Propagation& propagation = m.propagation();
  const int id = propagation.size() - 1;
  Space s = m.space();
  ASSERT_EQ(propagation.run_all(s), -1);
  EXPECT_FALSE(propagation.subsumed(s, id));

  s.mark();
  ASSERT_TRUE(s.fix(xs[1].id, 0));
  ASSERT_EQ(propagation.run(s), -1);
  EXPECT_TRUE(s.fixed(r.id) && s.value(r.id) == 0);
  EXPECT_TRUE(propagation.subsumed(s, id));
  s.undo();
  EXPECT_FALSE(propagation.subsumed(s, id));

  s.mark();
  ASSERT_TRUE(s.fix(r.id, 0));
  ASSERT_EQ(propagation.run(s), -1);
  EXPECT_FALSE(propagation.subsumed(s, id));
  ASSERT_TRUE(s.fix(xs[0].id, 1));
  ASSERT_TRUE(s.fix(xs[2].id, 1));
  ASSERT_EQ(propagation.run(s), -1);
  EXPECT_TRUE(s.fixed(xs[1].id) && s.value(xs[1].id) == 0);  // the last open x decides r
  EXPECT_TRUE(propagation.subsumed(s, id));
  s.undo();

  s.mark();
  ASSERT_TRUE(s.fix(r.id, 1));
  ASSERT_EQ(propagation.run(s), -1);
  for (const IntVar& x : xs) EXPECT_TRUE(s.fixed(x.id) && s.value(x.id) == 1);
  EXPECT_TRUE(propagation.subsumed(s, id));
}

}  // namespace table_test
}  // namespace backtrack::csp
