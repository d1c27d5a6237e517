// Reified and half-reified linear relations (propagators/reified.hpp), and all-different
// at domain consistency on values of any range (propagators/distinct.hpp): random small
// models against generate-and-test, and what each propagator decides at the root.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <random>
#include <set>
#include <stdexcept>
#include <vector>

#include "backtrack/csp/int_problem.hpp"
#include "backtrack/engine.hpp"
#include "int_solutions.hpp"

namespace backtrack::csp {
namespace reified_test {  // a unity build shares one translation unit among the files

using Values = std::vector<Value>;
using Check = std::function<bool(const Values&)>;

// The root's domains after propagation, under the given options.
Space root_of(const IntModel& model, SearchOptions options) { return IntProblem(model, options).root().space; }

// A random model and its generate-and-test: the enumerated variables take their listed
// values; a wide variable (no bitset, space.hpp) is a linear function of them.
struct RandomModel {
  IntModel m;
  std::vector<IntVar> x;
  std::vector<Values> values;                      // of each enumerated variable
  std::vector<std::function<Value(const Values&)>> wide;  // each wide variable's value
  std::vector<Check> checks;

  std::set<Values> generate_and_test() const {
    std::set<Values> found;
    Values v(values.size());
    std::function<void(std::size_t)> next = [&](std::size_t i) {
      if (i == values.size()) {
        Values all = v;
        for (const auto& w : wide) all.push_back(w(v));
        if (std::all_of(checks.begin(), checks.end(), [&](const Check& c) { return c(all); })) found.insert(all);
        return;
      }
      for (Value a : values[i]) {
        v[i] = a;
        next(i + 1);
      }
    };
    next(0);
    return found;
  }
};

class Random {
 public:
  explicit Random(unsigned seed) : engine_(seed) {}
  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(engine_); }
  // Some of lo .. hi (at least one), spread by `step`.
  Values subset(int lo, int hi, Value step = 1) {
    Values out;
    for (int v = lo; v <= hi; ++v) {
      if (pick(0, 2) != 0) out.push_back(v * step);
    }
    if (out.empty()) out.push_back(pick(lo, hi) * step);
    return out;
  }

