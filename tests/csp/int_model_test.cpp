// The integer CSP layer (int_model.hpp, int_problem.hpp): published counts and optima,
// and every propagator against generate-and-test on random small models.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <random>
#include <stdexcept>
#include <set>
#include <vector>

#include "backtrack/csp/failure_weights.hpp"
#include "backtrack/csp/int_problem.hpp"
#include "backtrack/csp/variable_choice.hpp"
#include "backtrack/engine.hpp"
#include "int_solutions.hpp"

namespace backtrack::csp {
namespace {

// The improving solutions of an optimisation, in the order found.
std::vector<std::vector<Value>> improvements(const IntModel& model, SearchOptions options = {.prune = Prune::arc}) {
  const IntProblem problem(model, options);
  std::vector<std::vector<Value>> found;
  auto take = [&](std::span<const Decision> path, std::uint64_t, const FoundAt&) {
    found.push_back(problem.values(path));
    return true;
  };
  Incumbent incumbent(problem.minimises());  // the search's bound (incumbent.hpp)
  SearchLimits limits;
  limits.incumbent = &incumbent;
  DepthFirstSearch<IntProblem, PathSink<IntProblem>>(problem, limits, path_sink<IntProblem>(take)).run();
  return found;
}

IntModel magic_square(int n) {
  IntModel m;
  const auto x = m.int_vars(n * n, 1, n * n);
  m.all_different(x);
  const Value sum = n * (n * n + 1) / 2;
  LinearExpr d1;
  LinearExpr d2;
  for (int i = 0; i < n; ++i) {
    LinearExpr row;
    LinearExpr col;
    for (int j = 0; j < n; ++j) {
      row = row + x[static_cast<std::size_t>(i * n + j)];
      col = col + x[static_cast<std::size_t>(j * n + i)];
    }
    m.post(row == sum);
    m.post(col == sum);
    d1 = d1 + x[static_cast<std::size_t>(i * n + i)];
    d2 = d2 + x[static_cast<std::size_t>(i * n + n - 1 - i)];
  }
  m.post(d1 == sum);
  m.post(d2 == sum);
  return m;
}

TEST(IntModel, MagicSquareOfThreeHasEightSolutions) {
  for (auto prune : {Prune::forward, Prune::bounds, Prune::gac}) {
    for (auto order : all_variable_orders) {
      for (auto values : all_value_orders) {
        EXPECT_EQ(solutions_of(magic_square(3), {prune, order, values, 3}).size(), 8u)
            << to_string(prune) << " " << to_string(order) << " " << to_string(values);
      }
    }
  }
}

TEST(IntModel, GolombRulerOfFiveMarksIsElevenLong) {
  const int marks = 5;
  IntModel m;
  const auto mark = m.int_vars(marks, 0, marks * marks);
  m.post(mark[0] == 0);
  std::vector<IntVar> differences;
  for (int i = 0; i < marks; ++i) {
    for (int j = i + 1; j < marks; ++j) {
      if (j == i + 1) m.post(mark[static_cast<std::size_t>(i)] < mark[static_cast<std::size_t>(j)]);
      const IntVar d = m.int_var(0, marks * marks);
      m.post(d == mark[static_cast<std::size_t>(j)] - mark[static_cast<std::size_t>(i)]);
      differences.push_back(d);
    }
  }
  m.all_different(differences);
  m.minimize(mark.back());
  m.branch_on(mark);
  for (auto prune : {Prune::forward, Prune::bounds, Prune::gac}) {
    const auto found = improvements(m, {prune, VariableOrder::static_order, ValueOrder::min});
    ASSERT_FALSE(found.empty());
    Value last = marks * marks + 1;
    for (const auto& values : found) {
      // A ruler: increasing marks from 0, no difference twice; each shorter than the one before.
      std::vector<Value> ruler(values.begin(), values.begin() + marks);
      EXPECT_EQ(ruler.front(), 0);
      EXPECT_TRUE(std::is_sorted(ruler.begin(), ruler.end()));
      std::set<Value> differences;
      for (int i = 0; i < marks; ++i) {
        for (int j = i + 1; j < marks; ++j) {
          EXPECT_TRUE(differences.insert(ruler[static_cast<std::size_t>(j)] - ruler[static_cast<std::size_t>(i)]).second);
        }
      }
      EXPECT_LT(ruler.back(), last);
      last = ruler.back();
    }
    EXPECT_EQ(last, 11);
  }
}

// The split hands a thread the path to a subtree, found before the search; in an
// optimisation the bound found since may fail a node on that path, and the moves below it
// are then applied to a failed space: taking one back must leave the space failed, not
// revive the half-propagated domains of the failure (a Golomb or job-shop optimum one
// too short, with --order dom-wdeg on two threads, before).
TEST(IntSpace, AMoveTakenBackFromAFailedSpaceLeavesItFailed) {
  Space s;
  const int x = s.add_variable(0, 9);
  s.mark();
  EXPECT_FALSE(s.set_max(x, -1));
  ASSERT_TRUE(s.failed());
  s.mark();
  s.fix(x, 3);
  s.undo();
  EXPECT_TRUE(s.failed());
  s.undo();
  EXPECT_FALSE(s.failed());
  EXPECT_EQ(s.min(x), 0);
  EXPECT_EQ(s.max(x), 9);
}

TEST(IntModel, WideDomainsAndHoles) {
  IntModel m;
  const IntVar x = m.int_var(-1000000000, 1000000000);
  const IntVar y = m.int_var(std::vector<Value>{-7, 3, 2000000000});
  m.post(x == 2 * y + 1);
  const auto found = solutions_of(m);
  const std::set<std::vector<Value>> expected{{-13, -7}, {7, 3}};
  EXPECT_EQ(found, expected);
}

// A linear expression's constant is 128-bit: what 64 bits would wrap is decided exactly.
TEST(IntModel, ConstantsPast64BitsAreExact) {
  constexpr Value min64 = std::numeric_limits<Value>::min();
  constexpr Value max64 = std::numeric_limits<Value>::max();
  const std::set<std::vector<Value>> none;
  {
    IntModel m;
    const IntVar x = m.int_var(-1, 1);
    m.post(x >= min64);  // -(-2^63), the constant moved across
    EXPECT_EQ(solutions_of(m), (std::set<std::vector<Value>>{{-1}, {0}, {1}}));
  }
  {
    IntModel m;
    const IntVar x = m.int_var(-1, 1);
    m.post((Value{1} << 40) * LinearExpr(Value{1} << 30) + x <= 0);  // 2^70 + x
    EXPECT_EQ(solutions_of(m), none);
  }
  {
    IntModel m;
    const IntVar x = m.int_var(-2, 2);
    const IntVar y = m.int_var(-2, 2);
    m.post(x - y == max64);  // 1 and -1 coefficients: c - (x - y)'s least is past 64 bits
    m.post(x - y != min64);
    EXPECT_EQ(solutions_of(m), none);
  }
  {
    IntModel m;  // reified, and its negation: -sum <= -c - 1
    const IntVar x = m.int_var(-1, 1);
    const IntVar b = m.bool_var();
    m.post(x >= min64, iff(b));
    EXPECT_EQ(solutions_of(m), (std::set<std::vector<Value>>{{-1, 1}, {0, 1}, {1, 1}}));
  }
}

// A coefficient is 64-bit, and never -2^63 once posted (a reified relation negates it):
// one that does not fit throws rather than wraps.
TEST(IntModel, CoefficientsPast64BitsThrow) {
  constexpr Value min64 = std::numeric_limits<Value>::min();
  IntModel m;
  const IntVar x = m.int_var(-1, 1);
  const IntVar y = m.int_var(-1, 1);
  const LinearExpr quarter = (Value{1} << 61) * x;
  EXPECT_THROW((void)(4 * quarter), std::invalid_argument);
  EXPECT_THROW((void)-(min64 * x), std::invalid_argument);
  EXPECT_THROW(m.post(2 * quarter + 2 * quarter <= 0), std::invalid_argument);  // 2^63 once x + x is 2 * x
  EXPECT_THROW(m.post(min64 * x <= 0), std::invalid_argument);
  EXPECT_THROW((void)(LinearExpr(min64) * min64 + LinearExpr(min64) * min64), std::invalid_argument);  // 2^127
  m.post(2 * quarter - (Value{1} << 62) * y <= 0);  // fits
  EXPECT_EQ(solutions_of(m), (std::set<std::vector<Value>>{{-1, -1}, {-1, 0}, {-1, 1}, {0, 0}, {0, 1}, {1, 1}}));
}

// Random small models of linear constraints and all-differents: the search's solutions
// are exactly those of generate-and-test.
TEST(IntModel, LinearAndDistinctAgreeWithGenerateAndTest) {
  std::mt19937 random(44);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(random); };
  for (int round = 0; round < 300; ++round) {
    const int n = pick(2, 4);
    IntModel m;
    std::vector<IntVar> x;
    std::vector<std::pair<Value, Value>> range;
    for (int i = 0; i < n; ++i) {
      const Value lo = pick(-3, 2);
      const Value hi = lo + pick(0, 4);
      x.push_back(m.int_var(lo, hi));
      range.emplace_back(lo, hi);
    }
    using Check = std::function<bool(const std::vector<Value>&)>;
    std::vector<Check> checks;
    for (int c = pick(1, 3); c > 0; --c) {
      const int kind = pick(0, 3);
      if (kind == 3) {
        m.all_different(x);
        checks.push_back([](const std::vector<Value>& v) { return std::set<Value>(v.begin(), v.end()).size() == v.size(); });
        continue;
      }
      std::vector<Value> a;
      LinearExpr e;
      for (int i = 0; i < n; ++i) {
        a.push_back(pick(-3, 3));
        e = e + a.back() * x[static_cast<std::size_t>(i)];
      }
      const Value c0 = pick(-6, 6);
      auto sum = [a](const std::vector<Value>& v) {
        Value s = 0;
        for (std::size_t i = 0; i < v.size(); ++i) s += a[i] * v[i];
        return s;
      };
      if (kind == 0) {
        m.post(e == c0);
        checks.push_back([=](const std::vector<Value>& v) { return sum(v) == c0; });
      } else if (kind == 1) {
        m.post(e <= c0);
        checks.push_back([=](const std::vector<Value>& v) { return sum(v) <= c0; });
      } else {
        m.post(e != c0);
        checks.push_back([=](const std::vector<Value>& v) { return sum(v) != c0; });
      }
    }
    std::set<std::vector<Value>> expected;
    std::vector<Value> v(static_cast<std::size_t>(n));
    std::function<void(int)> generate = [&](int i) {
      if (i == n) {
        if (std::all_of(checks.begin(), checks.end(), [&](const Check& c) { return c(v); })) expected.insert(v);
        return;
      }
      for (Value a = range[static_cast<std::size_t>(i)].first; a <= range[static_cast<std::size_t>(i)].second; ++a) {
        v[static_cast<std::size_t>(i)] = a;
        generate(i + 1);
      }
    };
    generate(0);
    for (auto prune : {Prune::forward, Prune::bounds, Prune::gac}) {
      for (auto values : all_value_orders) {
        for (auto branching : all_branchings) {
          const SearchOptions o{.prune = prune, .variables = VariableOrder::mrv, .values = values, .seed = 5,
                                .branching = branching};
          ASSERT_EQ(solutions_of(m, o), expected)
              << "round " << round << " " << to_string(values) << " " << to_string(branching);
        }
      }
    }
  }
}

// AFC with decay, counted by hand: three constraints on x0..x2, a decay of 1/2 (exact in
// binary). Each starts at 1; a failure halves every count, then the failing one gains 1.
TEST(FailureWeights, DecaysEveryCountAndAddsOneToTheFailingConstraint) {
  const std::vector<std::vector<int>> scopes{{0, 1}, {1, 2}, {0, 2}};
  FailureWeights w(3, {.afc = true}, [&](auto add) {
    for (const auto& scope : scopes) add(scope);
  }, 0.5);
  EXPECT_DOUBLE_EQ(w.decayed_afc(0), 1.0);
  w.fail(0, scopes[0]);  // 0.5 + 1, 0.5, 0.5
  w.fail(1, scopes[1]);  // 0.75, 0.25 + 1, 0.25
  w.fail(0, scopes[0]);  // 0.375 + 1, 0.625, 0.125
  EXPECT_DOUBLE_EQ(w.decayed_afc(0), 1.375);
  EXPECT_DOUBLE_EQ(w.decayed_afc(1), 0.625);
  EXPECT_DOUBLE_EQ(w.decayed_afc(2), 0.125);

  // A variable weighs the constraints that bind it; afc takes the heaviest (x1: 1.375 +
  // 0.625), afc-size the fewest values per weight (x2: 1 / (0.625 + 0.125)).
  struct View {
    const std::vector<std::vector<int>>& scopes;
    std::vector<std::vector<int>> of{{0, 2}, {0, 1}, {1, 2}};
    std::uint64_t size(int x) const { return x == 2 ? 1 : 4; }
    Value min(int) const { return 0; }
    Value max(int) const { return 3; }
    std::int64_t degree(int) const { return 2; }
    std::int64_t heaviest_degree() const { return 2; }
    const std::vector<int>& constraints_of(int x) const { return of[static_cast<std::size_t>(x)]; }
    bool binds(int, int) const { return true; }
  } view{scopes};
  const auto best = [&](VariableOrder order) {
    return with_merit<std::int64_t>(order, view, w, [](const auto& merit) {
      int chosen = 0;
      for (int x = 1; x < 3; ++x) {
        if (merit(x) < merit(chosen)) chosen = x;
      }
      return chosen;
    });
  };
  EXPECT_EQ(best(VariableOrder::afc), 1);
  EXPECT_EQ(best(VariableOrder::afc_size), 2);
}

// The unit grows at each failure and is taken out before it overflows: the counts stay
// those of the definition (one constraint failing forever tends to 1 / (1 - decay)).
TEST(FailureWeights, RescalesWithoutChangingTheCounts) {
  const std::vector<std::vector<int>> scopes{{0}, {1}};
  FailureWeights w(2, {.afc = true}, [&](auto add) {
    for (const auto& scope : scopes) add(scope);
  }, 0.5);
  for (int i = 0; i < 2000; ++i) w.fail(0, scopes[0]);
  EXPECT_NEAR(w.decayed_afc(0), 2.0, 1e-12);
  EXPECT_NEAR(w.decayed_afc(1), 0.0, 1e-12);
}

}  // namespace
}  // namespace backtrack::csp
