// Lazy clause generation's search (learning/learning_search.hpp): on random models its
// answer is generate-and-test's, every nogood it learns holds in every solution (so no
// explanation it built was wrong), the optimum is brute force's, and on a model built
// to make depth-first search thrash it decides far fewer times.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "backtrack/csp/learning/learning_search.hpp"
#include "backtrack/engine.hpp"
#include "int_solutions.hpp"

namespace backtrack::csp {
namespace {

// A random model over n variables of 0 .. 4 and one Boolean, and the same constraints as
// a test of a complete assignment, written apart from the propagators.
struct RandomLearningModel {
  IntModel model;
  std::vector<IntVar> xs;
  std::vector<std::function<bool(const std::vector<Value>&)>> tests;
  std::vector<std::vector<Value>> domains;

  RandomLearningModel(std::uint64_t seed, int n) {
    std::mt19937_64 random(seed);
    const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(random); };
    xs = model.int_vars(n, 0, 4);
    const IntVar b = model.bool_var();
    xs.push_back(b);
    domains.assign(static_cast<std::size_t>(n), {0, 1, 2, 3, 4});
    domains.push_back({0, 1});
    const int constraints = pick(3, 6);
    for (int c = 0; c < constraints; ++c) {
      const int i = pick(0, n - 1);
      const int j = (i + pick(1, n - 1)) % n;
      const int k = (j + 1) % n == i ? (j + 2) % n : (j + 1) % n;
      const Value a = pick(1, 3);
      const Value rhs = pick(2, 9);
      const auto ui = static_cast<std::size_t>(i), uj = static_cast<std::size_t>(j), uk = static_cast<std::size_t>(k);
      switch (pick(0, 4)) {
        case 0:
          model.post(a * xs[ui] + xs[uj] <= rhs);
          tests.push_back([=](const std::vector<Value>& v) { return a * v[ui] + v[uj] <= rhs; });
          break;
        case 1:
          model.post(xs[ui] + xs[uj] + xs[uk] == rhs);
          tests.push_back([=](const std::vector<Value>& v) { return v[ui] + v[uj] + v[uk] == rhs; });
          break;
        case 2:
          model.post(xs[ui] - a * xs[uj] != Value{1});
          tests.push_back([=](const std::vector<Value>& v) { return v[ui] - a * v[uj] != 1; });
          break;
        case 3:
          model.all_different({xs[ui], xs[uj], xs[uk]});
          tests.push_back([=](const std::vector<Value>& v) { return v[ui] != v[uj] && v[ui] != v[uk] && v[uj] != v[uk]; });
          break;
        default: {
          const auto ub = static_cast<std::size_t>(n);
          model.post(xs[ui] <= xs[uj], iff(b));
          tests.push_back([=](const std::vector<Value>& v) { return (v[ub] == 1) == (v[ui] <= v[uj]); });
          break;
        }
      }
    }
  }
  bool holds(const std::vector<Value>& v) const {
    for (const auto& t : tests) {
      if (!t(v)) return false;
    }
    return true;
  }
};

// What a run of the search ended with: its stats, and the last solution's values.
struct Learnt {
  SearchStats stats;
  std::vector<Value> values;
  std::vector<Nogood> nogoods;
  bool found() const { return stats.solutions > 0; }
};
Learnt learn(const IntProblem& problem, const SearchLimits& limits = {}) {
  LearningSearch search(problem);
  Learnt out;
  auto emit = [&](std::span<const Decision> path, std::uint64_t, const FoundAt&) {
    out.values = problem.values(path);
    return true;
  };
  out.stats = search.run(limits, emit);
  out.nogoods = search.learnt();
  return out;
}

bool literal_holds(const Literal& l, const std::vector<Value>& v) {
  const Value x = v[static_cast<std::size_t>(l.x)];
  switch (l.kind) {
    case Literal::Kind::equal: return x == l.v;
    case Literal::Kind::not_equal: return x != l.v;
    case Literal::Kind::at_most: return x <= l.v;
    case Literal::Kind::more_than: return x > l.v;
  }
  return false;
}

// No solution makes every literal of a learnt nogood hold.
void expect_nogoods_hold(const std::vector<Nogood>& learnt, const std::set<std::vector<Value>>& solutions,
                         const std::string& where) {
  for (const Nogood& nogood : learnt) {
    ASSERT_FALSE(nogood.literals.empty()) << where;
    for (const auto& solution : solutions) {
      bool all = true;
      for (const Literal& l : nogood.literals) all = all && literal_holds(l, solution);
      ASSERT_FALSE(all) << where << ": a learnt nogood excludes a solution";
    }
  }
}

TEST(LearningSearch, RandomModelsAnswerAsGenerateAndTestAndLearnOnlyWhatHolds) {
  int satisfiable = 0, unsatisfiable = 0, learnt = 0;
  for (std::uint64_t seed = 1; seed <= 3000; ++seed) {
    const RandomLearningModel m(seed, 3 + static_cast<int>(seed % 4));
    const auto solutions = every_assignment(m.domains, [&](const std::vector<Value>& v) { return m.holds(v); });
    // Decisions x = v and, split, x <= v; the all-differents by value, Hall intervals and
    // matching.
    const SearchOptions settings[] = {{.prune = Prune::arc, .variables = VariableOrder::static_order},
                                      {.prune = Prune::arc, .variables = VariableOrder::mrv},
                                      {.prune = Prune::arc, .values = ValueOrder::split},
                                      {.prune = Prune::bounds, .variables = VariableOrder::static_order},
                                      {.prune = Prune::domain, .variables = VariableOrder::mrv}};
    for (const SearchOptions& options : settings) {
      const IntProblem problem(m.model, options);
      const Learnt result = learn(problem);
      const std::string where = "seed " + std::to_string(seed);
      if (solutions.empty()) {
        EXPECT_FALSE(result.found()) << where;
        EXPECT_TRUE(result.stats.complete()) << where;
        ++unsatisfiable;
      } else {
        ASSERT_TRUE(result.found()) << where;
        EXPECT_EQ(result.stats.stop, StopReason::solution_limit) << where;
        ASSERT_EQ(result.values.size(), m.domains.size()) << where;
        EXPECT_TRUE(m.holds(result.values)) << where;
        ++satisfiable;
      }
      learnt += static_cast<int>(result.nogoods.size());
      expect_nogoods_hold(result.nogoods, solutions, where);
    }
  }
  // The random models reach both answers, and the search learns on the way.
  EXPECT_GT(satisfiable, 2000);
  EXPECT_GT(unsatisfiable, 2000);
  EXPECT_GT(learnt, 3000);
}

TEST(LearningSearch, FindsTheOptimumOfBruteForce) {
  int proved = 0;
  for (std::uint64_t seed = 1; seed <= 150; ++seed) {
    RandomLearningModel m(seed * 7919, 4);
    // minimise the weighted sum o = 3 x0 + 2 x1 + x2 - x3, within 0 .. 30
    const IntVar o = m.model.int_var(-4, 30);
    m.model.post(3 * m.xs[0] + 2 * m.xs[1] + m.xs[2] - m.xs[3] == o);
    m.model.minimize(o);
    m.domains.push_back({});
    for (Value v = -4; v <= 30; ++v) m.domains.back().push_back(v);
    const auto solutions = every_assignment(m.domains, [&](const std::vector<Value>& v) {
      return m.holds(v) && 3 * v[0] + 2 * v[1] + v[2] - v[3] == v.back();
    });
    const IntProblem problem(m.model, {.prune = Prune::arc});
    const Learnt result = learn(problem);
    const std::string where = "seed " + std::to_string(seed);
    EXPECT_TRUE(result.stats.complete()) << where;
    if (solutions.empty()) {
      EXPECT_FALSE(result.found()) << where;
      continue;
    }
    Value best = solutions.begin()->back();
    for (const auto& s : solutions) best = std::min(best, s.back());
    ASSERT_TRUE(result.found()) << where;
    EXPECT_EQ(result.values.back(), best) << where;
    EXPECT_TRUE(solutions.contains(result.values)) << where;
    ++proved;
  }
  EXPECT_GT(proved, 30);
}

// Ten free Booleans decided first, then five pigeons in four holes: depth-first search
// proves the holes too few under each of the 1024 settings of the Booleans; the learnt
// nogoods do not name them, so learning proves it about once.
TEST(LearningSearch, AnUnsatisfiableCoreBehindFreeChoicesIsProvedOnce) {
  IntModel model;
  const auto free = model.int_vars(10, 0, 1);
  const auto pigeons = model.int_vars(5, 1, 4);
  for (std::size_t i = 0; i < pigeons.size(); ++i) {
    for (std::size_t j = i + 1; j < pigeons.size(); ++j) model.post(pigeons[i] != pigeons[j]);
  }
  (void)free;
  const IntProblem problem(model, {.prune = Prune::arc, .variables = VariableOrder::static_order});
  const SearchStats plain = count_solutions(problem);
  EXPECT_EQ(plain.solutions, 0U);
  const Learnt result = learn(problem);
  EXPECT_FALSE(result.found());
  EXPECT_TRUE(result.stats.complete());
  EXPECT_GT(plain.nodes, 20 * result.stats.nodes) << plain.nodes << " nodes against " << result.stats.nodes;
  EXPECT_GT(result.stats.counters.value[3], 0U) << "no jump back";
}

TEST(LearningSearch, StopsAtItsFailureBudget) {
  IntModel model;
  const auto pigeons = model.int_vars(8, 1, 7);
  for (std::size_t i = 0; i < pigeons.size(); ++i) {
    for (std::size_t j = i + 1; j < pigeons.size(); ++j) model.post(pigeons[i] != pigeons[j]);
  }
  const IntProblem problem(model, {.prune = Prune::arc});
  const Learnt result = learn(problem, {.max_failures = 50});
  EXPECT_EQ(result.stats.stop, StopReason::failure_limit);
  EXPECT_EQ(result.stats.failures, 50U);
  EXPECT_EQ(result.nogoods.size(), 50U);
}

}  // namespace
}  // namespace backtrack::csp
