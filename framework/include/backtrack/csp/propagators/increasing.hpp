#pragma once
// xs[0] <= xs[1] <= ... (gap 0), or strictly increasing (gap 1: xs[i] + 1 <= xs[i+1]).
//
// Bounds consistency in one pass each way: left to right each least value rises to the
// one before's plus the gap, right to left each greatest value falls to the one after's
// minus it. A raised least value only raises those after it, which the same pass reaches
// next, and the backward pass moves no least value (unless a domain empties): the two
// passes are a fixpoint. Subsumed once each greatest value is below the next least one.
// A variable at two positions makes the passes repeat until no bound moves (a pass
// then narrows what the one before read); it is sound, not bounds consistent.
#include <cstddef>
#include <vector>

#include "backtrack/csp/propagators/basics.hpp"

namespace backtrack::csp {

struct Increasing {
  std::vector<int> xs;
  Value gap = 0;
  bool repeats = false;  // a variable at two positions: the passes are repeated to a fixpoint

  static constexpr bool idempotent = true;
  std::vector<Subscription> subscriptions() const {
    std::vector<Subscription> subs;
    for (int x : xs) subs.push_back({x, Event::bounds});
    return subs;
  }

  Outcome propagate(Space& s) const {
    for (bool moved = true; moved;) {
      moved = false;
      for (std::size_t i = 1; i < xs.size(); ++i) {
        const Value lo = s.min(xs[i - 1]) + gap;
        if (lo > s.min(xs[i])) {
          moved = true;
          if (!s.set_min(xs[i], lo)) return Outcome::failed;
        }
      }
      for (std::size_t i = xs.size() - 1; i > 0; --i) {
        const Value hi = s.max(xs[i]) - gap;
        if (hi < s.max(xs[i - 1])) {
          moved = true;
          if (!s.set_max(xs[i - 1], hi)) return Outcome::failed;
        }
      }
      moved = moved && repeats;
    }
    for (std::size_t i = 1; i < xs.size(); ++i) {
      if (s.max(xs[i - 1]) + gap > s.min(xs[i])) return Outcome::open;
    }
    return Outcome::subsumed;
  }
};

}  // namespace backtrack::csp
