#pragma once
// Items of weights w go into bins: bins[i] = first + b puts item i into bin b, whose load
// loads[b] is the sum of the weights of its items (w >= 0).
//
// After Shaw ("A constraint for bin packing", CP 2004), its simpler rules: a bin's load
// lies between the weight of the items it holds for sure (bins[i] fixed to it) and that
// plus the weight of its candidates (those whose domain still has it); a candidate goes
// from a bin where it no longer fits (held + w[i] > the load's greatest value), and an
// item joins a bin that cannot reach its least load without it (held + candidates - w[i]
// < the load's least value). Sum of loads = sum of weights is a linear constraint of its
// own (globals/bin_packing.hpp), as in Shaw's. Not the knapsack reasoning nor the lower
// bound on the bins: weaker than bounds consistency on the loads. Not idempotent (a
// narrowed item moves the sums): woken by its own changes.
#include <cstddef>
#include <vector>

#include "backtrack/csp/propagators/basics.hpp"

namespace backtrack::csp {

struct BinPackingLoad {
  std::vector<int> loads, bins;
  std::vector<Value> w;
  Value first = 0;
  std::size_t sums_at = 0;  // scratch: per bin, the weight it holds, then with its candidates

  static constexpr bool idempotent = false;
  static constexpr Cost cost = Cost::high;
  std::vector<Subscription> subscriptions() const {
    std::vector<Subscription> subs;
    for (int x : bins) subs.push_back({x, Event::domain});
    for (int x : loads) subs.push_back({x, Event::bounds});
    return subs;
  }
  void prepare(Space& s) { sums_at = s.reserve_scratch_values(2 * loads.size()); }

  bool propagate(Space& s) const {
    const auto n = static_cast<Value>(loads.size());
    Value* held = s.scratch_values().data() + sums_at;
    Value* reach = held + loads.size();
    for (std::size_t b = 0; b < loads.size(); ++b) held[b] = reach[b] = 0;
    for (std::size_t i = 0; i < bins.size(); ++i) {
      if (!s.set_min(bins[i], first) || !s.set_max(bins[i], first + n - 1)) return false;
      if (s.fixed(bins[i])) held[s.value(bins[i]) - first] += w[i];
      s.for_each(bins[i], [&](Value v) { reach[v - first] += w[i]; });
    }
    for (std::size_t b = 0; b < loads.size(); ++b) {
      if (!s.set_min(loads[b], held[b]) || !s.set_max(loads[b], reach[b])) return false;
    }
    for (std::size_t i = 0; i < bins.size(); ++i) {
      if (s.fixed(bins[i])) continue;
      const int x = bins[i];
      const bool ok = s.keep_only(x, [&](Value v) {
        const auto b = static_cast<std::size_t>(v - first);
        return held[b] + w[i] <= s.max(loads[b]);
      });
      if (!ok) return false;
      for (Value v = s.min(x); v <= s.max(x); v = s.next(x, v)) {
        const auto b = static_cast<std::size_t>(v - first);
        if (reach[b] - w[i] < s.min(loads[b])) {
          if (!s.fix(x, v)) return false;
          break;
        }
      }
    }
    return true;
  }
};

}  // namespace backtrack::csp
