// The scheduling and packing globals (globals/cumulative.hpp, globals/disjunctive.hpp,
// globals/diffn.hpp): on random tiny instances, the native propagator's solutions equal its
// decomposition's and brute force's under every pruning level; at the root, with one start
// or one use open among fixed ones, its bounds are exactly those of the solutions; and each
// rule's textbook cases.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <random>
#include <ranges>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "backtrack/csp/globals.hpp"
#include "backtrack/csp/int_problem.hpp"
#include "int_solutions.hpp"

namespace backtrack::csp {
namespace sched_test {  // a unity build shares one translation unit among the files

using Values = std::vector<Value>;

// The plain meaning of each constraint, over one assignment.
bool cumulative_holds(const Values& s, const Values& d, const Values& r, Value b) {
  if (s.empty()) return true;
  if (b < 0) return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (d[i] < 0 || r[i] < 0) return false;
  }
  for (std::size_t i = 0; i < s.size(); ++i) {
    for (Value t = s[i]; t < s[i] + d[i]; ++t) {
      Value load = 0;
      for (std::size_t k = 0; k < s.size(); ++k) {
        if (s[k] <= t && t < s[k] + d[k]) load += r[k];
      }
      if (load > b) return false;
    }
  }
  return true;
}
bool disjunctive_holds(const Values& s, const Values& d, bool strict) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (d[i] < 0) return false;
    for (std::size_t j = i + 1; j < s.size(); ++j) {
      const bool apart = s[i] + d[i] <= s[j] || s[j] + d[j] <= s[i];
      if (!apart && (strict || (d[i] != 0 && d[j] != 0))) return false;
    }
  }
  return true;
}

// diffn: rectangles at (x, y) with sides dx, dy; a pair overlaps where both projections do
// (one of side 0 too, when strict).
bool diffn_holds(const Values& x, const Values& y, const Values& dx, const Values& dy, bool strict) {
  for (std::size_t i = 0; i < x.size(); ++i) {
    for (std::size_t j = i + 1; j < x.size(); ++j) {
      const bool apart = x[i] + dx[i] <= x[j] || x[j] + dx[j] <= x[i] || y[i] + dy[i] <= y[j] || y[j] + dy[j] <= y[i];
      const bool flat = dx[i] == 0 || dx[j] == 0 || dy[i] == 0 || dy[j] == 0;
      if (!apart && (strict || !flat)) return false;
    }
  }
  return true;
}

class Random {
 public:
  explicit Random(unsigned seed) : engine_(seed) {}
  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(engine_); }
  // Some of lo .. hi, at least one.
  Values subset(int lo, int hi) {
    Values out;
    for (int v = lo; v <= hi; ++v) {
      if (pick(0, 2) != 0) out.push_back(v);
    }
    if (out.empty()) out.push_back(pick(lo, hi));
    return out;
  }

 private:
  std::mt19937 engine_;
};

// An instance: each variable's values (the starts, the durations, the uses, the capacity,
// as the constraint has them), and the constraint posted on a model whose first variables
// are those.
struct Instance {
  std::vector<Values> domains;
  std::function<void(IntModel&, const std::vector<IntVar>&)> post;
  std::function<bool(const Values&)> holds;

  IntModel model(Globals globals) const {
    IntModel m;
    m.set_globals(globals);
    std::vector<IntVar> x;
    for (const Values& d : domains) x.push_back(m.int_var(d));
    post(m, x);
    m.branch_on(x);
    std::vector<IntVar> auxiliaries;
    for (int v = static_cast<int>(x.size()); v < m.variables(); ++v) auxiliaries.push_back(IntVar{v});
    m.auxiliary(auxiliaries);
    return m;
  }
  std::set<Values> brute_force() const { return every_assignment(domains, holds); }
  std::size_t assignments() const {
    std::size_t n = 1;
    for (const Values& d : domains) n *= d.size();
    return n;
  }
};

// The solutions on the instance's own variables.
std::set<Values> projected(const IntModel& m, std::size_t k, Prune prune) {
  std::set<Values> out;
  for (const Values& v : solutions_of(m, {.prune = prune})) out.insert(Values(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k)));
  return out;
}

void expect_agreement(const Instance& instance, int round) {
  const std::set<Values> expected = instance.brute_force();
  const IntModel native = instance.model(Globals::native);
  const IntModel decomposed = instance.model(Globals::decomposed);
  const std::size_t k = instance.domains.size();
  for (const Prune prune : all_prunes) {
    ASSERT_EQ(projected(native, k, prune), expected) << "round " << round << ", native, " << to_string(prune);
    ASSERT_EQ(projected(decomposed, k, prune), expected) << "round " << round << ", decomposed, " << to_string(prune);
  }
}

