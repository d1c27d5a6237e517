#pragma once
// Nvalue: n is the number of distinct values the xs take.
//
// Bounds of n, from the xs' domains:
//   - lower: the most xs whose intervals [min, max] are pairwise disjoint, each of which
//     needs a value of its own; found greedily, the intervals sorted by their max
//     (Beldiceanu, "Pruning for the minimum constraint family and for the number of
//     distinct values constraint family", CP 2001). It is the exact least number of values
//     for the intervals, and is at least the number of distinct values among fixed xs.
//   - upper: the distinct values of the fixed xs, plus at most one new value per open x,
//     and no more new values than the open xs' domains hold outside those fixed.
// Pruning of the xs, each rule a consequence of every solution:
//   - n's max equals the distinct fixed values: an open x takes one of them;
//   - n's min equals the upper bound from one new value per open x: each open x takes a
//     new value, none of the fixed ones;
//   - n's min equals the upper bound from the new values the open xs hold: each of those
//     is taken, so one that a single open x holds fixes that x.
// Neither bounds nor domain consistent (the least number of values over domains with holes
// is NP-hard; the most is a matching, which this does not compute), and Beldiceanu's
// pruning of the intervals when n's max equals the lower bound is not done. Each run
// recomputes from the domains, in scratch sized at prepare(): no incremental state.
#include <algorithm>
#include <cstddef>
#include <numeric>
#include <vector>

#include "backtrack/csp/propagators/basics.hpp"

namespace backtrack::csp {

struct Nvalue {
  std::vector<int> xs;
  int n = -1;
  std::size_t ints_at = 0;    // scratch ints: xs' positions by max, the open xs, the xs of sole support
  std::size_t values_at = 0;  // scratch values: the fixed values, the new values of sole support

  // Its own narrowing of the xs changes the fixed values and the bounds.
  static constexpr bool idempotent = false;
  static constexpr Cost cost = Cost::high;

  void prepare(Space& s) {
    ints_at = s.reserve_scratch(3 * xs.size() + 1);
    values_at = s.reserve_scratch_values(2 * xs.size() + 1);
  }
  std::vector<Subscription> subscriptions() const {
    std::vector<Subscription> subs;
    for (int x : xs) subs.push_back({x, Event::domain});
    subs.push_back({n, Event::bounds});
    return subs;
  }

  Outcome propagate(Space& s) const {
    const std::size_t m = xs.size();
    int* by_max = s.scratch_ints().data() + ints_at;
    int* open = by_max + m;
    int* sole_x = open + m;
    Value* fixed = s.scratch_values().data() + values_at;
    Value* sole_value = fixed + m;

    std::size_t k = 0;
    std::size_t open_count = 0;
    for (int x : xs) {
      if (s.fixed(x)) {
        fixed[k++] = s.value(x);
      } else {
        open[open_count++] = x;
      }
    }
    std::sort(fixed, fixed + k);
    k = static_cast<std::size_t>(std::unique(fixed, fixed + k) - fixed);

    std::iota(by_max, by_max + m, 0);
    const auto max_of = [&](int i) { return s.max(xs[static_cast<std::size_t>(i)]); };
    std::sort(by_max, by_max + m, [&](int a, int b) { return max_of(a) < max_of(b); });
    Value lower = 0;
    Value last = min_value - 1;
    for (std::size_t i = 0; i < m; ++i) {
      const int x = xs[static_cast<std::size_t>(by_max[i])];
      if (s.min(x) > last) {
        ++lower;
        last = s.max(x);
      }
    }

    // The open xs' values outside the fixed ones, smallest first, until there are more of
    // them than open xs; each with its one open x where only one holds it.
    std::size_t fresh = 0;
    std::size_t soles = 0;
    Value v = max_value + 1;
    for (std::size_t i = 0; i < open_count; ++i) v = std::min(v, s.min(open[i]));
    while (v <= max_value && fresh <= open_count) {
      int holders = 0;
      int holder = -1;
      Value after = max_value + 1;
      for (std::size_t i = 0; i < open_count; ++i) {
        const int x = open[i];
        if (s.contains(x, v)) {
          ++holders;
          holder = x;
        }
        if (v < s.max(x)) after = std::min(after, s.next(x, v));
      }
      if (!std::binary_search(fixed, fixed + k, v)) {
        if (holders == 1 && fresh < open_count) {
          sole_x[soles] = holder;
          sole_value[soles++] = v;
        }
        ++fresh;
      }
      v = after;
    }
    const bool one_new_each = fresh >= open_count;  // else every new value was counted
    const Value upper = static_cast<Value>(k + std::min(fresh, open_count));

    if (!s.set_min(n, lower) || !s.set_max(n, upper)) return Outcome::failed;
    if (open_count == 0) return Outcome::subsumed;

    if (s.max(n) == static_cast<Value>(k)) {
      for (std::size_t i = 0; i < open_count; ++i) {
        if (!s.keep_only(open[i], [&](Value w) { return std::binary_search(fixed, fixed + k, w); })) {
          return Outcome::failed;
        }
      }
      return Outcome::open;
    }
    if (s.min(n) == upper) {
      if (one_new_each) {
        for (std::size_t i = 0; i < open_count; ++i) {
          const int x = open[i];
          for (const Value* f = std::lower_bound(fixed, fixed + k, s.min(x)); f != fixed + k && *f <= s.max(x); ++f) {
            if (!s.remove(x, *f)) return Outcome::failed;
          }
        }
      }
      if (fresh <= open_count) {
        for (std::size_t i = 0; i < soles; ++i) {
          if (!s.fix(sole_x[i], sole_value[i])) return Outcome::failed;
        }
      }
    }
    return Outcome::open;
  }
};

}  // namespace backtrack::csp
