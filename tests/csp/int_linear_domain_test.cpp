// The linear equality at domain consistency (propagators/linear_domain.hpp): at the root it
// keeps exactly the values some solution takes, and under every prune level it finds the
// solutions that the bounds-consistent equality and generate-and-test find; past its
// limits it is the bounds-consistent one.
#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <set>
#include <vector>

#include "backtrack/csp/int_problem.hpp"
#include "int_solutions.hpp"

namespace backtrack::csp {
namespace linear_domain_test {  // a unity build shares one translation unit among the files

using Tuple = std::vector<Value>;

// sum(as[i] * x[i]) = c over small domains with holes (a domain is its sorted values).
struct Equality {
  std::vector<Value> as;
  std::vector<std::vector<Value>> domains;
  Value c = 0;

  IntModel model(LinearStrength strength) const {
    IntModel m;
    LinearExpr sum;
    for (std::size_t i = 0; i < as.size(); ++i) sum = std::move(sum) + as[i] * LinearExpr(m.int_var(domains[i]));
    m.post(std::move(sum) == LinearExpr(c), strength);
    return m;
  }
  std::set<Tuple> solutions() const {
    std::set<Tuple> found;
    Tuple t(as.size());
    std::function<void(std::size_t, Value)> next = [&](std::size_t i, Value sum) {
      if (i == as.size()) {
        if (sum == c) found.insert(t);
        return;
      }
      for (Value v : domains[i]) {
        t[i] = v;
        next(i + 1, sum + as[i] * v);
      }
    };
    next(0, 0);
    return found;
  }
};

Equality random_equality(std::mt19937& engine) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(engine); };
  Equality e;
  Value least = 0;
  Value most = 0;
  for (int i = pick(1, 4); i > 0; --i) {
    Value a = 0;
    while (a == 0) a = pick(-3, 3);
    std::vector<Value> values;
    for (Value v = pick(-5, 0), hi = v + pick(0, 7); v <= hi; ++v) {
      if (pick(0, 2) != 0) values.push_back(v);
    }
    if (values.empty()) values.push_back(pick(-3, 3));
    least += a > 0 ? a * values.front() : a * values.back();
    most += a > 0 ? a * values.back() : a * values.front();
    e.as.push_back(a);
    e.domains.push_back(std::move(values));
  }
  e.c = pick(static_cast<int>(least) - 1, static_cast<int>(most) + 1);
  return e;
}

TEST(IntLinearDomain, RootKeepsExactlyTheSupportedValues) {
  std::mt19937 engine(60);
  int supported = 0;
  int pruned_beyond_bounds = 0;
  for (int round = 0; round < 300; ++round) {
    const Equality e = random_equality(engine);
    const std::set<Tuple> solutions = e.solutions();
    const IntProblem problem(e.model(LinearStrength::domain), {.prune = Prune::arc});
    ASSERT_EQ(problem.root_consistent(), !solutions.empty()) << "round " << round;
    if (solutions.empty()) continue;
    ++supported;
    const Space& s = problem.root().space;
    const IntProblem bounds(e.model(LinearStrength::bounds), {.prune = Prune::arc});
    for (std::size_t i = 0; i < e.as.size(); ++i) {
      std::set<Value> expected;
      for (const Tuple& t : solutions) expected.insert(t[i]);
      std::set<Value> kept;
      s.for_each(static_cast<int>(i), [&](Value v) { kept.insert(v); });
      EXPECT_EQ(kept, expected) << "round " << round << " variable " << i;
      pruned_beyond_bounds += bounds.root().space.size(static_cast<int>(i)) > kept.size();
    }
  }
  EXPECT_GE(supported, 150);
  EXPECT_GE(pruned_beyond_bounds, 50) << "too few roots where domain consistency tells more than bounds";
}

TEST(IntLinearDomain, SolutionsEqualTheBoundsOnesUnderEveryPruneLevel) {
  std::mt19937 engine(61);
  for (int round = 0; round < 150; ++round) {
    const Equality e = random_equality(engine);
    const std::set<Tuple> expected = e.solutions();
    const IntModel domain = e.model(LinearStrength::domain);
    const IntModel bounds = e.model(LinearStrength::bounds);
    for (const Prune prune : all_prunes) {
      ASSERT_EQ(solutions_of(domain, {.prune = prune}), expected) << "round " << round << " " << to_string(prune);
      ASSERT_EQ(solutions_of(bounds, {.prune = prune}), expected) << "round " << round << " " << to_string(prune);
    }
  }
}

// x + y = 4, x in {0, 2, 4}, y without 2: x = 2 has no support, but lies between the
// bounds. With y's values spread over more than LinearDomainEqual::max_span, the
// bounds-consistent equality keeps it.
TEST(IntLinearDomain, WideSumsFallBackToBounds) {
  auto kept_of_x = [](Value far) {
    IntModel m;
    const IntVar x = m.int_var(std::vector<Value>{0, 2, 4});
    const IntVar y = m.int_var(std::vector<Value>{0, 1, 3, 4, far});
    m.post(LinearExpr(x) + LinearExpr(y) == LinearExpr(4), LinearStrength::domain);
    const IntProblem problem(m, {.prune = Prune::arc});
    EXPECT_TRUE(problem.root_consistent());
    return problem.root().space.size(x.id);
  };
  EXPECT_EQ(kept_of_x(50), 2U);
  EXPECT_EQ(kept_of_x(LinearDomainEqual::max_span + 10), 3U);
}

}  // namespace linear_domain_test
}  // namespace backtrack::csp