Values values_at(const Values& v, std::size_t from, std::size_t count) {
  return Values(v.begin() + static_cast<std::ptrdiff_t>(from), v.begin() + static_cast<std::ptrdiff_t>(from + count));
}

// Whatever the rules conclude at `prune`, each variable's bounds at the root still hold
// the least and the greatest value it takes in a solution.
void expect_root_keeps_every_solution(const Instance& instance, Prune prune, int round) {
  const std::set<Values> solutions = instance.brute_force();
  if (solutions.empty()) return;
  const Space root = IntProblem(instance.model(Globals::native), {.prune = prune}).root().space;
  ASSERT_FALSE(root.failed()) << "round " << round;
  for (std::size_t x = 0; x < instance.domains.size(); ++x) {
    const auto [lo, hi] = std::ranges::minmax(solutions | std::views::transform([x](const Values& v) { return v[x]; }));
    EXPECT_LE(root.min(static_cast<int>(x)), lo) << "round " << round << ", variable " << x;
    EXPECT_GE(root.max(static_cast<int>(x)), hi) << "round " << round << ", variable " << x;
  }
}

// cumulative over n tasks: the domains are n starts, n durations, n uses and the capacity.
Instance cumulative_instance(std::vector<Values> domains) {
  const std::size_t k = domains.size() / 3;
  Instance instance;
  instance.domains = std::move(domains);
  instance.post = [k](IntModel& m, const std::vector<IntVar>& x) {
    const std::span<const IntVar> all(x);
    cumulative(m, all.subspan(0, k), all.subspan(k, k), all.subspan(2 * k, k), x[3 * k]);
  };
  instance.holds = [k](const Values& v) {
    return cumulative_holds(values_at(v, 0, k), values_at(v, k, k), values_at(v, 2 * k, k), v[3 * k]);
  };
  return instance;
}

Instance random_cumulative(Random& random, int n) {
  std::vector<Values> domains;
  for (int i = 0; i < n; ++i) domains.push_back(random.subset(0, 5));
  for (int i = 0; i < n; ++i) domains.push_back(random.pick(0, 1) == 0 ? Values{random.pick(0, 3)} : random.subset(-1, 3));
  for (int i = 0; i < n; ++i) domains.push_back(random.pick(0, 1) == 0 ? Values{random.pick(0, 3)} : random.subset(-1, 3));
  domains.push_back(random.pick(0, 1) == 0 ? Values{random.pick(0, 4)} : random.subset(-1, 4));
  return cumulative_instance(std::move(domains));
}

// Starts in intervals (which the rules on bounds read whole), durations and uses mostly
// fixed and positive, sometimes open, zero or negative, the capacity sometimes open.
Instance random_cumulative_windows(Random& random, int n) {
  std::vector<Values> domains;
  for (int i = 0; i < n; ++i) {
    const int lo = random.pick(0, 4);
    Values d;
    for (int v = lo, hi = lo + random.pick(0, 4); v <= hi; ++v) d.push_back(v);
    domains.push_back(d);
  }
  for (int i = 0; i < n; ++i) domains.push_back(random.pick(0, 3) != 0 ? Values{random.pick(1, 3)} : random.subset(-1, 3));
  for (int i = 0; i < n; ++i) domains.push_back(random.pick(0, 3) != 0 ? Values{random.pick(1, 2)} : random.subset(0, 2));
  domains.push_back(random.pick(0, 2) != 0 ? Values{random.pick(1, 3)} : random.subset(0, 3));
  return cumulative_instance(std::move(domains));
}

// disjunctive over n tasks: the domains are n starts and n durations.
Instance disjunctive_instance(std::vector<Values> domains, bool strict) {
  Instance instance;
  instance.domains = std::move(domains);
  const std::size_t k = instance.domains.size() / 2;
  instance.post = [k, strict](IntModel& m, const std::vector<IntVar>& x) {
    const std::span<const IntVar> all(x);
    if (strict) {
      disjunctive_strict(m, all.subspan(0, k), all.subspan(k, k));
    } else {
      disjunctive(m, all.subspan(0, k), all.subspan(k, k));
    }
  };
  instance.holds = [k, strict](const Values& v) { return disjunctive_holds(values_at(v, 0, k), values_at(v, k, k), strict); };
  return instance;
}

Instance random_disjunctive(Random& random, int n, bool strict) {
  std::vector<Values> domains;
  for (int i = 0; i < n; ++i) domains.push_back(random.subset(0, 6));
  for (int i = 0; i < n; ++i) domains.push_back(random.pick(0, 1) == 0 ? Values{random.pick(0, 3)} : random.subset(-1, 3));
  return disjunctive_instance(std::move(domains), strict);
}

