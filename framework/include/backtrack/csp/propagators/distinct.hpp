#pragma once
// All-different over integer domains of any range, at three strengths (--prune):
//   forward  a fixed variable's value leaves the others (and two fixed to one value fail)
//   bounds   and Hall intervals on the ranges (bounds consistency, distinct_bounds.hpp)
//   gac      and domain consistency (Régin's matching), where the domains of the scope lie
//            within 64 consecutive values; wider ones get bounds consistency
// Where the scope's values fit in 64 consecutive values, gac is the filter of the bitset
// layer (all_different.hpp) on the domains moved down to bit 0.
#include <algorithm>
#include <cstddef>
#include <span>
#include <vector>

#include "backtrack/csp/all_different.hpp"
#include "backtrack/csp/propagators/basics.hpp"
#include "backtrack/csp/propagators/distinct_bounds.hpp"

namespace backtrack::csp {

enum class DistinctStrength { forward, bounds, gac };

struct Distinct {
  std::vector<int> xs;
  DistinctStrength strength = DistinctStrength::forward;
  std::size_t scratch = 0;         // its Space::scratch_ints(): the matching (gac), then the bounds sweep's
  std::size_t scratch_values = 0;  // its Space::scratch_values(): the bounds sweep's, then the fixed values

  // Called once, when the propagator joins a space.
  void prepare(Space& s) {
    scratch = s.reserve_scratch(xs.size() + BoundsAllDifferent::ints_for(xs.size()));
    BoundsAllDifferent::prepare(s.scratch_ints().data() + scratch + xs.size(), xs.size());
    scratch_values = s.reserve_scratch_values(BoundsAllDifferent::values_for(xs.size()) + xs.size());
  }
  static constexpr bool idempotent = true;  // each filter repeats itself to its fixpoint

  std::vector<Subscription> subscriptions() const {
    std::vector<Subscription> subs;
    const Event needs = strength == DistinctStrength::forward ? Event::fixed
                        : strength == DistinctStrength::bounds ? Event::bounds
                                                               : Event::domain;
    for (int x : xs) subs.push_back({x, needs});
    return subs;
  }

  bool propagate(Space& s) const {
    if (strength == DistinctStrength::forward) return forward(s);
    // Fixed values leave the others first, but for Régin's filter, which sets them aside
    // itself: Hall intervals alone see them only at the bounds (Gecode's bounds
    // all-different does the same). Repeated until nothing changes (idempotent).
    for (;;) {
      Value lo = max_value;
      Value hi = min_value;
      for (int x : xs) {
        lo = std::min(lo, s.min(x));
        hi = std::max(hi, s.max(x));
      }
      if (static_cast<std::size_t>(hi - lo + 1) < xs.size()) return s.fail();  // pigeons
      if (strength == DistinctStrength::gac && hi - lo < 64 && xs.size() <= 64) return on_bits(s, lo);
      // One sweep each way: a second one never moved a bound on Golomb rulers (checked),
      // and the node counts equal Gecode's; only a variable the sweep fixed gives
      // forward checking more to do.
      if (!forward(s)) return false;
      const auto fixed_before = fixed_count(s);
      BoundsAllDifferent sweep(xs, s.scratch_ints().data() + scratch + xs.size(), s.scratch_values().data() + scratch_values);
      bool moved = false;
      if (!sweep.filter(s, moved)) return false;
      if (!moved || fixed_count(s) == fixed_before) return true;
    }
  }
  std::size_t fixed_count(const Space& s) const {
    std::size_t n = 0;
    for (int x : xs) n += s.fixed(x) ? 1 : 0;
    return n;
  }

 private:
  // Each fixed value leaves the other variables; repeated while that fixes more.
  bool forward(Space& s) const {
    Value* fixed = s.scratch_values().data() + scratch_values + BoundsAllDifferent::values_for(xs.size());
    for (bool again = true; again;) {
      again = false;
      std::size_t count = 0;
      for (int x : xs) {
        if (s.fixed(x)) fixed[count++] = s.value(x);
      }
      if (count == 0) return true;
      std::sort(fixed, fixed + count);
      if (std::adjacent_find(fixed, fixed + count) != fixed + count) return s.fail();
      for (int x : xs) {
        if (s.fixed(x)) continue;
        // The fixed values inside x's range: few, found by a binary search.
        for (const Value* v = std::lower_bound(fixed, fixed + count, s.min(x)); v != fixed + count && *v <= s.max(x); ++v) {
          if (!s.remove(x, *v)) return false;
        }
        if (s.fixed(x)) again = true;
      }
    }
    return true;
  }

  // The bitset layer's filters (which set fixed values aside themselves), on the domains
  // moved down by lo.
  bool on_bits(Space& s, Value lo) const {
    Domain masks[64];
    const std::span<Domain> d(masks, xs.size());
    for (std::size_t i = 0; i < xs.size(); ++i) masks[i] = s.window(xs[i], lo);
    const bool ok = strength == DistinctStrength::bounds
                        ? filter_all_different_bounds(d)
                        : filter_all_different_gac(d, std::span<int>(s.scratch_ints().data() + scratch, xs.size()));
    if (!ok) return s.fail();
    for (std::size_t i = 0; i < xs.size(); ++i) {
      if (!s.restrict_to_window(xs[i], lo, masks[i])) return false;
    }
    return true;
  }

};

}  // namespace backtrack::csp
