// The counting globals (globals/count.hpp, regular.hpp, nvalue.hpp): random tiny models, their native solutions
// against their decompositions' and generate-and-test under every pruning level, and the
// native propagator's domain consistency at the root where it claims it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <optional>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "backtrack/csp/globals.hpp"
#include "int_solutions.hpp"

namespace backtrack::csp {
namespace count_test {  // a unity build shares one translation unit among the files

using Assignment = std::vector<Value>;
using Check = std::function<bool(const Assignment&)>;

bool related(Value count, CountIs r, Value c) {
  switch (r) {
    case CountIs::equal: return count == c;
    case CountIs::not_equal: return count != c;
    case CountIs::less: return count < c;
    case CountIs::at_most: return count <= c;
    case CountIs::greater: return count > c;
    case CountIs::at_least: return count >= c;
  }
  return false;
}

using Random = RandomDomains;

// A model of one global over variables with listed domains, posted the same way on each
// model asked for, with a plain checker of it.
struct Instance {
  std::vector<std::vector<Value>> domains;
  std::function<void(IntModel&, const std::vector<IntVar>&)> post;
  Check check;
  bool domain_consistent = false;  // what the native propagator claims for this instance
  std::size_t xs = 0;              // global_cardinality: its xs are the first variables,
  bool bounds_consistent = false;  // and its claim under --prune bounds (on the xs)