// diffn over n rectangles: the domains are n x, n y, n dx and n dy.
Instance diffn_instance(std::vector<Values> domains, bool strict) {
  const std::size_t k = domains.size() / 4;
  Instance instance;
  instance.domains = std::move(domains);
  instance.post = [k, strict](IntModel& m, const std::vector<IntVar>& x) {
    const std::span<const IntVar> all(x);
    diffn(m, all.subspan(0, k), all.subspan(k, k), all.subspan(2 * k, k), all.subspan(3 * k, k), strict);
  };
  instance.holds = [k, strict](const Values& v) {
    return diffn_holds(values_at(v, 0, k), values_at(v, k, k), values_at(v, 2 * k, k), values_at(v, 3 * k, k), strict);
  };
  return instance;
}

// Corners in a small square, sides mostly 1 .. 3, sometimes 0 or -1.
Instance random_diffn(Random& random, int n, bool strict) {
  std::vector<Values> domains;
  for (int i = 0; i < 2 * n; ++i) domains.push_back(random.pick(0, 2) == 0 ? Values{random.pick(0, 3)} : random.subset(0, 3));
  for (int i = 0; i < 2 * n; ++i) {
    domains.push_back(random.pick(0, 1) == 0 ? Values{random.pick(0, 3)} : random.subset(random.pick(-1, 1), 3));
  }
  return diffn_instance(std::move(domains), strict);
}

TEST(Cumulative, AgreesWithDecompositionAndBruteForce) {
  Random random(6001);
  for (int round = 0; round < 60;) {
    const Instance instance = random_cumulative(random, random.pick(1, 4));
    if (instance.assignments() > 3000) continue;
    expect_agreement(instance, round++);
    if (testing::Test::HasFatalFailure()) return;
  }
}

// The same on windows of starts, where the energy rules (edge-finding, timetable-edge-
// finding) have bounds to move.
TEST(Cumulative, WindowsAgreeWithDecompositionAndBruteForce) {
  Random random(6008);
  for (int round = 0; round < 60;) {
    const Instance instance = random_cumulative_windows(random, random.pick(2, 4));
    if (instance.assignments() > 3000) continue;
    expect_agreement(instance, round++);
    if (testing::Test::HasFatalFailure()) return;
  }
}

TEST(Cumulative, OneVariableAsCapacityAndDurationIsCheckedAfterTheCapacityRises) {
  // b = x3 is task 2's duration too: the profile raises b to its peak, which lengthens
  // task 2, and the run must look at the profile again (here at a leaf where x2 = 2 made
  // the peak 3 and task 2 then overlaps task 1 at time 2 with a load of 4).
  IntModel m;
  const IntVar x0 = m.int_var(0, 3), x1 = m.int_var(0, 4), x2 = m.int_var(-1, 2), x3 = m.int_var(0, 3);
  const IntVar x4 = m.int_var(0, 0);
  const std::vector<IntVar> starts{x0, x2, x4}, durations{x0, x1, x3}, uses{x0, x1, x0};
  cumulative(m, starts, durations, uses, x3);
  const auto expected = every_assignment({{0, 1, 2, 3}, {0, 1, 2, 3, 4}, {-1, 0, 1, 2}, {0, 1, 2, 3}, {0}}, [](const Values& v) {
    return cumulative_holds({v[0], v[2], v[4]}, {v[0], v[1], v[3]}, {v[0], v[1], v[0]}, v[3]);
  });
  for (Prune prune : all_prunes) {
    SearchOptions options;
    options.prune = prune;
    options.variables = VariableOrder::static_order;
    options.values = ValueOrder::min;
    EXPECT_EQ(csp::projected(solutions_of(m, options), 5), expected) << to_string(prune);
  }
}

bool allows(const Decision& m, Value v) {
  switch (m.kind) {
    case Decision::Kind::equal: return v == m.v;
    case Decision::Kind::not_equal: return v != m.v;
    case Decision::Kind::at_most: return v <= m.v;
    case Decision::Kind::more_than: return v > m.v;
  }
  return false;
}