 private:
  std::mt19937 engine_;
};

// sum(a[i] * v[i]) over the variables of `at`, the constant aside.
struct Linear {
  std::vector<std::size_t> at;
  Values a;
  Value c;
  LinearExpr expr(const std::vector<IntVar>& x) const {
    LinearExpr e;
    for (std::size_t i = 0; i < at.size(); ++i) e = e + a[i] * x[at[i]];
    return e;
  }
  Value sum(const Values& v) const {
    Value s = 0;
    for (std::size_t i = 0; i < at.size(); ++i) s += a[i] * v[at[i]];
    return s;
  }
  bool holds(Relation r, const Values& v) const {
    switch (r) {
      case Relation::equal: return sum(v) == c;
      case Relation::not_equal: return sum(v) != c;
      case Relation::less_equal: return sum(v) <= c;
    }
    return false;
  }
  LinearRelation relation(Relation r, const std::vector<IntVar>& x) const {
    switch (r) {
      case Relation::equal: return expr(x) == c;
      case Relation::not_equal: return expr(x) != c;
      case Relation::less_equal: return expr(x) <= c;
    }
    return expr(x) <= c;
  }
};

constexpr std::array prunes{Prune::forward, Prune::bounds, Prune::gac};
constexpr std::array value_orders{ValueOrder::min, ValueOrder::split, ValueOrder::random};
constexpr std::array variable_orders{VariableOrder::static_order, VariableOrder::mrv, VariableOrder::dom_wdeg};

void expect_agreement(const RandomModel& r, int round) {
  const std::set<Values> expected = r.generate_and_test();
  for (auto prune : prunes) {
    for (auto order : variable_orders) {
      for (auto values : value_orders) {
        ASSERT_EQ(solutions_of(r.m, {prune, order, values, 7}), expected)
            << "round " << round << " " << to_string(prune) << " " << to_string(order) << " " << to_string(values);
      }
    }
  }
}

// 2-4 variables with holes, 0/1 variables, sometimes a wide variable, and reified or
// half-reified relations of every kind between them, with linear and all-different.
TEST(Reified, AgreesWithGenerateAndTest) {
  Random random(4401);
  for (int round = 0; round < 400; ++round) {
    RandomModel r;
    const int n = random.pick(2, 4);
    for (int i = 0; i < n; ++i) {
      const int lo = random.pick(-3, 2);
      r.values.push_back(random.subset(lo, lo + random.pick(0, 4)));
      r.x.push_back(r.m.int_var(r.values.back()));
    }
    const int bools = random.pick(1, 2);
    for (int i = 0; i < bools; ++i) {
      r.values.push_back({0, 1});
      r.x.push_back(r.m.bool_var());
    }
    if (random.pick(0, 3) == 0) {  // w = 1000000 * x0 + x1: wide, fixed by the others
      r.x.push_back(r.m.int_var(-7000000, 7000000));
      r.m.post(r.x.back() == 1000000 * r.x[0] + r.x[1]);
      r.wide.push_back([](const Values& v) { return 1000000 * v[0] + v[1]; });
    }
    auto any_term = [&] { return static_cast<std::size_t>(random.pick(0, static_cast<int>(r.x.size()) - 1)); };
    for (int c = random.pick(1, 4); c > 0; --c) {
      const int kind = random.pick(0, 9);
      if (kind == 9) {
        const std::vector<IntVar> some(r.x.begin(), r.x.begin() + n);
        r.m.all_different(some);
        r.checks.push_back([n](const Values& v) { return std::set<Value>(v.begin(), v.begin() + n).size() == static_cast<std::size_t>(n); });
        continue;
      }
      Linear l;
      for (int t = random.pick(1, 3); t > 0; --t) {
        l.at.push_back(any_term());
        l.a.push_back(random.pick(-3, 3));
      }
      if (l.at.back() + 1 == r.x.size() && !r.wide.empty()) l.a.back() = random.pick(-1, 1);  // w's sums stay near the others
      l.c = random.pick(-6, 6);
      if (!r.wide.empty() && std::find(l.at.begin(), l.at.end(), r.x.size() - 1) != l.at.end()) l.c += random.pick(-1, 1) * 1000000;
      const auto rel = static_cast<Relation>(random.pick(0, 2));
      const std::size_t b = n + static_cast<std::size_t>(random.pick(0, bools - 1));
      if (kind < 4) {
        r.m.post(l.relation(rel, r.x), iff(r.x[b]));
        r.checks.push_back([=](const Values& v) { return (v[b] == 1) == l.holds(rel, v); });
      } else if (kind < 7) {
        r.m.post(l.relation(rel, r.x), when(r.x[b]));
        r.checks.push_back([=](const Values& v) { return v[b] == 0 || l.holds(rel, v); });
      } else {
        r.m.post(l.relation(rel, r.x));
        r.checks.push_back([=](const Values& v) { return l.holds(rel, v); });
      }
    }
    expect_agreement(r, round);
    if (testing::Test::HasFatalFailure()) return;
  }
}

// Comparisons x op y + c, each by every operator, tied to b: b's solutions say exactly
// when the comparison holds.
TEST(Reified, EveryComparisonOfTwoVariables) {
  using Compare = std::function<LinearRelation(LinearExpr, LinearExpr)>;
  using Holds = std::function<bool(Value, Value)>;
  const std::vector<std::pair<Compare, Holds>> ops{
      {[](LinearExpr a, LinearExpr b) { return a == b; }, [](Value a, Value b) { return a == b; }},
      {[](LinearExpr a, LinearExpr b) { return a != b; }, [](Value a, Value b) { return a != b; }},
      {[](LinearExpr a, LinearExpr b) { return a <= b; }, [](Value a, Value b) { return a <= b; }},
      {[](LinearExpr a, LinearExpr b) { return a < b; }, [](Value a, Value b) { return a < b; }},
      {[](LinearExpr a, LinearExpr b) { return a >= b; }, [](Value a, Value b) { return a >= b; }},
      {[](LinearExpr a, LinearExpr b) { return a > b; }, [](Value a, Value b) { return a > b; }}};
  for (std::size_t op = 0; op < ops.size(); ++op) {
    for (const Value c : {-2, 0, 1}) {
      for (const bool half : {false, true}) {
        RandomModel r;
        r.values = {{-1, 0, 2, 3}, {0, 1, 2}, {0, 1}};
        for (const Values& v : r.values) r.x.push_back(r.m.int_var(v));
        const LinearRelation rel = ops[op].first(r.x[0], r.x[1] + c);
        if (half) {
          r.m.post(rel, when(r.x[2]));
        } else {
          r.m.post(rel, iff(r.x[2]));
        }
        const Holds holds = ops[op].second;
        r.checks.push_back([=](const Values& v) {
          const bool h = holds(v[0], v[1] + c);
          return half ? v[2] == 0 || h : (v[2] == 1) == h;
        });
        expect_agreement(r, static_cast<int>(op));
      }
    }
  }
}

TEST(Reified, BIsFixedWhenTheBoundsDecide) {
  IntModel m;
  const IntVar x = m.int_var(0, 3);
  const IntVar y = m.int_var(5, 9);
  const IntVar entailed = m.bool_var();
  const IntVar disentailed = m.bool_var();
  const IntVar open = m.bool_var();
  const IntVar half_entailed = m.bool_var();
  const IntVar half_disentailed = m.bool_var();
  m.post(x < y, iff(entailed));
  m.post(x == y, iff(disentailed));
  m.post(x + 4 <= y, iff(open));
  m.post(x != y, when(half_entailed));
  m.post(x >= y, when(half_disentailed));
  const Space s = root_of(m, {.prune = Prune::arc});
  EXPECT_TRUE(s.fixed(entailed.id) && s.value(entailed.id) == 1);
  EXPECT_TRUE(s.fixed(disentailed.id) && s.value(disentailed.id) == 0);
  EXPECT_FALSE(s.fixed(open.id));
  EXPECT_FALSE(s.fixed(half_entailed.id)) << "b -> relation says nothing of b when the relation holds";
  EXPECT_TRUE(s.fixed(half_disentailed.id) && s.value(half_disentailed.id) == 0);
}

TEST(Reified, EqualityIsDecidedByTheHolesOfTheLastOpenVariable) {
  IntModel m;
  const IntVar x = m.int_var(Values{1, 3, 5});
  const IntVar b = m.bool_var();
  const IntVar d = m.bool_var();
  m.post(2 * x == 8, iff(b));  // x = 4 is not in x's domain
  m.post(x != 4, iff(d));
  const Space s = root_of(m, {.prune = Prune::arc});
  EXPECT_TRUE(s.fixed(b.id) && s.value(b.id) == 0);
  EXPECT_TRUE(s.fixed(d.id) && s.value(d.id) == 1);
}

TEST(Reified, AFixedBPropagatesTheRelationOrItsNegation) {
  IntModel m;
  const IntVar x = m.int_var(0, 9);
  const IntVar y = m.int_var(0, 9);
  const IntVar z = m.int_var(0, 9);
  const IntVar one = m.int_var(1, 1);
  const IntVar zero = m.int_var(0, 0);
  m.post(x <= 4, iff(one));   // x <= 4
  m.post(y <= 4, iff(zero));  // y >= 5
  m.post(z <= 4, when(zero));  // nothing
  m.post(x == 3, when(one));
  const Space s = root_of(m, {.prune = Prune::arc});
  EXPECT_EQ(s.min(x.id), 3);
  EXPECT_EQ(s.max(x.id), 3);
  EXPECT_EQ(s.min(y.id), 5);
  EXPECT_EQ(s.max(y.id), 9);
  EXPECT_EQ(s.min(z.id), 0);
  EXPECT_EQ(s.max(z.id), 9);
}

TEST(Reified, BMustBeAZeroOneVariable) {
  IntModel m;
  const IntVar x = m.int_var(0, 3);
  const IntVar wide_b = m.int_var(0, 2);
  EXPECT_THROW(m.post(x <= 1, iff(wide_b)), std::invalid_argument);
  EXPECT_THROW(m.post(x <= 1, when(IntVar{7})), std::invalid_argument);
}

// A comparison with a value (propagators/reified.hpp's ValueReified) says it is subsumed
// once decided, is run no more below that node, and runs again once the search undoes it.
TEST(Reified, ADecidedComparisonSleepsUntilTheSearchBacktracks) {
  IntModel m;
  const IntVar x = m.int_var(0, 3);
  const IntVar b = m.bool_var();
  m.post(x == 2, iff(b));
  const Propagation& propagation = m.propagation();
  const int id = propagation.size() - 1;
  Space s = m.space();
  ASSERT_EQ(propagation.run_all(s), -1);
  EXPECT_FALSE(propagation.subsumed(s, id));

  s.mark();
  ASSERT_TRUE(s.fix(b.id, 1));
  ASSERT_EQ(propagation.run(s), -1);
  EXPECT_TRUE(s.fixed(x.id) && s.value(x.id) == 2);
  EXPECT_TRUE(propagation.subsumed(s, id));
  s.undo();
  EXPECT_FALSE(propagation.subsumed(s, id));
  EXPECT_FALSE(s.fixed(x.id));

  s.mark();
  ASSERT_TRUE(s.remove(x.id, 2));
  ASSERT_EQ(propagation.run(s), -1);
  EXPECT_TRUE(s.fixed(b.id) && s.value(b.id) == 0);
  EXPECT_TRUE(propagation.subsumed(s, id));
  const std::uint64_t runs = s.propagations;
  ASSERT_TRUE(s.remove(x.id, 3));
  ASSERT_EQ(propagation.run(s), -1);
  EXPECT_EQ(s.propagations, runs) << "a subsumed propagator was woken";
  s.undo();
  EXPECT_FALSE(propagation.subsumed(s, id));
  EXPECT_FALSE(s.fixed(b.id));
}

// Sums long enough to keep their fixed terms apart (linear.hpp's LinearSums, from 8
// terms), with coefficients of 1 and -1 and others, against generate-and-test under
// every order.
TEST(Linear, ALongSumAgreesWithGenerateAndTest) {
  Random random(4403);
  for (int round = 0; round < 12; ++round) {
    RandomModel r;
    Linear l;
    for (std::size_t i = 0; i < 9; ++i) {
      r.values.push_back(random.subset(-1, 1));
      r.x.push_back(r.m.int_var(r.values.back()));
      l.at.push_back(i);
      const Value sign = random.pick(0, 1) == 0 ? 1 : -1;
      l.a.push_back(round % 2 == 0 ? sign : sign * random.pick(1, 3));
    }
    l.c = random.pick(-3, 3);
    r.m.post(l.relation(Relation::equal, r.x));
    r.checks.push_back([=](const Values& v) { return l.holds(Relation::equal, v); });
    expect_agreement(r, round);
    if (testing::Test::HasFatalFailure()) return;
  }
}

// What a linear propagator keeps as terms are fixed (linear.hpp's LinearSums: its
// constant less the fixed terms, and which terms are open), taken back by the trail as
// the search backtracks and restarts: several linear constraints over the same few
// variables (plain, reified, half-reified; short and long sums), under every pruning
// level, with and without restarts, against generate-and-test. Every other round has
// coefficients near 2^62, whose sums need 128 bits (the 64-bit runs are for sums that
// fit), checked here in 128 bits.
TEST(Linear, KeptSumsAgreeWithGenerateAndTest) {
  Random random(4405);
  for (int round = 0; round < 48; ++round) {
    const bool huge = round % 2 == 1;
    RandomModel r;
    const int n = round % 8 < 4 ? random.pick(2, 4) : 9;  // 9: LinearEqual keeps its fixed terms apart
    for (int i = 0; i < n; ++i) {
      const int lo = random.pick(-2, 1);
      r.values.push_back(n == 9 ? random.subset(-1, 1) : random.subset(lo, lo + random.pick(0, 3)));
      r.x.push_back(r.m.int_var(r.values.back()));
    }
    r.values.push_back({0, 1});
    r.x.push_back(r.m.bool_var());
    const auto b = static_cast<std::size_t>(n);
    for (int k = random.pick(2, 3); k > 0; --k) {
      std::vector<std::size_t> at;
      Values a;
      for (std::size_t i = 0; i < b; ++i) {
        if (n == 9 || random.pick(0, 2) != 0) {
          at.push_back(i);
          const Value small = random.pick(-3, 3) | 1;
          a.push_back(huge && random.pick(0, 1) == 0 ? (small > 0 ? 1 : -1) * ((Value{1} << 62) + random.pick(0, 5)) : small);
        }
      }
      if (at.empty()) continue;
      Values some(b);  // c: near what the sum takes at some point, so both sides have solutions
      for (std::size_t i = 0; i < b; ++i) some[i] = r.values[i][static_cast<std::size_t>(random.pick(0, static_cast<int>(r.values[i].size()) - 1))];
      auto sum = [=](const Values& v) {
        Wide s = 0;
        for (std::size_t i = 0; i < at.size(); ++i) s += Wide{a[i]} * v[at[i]];
        return s;
      };
      const Wide near = sum(some) + random.pick(-1, 1);
      const Value c = static_cast<Value>(std::clamp<Wide>(near, std::numeric_limits<Value>::min(), std::numeric_limits<Value>::max()));
      LinearExpr e;
      for (std::size_t i = 0; i < at.size(); ++i) e = e + a[i] * r.x[at[i]];
      const auto rel = static_cast<Relation>(random.pick(0, 2));
      auto holds = [=](const Values& v) {
        const Wide s = sum(v);
        return rel == Relation::equal ? s == c : rel == Relation::not_equal ? s != c : s <= c;
      };
      const LinearRelation relation = rel == Relation::equal ? e == c : rel == Relation::not_equal ? e != c : e <= c;
      switch (random.pick(0, 2)) {
        case 0:
          r.m.post(relation);
          r.checks.push_back(holds);
          break;
        case 1:
          r.m.post(relation, iff(r.x[b]));
          r.checks.push_back([=](const Values& v) { return (v[b] == 1) == holds(v); });
          break;
        default:
          r.m.post(relation, when(r.x[b]));
          r.checks.push_back([=](const Values& v) { return v[b] == 0 || holds(v); });
      }
    }
    const std::set<Values> expected = r.generate_and_test();
    for (const Prune prune : all_prunes) {
      for (const VariableOrder order : {VariableOrder::static_order, VariableOrder::dom_wdeg}) {
        const SearchOptions options{prune, order, ValueOrder::split, 7};
        ASSERT_EQ(solutions_of(r.m, options), expected) << "round " << round << " " << to_string(prune) << " " << to_string(order);
        const RestartSchedule schedule = short_restarts[static_cast<std::size_t>(round) % short_restarts.size()];
        ASSERT_EQ(solutions_with_restarts(IntProblem(r.m, options), schedule), expected)
            << "round " << round << " " << to_string(prune) << " " << to_string(order) << " restarts";
      }
    }
  }
}

// All-different with gac keeps exactly the values of x's that take part in a solution,
// on values spread wider than 64 (the matching over the union of the domains), and
// narrows a wide variable's bounds past the values the others must take.
TEST(DistinctGac, KeepsExactlyTheSupportedValuesOnAnyRange) {
  Random random(4402);
  for (int round = 0; round < 600; ++round) {
    const int n = random.pick(2, 7);
    const Value step = round % 3 == 0 ? 1 : random.pick(20, 1000);
    const Value offset = random.pick(-1000, 1000);
    RandomModel r;
    for (int i = 0; i < n; ++i) {
      Values v = random.subset(0, random.pick(1, 7), step);
      for (Value& a : v) a += offset;
      r.values.push_back(v);
      r.x.push_back(r.m.int_var(v));
    }
    const bool with_wide = random.pick(0, 2) == 0;
    if (with_wide) {  // its interval covers the others' values, with room for a few more
      r.x.push_back(r.m.int_var(offset - random.pick(0, 2) * step, offset + 200000));
    }
    r.m.all_different(r.x);
    r.checks.push_back([](const Values& v) { return std::set<Value>(v.begin(), v.end()).size() == v.size(); });
    std::set<Values> expected = r.generate_and_test();  // the enumerated variables only
    std::vector<std::set<Value>> supported(static_cast<std::size_t>(n));
    for (const Values& v : expected) {
      for (std::size_t i = 0; i < v.size(); ++i) supported[i].insert(v[i]);
    }
    const Space s = root_of(r.m, {Prune::gac});
    if (expected.empty()) {
      EXPECT_TRUE(s.failed()) << "round " << round;
      continue;
    }
    ASSERT_FALSE(s.failed()) << "round " << round;
    for (std::size_t i = 0; i < supported.size(); ++i) {
      std::set<Value> kept;
      s.for_each(r.x[i].id, [&](Value v) { kept.insert(v); });
      EXPECT_EQ(kept, supported[i]) << "round " << round << " variable " << i;
    }
    if (with_wide) {
      // w's value v takes part in a solution when the others have one without v.
      const int w = r.x.back().id;
      auto usable = [&](Value v) {
        return std::any_of(expected.begin(), expected.end(), [&](const Values& e) { return std::find(e.begin(), e.end(), v) == e.end(); });
      };
      Value lo = r.m.space().min(w);
      while (!usable(lo)) ++lo;
      EXPECT_EQ(s.min(w), lo) << "round " << round;
      EXPECT_EQ(s.max(w), r.m.space().max(w)) << "round " << round;
    }
    // The search finds exactly the enumerated solutions (w aside: it is free).
    if (!with_wide) {
      for (auto values : value_orders) {
        ASSERT_EQ(solutions_of(r.m, {Prune::gac, VariableOrder::mrv, values, 3}), expected) << "round " << round;
      }
    }
  }
}

// Variables with more values than the scope has variables join the matching once they
// are down to fewer; before, each already has a value the others cannot all take.
TEST(DistinctGac, LargeDomainsLoseTheValuesOfAHallSet) {
  IntModel m;
  const IntVar a = m.int_var(Values{100, 900});
  const IntVar b = m.int_var(Values{100, 900});
  const IntVar c = m.int_var(Values{100, 500, 900, 1300});
  const IntVar w = m.int_var(100, 1000000);
  m.all_different({a, b, c, w});
  const Space s = root_of(m, {Prune::gac});
  ASSERT_FALSE(s.failed());
  std::set<Value> kept;
  s.for_each(c.id, [&](Value v) { kept.insert(v); });
  EXPECT_EQ(kept, (std::set<Value>{500, 1300}));
  EXPECT_EQ(s.min(w.id), 101);
}

// Narrowed after all-different ran first (by linear constraints posted later), the
// domains wake it again: at the root's fixpoint, a Hall set's values have left c.
TEST(DistinctGac, RunsAgainWhenADomainNarrows) {
  for (const Value step : {1, 100}) {
    IntModel m;
    const IntVar a = m.int_var(Values{0, step, 2 * step});
    const IntVar b = m.int_var(Values{0, step, 2 * step});
    const IntVar c = m.int_var(Values{0, step, 2 * step});
    m.all_different({a, b, c});
    m.post(a <= step);
    m.post(b <= step);
    const Space s = root_of(m, {Prune::gac});
    ASSERT_FALSE(s.failed());
    EXPECT_TRUE(s.fixed(c.id) && s.value(c.id) == 2 * step) << "step " << step;
  }
}

// An all-different of no variable or of one holds, at every strength (int_model_fuzz
// found the bounds sweep reading past its scratch on an empty scope).
TEST(DistinctGac, FewerThanTwoVariablesAlwaysHold) {
  for (auto prune : prunes) {
    for (std::size_t count : {0, 1}) {
      IntModel m;
      const std::vector<IntVar> x = m.int_vars(2, 0, 100);
      m.all_different(std::span<const IntVar>(x.data(), count));
      m.post(x[0] == x[1] + 7);
      EXPECT_EQ(solutions_of(m, {prune}).size(), 94u) << to_string(prune) << " " << count;
    }
  }
}

}  // namespace reified_test
}  // namespace backtrack::csp