  IntModel model(Globals g) const {
    IntModel m;
    m.set_globals(g);
    std::vector<IntVar> vars;
    for (const auto& d : domains) vars.push_back(m.int_var(d));
    post(m, vars);
    return m;
  }
};

// Each variable keeps exactly the values some solution gives it.
void expect_exact_supports(const Instance& in, const Space& space, const std::set<Assignment>& solutions) {
  for (std::size_t i = 0; i < in.domains.size(); ++i) {
    for (Value v : in.domains[i]) {
      const bool supported = std::any_of(solutions.begin(), solutions.end(), [&](const Assignment& s) { return s[i] == v; });
      EXPECT_EQ(space.contains(static_cast<int>(i), v), supported) << "variable " << i << " value " << v;
    }
  }
}

// The native and decomposed models find exactly the assignments generate-and-test does,
// under every pruning level; and at the root, where the propagator claims domain
// consistency, each variable keeps exactly the values some solution gives it. Whether the
// instance has a solution.
bool expect_agreement(const Instance& in) {
  const std::set<Assignment> expected = every_assignment(in.domains, in.check);
  for (Prune p : all_prunes) {
    SearchOptions options;
    options.prune = p;
    EXPECT_EQ(solutions_of(in.model(Globals::native), options), expected) << to_string(p);
    const std::set<Assignment> decomposed = solutions_of(in.model(Globals::decomposed), options);
    EXPECT_EQ(decomposed.size(), expected.size()) << "an auxiliary is not fixed by the variables";
    EXPECT_EQ(projected(decomposed, in.domains.size()), expected) << to_string(p);
  }
  if (!in.domain_consistent) return !expected.empty();
  SearchOptions options;
  options.prune = Prune::domain;
  const IntProblem problem(in.model(Globals::native), options);
  const Space& root = problem.root().space;
  if (expected.empty()) {
    EXPECT_FALSE(problem.root_consistent()) << "no solution, yet the root stands";
    return false;
  }
  EXPECT_TRUE(problem.root_consistent());
  expect_exact_supports(in, root, expected);
  // One decision below the root, x != v for each value left: the propagator, woken only
  // by the changes that concern it (its subscriptions watch a value), is still domain
  // consistent.
  for (std::size_t i = 0; i < in.domains.size(); ++i) {
    for (Value v : in.domains[i]) {
      if (!root.contains(static_cast<int>(i), v)) continue;
      SCOPED_TRACE("below x" + std::to_string(i) + " != " + std::to_string(v));
      IntProblem::State child = problem.root();
      problem.apply(child, {static_cast<int>(i), DecisionKind::not_equal, v});
      std::set<Assignment> left;
      for (const Assignment& a : expected) {
        if (a[i] != v) left.insert(a);
      }
      EXPECT_EQ(!child.space.failed(), !left.empty());
      if (!child.space.failed()) expect_exact_supports(in, child.space, left);
    }
  }
  return true;
}

// `rounds` instances of `make`, seeded with `seed`, each as expect_agreement() asks; at
// least `satisfiable` of them with a solution, or the test says little.
void expect_random_agreement(unsigned seed, int rounds, Instance (*make)(Random&), int satisfiable) {
  Random r{std::mt19937(seed)};
  int found = 0;
  for (int round = 0; round < rounds; ++round) {
    SCOPED_TRACE(round);
    found += expect_agreement(make(r)) ? 1 : 0;
  }
  EXPECT_GE(found, satisfiable) << "too few of the random instances have a solution";
}

constexpr CountIs relations[] = {CountIs::equal,   CountIs::not_equal, CountIs::less,
                                 CountIs::at_most, CountIs::greater,   CountIs::at_least};

// count(xs, y, relation, c): y a constant, or a variable of the model (one of the xs, at
// times); c a variable, at times one of the xs.
Instance random_count(Random& r) {
  Instance in;
  const int n = r.pick(1, 4);
  for (int i = 0; i < n; ++i) in.domains.push_back(r.values(0, 3));
  const CountIs relation = relations[r.pick(0, 5)];
  const bool y_constant = r.pick(0, 1) == 0;
  const Value y_value = r.pick(0, 3);
  std::size_t y_at = static_cast<std::size_t>(r.pick(0, n));  // n: a variable of its own
  if (!y_constant && y_at == static_cast<std::size_t>(n)) in.domains.push_back(r.values(0, 3));
  std::size_t c_at = static_cast<std::size_t>(r.pick(0, n + 1));  // past the xs: a variable of its own
  if (c_at >= static_cast<std::size_t>(n)) {
    c_at = in.domains.size();
    in.domains.push_back(r.values(0, n + 1));
  }
  const auto xs_count = static_cast<std::size_t>(n);
  in.post = [=](IntModel& m, const std::vector<IntVar>& v) {
    const std::vector<IntVar> xs(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(xs_count));
    if (y_constant) {
      count(m, xs, y_value, relation, v[c_at]);
    } else {
      count(m, xs, v[y_at], relation, v[c_at]);
    }
  };
  in.check = [=](const Assignment& a) {
    const Value y = y_constant ? y_value : a[y_at];
    const auto k = std::count(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(xs_count), y);
    return related(k, relation, a[c_at]);
  };
  in.domain_consistent = y_constant && c_at >= xs_count && relation != CountIs::not_equal;
  return in;
}

// among(n, xs, values): n a variable of its own.
Instance random_among(Random& r) {
  Instance in;
  const int n = r.pick(1, 4);
  for (int i = 0; i < n; ++i) in.domains.push_back(r.values(0, 4));
  in.domains.push_back(r.values(0, n));
  std::vector<Value> set;
  for (Value v = 0; v <= 4; ++v) {
    if (r.pick(0, 2) == 0) set.push_back(v);
  }
  const auto xs_count = static_cast<std::size_t>(n);
  in.post = [=](IntModel& m, const std::vector<IntVar>& v) {
    const std::vector<IntVar> xs(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(xs_count));
    among(m, v[xs_count], xs, set);
  };
  in.check = [=](const Assignment& a) {
    const auto k = std::count_if(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(xs_count),
                                 [&](Value x) { return std::binary_search(set.begin(), set.end(), x); });
    return k == a[xs_count];
  };
  in.domain_consistent = true;
  return in;
}

// regular(xs, automaton): a random automaton of up to 4 states over up to 3 symbols; the
// xs may take values that are no symbol, and one variable may stand at two positions.
Instance random_regular(Random& r) {
  Instance in;
  const int states = r.pick(1, 4);
  const int symbols = r.pick(1, 3);
  std::vector<int> next;
  for (int k = 0; k < states * symbols; ++k) next.push_back(r.pick(0, 3) == 0 ? 0 : r.pick(1, states));
  const int start = r.pick(1, states);
  std::vector<int> final;
  for (int q = 1; q <= states; ++q) {
    if (r.pick(0, 1) == 0) final.push_back(q);
  }
  const int n = r.pick(0, 4);
  for (int i = 0; i < n; ++i) in.domains.push_back(r.values(0, symbols + 1));
  std::vector<std::size_t> position;  // each position's variable
  for (int i = 0; i < n; ++i) position.push_back(static_cast<std::size_t>(i));
  const bool aliased = n >= 2 && r.pick(0, 3) == 0;
  if (aliased) position[static_cast<std::size_t>(n - 1)] = 0;
  in.post = [=](IntModel& m, const std::vector<IntVar>& v) {
    std::vector<IntVar> xs;
    for (std::size_t p : position) xs.push_back(v[p]);
    regular(m, xs, states, symbols, next, start, final);
  };
  in.check = [=](const Assignment& a) {
    int q = start;
    for (std::size_t p : position) {
      const Value s = a[p];
      if (s < 1 || s > symbols) return false;
      q = next[static_cast<std::size_t>((q - 1) * symbols + (s - 1))];
      if (q == 0) return false;
    }
    return std::find(final.begin(), final.end(), q) != final.end();
  };
  in.domain_consistent = !aliased;
  return in;
}

// nvalue(n, xs): n a variable of its own or one of the xs, and at times one variable at
// two positions of xs.
Instance random_nvalue(Random& r) {
  Instance in;
  const int count = r.pick(0, 4);
  for (int i = 0; i < count; ++i) in.domains.push_back(r.values(0, 3));
  std::vector<std::size_t> position;  // each position's variable
  for (int i = 0; i < count; ++i) position.push_back(static_cast<std::size_t>(i));
  if (count >= 2 && r.pick(0, 3) == 0) position[static_cast<std::size_t>(count - 1)] = 0;
  std::size_t n_at = static_cast<std::size_t>(r.pick(0, count + 1));  // past the xs: a variable of its own
  if (n_at >= static_cast<std::size_t>(count)) {
    n_at = in.domains.size();
    in.domains.push_back(r.values(0, count + 1));
  }
  in.post = [=](IntModel& m, const std::vector<IntVar>& v) {
    std::vector<IntVar> xs;
    for (std::size_t p : position) xs.push_back(v[p]);
    nvalue(m, v[n_at], xs);
  };
  in.check = [=](const Assignment& a) {
    std::set<Value> values;
    for (std::size_t p : position) values.insert(a[p]);
    return a[n_at] == static_cast<Value>(values.size());
  };
  return in;
}

// The domains after propagation at the root of nvalue(n, xs), n the last of `domains`;
// none where the root fails.
std::vector<std::vector<Value>> nvalue_root(const std::vector<std::vector<Value>>& domains) {
  IntModel m;
  std::vector<IntVar> xs;
  for (const auto& d : domains) xs.push_back(m.int_var(d));
  const IntVar n = xs.back();
  xs.pop_back();
  nvalue(m, n, xs);
  const IntProblem problem(m, {.prune = Prune::domain});
  if (!problem.root_consistent()) return {};
  std::vector<std::vector<Value>> kept(domains.size());
  for (std::size_t i = 0; i < domains.size(); ++i) {
    problem.root().space.for_each(static_cast<int>(i), [&](Value v) { kept[i].push_back(v); });
  }
  return kept;
}

TEST(GlobalRegular, AgreesWithItsDecompositionAndGenerateAndTest) {
  expect_random_agreement(62, 150, random_regular, 30);
}

TEST(GlobalRegular, RefusesABadAutomaton) {
  IntModel m;
  const std::vector<IntVar> x = m.int_vars(2, 1, 2);
  EXPECT_THROW(regular(m, x, 2, 2, {1, 2, 3}, 1, {2}), std::invalid_argument);     // 3 of 4 transitions
  EXPECT_THROW(regular(m, x, 2, 2, {1, 2, 3, 0}, 1, {2}), std::invalid_argument);  // no state 3
  EXPECT_THROW(regular(m, x, 2, 2, {1, 2, 2, 0}, 0, {2}), std::invalid_argument);  // no start 0
  EXPECT_THROW(regular(m, x, 2, 2, {1, 2, 2, 0}, 1, {5}), std::invalid_argument);
}

TEST(GlobalCount, CountAgreesWithItsDecompositionAndGenerateAndTest) {
  expect_random_agreement(60, 120, random_count, 30);
}

TEST(GlobalCount, AmongAgreesWithItsDecompositionAndGenerateAndTest) {
  expect_random_agreement(61, 80, random_among, 30);
}

TEST(GlobalCount, AMagicSequenceCountsItsOwnValues) {
  // x[i] is the number of i in x: of length 7, only 3 2 1 1 0 0 0.
  for (Globals g : {Globals::native, Globals::decomposed}) {
    IntModel m;
    m.set_globals(g);
    const std::vector<IntVar> x = m.int_vars(7, 0, 7);
    for (int i = 0; i < 7; ++i) count(m, x, Value{i}, CountIs::equal, x[static_cast<std::size_t>(i)]);
    const auto found = projected(solutions_of(m), 7);
    EXPECT_EQ(found, (std::set<Assignment>{{3, 2, 1, 1, 0, 0, 0}}));
  }
}

TEST(GlobalCount, ACountWithoutHolesIsNotSubsumedBeforeItIsFixed) {
  // The count of -2 in {b} is 0, so c != 0; c has no holes (over 65,536 values) and
  // keeps its 0, inside its interval, until the search fixes it through c = 1000 * x.
  for (Globals g : {Globals::native, Globals::decomposed}) {
    for (bool of_var : {false, true}) {
      IntModel m;
      m.set_globals(g);
      const IntVar b = m.bool_var();
      const IntVar x = m.int_var(-1, 1);
      const IntVar c = m.int_var(-1000000, 1000000);
      m.post(c == 1000 * x);
      const IntVar y = m.int_var(-2, -2);
      if (of_var) {
        count(m, std::vector<IntVar>{b}, y, CountIs::not_equal, c);
      } else {
        count(m, std::vector<IntVar>{b}, Value{-2}, CountIs::not_equal, c);
      }
      EXPECT_EQ(projected(solutions_of(m), 3),
                (std::set<Assignment>{{0, -1, -1000}, {0, 1, 1000}, {1, -1, -1000}, {1, 1, 1000}}))
          << of_var;
    }
  }
}

TEST(GlobalNvalue, AgreesWithItsDecompositionAndGenerateAndTest) {
  expect_random_agreement(63, 150, random_nvalue, 40);
}

// Each of the propagator's rules at the root, on an instance where it alone prunes.
TEST(GlobalNvalue, BoundsOfNFromTheDomains) {
  // At most the values of the union (2), and at least the pairwise disjoint intervals
  // [1, 2], [4, 5], [7, 8] (3): no room.
  EXPECT_EQ(nvalue_root({{1, 2}, {1, 2}, {1, 2}, {0, 1, 2, 3, 4, 5}})[3], (std::vector<Value>{1, 2}));
  EXPECT_EQ(nvalue_root({{1, 2}, {4, 5}, {7, 8}, {1, 4, 8}, {0, 1, 2, 3, 4, 5}})[4], (std::vector<Value>{3, 4}));
  EXPECT_TRUE(nvalue_root({{1, 2}, {4, 5}, {7, 8}, {1, 2}}).empty());
  // Wide domains: at most one value per x.
  EXPECT_EQ(nvalue_root({{1, 2, 3, 4, 5, 6}, {1, 2, 3, 4, 5, 6}, {0, 1, 2, 3, 4, 5}})[2], (std::vector<Value>{1, 2}));
}

TEST(GlobalNvalue, NarrowsTheXsWhereNLeavesNoRoom) {
  // n at most the 2 values fixed: x keeps them.
  EXPECT_EQ(nvalue_root({{1}, {3}, {1, 2, 3, 4, 5}, {0, 1, 2}})[2], (std::vector<Value>{1, 3}));
  // n at least one new value per open x: they leave the fixed value 1.
  const auto fresh = nvalue_root({{1}, {1, 2, 3}, {1, 2, 3}, {3}});
  EXPECT_EQ(fresh[1], (std::vector<Value>{2, 3}));
  EXPECT_EQ(fresh[2], (std::vector<Value>{2, 3}));
  // n needs every value of the union: 3 is the middle x's alone.
  EXPECT_EQ(nvalue_root({{1, 2}, {1, 2, 3}, {1, 2}, {3}})[1], (std::vector<Value>{3}));
}

// global_cardinality(xs, cover, counts or low/up, closed): 0-4 xs over 0..3, a cover of
// 1-3 values of 0..4 (for counts at times one twice, which both models decompose: the
// decomposition's count variables are no solution's in the low/up form); counts variables of
// their own or, at times, one of the xs; at times a strength given by the model rather
// than --prune. The checker is MiniZinc's definition, its implied sums included.
Instance random_global_cardinality(Random& r, bool bounds) {
  Instance in;
  const int n = r.pick(0, 4);
  for (int i = 0; i < n; ++i) in.domains.push_back(r.values(0, 3));
  std::vector<Value> cover;
  for (int k = r.pick(1, 3); k > 0; --k) {
    const Value v = r.pick(0, 4);
    if (!bounds || std::find(cover.begin(), cover.end(), v) == cover.end()) cover.push_back(v);
  }
  const bool closed = r.pick(0, 2) == 0;
  std::optional<CardinalityStrength> given;
  if (const int k = r.pick(-3, 2); k >= 0) given = static_cast<CardinalityStrength>(k);
  const auto xs_count = static_cast<std::size_t>(n);
  std::vector<std::size_t> count_at;  // counts form: each count's variable
  std::vector<Value> low, up;
  for (std::size_t j = 0; j < cover.size(); ++j) {
    if (bounds) {
      low.push_back(r.pick(-1, 2));
      up.push_back(low.back() + r.pick(-1, n));
    } else if (n > 0 && r.pick(0, 4) == 0) {
      count_at.push_back(static_cast<std::size_t>(r.pick(0, n - 1)));
    } else {
      count_at.push_back(in.domains.size());
      in.domains.push_back(r.values(-1, n + 1));
    }
  }
  in.post = [=](IntModel& m, const std::vector<IntVar>& v) {
    const std::vector<IntVar> xs(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(xs_count));
    if (bounds) {
      global_cardinality(m, xs, cover, low, up, closed, given);
      return;
    }
    std::vector<IntVar> counts;
    for (std::size_t at : count_at) counts.push_back(v[at]);
    global_cardinality(m, xs, cover, counts, closed, given);
  };
  // On the xs; count variables keep bounds of their own.
  in.domain_consistent = bounds && given.value_or(CardinalityStrength::domain) == CardinalityStrength::domain;
  in.xs = xs_count;
  // The flow sees the counts' bounds as constants: a count that is an x is no constant.
  // A cover value twice is decomposed.
  std::vector<Value> sorted = cover;
  std::sort(sorted.begin(), sorted.end());
  in.bounds_consistent = given != CardinalityStrength::counting &&
                         std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end() &&
                         std::all_of(count_at.begin(), count_at.end(), [&](std::size_t at) { return at >= xs_count; });
  in.check = [=](const Assignment& a) {
    const auto xs_end = a.begin() + static_cast<std::ptrdiff_t>(xs_count);
    Value sum = 0, lows = 0, ups = 0;
    for (std::size_t j = 0; j < cover.size(); ++j) {
      const auto k = std::count(a.begin(), xs_end, cover[j]);
      if (bounds ? k < low[j] || k > up[j] : k != a[count_at[j]]) return false;
      sum += bounds ? 0 : a[count_at[j]];
      lows += bounds ? low[j] : 0;
      ups += bounds ? up[j] : 0;
    }
    const auto n_xs = static_cast<Value>(xs_count);
    if (!bounds && sum > n_xs) return false;
    if (!closed) return true;
    if (bounds && (n_xs < lows || n_xs > ups)) return false;
    return std::all_of(a.begin(), xs_end, [&](Value x) { return std::find(cover.begin(), cover.end(), x) != cover.end(); });
  };
  return in;
}

TEST(GlobalCardinality, CountsAgreeWithTheirDecompositionAndGenerateAndTest) {
  Random r{std::mt19937(63)};
  int satisfiable = 0;
  for (int round = 0; round < 150; ++round) {
    SCOPED_TRACE(round);
    satisfiable += expect_agreement(random_global_cardinality(r, false)) ? 1 : 0;
  }
  EXPECT_GE(satisfiable, 30) << "too few of the random instances have a solution";
}

TEST(GlobalCardinality, LowUpAgreesWithItsDecompositionAndGenerateAndTest) {
  Random r{std::mt19937(64)};
  int satisfiable = 0;
  for (int round = 0; round < 150; ++round) {
    SCOPED_TRACE(round);
    satisfiable += expect_agreement(random_global_cardinality(r, true)) ? 1 : 0;
  }
  EXPECT_GE(satisfiable, 30) << "too few of the random instances have a solution";
}

// --prune bounds at the root: each x's min and max take part in a solution of the interval
// relaxation (every variable anywhere within its [min, max]), found by brute force.
TEST(GlobalCardinality, BoundsConsistentUnderPruneBounds) {
  Random r{std::mt19937(65)};
  int checked = 0;
  for (int round = 0; round < 1500; ++round) {
    SCOPED_TRACE(round);
    const Instance in = random_global_cardinality(r, round % 2 == 0);
    if (!in.bounds_consistent || in.xs == 0) continue;
    const IntProblem problem(in.model(Globals::native), {.prune = Prune::bounds});
    if (!problem.root_consistent()) continue;
    const Space& root = problem.root().space;
    std::vector<std::vector<Value>> intervals;
    for (std::size_t i = 0; i < in.domains.size(); ++i) {
      intervals.emplace_back();
      for (Value v = root.min(static_cast<int>(i)); v <= root.max(static_cast<int>(i)); ++v) intervals.back().push_back(v);
    }
    const std::set<Assignment> relaxed = every_assignment(intervals, in.check);
    for (std::size_t i = 0; i < in.xs; ++i) {
      for (Value bound : {root.min(static_cast<int>(i)), root.max(static_cast<int>(i))}) {
        EXPECT_TRUE(std::any_of(relaxed.begin(), relaxed.end(), [&](const Assignment& a) { return a[i] == bound; }))
            << "x" << i << " = " << bound << " has no support in the relaxation";
      }
    }
    ++checked;
  }
  EXPECT_GE(checked, 300);
}

// What a count per value misses, and the propagator sees at the root: the counts' sum.
TEST(GlobalCardinality, TheCountsSumAcrossValues) {
  {  // closed: three xs, yet each of the two values at most once
    IntModel m;
    const std::vector<IntVar> x = m.int_vars(3, 1, 3);
    const std::vector<IntVar> c = m.int_vars(2, 0, 1);
    global_cardinality(m, x, std::vector<Value>{1, 2}, c, true);
    EXPECT_FALSE(IntProblem(m, {.prune = Prune::domain}).root_consistent());
  }
  {  // three 1s and 2s wanted of three xs: none is 5
    IntModel m;
    const std::vector<IntVar> x = {m.int_var({1, 2, 5}), m.int_var({1, 2, 5}), m.int_var({1, 2, 5})};
    global_cardinality(m, x, std::vector<Value>{1, 2}, std::vector<Value>{2, 1}, std::vector<Value>{3, 3});
    const IntProblem problem(m, {.prune = Prune::domain});
    ASSERT_TRUE(problem.root_consistent());
    for (IntVar xi : x) EXPECT_FALSE(problem.root().space.contains(xi.id, 5));
  }
  {  // at most one 1 or 2 among three xs: the one fixed to 2 leaves the others 5
    IntModel m;
    const std::vector<IntVar> x = {m.int_var({2}), m.int_var({1, 2, 5}), m.int_var({1, 2, 5})};
    const std::vector<IntVar> c = {m.int_var(0, 3), m.int_var(0, 3)};
    m.post(LinearExpr(c[0]) + LinearExpr(c[1]) <= LinearExpr(1));
    global_cardinality(m, x, std::vector<Value>{1, 2}, c);
    const IntProblem problem(m, {.prune = Prune::domain});
    ASSERT_TRUE(problem.root_consistent());
    EXPECT_EQ(problem.root().space.value(x[1].id), 5);
    EXPECT_EQ(problem.root().space.value(x[2].id), 5);
  }
}

// What --prune domain adds at the root: the flow's Hall sets, of upper and of lower capacities.
std::vector<std::vector<Value>> gcc_root(const std::vector<std::vector<Value>>& domains, const std::vector<Value>& cover,
                                         const std::vector<Value>& low, const std::vector<Value>& up) {
  IntModel m;
  std::vector<IntVar> x;
  for (const auto& d : domains) x.push_back(m.int_var(d));
  global_cardinality(m, x, cover, low, up);
  const IntProblem problem(m, {.prune = Prune::domain});
  std::vector<std::vector<Value>> left(x.size());
  if (!problem.root_consistent()) return {};
  for (std::size_t i = 0; i < x.size(); ++i) problem.root().space.for_each(x[i].id, [&](Value v) { left[i].push_back(v); });
  return left;
}

TEST(GlobalCardinality, DomainConsistentUnderPruneDomain) {
  // Each value at most once: x1 and x2 take 1 and 2 between them, x3 is left its 3.
  EXPECT_EQ(gcc_root({{1, 2}, {1, 2}, {1, 2, 3}}, {1, 2, 3}, {0, 0, 0}, {1, 1, 1}),
            (std::vector<std::vector<Value>>{{1, 2}, {1, 2}, {3}}));
  // 1 and 2 each at least once, and x3 takes neither: x1 and x2 are 1 and 2, never 3.
  EXPECT_EQ(gcc_root({{1, 2, 3}, {1, 2, 3}, {3, 4}}, {1, 2, 3}, {1, 1, 0}, {3, 3, 3}),
            (std::vector<std::vector<Value>>{{1, 2}, {1, 2}, {3, 4}}));
  // Both at once, and no room: three xs want 1 or 2, each at most once.
  EXPECT_TRUE(gcc_root({{1, 2}, {1, 2}, {1, 2, 3}, {1, 2}}, {1, 2, 3}, {0, 0, 1}, {1, 1, 2}).empty());
}

TEST(GlobalCardinality, AMagicSequenceCountsItsOwnValues) {
  for (Globals g : {Globals::native, Globals::decomposed}) {
    IntModel m;
    m.set_globals(g);
    const std::vector<IntVar> x = m.int_vars(7, 0, 7);
    global_cardinality(m, x, std::vector<Value>{0, 1, 2, 3, 4, 5, 6}, x);
    const auto found = projected(solutions_of(m), 7);
    EXPECT_EQ(found, (std::set<Assignment>{{3, 2, 1, 1, 0, 0, 0}}));
  }
}

TEST(GlobalCardinality, RefusesCountsOfAnotherLength) {
  IntModel m;
  const std::vector<IntVar> x = m.int_vars(2, 1, 2);
  EXPECT_THROW(global_cardinality(m, x, std::vector<Value>{1, 2}, std::vector<IntVar>{x[0]}), std::invalid_argument);
  EXPECT_THROW(global_cardinality(m, x, std::vector<Value>{1}, std::vector<Value>{0}, std::vector<Value>{1, 2}),
               std::invalid_argument);
}

}  // namespace count_test
}  // namespace backtrack::csp
