// all-different's strong filters against their definitions, on small random domains,
// by brute force: gac keeps exactly the values that take part in some all-different
// assignment; bounds removes domain ends until every end takes part in an all-different
// assignment of the ranges (every value between a domain's ends allowed).
#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <vector>

#include "backtrack/csp/all_different.hpp"

namespace backtrack::csp {
namespace {

// Calls f(values) for every all-different choice of one value in each of `allowed(i)`.
void for_each_assignment(int k, const std::function<Domain(int)>& allowed, const std::function<void(const std::vector<int>&)>& f) {
  std::vector<int> values(static_cast<std::size_t>(k));
  std::function<void(int, Domain)> place = [&](int i, Domain used) {
    if (i == k) return f(values);
    for (int v = 0; v < 64; ++v) {
      if (((allowed(i) >> v) & 1) != 0 && ((used >> v) & 1) == 0) {
        values[static_cast<std::size_t>(i)] = v;
        place(i + 1, used | Domain{1} << v);
      }
    }
  };
  place(0, 0);
}

std::vector<Domain> supported_values(const std::vector<Domain>& dom) {
  std::vector<Domain> kept(dom.size(), 0);
  for_each_assignment(
      static_cast<int>(dom.size()), [&](int i) { return dom[static_cast<std::size_t>(i)]; },
      [&](const std::vector<int>& values) {
        for (std::size_t i = 0; i < values.size(); ++i) kept[i] |= Domain{1} << values[i];
      });
  return kept;
}

Domain range_of(Domain d) {
  if (d == 0) return 0;
  const int lo = std::countr_zero(d);
  const int hi = 63 - std::countl_zero(d);
  return (hi >= 63 ? ~Domain{0} : (Domain{1} << (hi + 1)) - 1) & (~Domain{0} << lo);
}

// The definition of bounds consistency, to a fixpoint: an end of a domain goes when no
// all-different assignment of the ranges gives it to its variable.
std::vector<Domain> bounds_by_definition(std::vector<Domain> dom) {
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = 0; i < dom.size(); ++i) {
      if (dom[i] == 0) return dom;
      const auto in_range = [&](int j) { return range_of(dom[static_cast<std::size_t>(j)]); };
      const Domain support = supported_values([&] {
        std::vector<Domain> ranges;
        for (std::size_t j = 0; j < dom.size(); ++j) ranges.push_back(in_range(static_cast<int>(j)));
        return ranges;
      }())[i];
      const Domain lo = dom[i] & (~dom[i] + 1);
      const Domain hi = Domain{1} << (63 - std::countl_zero(dom[i]));
      for (Domain end : {lo, hi}) {
        if ((support & end) == 0 && (dom[i] & end) != 0) {
          dom[i] &= ~end;
          changed = true;
        }
      }
    }
  }
  return dom;
}

std::vector<Domain> random_domains(std::mt19937_64& random) {
  const int k = 1 + static_cast<int>(random() % 5);
  const int values = 1 + static_cast<int>(random() % 7);
  std::vector<Domain> dom(static_cast<std::size_t>(k));
  for (auto& d : dom) {
    d = random() & ((Domain{1} << values) - 1);
    if (d == 0) d = Domain{1} << (random() % static_cast<unsigned>(values));
  }
  return dom;
}

bool any_empty(const std::vector<Domain>& dom) {
  for (Domain d : dom) {
    if (d == 0) return true;
  }
  return false;
}

TEST(AllDifferent, GacKeepsExactlyTheSupportedValues) {
  std::mt19937_64 random(2026);
  int feasible = 0;
  for (int round = 0; round < 20000; ++round) {
    const auto dom = random_domains(random);
    const auto expected = supported_values(dom);
    auto filtered = dom;
    std::vector<int> matching(dom.size(), -1);
    // A stale matching from an earlier call must not matter: sometimes start from one.
    if (round % 2 == 1) {
      for (auto& m : matching) m = static_cast<int>(random() % 7);
    }
    const bool ok = filter_all_different_gac(filtered, matching);
    EXPECT_EQ(ok, !any_empty(expected)) << "round " << round;
    if (ok) {
      ++feasible;
      EXPECT_EQ(filtered, expected) << "round " << round;
      for (std::size_t i = 0; i < dom.size(); ++i) EXPECT_TRUE((filtered[i] >> matching[i]) & 1) << "round " << round;
    }
  }
  EXPECT_GT(feasible, 5000);  // both outcomes are exercised
  EXPECT_LT(feasible, 19000);
}

TEST(AllDifferent, BoundsMatchesItsDefinition) {
  std::mt19937_64 random(17);
  int feasible = 0;
  int narrowed = 0;
  for (int round = 0; round < 5000; ++round) {
    const auto dom = random_domains(random);
    const auto expected = bounds_by_definition(dom);
    auto filtered = dom;
    const bool ok = filter_all_different_bounds(filtered);
    EXPECT_EQ(ok, !any_empty(expected)) << "round " << round;
    if (ok) {
      ++feasible;
      narrowed += filtered != dom;
      EXPECT_EQ(filtered, expected) << "round " << round;
    }
  }
  EXPECT_GT(feasible, 1250);
  EXPECT_GT(narrowed, 125);
}

TEST(AllDifferent, GacSeesThroughHolesThatBoundsLeave) {
  // x1, x2 in {0, 2} take both values, so x0 in {0, 2, 4} must be 4; as ranges, [0, 2]
  // holds two variables and three values, no Hall interval: bounds leaves x0 alone.
  const std::vector<Domain> dom = {0b10101, 0b00101, 0b00101, 0b11111};
  auto gac = dom;
  std::vector<int> matching(dom.size(), -1);
  ASSERT_TRUE(filter_all_different_gac(gac, matching));
  EXPECT_EQ(gac[0], Domain{0b10000});
  EXPECT_EQ(gac[3], Domain{0b01010});
  auto bounds = dom;
  ASSERT_TRUE(filter_all_different_bounds(bounds));
  EXPECT_EQ(bounds, dom);
}

}  // namespace
}  // namespace backtrack::csp
