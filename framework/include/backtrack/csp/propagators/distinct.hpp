#pragma once
// All-different over integer domains of any range, at three strengths (--prune):
//   forward  a fixed variable's value leaves the others (and two fixed to one value fail)
//   bounds   and Hall intervals on the ranges (bounds consistency), O(k^2) a round
//   gac      and domain consistency (Régin's matching), where the domains of the scope lie
//            within 64 consecutive values; wider ones get bounds consistency
// Where the scope's values fit in 64 consecutive values, bounds and gac are the filters of
// the bitset layer (all_different.hpp) on the domains moved down to bit 0.
#include <algorithm>
#include <cstddef>
#include <span>
#include <vector>

#include "backtrack/csp/all_different.hpp"
#include "backtrack/csp/propagators/basics.hpp"

namespace backtrack::csp {

enum class DistinctStrength { forward, bounds, gac };

struct Distinct {
  std::vector<int> xs;
  DistinctStrength strength = DistinctStrength::forward;
  std::size_t scratch = 0;  // its Space::scratch_ints(): the matching (gac), room to sort (bounds)

  // Called once, when the propagator joins a space.
  void prepare(Space& s) { scratch = s.reserve_scratch(2 * xs.size()); }
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
    Value lo = max_value;
    Value hi = min_value;
    for (int x : xs) {
      lo = std::min(lo, s.min(x));
      hi = std::max(hi, s.max(x));
    }
    if (static_cast<std::size_t>(hi - lo + 1) < xs.size()) return s.fail();  // pigeons
    const bool fits = hi - lo < 64 && xs.size() <= 64;
    // Fixed values leave the others first, but for Régin's filter, which sets them aside
    // itself: Hall intervals alone see them only at the bounds (Gecode's bounds
    // all-different does the same).
    if ((strength != DistinctStrength::gac || !fits) && !forward(s)) return false;
    if (strength == DistinctStrength::forward) return true;
    return fits ? on_bits(s, lo) : hall_intervals(s);
  }

 private:
  // Each fixed value leaves the other variables; repeated while that fixes more.
  bool forward(Space& s) const {
    for (bool again = true; again;) {
      again = false;
      for (std::size_t i = 0; i < xs.size(); ++i) {
        if (!s.fixed(xs[i])) continue;
        const Value v = s.value(xs[i]);
        for (std::size_t j = 0; j < xs.size(); ++j) {
          if (j == i || !s.contains(xs[j], v)) continue;
          if (!s.remove(xs[j], v)) return false;
          if (s.fixed(xs[j])) again = true;
        }
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

  // Bounds consistency on ranges of any width: for every lower bound a, the variables
  // with min >= a in increasing max b; k of them within [a, b] and k > b - a + 1 fails,
  // k = b - a + 1 is a Hall interval, whose values the other ranges then skip.
  bool hall_intervals(Space& s) const {
    const std::span<int> by_max(s.scratch_ints().data() + scratch + xs.size(), xs.size());
    std::copy(xs.begin(), xs.end(), by_max.begin());
    for (bool moved = true; moved;) {
      moved = false;
      std::sort(by_max.begin(), by_max.end(), [&](int x, int y) { return s.max(x) < s.max(y); });
      for (int ax : xs) {
        const Value a = s.min(ax);
        Wide inside = 0;
        for (int bx : by_max) {
          if (s.min(bx) < a) continue;
          ++inside;
          const Value b = s.max(bx);
          if (inside > Wide{b} - a + 1) return s.fail();
          if (inside < Wide{b} - a + 1) continue;
          for (int y : xs) {
            if (s.min(y) >= a && s.max(y) <= b) continue;
            if (s.min(y) >= a && s.min(y) <= b) {
              moved = true;
              if (!s.set_min(y, b + 1)) return false;
            }
            if (s.max(y) >= a && s.max(y) <= b) {
              moved = true;
              if (!s.set_max(y, a - 1)) return false;
            }
          }
        }
      }
    }
    return true;
  }
};

}  // namespace backtrack::csp
