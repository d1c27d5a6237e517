// The order globals (globals/lex.hpp, globals/increasing.hpp): random tiny instances whose
// native solutions equal their decomposition's and generate-and-test's under every
// pruning level, and the consistency each propagator states checked at the root.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <random>
#include <set>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "backtrack/csp/globals.hpp"
#include "backtrack/csp/int_problem.hpp"
#include "int_solutions.hpp"

namespace backtrack::csp {
namespace order_test {  // a unity build shares one translation unit among the files

using Values = std::vector<Value>;

// One global over the positions of a random instance's variables (a variable now and
// then at two positions).
struct OrderInstance {
  std::vector<Values> domains;  // of the instance's variables
  std::vector<std::size_t> xs, ys;  // positions into domains (ys: lex only)
  int kind = 0;  // 0 lex_lesseq, 1 lex_less, 2 increasing, 3 decreasing, 4 strictly_increasing, 5 strictly_decreasing

  bool lex() const { return kind < 2; }
  // The plain checker.
  bool holds(const Values& a) const {
    if (lex()) {
      for (std::size_t i = 0; i < xs.size() && i < ys.size(); ++i) {
        if (a[xs[i]] != a[ys[i]]) return a[xs[i]] < a[ys[i]];
      }
      return kind == 0 ? xs.size() <= ys.size() : xs.size() < ys.size();
    }
    const Value gap = kind >= 4 ? 1 : 0;
    for (std::size_t i = 1; i < xs.size(); ++i) {
      const Value d = kind % 2 == 0 ? a[xs[i]] - a[xs[i - 1]] : a[xs[i - 1]] - a[xs[i]];
      if (d < gap) return false;
    }
    return true;
  }
  // The model, its instance variables first.
  IntModel model(Globals globals) const {
    IntModel m;
    m.set_globals(globals);
    std::vector<IntVar> vars;
    for (const Values& d : domains) vars.push_back(m.int_var(d));
    std::vector<IntVar> x, y;
    for (std::size_t i : xs) x.push_back(vars[i]);
    for (std::size_t i : ys) y.push_back(vars[i]);
    switch (kind) {
      case 0: lex_lesseq(m, x, y); break;
      case 1: lex_less(m, x, y); break;
      case 2: increasing(m, x); break;
      case 3: decreasing(m, x); break;
      case 4: strictly_increasing(m, x); break;
      default: strictly_decreasing(m, x); break;
    }
    return m;
  }
  std::set<Values> brute_force() const { return every_assignment(domains, [&](const Values& a) { return holds(a); }); }
  // For a failure's message.
  std::string describe() const {
    std::ostringstream out;
    out << "kind " << kind << " domains";
    for (const Values& d : domains) {
      out << " {";
      for (Value v : d) out << " " << v;
      out << " }";
    }
    out << " xs";
    for (std::size_t i : xs) out << " " << i;
    out << " ys";
    for (std::size_t i : ys) out << " " << i;
    return out.str();
  }
  bool repeats() const {
    std::vector<std::size_t> all = xs;
    all.insert(all.end(), ys.begin(), ys.end());
    std::sort(all.begin(), all.end());
    return std::adjacent_find(all.begin(), all.end()) != all.end();
  }
};

OrderInstance random_instance(std::mt19937& rng, int kind) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  OrderInstance in;
  in.kind = kind;
  const int n = pick(1, in.lex() ? 6 : 5);
  for (int i = 0; i < n; ++i) {
    Values d;
    if (kind < 2 && pick(0, 3) == 0) {
      d = {0, 1};  // Booleans
    } else {
      for (int k = pick(1, 4); k > 0; --k) d.push_back(pick(-2, 3));
    }
    std::sort(d.begin(), d.end());
    d.erase(std::unique(d.begin(), d.end()), d.end());
    in.domains.push_back(d);
  }
  std::vector<std::size_t> order(static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), rng);
  const bool repeat = pick(0, 4) == 0;
  auto position = [&](std::size_t i) { return repeat ? static_cast<std::size_t>(pick(0, n - 1)) : order[i]; };
  if (in.lex()) {
    const int nx = pick(0, (n + 1) / 2);
    const int ny = pick(0, n - nx);
    for (int i = 0; i < nx; ++i) in.xs.push_back(position(static_cast<std::size_t>(i)));
    for (int i = 0; i < ny; ++i) in.ys.push_back(position(static_cast<std::size_t>(nx + i)));
  } else {
    for (int i = pick(0, n); i > 0; --i) in.xs.push_back(position(static_cast<std::size_t>(i - 1)));
  }
  return in;
}

