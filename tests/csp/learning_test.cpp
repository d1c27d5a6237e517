// Lazy clause generation's search (learning/learning_search.hpp): on random models its
// answer is generate-and-test's, every nogood it learns holds in every solution, every
// explanation (learning/explanations.hpp) implies what it explains by its constraint
// alone, the optimum is brute force's, and on a model built to make depth-first search
// thrash it decides far fewer times.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <optional>
#include <random>
#include <span>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "backtrack/csp/globals/circuit.hpp"
#include "backtrack/csp/globals/count.hpp"
#include "backtrack/csp/globals/cumulative.hpp"
#include "backtrack/csp/globals/disjunctive.hpp"
#include "backtrack/csp/globals/inverse.hpp"
#include "backtrack/csp/globals/lex.hpp"
#include "backtrack/csp/learning/learning_search.hpp"
#include "backtrack/engine.hpp"
#include "int_solutions.hpp"

namespace backtrack::csp {
namespace learning_test {  // a unity build shares one translation unit among the files

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
Learnt learn(const IntProblem& problem, const SearchLimits& limits = {}, std::size_t keep = 2000,
             std::optional<RestartSchedule> restarts = std::nullopt) {
  LearningSearch search(problem, keep, restarts);
  Learnt out;
  auto emit = [&](std::span<const Decision> path, std::uint64_t, const FoundAt&) {
    out.values = problem.values(path);
    return true;
  };
  out.stats = search.run(limits, emit);
  out.nogoods = search.kept();
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

// No literal of a learnt nogood is implied by another of it (x > 3 beside x > 5, x > 4
// beside x = 5): it would say nothing more. Read over the integers around both values.
void expect_no_literal_implied(const std::vector<Nogood>& learnt, const std::string& where) {
  for (const Nogood& nogood : learnt) {
    for (const Literal& a : nogood.literals) {
      for (const Literal& b : nogood.literals) {
        if (a == b || a.x != b.x) continue;
        bool implied = true;
        for (Value v = std::min(a.v, b.v) - 2; v <= std::max(a.v, b.v) + 2; ++v) {
          std::vector<Value> at(static_cast<std::size_t>(a.x) + 1, 0);
          at[static_cast<std::size_t>(a.x)] = v;
          implied = implied && (!literal_holds(a, at) || literal_holds(b, at));
        }
        ASSERT_FALSE(implied) << where << ": a nogood's literal implies another of it";
      }
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
    for (std::size_t k = 0; k <= std::size(settings) + 1; ++k) {
      // the last two: from the root again after 1, 1, 2, 1, 1, 2, 4, ... conflicts, by
      // dom-wdeg, and by the static order and activity in turn (hybrid)
      const bool restarting = k >= std::size(settings);
      const bool hybrid = k == std::size(settings) + 1;
      const SearchOptions options =
          !restarting ? settings[k]
          : hybrid    ? SearchOptions{.prune = Prune::arc, .variables = VariableOrder::static_order,
                                      .restarts = Restarts::luby, .learn = Learn::lcg, .hybrid = true}
                      : SearchOptions{.prune = Prune::arc, .variables = VariableOrder::dom_wdeg};
      const IntProblem problem(m.model, options);
      const Learnt result =
          learn(problem, {}, 2000, restarting ? std::optional(RestartSchedule::luby_times(1)) : std::nullopt);
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
      expect_no_literal_implied(result.nogoods, where);
    }
  }
  // The random models reach both answers, and the search learns on the way.
  EXPECT_GT(satisfiable, 2000);
  EXPECT_GT(unsatisfiable, 2000);
  EXPECT_GT(learnt, 3000);
}

// One constraint over three integers and four Booleans, and its test, written apart from
// the propagators; posted is the kind of constraint, for the failure messages.
struct OneConstraint {
  IntModel model;
  std::function<bool(const std::vector<Value>&)> holds;
  std::string posted;
};
OneConstraint random_constraint(std::mt19937_64& random) {
  const auto pick = [&](int lo, int hi) { return Value{std::uniform_int_distribution<int>(lo, hi)(random)}; };
  OneConstraint m;
  std::vector<IntVar> x;
  for (int i = 0; i < 3; ++i) {
    std::vector<Value> values;
    for (Value v = -1; v <= 3; ++v) {
      if (pick(0, 3) != 0) values.push_back(v);
    }
    if (values.empty()) values.push_back(pick(-1, 3));
    x.push_back(m.model.int_var(values));
  }
  const auto b = m.model.int_vars(4, 0, 1);
  const Value a0 = pick(1, 3) * (pick(0, 1) == 0 ? 1 : -1), a1 = pick(1, 2), a2 = pick(-2, -1), c = pick(-3, 5);
  const auto sum = [=](const std::vector<Value>& v) { return a0 * v[0] + a1 * v[1] + a2 * v[2]; };
  switch (pick(0, 27)) {
    case 0:
      m.model.post(a0 * x[0] + a1 * x[1] + a2 * x[2] <= c);
      m.holds = [=](const std::vector<Value>& v) { return sum(v) <= c; };
      m.posted = "linear <=";
      break;
    case 1:
      m.model.post(a0 * x[0] + a1 * x[1] + a2 * x[2] == c);
      m.holds = [=](const std::vector<Value>& v) { return sum(v) == c; };
      m.posted = "linear =";
      break;
    case 2:
      m.model.post(a0 * x[0] + a1 * x[1] + a2 * x[2] <= c, iff(b[0]));
      m.holds = [=](const std::vector<Value>& v) { return (v[3] == 1) == (sum(v) <= c); };
      m.posted = "b <-> linear <=";
      break;
    case 3: {
      // half the time x0 - x1 = d: b decided by a hole of the one left open
      const bool difference = pick(0, 1) == 0;
      const Value p0 = difference ? 1 : a0, p1 = difference ? -1 : a1, d = difference ? pick(-1, 1) : c;
      m.model.post(p0 * x[0] + p1 * x[1] == d, iff(b[0]));
      m.holds = [=](const std::vector<Value>& v) { return (v[3] == 1) == (p0 * v[0] + p1 * v[1] == d); };
      m.posted = "b <-> linear =";
      break;
    }
    case 4:
      m.model.post(a0 * x[0] + a1 * x[1] + a2 * x[2] != c, when(b[0]));
      m.holds = [=](const std::vector<Value>& v) { return v[3] == 0 || sum(v) != c; };
      m.posted = "b -> linear !=";
      break;
    case 5:
      m.model.post(x[0] == c, iff(b[0]));
      m.holds = [=](const std::vector<Value>& v) { return (v[3] == 1) == (v[0] == c); };
      m.posted = "b <-> x = c";
      break;
    case 6:
      m.model.clause(std::span<const IntVar>(b.data(), 2), std::span<const IntVar>(b.data() + 2, 2));
      m.holds = [](const std::vector<Value>& v) { return v[3] == 1 || v[4] == 1 || v[5] == 0 || v[6] == 0; };
      m.posted = "clause";
      break;
    case 7: {
      const bool is_and = pick(0, 1) == 0;
      if (is_and) {
        m.model.bool_and(std::span<const IntVar>(b.data(), 3), b[3]);
      } else {
        m.model.bool_or(std::span<const IntVar>(b.data(), 3), b[3]);
      }
      m.holds = [=](const std::vector<Value>& v) {
        return is_and ? v[6] == (v[3] & v[4] & v[5]) : v[6] == (v[3] | v[4] | v[5]);
      };
      m.posted = is_and ? "and" : "or";
      break;
    }
    case 8:
      m.model.bool_xor(b[0], b[1], b[2]);
      m.holds = [](const std::vector<Value>& v) { return v[5] == (v[3] ^ v[4]); };
      m.posted = "xor";
      break;
    case 9: {
      const auto strength = static_cast<DistinctStrength>(pick(0, 2));
      m.model.all_different(std::span<const IntVar>(x), strength);
      m.holds = [](const std::vector<Value>& v) { return v[0] != v[1] && v[0] != v[2] && v[1] != v[2]; };
      m.posted = "all-different " + std::to_string(static_cast<int>(strength));
      break;
    }
    case 10:
      if (pick(0, 2) == 0) {
        m.model.times(x[0], x[0], x[2]);
        m.holds = [](const std::vector<Value>& v) { return v[0] * v[0] == v[2]; };
        m.posted = "square";
        break;
      }
      m.model.times(x[0], x[1], x[2]);
      m.holds = [](const std::vector<Value>& v) { return v[0] * v[1] == v[2]; };
      m.posted = "times";
      break;
    case 11: {
      // three tasks starting at x, of durations 1 .. 3 and uses 1 .. 2, capacity 2 or 3;
      // or, a third of the time, of durations 1 .. 2 and use 1 on a capacity of 1, which
      // edge-finding narrows where the profile shows nothing
      const bool tight = pick(0, 2) == 0;
      std::vector<IntVar> duration, use;
      std::vector<Value> ds, rs;
      for (int i = 0; i < 3; ++i) {
        ds.push_back(tight ? pick(1, 2) : pick(1, 3));
        rs.push_back(tight ? 1 : pick(1, 2));
        duration.push_back(m.model.int_var(ds.back(), ds.back()));
        use.push_back(m.model.int_var(rs.back(), rs.back()));
      }
      const Value capacity = tight ? 1 : pick(2, 3);
      cumulative(m.model, x, duration, use, m.model.int_var(capacity, capacity));
      m.holds = [=](const std::vector<Value>& v) {
        for (Value t = -1; t <= 6; ++t) {
          Value used = 0;
          for (std::size_t i = 0; i < 3; ++i) used += v[i] <= t && t < v[i] + ds[i] ? rs[i] : 0;
          if (used > capacity) return false;
        }
        return true;
      };
      m.posted = "cumulative";
      break;
    }
    case 12: {
      // three tasks starting at x, of durations 1 .. 3, fixed or one of two; detectable
      // precedences on or off
      std::vector<IntVar> duration;
      for (int i = 0; i < 3; ++i) {
        const Value least = pick(1, 3);
        duration.push_back(m.model.int_var(least, least + pick(0, 1)));
      }
      if (pick(0, 1) == 0) {
        disjunctive(m.model, x, duration);
      } else {
        disjunctive_strict(m.model, x, duration);
      }
      Propagation& propagation = m.model.propagation_to_tune();
      Disjunctive tuned = *std::get<Boxed<Disjunctive>>(propagation[0]);
      tuned.precedences = pick(0, 1) == 0;
      propagation.replace(0, Boxed<Disjunctive>(std::move(tuned)));
      m.holds = [](const std::vector<Value>& v) {  // v[7 + i]: task i's duration
        for (std::size_t i = 0; i < 3; ++i) {
          for (std::size_t j = i + 1; j < 3; ++j) {
            if (v[i] + v[7 + i] > v[j] && v[j] + v[7 + j] > v[i]) return false;
          }
        }
        return true;
      };
      m.posted = "disjunctive";
      break;
    }
    case 13:
    case 23: {  // twice as often: what only its matching shows is rare
      // a Boolean among them: with a variable narrowed to two values, a Hall interval
      const auto strength = static_cast<DistinctStrength>(pick(0, 2));
      m.model.all_different(std::vector<IntVar>{x[0], x[1], x[2], b[0]}, strength);
      m.holds = [](const std::vector<Value>& v) {
        const std::set<Value> values{v[0], v[1], v[2], v[3]};
        return values.size() == 4;
      };
      m.posted = "all-different " + std::to_string(static_cast<int>(strength)) + " with a Boolean";
      break;
    }
    case 14: {
      // up to 12 tuples of values -1 .. 3
      std::set<std::vector<Value>> tuples;
      for (int k = static_cast<int>(pick(1, 12)); k > 0; --k) tuples.insert({pick(-1, 3), pick(-1, 3), pick(-1, 3)});
      m.model.table(std::span<const IntVar>(x), std::vector<std::vector<Value>>(tuples.begin(), tuples.end()));
      m.holds = [=](const std::vector<Value>& v) { return tuples.count({v[0], v[1], v[2]}) == 1; };
      m.posted = "table";
      break;
    }
    case 15: {
      const bool largest = pick(0, 1) == 0;
      if (largest) {
        m.model.max(x[0], x[1], x[2]);
      } else {
        m.model.min(x[0], x[1], x[2]);
      }
      m.holds = [=](const std::vector<Value>& v) { return v[2] == (largest ? std::max(v[0], v[1]) : std::min(v[0], v[1])); };
      m.posted = largest ? "max" : "min";
      break;
    }
    case 17:
      if (pick(0, 2) == 0) {  // x1 = [x2, x1, x0, b0][x0]: z and the index in the array too
        m.model.element(std::vector<IntVar>{x[2], x[1], x[0], b[0]}, x[0], x[1]);
        m.holds = [](const std::vector<Value>& v) {
          const std::array<Value, 4> a{v[2], v[1], v[0], v[3]};
          return v[0] >= 0 && v[0] <= 3 && a[static_cast<std::size_t>(v[0])] == v[1];
        };
        m.posted = "element of variables, repeated";
        break;
      }
      if (pick(0, 1) == 0) {  // x1 = [x2, b0, b1, b2][x0]
        m.model.element(std::vector<IntVar>{x[2], b[0], b[1], b[2]}, x[0], x[1]);
        m.holds = [](const std::vector<Value>& v) { return v[0] >= 0 && v[0] <= 3 && v[2 + v[0]] == v[1]; };
      } else {  // x1 = [x0, x2][b0]: z's bounds from two integers
        m.model.element(std::vector<IntVar>{x[0], x[2]}, b[0], x[1]);
        m.holds = [](const std::vector<Value>& v) { return v[1] == (v[3] == 0 ? v[0] : v[2]); };
      }
      m.posted = "element of variables";
      break;
    case 18:
      m.model.post(a0 * x[0] + a1 * x[1] != c);  // two terms: one fixed prunes the other
      m.holds = [=](const std::vector<Value>& v) { return a0 * v[0] + a1 * v[1] != c; };
      m.posted = "linear !=";
      break;
    case 19:
      m.model.div(x[0], x[1], x[2]);
      m.holds = [](const std::vector<Value>& v) { return v[1] != 0 && v[0] / v[1] == v[2]; };  // truncated, as C++'s
      m.posted = "div";
      break;
    case 20:
      m.model.mod(x[0], x[1], x[2]);
      m.holds = [](const std::vector<Value>& v) { return v[1] != 0 && v[0] % v[1] == v[2]; };
      m.posted = "mod";
      break;
    case 21:
      m.model.abs(x[0], x[1]);
      m.holds = [](const std::vector<Value>& v) { return v[1] == (v[0] < 0 ? -v[0] : v[0]); };
      m.posted = "abs";
      break;
    case 22: {
      // how many of x0, x1, b0, b1 take 1 (or y = b2's value, or one of 0 and 2),
      // compared with x2
      const std::vector<IntVar> xs{x[0], x[1], b[0], b[1]};
      const int form = static_cast<int>(pick(0, 2));
      const auto relation = static_cast<CountIs>(pick(0, 5));
      if (form == 0) {
        count(m.model, xs, Value{1}, relation, x[2]);
      } else if (form == 1) {
        count(m.model, xs, b[2], relation, x[2]);
      } else {
        among(m.model, x[2], xs, {0, 2});
      }
      m.holds = [=](const std::vector<Value>& v) {
        Value n = 0;
        for (const std::size_t i : {0, 1, 3, 4}) {
          n += form == 0 ? v[i] == 1 : form == 1 ? v[i] == v[5] : v[i] == 0 || v[i] == 2;
        }
        if (form == 2) return n == v[2];
        switch (relation) {
          case CountIs::equal: return n == v[2];
          case CountIs::not_equal: return n != v[2];
          case CountIs::less: return n < v[2];
          case CountIs::at_most: return n <= v[2];
          case CountIs::greater: return n > v[2];
          case CountIs::at_least: return n >= v[2];
        }
        return false;
      };
      m.posted = "count";
      break;
    }
    case 24: {
      // [x0, b0, x1] <=lex [x2, b1, b2], or <lex; a third of the time [x0, x1, b0] against
      // [x1, x0, b1], x0 and x1 in two pairs each, as symmetry breaking posts it
      const bool strict = pick(0, 1) == 0;
      const bool swapped = pick(0, 2) == 0;
      const std::vector<IntVar> xs = swapped ? std::vector<IntVar>{x[0], x[1], b[0]} : std::vector<IntVar>{x[0], b[0], x[1]};
      const std::vector<IntVar> ys = swapped ? std::vector<IntVar>{x[1], x[0], b[1]} : std::vector<IntVar>{x[2], b[1], b[2]};
      if (strict) {
        lex_less(m.model, xs, ys);
      } else {
        lex_lesseq(m.model, xs, ys);
      }
      m.holds = [=](const std::vector<Value>& v) {
        const std::array<Value, 3> a = swapped ? std::array<Value, 3>{v[0], v[1], v[3]} : std::array<Value, 3>{v[0], v[3], v[1]};
        const std::array<Value, 3> b = swapped ? std::array<Value, 3>{v[1], v[0], v[4]} : std::array<Value, 3>{v[2], v[4], v[5]};
        return strict ? std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end())
                      : !std::lexicographical_compare(b.begin(), b.end(), a.begin(), a.end());
      };
      m.posted = swapped ? "lex, repeated" : "lex";
      break;
    }
    case 25: {
      // the successors of nodes 0 .. 3: x0, x1, x2 and b0
      const bool sub = pick(0, 1) == 0;
      const std::vector<IntVar> next{x[0], x[1], x[2], b[0]};
      if (sub) {
        subcircuit(m.model, next);
      } else {
        circuit(m.model, next);
      }
      m.holds = [=](const std::vector<Value>& v) {
        const std::array<Value, 4> succ{v[0], v[1], v[2], v[3]};
        int in = 0, first = -1;
        for (int i = 0; i < 4; ++i) {
          if (succ[i] < 0 || succ[i] > 3) return false;
          if (succ[i] != i) ++in, first = i;
        }
        if (!sub && in < 4) return false;
        if (in == 0) return true;
        int length = 0;  // the cycle from `first` holds every node not left out
        for (int i = first; length <= 4; ++length) {
          i = static_cast<int>(succ[i]);
          if (i == first) return length + 1 == in;
          if (succ[i] == i) return false;
        }
        return false;
      };
      m.posted = sub ? "subcircuit" : "circuit";
      break;
    }
    case 26: {
      // f = [x0, x1] and g = [x2, b0] inverse, f's positions named from f_base, g's from
      // g_base: f[i] = j + g_base exactly when g[j] = i + f_base; or, a third of the
      // time, f its own inverse (an involution)
      const bool involution = pick(0, 2) == 0;
      const Value f_base = pick(0, 1), g_base = involution ? f_base : pick(-1, 1);
      const std::vector<IntVar> fs{x[0], x[1]}, gs = involution ? fs : std::vector<IntVar>{x[2], b[0]};
      inverse(m.model, fs, gs, f_base, g_base);
      m.holds = [=](const std::vector<Value>& v) {
        const std::array<Value, 2> f{v[0], v[1]}, g = involution ? f : std::array<Value, 2>{v[2], v[3]};
        for (std::size_t i = 0; i < 2; ++i) {
          if (f[i] < g_base || f[i] > g_base + 1 || g[i] < f_base || g[i] > f_base + 1) return false;
          for (std::size_t j = 0; j < 2; ++j) {
            if ((f[i] == static_cast<Value>(j) + g_base) != (g[j] == static_cast<Value>(i) + f_base)) return false;
          }
        }
        return true;
      };
      m.posted = "inverse";
      break;
    }
    case 27: {  // of two terms or three
      const bool two = pick(0, 1) == 0;
      if (two) {
        m.model.post(a0 * x[0] + a1 * x[1] == c, LinearStrength::domain);
      } else {
        m.model.post(a0 * x[0] + a1 * x[1] + a2 * x[2] == c, LinearStrength::domain);
      }
      m.holds = [=](const std::vector<Value>& v) { return a0 * v[0] + a1 * v[1] + (two ? 0 : a2 * v[2]) == c; };
      m.posted = "linear = at domain";
      break;
    }
    default:
      m.model.element({2, 0, -1, 3}, x[0], x[1]);
      m.holds = [](const std::vector<Value>& v) {
        const Value array[] = {2, 0, -1, 3};
        return v[0] >= 0 && v[0] <= 3 && array[v[0]] == v[1];
      };
      m.posted = "element";
      break;
  }
  return m;
}

// The explanation of every narrowing and failure of a propagator, after random decisions:
// its literals held before it, and with the constraint alone imply it (brute force over
// the domains at the root the search starts from, whose facts explanations leave out).
TEST(LearningSearch, EveryExplanationImpliesWhatItExplainsByItsConstraintAlone) {
  std::mt19937_64 random(20261130);
  const auto pick = [&](int lo, int hi) { return Value{std::uniform_int_distribution<int>(lo, hi)(random)}; };
  int narrowings = 0, failures = 0, by_time_table = 0, by_unary_rules = 0, by_supports = 0, by_hall_intervals = 0,
      by_tuples = 0, by_channels = 0, by_bounds = 0, min_max_failures = 0, product_failures = 0, by_products = 0, by_squares = 0, by_hall_sets = 0, all_different_own = 0, all_different_whole = 0;
  // Of the constraints whose every explanation is their own: how many, and how many of
  // their whole scope (none).
  const std::set<std::string> always_own{"element of variables", "linear !=", "div",    "mod",
                                         "abs",                  "lex",       "lex, repeated", "circuit"};
  std::map<std::string, int> own, whole;
  for (int trial = 0; trial < 20000; ++trial) {
    const OneConstraint m = random_constraint(random);
    Space s = m.model.space();
    const Propagation& propagation = m.model.propagation();
    if (propagation.run_all(s) >= 0 || s.failed()) continue;
    s.commit();
    std::vector<std::vector<Value>> domains(static_cast<std::size_t>(s.variables()));
    for (int y = 0; y < s.variables(); ++y) {
      for (Value v = s.min(y); v <= s.max(y); ++v) {
        if (s.contains(y, v)) domains[static_cast<std::size_t>(y)].push_back(v);
      }
    }
    const auto models = every_assignment(domains, m.holds);
    // An all-different's explanation by a Hall interval names the bounds of variables
    // other than the one narrowed; one by the values fixed names only their values.
    const auto by_others_bounds = [](const std::vector<Literal>& out, int narrowed) {
      return std::any_of(out.begin(), out.end(),
                         [&](const Literal& l) { return l.x != narrowed && l.kind != Literal::Kind::equal && l.kind != Literal::Kind::not_equal; });
    };
    // One by a Hall set of the domains names holes of variables other than the one narrowed.
    const auto by_others_holes = [](const std::vector<Literal>& out, int narrowed) {
      return std::any_of(out.begin(), out.end(),
                         [&](const Literal& l) { return l.x != narrowed && l.kind == Literal::Kind::not_equal; });
    };
    ExplainedTrail trail(s);
    s.log_narrowings(true);
    s.mark();
    s.begin_run(-1);
    std::vector<int> scope = propagation.scope(0);
    std::sort(scope.begin(), scope.end());
    scope.erase(std::unique(scope.begin(), scope.end()), scope.end());
    bool decided = true;
    for (int d = static_cast<int>(pick(1, 4)); d > 0 && decided; --d) {
      const int y = scope[static_cast<std::size_t>(pick(0, static_cast<int>(scope.size()) - 1))];
      const Value v = pick(-1, 3);
      switch (pick(0, 3)) {
        case 0: decided = s.set_min(y, v); break;
        case 1: decided = s.set_max(y, v); break;
        case 2: decided = s.remove(y, v); break;
        default: decided = !s.contains(y, v) || s.fix(y, v); break;
      }
    }
    if (!decided) continue;
    const int broken = propagation.run(s);
    trail.sync(s, 1);
    const auto& log = s.narrowings();
    // what `out` explains holds wherever its literals and the constraint do
    const auto check = [&](const std::vector<Literal>& out, std::size_t held, const std::optional<Literal>& implied) {
      for (const Literal& l : out) {
        ASSERT_NE(trail.when_true(l, held), ExplainedTrail::not_yet) << m.posted << ": a literal that did not hold";
      }
      for (const auto& a : models) {
        bool all = true;
        for (const Literal& l : out) all = all && literal_holds(l, a);
        if (!all) continue;
        ASSERT_TRUE(implied.has_value()) << m.posted << ", trial " << trial << ": a failure's explanation admits a solution";
        ASSERT_TRUE(literal_holds(*implied, a))
            << m.posted << ", trial " << trial << ": an explanation does not imply x" << implied->x << " kind "
            << static_cast<int>(implied->kind) << " " << implied->v;
      }
    };
    for (std::size_t i = 0; i < log.size(); ++i) {
      const Narrowing& n = log[i];
      if (n.cause < 0) continue;
      const Literal implied = n.kind == LiteralKind::more_than ? Literal{n.x, LiteralKind::more_than, n.lo - 1}
                              : n.kind == LiteralKind::at_most ? Literal{n.x, LiteralKind::at_most, n.hi}
                                                               : Literal{n.x, n.kind, n.v};
      std::vector<Literal> out;
      const std::size_t held = explain(propagation[n.cause], scope, trail, s, static_cast<long>(i), n.run_start, out);
      check(out, held, implied);
      ++narrowings;
      if (m.posted == "cumulative" && held == i) ++by_time_table;  // its own explanation, not the scope's
      if (m.posted == "disjunctive" && held == i) ++by_unary_rules;
      if (m.posted == "element" && held == i) ++by_supports;
      if (m.posted == "table" && held == i) ++by_tuples;
      if ((m.posted == "min" || m.posted == "max") && held == i) ++by_bounds;
      if (m.posted == "times" && held == i) ++by_products;
      if (m.posted == "square" && held == i) ++by_squares;
      if (m.posted == "inverse" && n.cause == 0 && held == i) ++by_channels;  // its first propagator is the channeling
      if (m.posted.starts_with("all-different") && held == i && by_others_bounds(out, n.x)) ++by_hall_intervals;
      if (m.posted.starts_with("all-different") && held == i && by_others_holes(out, n.x)) ++by_hall_sets;
      if (m.posted.starts_with("all-different")) ++(held == i ? all_different_own : all_different_whole);
      if (always_own.contains(m.posted) || m.posted == "count" || m.posted.ends_with("circuit") ||
          m.posted.ends_with("repeated") || m.posted == "linear = at domain") {
        ++(held == i ? own : whole)[m.posted];
      }
    }
    if (broken >= 0) {
      std::vector<Literal> out;
      const std::size_t held = explain(propagation[broken], scope, trail, s, -1, s.last_run_start(), out);
      check(out, held, std::nullopt);
      ++failures;
      if (m.posted == "cumulative" && held == log.size()) ++by_time_table;
      if (m.posted == "disjunctive" && held == log.size()) ++by_unary_rules;
      if (m.posted == "element" && held == log.size()) ++by_supports;
      if (m.posted == "table" && held == log.size()) ++by_tuples;
      if ((m.posted == "min" || m.posted == "max") && held == log.size()) ++min_max_failures;
      if ((m.posted == "times" || m.posted == "square") && held == log.size()) ++product_failures;
      if (m.posted.starts_with("all-different") && held == log.size() && by_others_bounds(out, -1)) ++by_hall_intervals;
      if (m.posted.starts_with("all-different") && held == log.size() && by_others_holes(out, -1)) ++by_hall_sets;
      if (m.posted.starts_with("all-different")) ++(held == log.size() ? all_different_own : all_different_whole);
      if (always_own.contains(m.posted) || m.posted == "count" || m.posted.ends_with("circuit")) {
        ++(held == log.size() ? own : whole)[m.posted];
      }
    }
  }
  EXPECT_GT(narrowings, 2000);
  EXPECT_GT(failures, 300);
  EXPECT_GT(by_time_table, 50);
  EXPECT_GT(by_unary_rules, 50);
  EXPECT_GT(by_supports, 50);
  EXPECT_GT(by_hall_intervals, 50);
  EXPECT_GT(by_tuples, 50);
  EXPECT_GT(by_bounds, 50);
  EXPECT_GT(min_max_failures, 20);
  EXPECT_GT(product_failures, 20);
  EXPECT_GT(by_products, 50);
  EXPECT_GT(by_squares, 20);
  EXPECT_GT(by_channels, 20);
  EXPECT_GT(by_hall_sets, 5);
  // Whatever its strength, an all-different explains what it did by its own reasons.
  EXPECT_GT(all_different_own, 500);
  EXPECT_EQ(all_different_whole, 0);
  EXPECT_GT(own["count"], 100);  // all but where y is open
  EXPECT_GT(own["subcircuit"], 100);
  EXPECT_GT(own["element of variables, repeated"], 50);  // all but where z's own position is live
  // A value by the others' bounds, or the other's hole, or the others' domains; a failure by
  // the whole scope.
  EXPECT_GT(own["linear = at domain"], 100);
  EXPECT_EQ(whole["linear = at domain"], 0);
  for (const std::string& kind : always_own) {
    EXPECT_GT(own[kind], 50) << kind;
    EXPECT_EQ(whole[kind], 0) << kind;
  }
}

// Three tasks of two units on a capacity of one, their starts within lo .. hi: a space
// past the root's propagation, logging its narrowings for the explanations.
struct ThreeUnaryTasks {
  using Literals = std::vector<std::tuple<int, Literal::Kind, Value>>;

  ThreeUnaryTasks(Value lo, Value hi) : starts(model.int_vars(3, lo, hi)), s(root(model, starts)), trail(s) {
    s.log_narrowings(true);
    s.mark();
    s.begin_run(-1);
  }
  static Space root(IntModel& m, const std::vector<IntVar>& starts) {
    const std::vector<IntVar> durations(3, m.int_var(2, 2)), uses(3, m.int_var(1, 1));
    cumulative(m, starts, durations, uses, m.int_var(1, 1));
    Space root = m.space();
    EXPECT_LT(m.propagation().run_all(root), 0);
    root.commit();
    return root;
  }
  // The explanation of narrowing `at` (-1: the failure) of the run just made, sorted;
  // it must be the cumulative's own (read just before it), not its scope's.
  Literals explained(long at) {
    trail.sync(s, 1);
    const Propagation& propagation = model.propagation();
    std::vector<Literal> out;
    const std::size_t before = at < 0 ? s.narrowings().size() : static_cast<std::size_t>(at);
    const std::size_t run_start = at < 0 ? s.last_run_start() : s.narrowings()[before].run_start;
    EXPECT_EQ(explain(propagation[0], propagation.scope(0), trail, s, at, run_start, out), before);
    Literals sorted;
    for (const Literal& l : out) sorted.emplace_back(l.x, l.kind, l.v);
    std::sort(sorted.begin(), sorted.end());
    return sorted;
  }
  // The log position of the narrowing that set x's bound of this kind to `bound`.
  long narrowing_to(const IntVar& x, LiteralKind kind, Value bound) const {
    const auto& log = s.narrowings();
    const auto it = std::find_if(log.begin(), log.end(), [&](const Narrowing& n) {
      return n.x == x.id && n.kind == kind && (kind == LiteralKind::more_than ? n.lo : n.hi) == bound;
    });
    EXPECT_NE(it, log.end());
    return it - log.begin();
  }

  IntModel model;
  std::vector<IntVar> starts;
  Space s;
  ExplainedTrail trail;
};

// Every start narrowed to 0 .. 3 (of -1 .. 4) leaves no compulsory part for the profile
// to show, and overload checking fails: six units of work within 0 .. 5. The
// explanation is that window's: each start at least 0 and at most 5 - 2.
TEST(LearningSearch, ACumulativeOverloadIsExplainedByItsWindow) {
  ThreeUnaryTasks tasks(-1, 4);
  ThreeUnaryTasks::Literals window;
  for (const IntVar& x : tasks.starts) {
    ASSERT_TRUE(tasks.s.set_min(x.id, 0) && tasks.s.set_max(x.id, 3));
    window.emplace_back(x.id, Literal::Kind::more_than, -1);
    window.emplace_back(x.id, Literal::Kind::at_most, 3);
  }
  ASSERT_EQ(tasks.model.propagation().run(tasks.s), 0);
  std::sort(window.begin(), window.end());
  EXPECT_EQ(tasks.explained(-1), window);
}

// Edge-finding: tasks a and b within 2 .. 6 (of 0 .. 10) leave no room there for c's two
// units, and c starts from 2, so c ends after 6, and it starts there too. Neither a nor
// b has a compulsory part: the profile shows nothing. The explanation of c >= 6 is a's
// and b's starts within 2 .. 4, and c's from 2. Mirrored (a start s as 10 - s), the
// same of c's latest start lowered to 4.
void expect_edge_finding_explained(bool mirrored) {
  ThreeUnaryTasks tasks(0, 10);
  const auto& starts = tasks.starts;
  ThreeUnaryTasks::Literals expected;
  // x's start from v (mirrored: up to 10 - v), and its literal expected.
  const auto from = [&](const IntVar& x, Value v) {
    if (mirrored) {
      EXPECT_TRUE(tasks.s.set_max(x.id, 10 - v));
      expected.emplace_back(x.id, Literal::Kind::at_most, 10 - v);
    } else {
      EXPECT_TRUE(tasks.s.set_min(x.id, v));
      expected.emplace_back(x.id, Literal::Kind::more_than, v - 1);
    }
  };
  const auto up_to = [&](const IntVar& x, Value v) {
    if (mirrored) {
      EXPECT_TRUE(tasks.s.set_min(x.id, 10 - v));
      expected.emplace_back(x.id, Literal::Kind::more_than, 9 - v);
    } else {
      EXPECT_TRUE(tasks.s.set_max(x.id, v));
      expected.emplace_back(x.id, Literal::Kind::at_most, v);
    }
  };
  for (const IntVar& x : starts) from(x, 2);
  up_to(starts[0], 4);
  up_to(starts[1], 4);
  ASSERT_LT(tasks.model.propagation().run(tasks.s), 0);
  EXPECT_EQ(mirrored ? tasks.s.max(starts[2].id) : tasks.s.min(starts[2].id), mirrored ? 4 : 6);
  std::sort(expected.begin(), expected.end());
  const auto moved = mirrored ? tasks.narrowing_to(starts[2], LiteralKind::at_most, 4)
                              : tasks.narrowing_to(starts[2], LiteralKind::more_than, 6);
  EXPECT_EQ(tasks.explained(moved), expected);
}

TEST(LearningSearch, ACumulativeEdgeFindingMoveIsExplainedByItsTasks) { expect_edge_finding_explained(false); }

TEST(LearningSearch, ACumulativeEdgeFindingMoveOfALatestStartIsExplainedByItsTasks) {
  expect_edge_finding_explained(true);
}

// r = and(x0, x1, x2), x0 at 1 and then r at 1: x1 and x2 at 1 are explained by r alone,
// not by x0 too; x2 at 0 against r at 1 fails by those two alone.
TEST(LearningSearch, AnAndExplainsByRAndOneXAlone) {
  IntModel model;
  const auto xs = model.int_vars(3, 0, 1);
  const IntVar r = model.bool_var();
  model.bool_and(std::span<const IntVar>(xs), r);
  const Propagation& propagation = model.propagation();
  Space s = model.space();
  ASSERT_EQ(propagation.run_all(s), -1);
  s.commit();
  ExplainedTrail trail(s);
  s.log_narrowings(true);
  using Literals = std::vector<std::tuple<int, Literal::Kind, Value>>;
  const auto explained = [&](long at) {
    trail.sync(s, 1);
    std::vector<Literal> out;
    const std::size_t before = at < 0 ? s.narrowings().size() : static_cast<std::size_t>(at);
    const std::size_t run_start = at < 0 ? s.last_run_start() : s.narrowings()[before].run_start;
    explain(propagation[0], propagation.scope(0), trail, s, at, run_start, out);
    Literals sorted;
    for (const Literal& l : out) sorted.emplace_back(l.x, l.kind, l.v);
    std::sort(sorted.begin(), sorted.end());
    return sorted;
  };
  const Literals by_r{{r.id, Literal::Kind::more_than, 0}};

  s.mark();
  s.begin_run(-1);
  ASSERT_TRUE(s.fix(xs[0].id, 1) && s.fix(r.id, 1));
  ASSERT_EQ(propagation.run(s), -1);
  int made = 0;
  for (std::size_t at = 0; at < s.narrowings().size(); ++at) {
    const Narrowing& n = s.narrowings()[at];
    if (n.cause != 0) continue;
    EXPECT_TRUE(n.x == xs[1].id || n.x == xs[2].id);
    EXPECT_EQ(explained(static_cast<long>(at)), by_r);
    ++made;
  }
  EXPECT_EQ(made, 2);
  s.undo();
  trail.sync(s, 0);

  s.mark();
  s.begin_run(-1);
  ASSERT_TRUE(s.fix(xs[0].id, 1) && s.fix(xs[2].id, 0) && s.fix(r.id, 1));
  ASSERT_EQ(propagation.run(s), 0);
  const Literals r_and_x2{{xs[2].id, Literal::Kind::at_most, 0}, {r.id, Literal::Kind::more_than, 0}};
  Literals expected = r_and_x2;
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(explained(-1), expected);
}

// Learning, a variable too wide for a bitset is decided at its bound (x <= min, then
// x > min; by max: x > max - 1), as Chuffed decides on its lazily made literals, so that
// a conflict that rules out that value alone costs one node rather than a split's levels
// above it; the search without learning halves it.
TEST(LearningSearch, AWideVariableIsDecidedAtItsBound) {
  IntModel model;
  const IntVar x = model.int_var(-5, bitset_limit + 10);
  const auto first = [&](const SearchOptions& options) {
    const IntProblem problem(model, options);
    return *problem.candidates(problem.root()).begin();
  };
  using K = Decision::Kind;
  EXPECT_EQ(first({.prune = Prune::arc, .learn = Learn::lcg}), (Decision{x.id, K::at_most, -5}));
  EXPECT_EQ(first({.prune = Prune::arc, .values = ValueOrder::max, .learn = Learn::lcg}),
            (Decision{x.id, K::more_than, bitset_limit + 9}));
  EXPECT_EQ(first({.prune = Prune::arc}), (Decision{x.id, K::at_most, split_point<Value>(-5, bitset_limit + 10)}));
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

// `pigeons` variables of 1 .. holes, pairwise different.
IntModel pigeons_in_holes(int pigeons, Value holes) {
  IntModel model;
  const auto xs = model.int_vars(pigeons, 1, holes);
  for (std::size_t i = 0; i < xs.size(); ++i) {
    for (std::size_t j = i + 1; j < xs.size(); ++j) model.post(xs[i] != xs[j]);
  }
  return model;
}

// The shortest Golomb ruler of `marks` marks within 0 .. 40, its marks the first variables.
IntModel golomb_ruler(int marks) {
  IntModel golomb;
  const auto xs = golomb.int_vars(marks, 0, 40);
  golomb.post(xs[0] == Value{0});
  std::vector<IntVar> differences;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    if (i + 1 < xs.size()) golomb.post(xs[i] + 1 <= xs[i + 1]);
    for (std::size_t j = i + 1; j < xs.size(); ++j) {
      differences.push_back(golomb.int_var(1, 40));
      golomb.post(xs[j] - xs[i] == differences.back());
    }
  }
  golomb.all_different(differences);
  golomb.minimize(xs.back());
  return golomb;
}

// Forgetting nogoods (from the eleventh kept on, here) loses no solution and no proof:
// seven pigeons in six holes are still none, eight queens still a placement (checked
// here), and Golomb's ruler of seven marks still 25 long (A003022).
TEST(LearningSearch, ForgettingNogoodsKeepsTheAnswers) {
  constexpr std::size_t keep = 10;
  const IntModel pigeonhole = pigeons_in_holes(7, 6);
  const Learnt none = learn(IntProblem(pigeonhole, {.prune = Prune::arc}), {}, keep);
  EXPECT_FALSE(none.found());
  EXPECT_TRUE(none.stats.complete());
  EXPECT_GT(none.stats.counters.value[4], 0U) << "nothing forgotten";

  IntModel queens;
  const auto q = queens.int_vars(8, 0, 7);
  for (std::size_t i = 0; i < q.size(); ++i) {
    for (std::size_t j = i + 1; j < q.size(); ++j) {
      const auto d = static_cast<Value>(j - i);
      queens.post(q[i] != q[j]);
      queens.post(q[i] - q[j] != d);
      queens.post(q[j] - q[i] != d);
    }
  }
  const Learnt placed = learn(IntProblem(queens, {.prune = Prune::arc}), {}, keep);
  ASSERT_TRUE(placed.found());
  for (std::size_t i = 0; i < 8; ++i) {
    for (std::size_t j = i + 1; j < 8; ++j) {
      const auto d = static_cast<Value>(j - i);
      EXPECT_NE(placed.values[i], placed.values[j]);
      EXPECT_NE(placed.values[i] - placed.values[j], d);
      EXPECT_NE(placed.values[j] - placed.values[i], d);
    }
  }

  const IntModel golomb = golomb_ruler(7);
  const Learnt ruler = learn(IntProblem(golomb, {.prune = Prune::bounds}), {}, keep);
  ASSERT_TRUE(ruler.found());
  EXPECT_TRUE(ruler.stats.complete());
  EXPECT_EQ(ruler.values[6], 25);
  EXPECT_GT(ruler.stats.counters.value[4], 0U) << "nothing forgotten";
}

// Restarts after 1, 1, 2, 1, 1, 2, 4, ... conflicts, with nogoods forgotten too, lose no
// solution and no proof, whatever order the weights lead to.
TEST(LearningSearch, RestartingKeepsTheAnswers) {
  constexpr std::size_t keep = 10;
  const auto restarts = RestartSchedule::luby_times(1);
  const IntModel pigeonhole = pigeons_in_holes(7, 6);
  const Learnt none = learn(IntProblem(pigeonhole, {.prune = Prune::arc, .variables = VariableOrder::dom_wdeg}), {},
                            keep, restarts);
  EXPECT_FALSE(none.found());
  EXPECT_TRUE(none.stats.complete());
  EXPECT_GT(none.stats.counters.value[5], 0U) << "no restart";

  const IntModel golomb = golomb_ruler(7);
  for (const VariableOrder order : {VariableOrder::static_order, VariableOrder::afc_size, VariableOrder::activity}) {
    const Learnt ruler = learn(IntProblem(golomb, {.prune = Prune::bounds, .variables = order}), {}, keep, restarts);
    ASSERT_TRUE(ruler.found());
    EXPECT_TRUE(ruler.stats.complete());
    EXPECT_EQ(ruler.values[6], 25);  // A003022
    EXPECT_GT(ruler.stats.counters.value[5], 0U) << "no restart";
  }
  // hybrid: the static order and activity in turn
  const IntProblem hybrid(golomb, {.prune = Prune::bounds, .variables = VariableOrder::static_order,
                                   .restarts = Restarts::luby, .learn = Learn::lcg, .hybrid = true});
  const Learnt ruler = learn(hybrid, {}, keep, restarts);
  ASSERT_TRUE(ruler.found());
  EXPECT_TRUE(ruler.stats.complete());
  EXPECT_EQ(ruler.values[6], 25);
  EXPECT_GT(ruler.stats.counters.value[5], 1U) << "no second run";
  const Learnt alone = learn(IntProblem(golomb, {.prune = Prune::bounds, .variables = VariableOrder::static_order}),
                             {}, keep, restarts);
  EXPECT_NE(ruler.stats.nodes, alone.stats.nodes) << "the activity runs decided as the static order does";
}

// The orders that weigh failures read the learning search's: dom-wdeg's weights grow with
// its propagators' failures, activity's with its nodes.
TEST(LearningSearch, WeighsItsFailuresAndNodesForTheOrdersThatReadThem) {
  IntModel model;
  const auto pigeons = model.int_vars(5, 1, 4);
  for (std::size_t i = 0; i < pigeons.size(); ++i) {
    for (std::size_t j = i + 1; j < pigeons.size(); ++j) model.post(pigeons[i] != pigeons[j]);
  }
  for (const VariableOrder order : {VariableOrder::dom_wdeg, VariableOrder::activity}) {
    const IntProblem problem(model, {.prune = Prune::arc, .variables = order});
    LearningSearch search(problem);
    auto emit = [](std::span<const Decision>, std::uint64_t, const FoundAt&) { return true; };
    const SearchStats stats = search.run({}, emit);
    ASSERT_GT(stats.failures, 0U);
    const FailureWeights& weights = search.state().weights;
    bool weighed = false;
    for (const IntVar x : pigeons) {
      // four constraints on each pigeon, each of weight 1 before it fails; activity 1 before a node
      weighed = weighed || (order == VariableOrder::dom_wdeg ? weights.wdeg(x.id) > 4 : weights.activity(x.id) != 1.0);
    }
    EXPECT_TRUE(weighed) << static_cast<int>(order);
  }
}

// Under the activity orders, a conflict's nogood bumps its variables (VSIDS); the other
// orders keep no activity to bump.
TEST(LearningSearch, AConflictBumpsTheActivityOfItsNogoodsVariables) {
  IntModel model;
  const auto x = model.int_vars(3, 0, 5);
  model.post(x[0] + x[1] + x[2] <= Value{9});
  const IntProblem problem(model, {.prune = Prune::arc, .variables = VariableOrder::activity});
  IntProblem::State s = problem.root();
  const std::vector<Literal> nogood{{x[0].id, Literal::Kind::at_most, 2}, {x[2].id, Literal::Kind::equal, 4}};
  problem.weigh_conflict(s, nogood);
  EXPECT_GT(s.weights.activity(x[0].id), s.weights.activity(x[1].id));
  EXPECT_GT(s.weights.activity(x[2].id), s.weights.activity(x[1].id));
  EXPECT_EQ(s.weights.activity(x[0].id), s.weights.activity(x[2].id));
}

TEST(LearningSearch, StopsAtItsFailureBudget) {
  const IntModel model = pigeons_in_holes(8, 7);
  const IntProblem problem(model, {.prune = Prune::arc});
  const Learnt result = learn(problem, {.max_failures = 50});
  EXPECT_EQ(result.stats.stop, StopReason::failure_limit);
  EXPECT_EQ(result.stats.failures, 50U);
  EXPECT_EQ(result.nogoods.size(), 50U);
}

// x != v holds from the narrowing that removed v on: not before it, not once a jump back
// undid it, and from the new one when v goes again later on the log.
TEST(ExplainedTrail, AHoleHoldsFromTheNarrowingThatMadeIt) {
  Space s;
  const int x = s.add_variable(0, 9);
  const int y = s.add_variable(0, 9);
  ExplainedTrail trail(s);
  s.log_narrowings(true);
  const Literal x_not_5{x, Literal::Kind::not_equal, 5};
  const auto log_size = [&] { return s.narrowings().size(); };
  s.mark();
  s.begin_run(-1);
  ASSERT_TRUE(s.remove(y, 5));
  ASSERT_TRUE(s.remove(x, 5));
  trail.sync(s, 1);
  EXPECT_EQ(trail.when_true(x_not_5, log_size()), 1);
  EXPECT_EQ(trail.when_true(x_not_5, 1), ExplainedTrail::not_yet);  // y's hole came first
  EXPECT_TRUE(trail.contains_at(x, 5, 1));
  EXPECT_FALSE(trail.contains_at(x, 5, log_size()));
  s.undo();
  trail.sync(s, 0);
  EXPECT_EQ(trail.when_true(x_not_5, log_size()), ExplainedTrail::not_yet);
  s.mark();
  s.begin_run(-1);
  ASSERT_TRUE(s.remove(y, 5));
  ASSERT_TRUE(s.remove(x, 3));  // where x's hole of 5 was on the path undone
  ASSERT_TRUE(s.remove(x, 5));
  trail.sync(s, 1);
  EXPECT_EQ(trail.when_true(x_not_5, log_size()), 2);
  EXPECT_EQ(trail.when_true({y, Literal::Kind::not_equal, 5}, log_size()), 0);
  EXPECT_EQ(trail.when_true({x, Literal::Kind::not_equal, 3}, log_size()), 1);
  EXPECT_EQ(trail.when_true({x, Literal::Kind::not_equal, 4}, log_size()), ExplainedTrail::not_yet);
}

// A value leaves the domain past a bound as well as by a hole; the bounds at each point of
// the log are those after the narrowing of x before it.
TEST(ExplainedTrail, ABoundRemovesTheValuesItPasses) {
  Space s;
  const int x = s.add_variable(0, 9);
  ExplainedTrail trail(s);
  s.log_narrowings(true);
  s.mark();
  s.begin_run(-1);
  ASSERT_TRUE(s.remove(x, 6));
  ASSERT_TRUE(s.set_min(x, 3));
  ASSERT_TRUE(s.set_max(x, 7));
  trail.sync(s, 1);
  EXPECT_TRUE(trail.contains_at(x, 2, 1));
  EXPECT_FALSE(trail.contains_at(x, 2, 2));
  EXPECT_TRUE(trail.contains_at(x, 8, 2));
  EXPECT_FALSE(trail.contains_at(x, 8, 3));
  EXPECT_FALSE(trail.contains_at(x, 6, 1));
  EXPECT_TRUE(trail.contains_at(x, 5, 3));
  EXPECT_EQ(trail.lo_at(x, 1), 0);
  EXPECT_EQ(trail.lo_at(x, 2), 3);
  EXPECT_EQ(trail.hi_at(x, 2), 9);
  EXPECT_EQ(trail.hi_at(x, 3), 7);
  EXPECT_EQ(trail.when_true({x, Literal::Kind::more_than, 1}, 3), 1);
  EXPECT_EQ(trail.when_true({x, Literal::Kind::at_most, 8}, 3), 2);
  std::vector<Literal> out;
  EXPECT_TRUE(trail.append_hole(x, 1, 3, out));
  EXPECT_FALSE(trail.append_hole(x, 4, 3, out));
  ASSERT_EQ(out.size(), 1U);
  EXPECT_EQ(out[0], (Literal{x, Literal::Kind::not_equal, 1}));
}

// The lists visit() hands on, in turn.
template <class W>
std::vector<std::vector<int>> visited(W& watches, LiteralKind kind, Value from, Value to) {
  std::vector<std::vector<int>> out;
  watches.visit(kind, from, to, [&](std::vector<int>& list) {
    out.push_back(list);
    return true;
  });
  return out;
}

TEST(WatchesByValue, VisitsTheListsOfARangeInOrderByIndexOrByMap) {
  // 0 .. 9 by index, and values outside it (a literal no nogood at this root holds)
  // in the map; -1000000 .. 1000000, too wide, all in the map.
  for (const auto& [lo, hi] : {std::pair<Value, Value>{0, 9}, std::pair<Value, Value>{-1000000, 1000000}}) {
    WatchesByValue<int> w(lo, hi);
    for (const int v : {7, 2, 40, -3, 5}) w.at(LiteralKind::at_most, v).push_back(v);
    w.at(LiteralKind::at_most, 5).push_back(105);
    w.at(LiteralKind::more_than, 3).push_back(3);
    using Lists = std::vector<std::vector<int>>;
    EXPECT_EQ(visited(w, LiteralKind::at_most, -5, 50), (Lists{{-3}, {2}, {5, 105}, {7}, {40}}));
    EXPECT_EQ(visited(w, LiteralKind::at_most, 3, 7), (Lists{{5, 105}, {7}}));
    EXPECT_EQ(visited(w, LiteralKind::more_than, 0, 9), (Lists{{3}}));
    EXPECT_TRUE(visited(w, LiteralKind::equal, -5, 50).empty());

    w.erase(LiteralKind::at_most, 5, [](int id) { return id == 5; });
    w.erase(LiteralKind::at_most, 40, [](int id) { return id == 40; });
    EXPECT_EQ(visited(w, LiteralKind::at_most, -5, 50), (Lists{{-3}, {2}, {105}, {7}}));

    // One visit returning false ends it; a list it emptied is not handed on again.
    int visits = 0;
    EXPECT_FALSE(w.visit(LiteralKind::at_most, -5, 50, [&](std::vector<int>& list) {
      list.clear();
      return ++visits < 2;
    }));
    EXPECT_EQ(visits, 2);
    EXPECT_EQ(visited(w, LiteralKind::at_most, -5, 50), (Lists{{105}, {7}}));
  }
}

}  // namespace learning_test
}  // namespace backtrack::csp