// cumulative keeps its profile and its sweeps between runs, on whatever branch the run
// before was: a random walk of decisions and backtracks, sometimes back to the root (as a
// restart), must leave at every node the domains of the same path taken straight from the
// root, and keep every solution the path allows.
TEST(Cumulative, RandomWalkAgreesWithTheStraightPathAndBruteForce) {
  Random random(6006);
  for (int round = 0; round < 160;) {
    const Instance instance =
        round % 2 == 0 ? random_cumulative(random, random.pick(2, 4)) : random_cumulative_windows(random, random.pick(3, 5));
    if (instance.assignments() > 3000) continue;
    ++round;
    const std::set<Values> solutions = instance.brute_force();
    // domain adds timetable-edge-finding to bounds' rules
    const IntProblem problem(instance.model(Globals::native), {.prune = round % 4 < 2 ? Prune::bounds : Prune::domain});
    IntProblem::State node = problem.root();
    std::vector<Decision> path;
    const int k = static_cast<int>(instance.domains.size());
    for (int step = 0; step < 40; ++step) {
      const int back = random.pick(0, 9);
      if (!path.empty() && (node.space.failed() || back < 3)) {
        const std::size_t to = back == 0 ? 0 : path.size() - 1;
        while (path.size() > to) {
          problem.undo(node, path.back());
          path.pop_back();
        }
        continue;
      }
      if (node.space.failed()) break;  // the root
      const int x = random.pick(0, k - 1);
      if (node.space.fixed(x)) continue;
      const Decision m{x, static_cast<Decision::Kind>(random.pick(0, 3)),
                       random.pick(static_cast<int>(node.space.min(x)), static_cast<int>(node.space.max(x)))};
      problem.apply(node, m);
      path.push_back(m);
      IntProblem::State straight = problem.root();
      for (const Decision& d : path) problem.apply(straight, d);
      ASSERT_EQ(node.space.failed(), straight.space.failed()) << "round " << round << ", step " << step;
      for (const Values& v : solutions) {
        if (!std::ranges::all_of(path, [&](const Decision& d) { return allows(d, v[static_cast<std::size_t>(d.x)]); })) continue;
        for (int y = 0; y < k; ++y) {
          ASSERT_TRUE(node.space.contains(y, v[static_cast<std::size_t>(y)])) << "round " << round << ", step " << step;
        }
      }
      if (node.space.failed()) continue;
      for (int y = 0; y < node.space.variables(); ++y) {
        ASSERT_EQ(node.space.min(y), straight.space.min(y)) << "round " << round << ", step " << step << ", variable " << y;
        ASSERT_EQ(node.space.max(y), straight.space.max(y)) << "round " << round << ", step " << step << ", variable " << y;
      }
    }
  }
}

TEST(Disjunctive, AgreesWithDecompositionAndBruteForce) {
  Random random(6002);
  for (int round = 0; round < 80;) {
    const Instance instance = random_disjunctive(random, random.pick(1, 5), round % 2 == 0);
    if (instance.assignments() > 3000) continue;
    expect_agreement(instance, round++);
    if (testing::Test::HasFatalFailure()) return;
  }
}

TEST(Diffn, AgreesWithDecompositionAndBruteForce) {
  Random random(6005);
  for (int round = 0; round < 100;) {
    const Instance instance = random_diffn(random, random.pick(1, 4), round % 2 == 0);
    if (instance.assignments() > 2000) continue;
    expect_agreement(instance, round++);
    if (testing::Test::HasFatalFailure()) return;
  }
}

// One variable open among fixed ones: after the root's propagation it keeps exactly the
// least and greatest value of the solutions (bounds consistency).
void expect_exact_bounds(const Instance& instance, std::size_t open, int round) {
  const std::set<Values> solutions = instance.brute_force();
  const Space root = IntProblem(instance.model(Globals::native), {.prune = Prune::bounds}).root().space;
  if (solutions.empty()) {
    EXPECT_TRUE(root.failed()) << "round " << round << ": no solution, yet the root stands";
    return;
  }
  ASSERT_FALSE(root.failed()) << "round " << round;
  Value lo = max_value;
  Value hi = min_value;
  for (const Values& v : solutions) {
    lo = std::min(lo, v[open]);
    hi = std::max(hi, v[open]);
  }
  EXPECT_EQ(root.min(static_cast<int>(open)), lo) << "round " << round;
  EXPECT_EQ(root.max(static_cast<int>(open)), hi) << "round " << round;
}

TEST(Cumulative, OneOpenTaskGetsExactStartBounds) {
  Random random(6003);
  for (int round = 0; round < 100; ++round) {
    const int n = random.pick(2, 5);
    std::vector<Values> domains{random.subset(0, 10)};
    for (int i = 1; i < n; ++i) domains.push_back({random.pick(0, 8)});
    for (int i = 0; i < n; ++i) domains.push_back({random.pick(1, 3)});
    for (int i = 0; i < n; ++i) domains.push_back({random.pick(1, 2)});
    domains.push_back({random.pick(2, 4)});
    const Instance instance = cumulative_instance(std::move(domains));
    expect_exact_bounds(instance, 0, round);
  }
}

// Every task fixed but one use: after the root's propagation that use keeps exactly the
// least and greatest use of the solutions, as a decomposition at each time gives it
// (a use open over a fixed task is, in a multi-skill schedule, whether a worker takes it).
TEST(Cumulative, OneOpenUseGetsExactBounds) {
  Random random(6005);
  for (int round = 0; round < 100; ++round) {
    const int n = random.pick(2, 5);
    std::vector<Values> domains;
    for (int i = 0; i < n; ++i) domains.push_back({random.pick(0, 6)});
    for (int i = 0; i < n; ++i) domains.push_back({random.pick(1, 3)});
    domains.push_back(random.subset(0, 4));
    for (int i = 1; i < n; ++i) domains.push_back({random.pick(0, 2)});
    domains.push_back({random.pick(1, 4)});
    const Instance instance = cumulative_instance(std::move(domains));
    expect_exact_bounds(instance, 2 * static_cast<std::size_t>(n), round);
  }
}