TEST(GlobalOrder, NativeAndDecomposedAgreeWithBruteForceUnderEveryPrune) {
  std::mt19937 rng(60);
  for (int round = 0; round < 300; ++round) {
    const OrderInstance in = random_instance(rng, round % 6);
    const std::set<Values> expected = in.brute_force();
    for (const Prune prune : all_prunes) {
      const SearchOptions options{.prune = prune};
      EXPECT_EQ(solutions_of(in.model(Globals::native), options), expected)
          << "round " << round << " " << in.describe() << " prune " << to_string(prune);
      EXPECT_EQ(projected(solutions_of(in.model(Globals::decomposed), options), in.domains.size()), expected)
          << "round " << round << " " << in.describe() << " prune " << to_string(prune) << " decomposed";
    }
  }
}

// At the root, over distinct variables: lex keeps exactly the values some solution takes
// (domain consistency); an order chain, each least and greatest value (bounds consistency
// over the domains); a failed root has no solution.
TEST(GlobalOrder, RootIsDomainConsistentForLexAndBoundsConsistentForChains) {
  std::mt19937 rng(2002);
  int checked = 0;
  for (int round = 0; round < 300; ++round) {
    const OrderInstance in = random_instance(rng, round % 6);
    if (in.repeats()) continue;
    ++checked;
    const std::set<Values> all = in.brute_force();
    const IntModel m = in.model(Globals::native);
    const IntProblem problem(m, {.prune = Prune::arc});
    const IntProblem::State root = problem.root();
    if (root.space.failed()) {
      EXPECT_TRUE(all.empty()) << "round " << round << ": failed with solutions";
      continue;
    }
    for (std::size_t i = 0; i < in.domains.size(); ++i) {
      std::set<Value> taken;
      for (const Values& a : all) taken.insert(a[i]);
      std::set<Value> kept;
      root.space.for_each(static_cast<int>(i), [&](Value v) { kept.insert(v); });
      ASSERT_FALSE(taken.empty()) << "round " << round << ": a root without solutions did not fail";
      if (in.lex()) {
        EXPECT_EQ(kept, taken) << "round " << round << " variable " << i;
      } else {
        EXPECT_EQ(*kept.begin(), *taken.begin()) << "round " << round << " variable " << i;
        EXPECT_EQ(*kept.rbegin(), *taken.rbegin()) << "round " << round << " variable " << i;
        EXPECT_TRUE(std::includes(kept.begin(), kept.end(), taken.begin(), taken.end())) << "round " << round;
      }
    }
  }
  EXPECT_GE(checked, 150);
}

TEST(GlobalOrder, LexOfUnequalLengthsLetsThePrefixBeSmaller) {
  for (const Globals globals : {Globals::native, Globals::decomposed}) {
    IntModel m;
    m.set_globals(globals);
    const IntVar a = m.int_var(2, 2);
    const IntVar b = m.int_var(2, 2);
    const IntVar c = m.int_var(0, 9);
    lex_less(m, std::vector<IntVar>{a}, std::vector<IntVar>{b, c});  // [2] < [2, c] for every c
    EXPECT_EQ(projected(solutions_of(m), 3).size(), 10U);
    lex_less(m, std::vector<IntVar>{a, c}, std::vector<IntVar>{b});  // [2, c] < [2]: never
    EXPECT_TRUE(solutions_of(m).empty());
  }
}

// bin_packing_load over random tiny instances: bins numbered from `first`, items whose
// domains reach past the bins, loads with holes; bin_packing_capa over loads it makes.
struct PackingInstance {
  std::vector<Values> domains;  // the loads', then the items' bins
  std::size_t bins = 0;
  Values w, capacity;  // capacity: bin_packing_capa, with no load variables
  Value first = 0;

