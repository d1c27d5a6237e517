#pragma once
// increasing(m, xs): xs[0] <= xs[1] <= ...; decreasing: >=; strictly_increasing and
// strictly_decreasing: < and > (MiniZinc's increasing, decreasing, strictly_increasing,
// strictly_decreasing, for integer and Boolean arrays alike).
//
// Native: propagators/increasing.hpp, bounds consistent in one pass each way. Decomposed
// as MiniZinc's standard library does: one linear constraint per neighbouring pair.
#include <algorithm>
#include <cstddef>
#include <span>
#include <vector>

#include "backtrack/csp/int_model.hpp"
#include "backtrack/csp/propagators/increasing.hpp"

namespace backtrack::csp {

namespace detail {
// xs[i] + gap <= xs[i+1], for xs in the order given or reversed.
inline void chain(IntModel& m, std::span<const IntVar> xs, Value gap, bool reversed) {
  std::vector<int> ids;
  for (IntVar x : xs) ids.push_back(x.id);
  if (reversed) std::reverse(ids.begin(), ids.end());
  if (ids.size() < 2) return;
  if (m.globals() == Globals::native) {
    std::vector<int> sorted = ids;
    std::sort(sorted.begin(), sorted.end());
    const bool repeats = std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end();
    m.add(Increasing{std::move(ids), gap, repeats});
    return;
  }
  for (std::size_t i = 1; i < ids.size(); ++i) m.post(IntVar{ids[i - 1]} + gap <= IntVar{ids[i]});
}
}  // namespace detail

inline void increasing(IntModel& m, std::span<const IntVar> xs) { detail::chain(m, xs, 0, false); }
inline void decreasing(IntModel& m, std::span<const IntVar> xs) { detail::chain(m, xs, 0, true); }
inline void strictly_increasing(IntModel& m, std::span<const IntVar> xs) { detail::chain(m, xs, 1, false); }
inline void strictly_decreasing(IntModel& m, std::span<const IntVar> xs) { detail::chain(m, xs, 1, true); }

}  // namespace backtrack::csp