TEST(Disjunctive, OneOpenTaskGetsExactStartBounds) {
  Random random(6004);
  for (int round = 0; round < 100; ++round) {
    const int n = random.pick(2, 5);
    std::vector<Values> domains{random.subset(0, 12)};
    for (int i = 1; i < n; ++i) domains.push_back({random.pick(0, 10)});
    for (int i = 0; i < n; ++i) domains.push_back({random.pick(1, 3)});
    expect_exact_bounds(disjunctive_instance(std::move(domains), true), 0, round);
  }
}

// Whatever the rules conclude, the root keeps every start and duration some solution
// takes. Starts in intervals, so that the rules on bounds have something to say.
TEST(Disjunctive, RootBoundsKeepEverySolution) {
  Random random(6007);
  for (int round = 0; round < 200;) {
    const int n = random.pick(2, 5);
    std::vector<Values> domains;
    for (int i = 0; i < n; ++i) {
      const int lo = random.pick(0, 6);
      Values d;
      for (int v = lo, hi = lo + random.pick(0, 5); v <= hi; ++v) d.push_back(v);
      domains.push_back(d);
    }
    for (int i = 0; i < n; ++i) domains.push_back(random.pick(0, 2) != 0 ? Values{random.pick(1, 4)} : random.subset(0, 3));
    const Instance instance = disjunctive_instance(std::move(domains), round % 2 == 0);
    if (instance.assignments() > 4000) continue;
    expect_root_keeps_every_solution(instance, Prune::bounds, ++round);
  }
}

// Edge-finding's own case: three tasks in [0, 10) leave the fourth only after them.
TEST(Disjunctive, EdgeFindingPutsATaskAfterASet) {
  IntModel m;
  const std::vector<IntVar> s{m.int_var(0, 7), m.int_var(0, 7), m.int_var(0, 7), m.int_var(0, 20)};
  std::vector<IntVar> d;
  for (const Value p : {3, 3, 3, 2}) d.push_back(m.int_var(p, p));
  disjunctive_strict(m, s, d);
  const Space root = IntProblem(m, {.prune = Prune::bounds}).root().space;
  ASSERT_FALSE(root.failed());
  EXPECT_EQ(root.min(s[3].id), 9) << "the three tasks of 3 take 0 .. 9 at least";
}

// A task: its start in lo .. hi, its duration p.
struct Task {
  Value lo, hi, p;
};

// The start of task `open` at the root of disjunctive_strict over `tasks` is lo .. hi,
// exactly the solutions' bounds; and so in the mirror image in [0, horizon), where the
// rule acts on the other end (a window [a, b) becomes [horizon - b, horizon - a)).
void expect_root_start(const std::vector<Task>& tasks, std::size_t open, Value lo, Value hi, Value horizon) {
  for (const bool mirrored : {false, true}) {
    std::vector<Values> domains;
    for (const Task& t : tasks) {
      Values d;
      for (Value v = mirrored ? horizon - t.hi - t.p : t.lo; v <= (mirrored ? horizon - t.lo - t.p : t.hi); ++v) d.push_back(v);
      domains.push_back(d);
    }
    for (const Task& t : tasks) domains.push_back({t.p});
    const Instance instance = disjunctive_instance(std::move(domains), true);
    const Space root = IntProblem(instance.model(Globals::native), {.prune = Prune::bounds}).root().space;
    ASSERT_FALSE(root.failed());
    const Value p = tasks[open].p;
    const auto at = static_cast<int>(open);
    EXPECT_EQ(root.min(at), mirrored ? horizon - hi - p : lo) << (mirrored ? "mirrored" : "as given");
    EXPECT_EQ(root.max(at), mirrored ? horizon - lo - p : hi) << (mirrored ? "mirrored" : "as given");
    expect_exact_bounds(instance, open, mirrored ? 1 : 0);
  }
}

// Not-last: A and B end at 8 at the earliest, after i's latest start 7, so i is not last
// of the three: it ends by the later of their latest starts, 8, and starts by 6. Neither
// must come before i, nor i before both, so edge-finding sees nothing. The mirror image
// is not-first.
TEST(Disjunctive, NotLastEndsATaskBeforeAnother) {
  expect_root_start({{0, 7, 2}, {2, 6, 3}, {2, 8, 3}}, 0, 0, 6, 11);
}

