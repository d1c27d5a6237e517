#pragma once
// x takes one of a sorted set of values: the holes of a variable too wide for a bitset
// (space.hpp). Bounds consistency: min and max move to the nearest members.
#include <algorithm>
#include <vector>

#include "backtrack/csp/propagators/basics.hpp"

namespace backtrack::csp {

struct InSet {
  int x;
  std::vector<Value> members;  // sorted, no duplicates, not empty
  static constexpr bool idempotent = true;
  std::vector<Subscription> subscriptions() const { return {{x, Event::bounds}}; }
  bool propagate(Space& s) const {
    const auto lo = std::lower_bound(members.begin(), members.end(), s.min(x));
    if (lo == members.end()) return s.fail();
    auto hi = std::upper_bound(members.begin(), members.end(), s.max(x));
    if (hi == members.begin()) return s.fail();
    --hi;
    return s.set_min(x, *lo) && s.set_max(x, *hi);
  }
};

}  // namespace backtrack::csp