  bool holds(const Values& a) const {
    Values held(bins, 0);
    const std::size_t items = w.size();
    const std::size_t at = capacity.empty() ? bins : 0;
    for (std::size_t i = 0; i < items; ++i) {
      const Value b = a[at + i] - first;
      if (b < 0 || b >= static_cast<Value>(bins)) return false;
      held[static_cast<std::size_t>(b)] += w[i];
    }
    for (std::size_t b = 0; b < bins; ++b) {
      if (capacity.empty() ? held[b] != a[b] : held[b] > capacity[b]) return false;
    }
    return true;
  }
  IntModel model(Globals globals) const {
    IntModel m;
    m.set_globals(globals);
    std::vector<IntVar> vars;
    for (const Values& d : domains) vars.push_back(m.int_var(d));
    if (capacity.empty()) {
      bin_packing_load(m, std::span(vars).first(bins), std::span(vars).subspan(bins), w, first);
    } else {
      bin_packing_capa(m, capacity, vars, w, first);
    }
    return m;
  }
  std::set<Values> brute_force() const { return every_assignment(domains, [&](const Values& a) { return holds(a); }); }
};

PackingInstance random_packing(std::mt19937& rng, bool capa) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  auto some = [&](int lo, int hi, int most) {
    Values d;
    for (int k = pick(1, most); k > 0; --k) d.push_back(pick(lo, hi));
    std::sort(d.begin(), d.end());
    d.erase(std::unique(d.begin(), d.end()), d.end());
    return d;
  };
  PackingInstance in;
  in.bins = static_cast<std::size_t>(pick(1, 3));
  in.first = pick(-1, 2);
  const int items = pick(0, 4);
  for (int i = 0; i < items; ++i) in.w.push_back(pick(0, 3));
  for (std::size_t b = 0; b < in.bins; ++b) {
    if (capa) {
      in.capacity.push_back(pick(0, 5));
    } else {
      in.domains.push_back(some(0, 6, 6));
    }
  }
  const int last = static_cast<int>(in.first) + static_cast<int>(in.bins) - 1;
  for (int i = 0; i < items; ++i) in.domains.push_back(some(static_cast<int>(in.first) - 1, last + 1, 4));
  return in;
}

TEST(GlobalPacking, NativeAndDecomposedAgreeWithBruteForceUnderEveryPrune) {
  std::mt19937 rng(2004);
  int with_solutions = 0;
  for (int round = 0; round < 300; ++round) {
    const PackingInstance in = random_packing(rng, round % 3 == 2);
    const std::set<Values> expected = in.brute_force();
    with_solutions += expected.empty() ? 0 : 1;
    const std::size_t n = in.domains.size();
    for (const Prune prune : all_prunes) {
      const SearchOptions options{.prune = prune};
      EXPECT_EQ(projected(solutions_of(in.model(Globals::native), options), n), expected)
          << "round " << round << " prune " << to_string(prune);
      EXPECT_EQ(projected(solutions_of(in.model(Globals::decomposed), options), n), expected)
          << "round " << round << " prune " << to_string(prune) << " decomposed";
    }
  }
  EXPECT_GE(with_solutions, 60) << with_solutions;
}

// Shaw's rules at the root: an item leaves the bin it no longer fits, and joins the one
// that needs it to reach its least load.
TEST(GlobalPacking, ItemsLeaveFullBinsAndJoinBinsThatNeedThem) {
  IntModel m;
  const std::vector<IntVar> loads{m.int_var(0, 3), m.int_var(5, 9)};
  const std::vector<IntVar> bins{m.int_var(1, 2), m.int_var(1, 2), m.int_var(1, 1)};
  bin_packing_load(m, loads, bins, std::vector<Value>{4, 2, 3}, 1);
  const IntProblem problem(m, {.prune = Prune::arc});
  const IntProblem::State root = problem.root();
  ASSERT_FALSE(root.space.failed());
  // Item 2 (3) fills bin 1 to 3: item 0 (4) and item 1 (2) cannot join it.
  EXPECT_EQ(root.space.value(bins[0].id), 2);
  EXPECT_EQ(root.space.value(bins[1].id), 2);
  EXPECT_EQ(root.space.value(loads[1].id), 6);
}

TEST(GlobalPacking, BadArgumentsAreRefused) {
  IntModel m;
  const std::vector<IntVar> loads{m.int_var(0, 3)};
  const std::vector<IntVar> bins{m.int_var(0, 0)};
  EXPECT_THROW(bin_packing_load(m, loads, bins, std::vector<Value>{1, 2}), std::invalid_argument);
  EXPECT_THROW(bin_packing_load(m, loads, bins, std::vector<Value>{-1}), std::invalid_argument);
  EXPECT_THROW(bin_packing_capa(m, std::vector<Value>{-2}, bins, std::vector<Value>{1}), std::invalid_argument);
}

}  // namespace order_test
}  // namespace backtrack::csp