// Detectable precedences: C cannot end (19 at the earliest) before A or B start (by 14,
// 17), so both run before it, and C starts at 11 + 10 = 21 at the earliest. Edge-finding
// sees nothing (A, B and C fit by 27, B's latest end), nor does not-first/not-last.
TEST(Disjunctive, DetectablePrecedencesPutATaskAfterTwo) {
  expect_root_start({{0, 14, 11}, {1, 17, 10}, {14, 30, 5}}, 2, 21, 30, 35);
}

// A task's bounds as the rules read them: earliest start, latest start, least duration.
struct Window {
  Value est, lst, p;
  Value ect() const { return est + p; }
  Value lct() const { return lst + p; }
};

// The earliest end of the windows in `set` (a bit per task), and their latest start.
Value ect_of(const std::vector<Window>& w, unsigned set) {
  Value end = min_value;
  for (std::size_t t = 0; t < w.size(); ++t) {
    if ((set >> t & 1U) == 0) continue;
    Value sum = 0;
    for (std::size_t j = 0; j < w.size(); ++j) {
      if ((set >> j & 1U) != 0 && w[j].est >= w[t].est) sum += w[j].p;
    }
    end = std::max(end, w[t].est + sum);
  }
  return end;
}
Value lst_of(const std::vector<Window>& w, unsigned set) {
  Value start = max_value;
  for (std::size_t t = 0; t < w.size(); ++t) {
    if ((set >> t & 1U) == 0) continue;
    Value sum = 0;
    for (std::size_t j = 0; j < w.size(); ++j) {
      if ((set >> j & 1U) != 0 && w[j].lct() <= w[t].lct()) sum += w[j].p;
    }
    start = std::min(start, w[t].lct() - sum);
  }
  return start;
}

// Each rule on every set of tasks, straight from its definition, must move no bound of
// `w` (tasks of duration 0 are none of the rules' business). `where` names the case.
void expect_rules_move_nothing(const std::vector<Window>& w, const std::string& where) {
  const unsigned all = (1U << w.size()) - 1;
  for (std::size_t i = 0; i < w.size(); ++i) {
    if (w[i].p == 0) continue;
    const unsigned me = 1U << i;
    unsigned positive = 0;
    for (std::size_t j = 0; j < w.size(); ++j) positive |= w[j].p > 0 ? 1U << j : 0U;
    // Detectable precedences: j with lst_j < ect_i runs before i; j with ect_j > lst_i after.
    unsigned before = 0;
    unsigned after = 0;
    for (std::size_t j = 0; j < w.size(); ++j) {
      if (j == i || w[j].p == 0) continue;
      if (w[j].lst < w[i].ect()) before |= 1U << j;
      if (w[j].ect() > w[i].lst) after |= 1U << j;
    }
    if (before != 0) {
      EXPECT_GE(w[i].est, ect_of(w, before)) << where << ", detectable precedences, task " << i;
    }
    if (after != 0) {
      EXPECT_LE(w[i].lct(), lst_of(w, after)) << where << ", detectable precedences, task " << i;
    }
    for (unsigned omega = 1; omega <= all; ++omega) {
      if ((omega & me) != 0 || (omega & ~positive) != 0) continue;
      Value lct = min_value;
      Value est = max_value;
      Value greatest_lst = min_value;
      Value least_ect = max_value;
      for (std::size_t j = 0; j < w.size(); ++j) {
        if ((omega >> j & 1U) == 0) continue;
        lct = std::max(lct, w[j].lct());
        est = std::min(est, w[j].est);
        greatest_lst = std::max(greatest_lst, w[j].lst);
        least_ect = std::min(least_ect, w[j].ect());
      }
      // Edge-finding: where i cannot come before the end of omega, it comes after all of it.
      if (ect_of(w, omega | me) > lct) {
        EXPECT_GE(w[i].est, ect_of(w, omega)) << where << ", edge-finding, task " << i;
      }
      if (lst_of(w, omega | me) < est) {
        EXPECT_LE(w[i].lct(), lst_of(w, omega)) << where << ", edge-finding, task " << i;
      }
      // Not-last and not-first.
      if (ect_of(w, omega) > w[i].lst) {
        EXPECT_LE(w[i].lct(), greatest_lst) << where << ", not-last, task " << i;
      }
      if (lst_of(w, omega) < w[i].ect()) {
        EXPECT_GE(w[i].est, least_ect) << where << ", not-first, task " << i;
      }
    }
  }
}

// The native propagator reaches the fixpoint of all its rules: at the root of random
// instances (starts in intervals, durations from 0 up, some open), no rule taken from its
// definition moves a bound. A rule that prunes less than it should fails here, where a
// comparison of solutions would not see it.
TEST(Disjunctive, RootIsAFixpointOfEveryRule) {
  Random random(6008);
  int standing = 0;
  for (int round = 0; round < 600; ++round) {
    const int n = random.pick(2, 6);
    std::vector<Values> domains;
    for (int i = 0; i < n; ++i) {
      const int lo = random.pick(0, 12);
      Values d;
      for (int v = lo, hi = lo + random.pick(0, 9); v <= hi; ++v) d.push_back(v);
      domains.push_back(d);
    }
    for (int i = 0; i < n; ++i) domains.push_back(random.pick(0, 3) != 0 ? Values{random.pick(1, 5)} : random.subset(0, 3));
    const Instance instance = disjunctive_instance(std::move(domains), round % 2 == 0);
    const Space root = IntProblem(instance.model(Globals::native), {.prune = Prune::bounds}).root().space;
    if (root.failed()) continue;
    ++standing;
    std::vector<Window> w;
    for (int i = 0; i < n; ++i) w.push_back({root.min(i), root.max(i), std::max<Value>(root.min(n + i), 0)});
    expect_rules_move_nothing(w, "round " + std::to_string(round));
    if (testing::Test::HasFailure()) return;
  }
  EXPECT_GT(standing, 300) << "most roots stand, or the test tests little";
}

// The same variable may be a start (or a duration) of several tasks, or both: the native
// propagator keeps exactly the solutions of brute force and of the decomposition.
TEST(Disjunctive, SharedVariablesAgreeWithDecompositionAndBruteForce) {
  Random random(6009);
  for (int round = 0; round < 60;) {
    const int k = random.pick(2, 4);
    const int n = random.pick(2, 4);
    std::vector<std::size_t> of_start, of_duration;
    for (int i = 0; i < n; ++i) {
      of_start.push_back(static_cast<std::size_t>(random.pick(0, k - 1)));
      of_duration.push_back(static_cast<std::size_t>(random.pick(0, k - 1)));
    }
    const bool strict = round % 2 == 0;
    Instance instance;
    for (int x = 0; x < k; ++x) instance.domains.push_back(random.subset(-1, 6));
    if (instance.assignments() > 3000) continue;
    instance.post = [=](IntModel& m, const std::vector<IntVar>& x) {
      std::vector<IntVar> s, d;
      for (std::size_t i = 0; i < of_start.size(); ++i) {
        s.push_back(x[of_start[i]]);
        d.push_back(x[of_duration[i]]);
      }
      strict ? disjunctive_strict(m, s, d) : disjunctive(m, s, d);
    };
    instance.holds = [=](const Values& v) {
      Values s, d;
      for (std::size_t i = 0; i < of_start.size(); ++i) {
        s.push_back(v[of_start[i]]);
        d.push_back(v[of_duration[i]]);
      }
      return disjunctive_holds(s, d, strict);
    };
    expect_agreement(instance, round++);
    if (testing::Test::HasFatalFailure()) return;
  }
}

// Edge-finding where time-tabling sees nothing (no task has a compulsory part): two tasks
// of the whole capacity for 2 fill [0, 4), so a third starts at 4 at the earliest.
TEST(Cumulative, EdgeFindingPutsATaskAfterASet) {
  IntModel m;
  const std::vector<IntVar> s{m.int_var(0, 2), m.int_var(0, 2), m.int_var(0, 10)};
  const std::vector<IntVar> d{m.int_var(2, 2), m.int_var(2, 2), m.int_var(1, 1)};
  const std::vector<IntVar> r{m.int_var(2, 2), m.int_var(2, 2), m.int_var(1, 1)};
  cumulative(m, s, d, r, m.int_var(2, 2));
  const Space root = IntProblem(m, {.prune = Prune::bounds}).root().space;
  ASSERT_FALSE(root.failed());
  EXPECT_EQ(root.min(s[2].id), 4);
  EXPECT_EQ(root.max(s[0].id), 2) << "nothing to say of the two";
}

// Whatever the rules conclude, the root keeps every start, duration, use and capacity
// some solution takes.
TEST(Cumulative, RootBoundsKeepEverySolution) {
  Random random(6009);
  for (int round = 0; round < 300;) {
    const Instance instance = random_cumulative_windows(random, random.pick(3, 5));
    if (instance.assignments() > 6000) continue;
    expect_root_keeps_every_solution(instance, Prune::domain, ++round);
  }
}

// Timetable-edge-finding's own case, capacity 2: A and B (use 1, duration 2, start
// 0 .. 2) lie within [0, 4), and Y (use 1, duration 3, start 1 .. 2) surely runs in
// [2, 4); 8 - 4 - 2 leaves 2 in [0, 4) for D (use 1, duration 3), which would put 3 there
// at start 0 and 2 at start 1, so D starts at 2 at the earliest. Time-tabling sees room
// for D beside Y, edge-finding none of Y's energy in [0, 4) (Y may end at 5), and the
// rule runs at --prune domain alone. The mirror image in [0, 15) moves D's latest start
// the same way.
TEST(Cumulative, TimetableEdgeFindingPutsATaskAfterTheProfileAndAWindow) {
  constexpr Value horizon = 15;
  const std::vector<Task> tasks{{0, 2, 2}, {0, 2, 2}, {1, 2, 3}, {0, 10, 3}};
  for (const bool mirrored : {false, true}) {
    std::vector<Values> domains;
    for (const Task& t : tasks) {
      Values d;
      for (Value v = mirrored ? horizon - t.hi - t.p : t.lo; v <= (mirrored ? horizon - t.lo - t.p : t.hi); ++v) d.push_back(v);
      domains.push_back(d);
    }
    for (const Task& t : tasks) domains.push_back({t.p});
    for (std::size_t i = 0; i < tasks.size(); ++i) domains.push_back({1});
    domains.push_back({2});
    const Instance instance = cumulative_instance(std::move(domains));
    const std::set<Values> solutions = instance.brute_force();
    const auto [lo, hi] = std::ranges::minmax(solutions | std::views::transform([](const Values& v) { return v[3]; }));
    const Space root = IntProblem(instance.model(Globals::native), {.prune = Prune::domain}).root().space;
    const Space weaker = IntProblem(instance.model(Globals::native), {.prune = Prune::bounds}).root().space;
    ASSERT_FALSE(root.failed());
    if (mirrored) {
      EXPECT_EQ(hi, horizon - 2 - 3);
      EXPECT_EQ(root.max(3), hi) << "mirrored";
      EXPECT_GT(weaker.max(3), hi) << "mirrored, --prune bounds";
    } else {
      EXPECT_EQ(lo, 2);
      EXPECT_EQ(root.min(3), lo);
      EXPECT_LT(weaker.min(3), lo) << "--prune bounds";
    }
  }
}

// The pairwise rule: a 2x2 square in a 3-wide strip, the only placement left for a 1x1
// square beside it is on its right, so x is 2 and y can be anything.
TEST(Diffn, OnePlacementLeftIsEnforced) {
  IntModel m;
  const std::vector<IntVar> x{m.int_var(0, 0), m.int_var(0, 2)};
  const std::vector<IntVar> y{m.int_var(0, 0), m.int_var(0, 1)};
  const std::vector<IntVar> dx{m.int_var(2, 2), m.int_var(1, 1)};
  const std::vector<IntVar> dy{m.int_var(2, 2), m.int_var(1, 1)};
  diffn(m, x, y, dx, dy);
  const Space root = IntProblem(m, {.prune = Prune::bounds}).root().space;
  ASSERT_FALSE(root.failed());
  EXPECT_EQ(root.min(x[1].id), 2);
  EXPECT_EQ(root.min(y[1].id), 0);
  EXPECT_EQ(root.max(y[1].id), 1);
}

// Energy where no pair says anything: five 2x2 squares free in a 4x4 box cover 20 > 16.
// Four fit (the pairwise rule alone lets both stand at the root).
TEST(Diffn, MoreAreaThanTheBoxFails) {
  for (const int squares : {4, 5}) {
    IntModel m;
    const std::vector<IntVar> x = m.int_vars(squares, 0, 2);
    const std::vector<IntVar> y = m.int_vars(squares, 0, 2);
    const std::vector<IntVar> side = m.int_vars(squares, 2, 2);
    diffn(m, x, y, side, side);
    const Space root = IntProblem(m, {.prune = Prune::bounds}).root().space;
    EXPECT_EQ(root.failed(), squares == 5) << squares << " squares";
  }
}

// A box around some of the rectangles, not all: the same five squares, and a sixth
// free in a large square, which makes the bounding box of all 22x22.
TEST(Diffn, MoreAreaThanAnInnerBoxFails) {
  IntModel m;
  std::vector<IntVar> x = m.int_vars(5, 0, 2);
  std::vector<IntVar> y = m.int_vars(5, 0, 2);
  x.push_back(m.int_var(0, 20));
  y.push_back(m.int_var(0, 20));
  const std::vector<IntVar> side = m.int_vars(6, 2, 2);
  diffn(m, x, y, side, side);
  EXPECT_TRUE(IntProblem(m, {.prune = Prune::bounds}).root().space.failed());
}

TEST(Scheduling, ArgumentsOfDifferentLengthsAreRefused) {
  IntModel m;
  const std::vector<IntVar> s = m.int_vars(2, 0, 5);
  const std::vector<IntVar> one = m.int_vars(1, 1, 2);
  EXPECT_THROW(cumulative(m, s, one, s, one[0]), std::invalid_argument);
  EXPECT_THROW(disjunctive(m, s, one), std::invalid_argument);
  EXPECT_THROW(diffn(m, s, s, s, one), std::invalid_argument);
}

}  // namespace sched_test
}  // namespace backtrack::csp
