#pragma once
// global_cardinality: how many of xs take each cover value.
//
//   global_cardinality(m, xs, {1, 2, 3}, counts)          counts[j]: how many xs are cover[j]
//   global_cardinality(m, xs, {1, 2, 3}, counts, true)    closed: each x takes a cover value
//   global_cardinality(m, xs, {1, 2, 3}, low, up)         low[j] .. up[j] xs are cover[j]
//
// Its strength on the xs (CardinalityStrength: counting rules, bounds, domain) follows
// --prune (int_problem.hpp) unless one is given here, which holds from --prune arc up.
//
// MiniZinc's global_cardinality, global_cardinality_closed and their low/up forms. Native:
// one GlobalCardinality propagator (propagators/global_cardinality.hpp), a reversible tally
// per value, each count's bounds and the counts' sum. Decomposed as MiniZinc's standard
// library: a count per cover value; closed, each x in the cover; the sum of the counts at
// most the xs (counts), or the xs between the sums of low and up (low/up, closed). A cover
// with a value twice is decomposed natively too: its counts mean one value twice, which
// the propagator does not model.
#include <algorithm>
#include <cstddef>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "backtrack/csp/globals/count.hpp"
#include "backtrack/csp/int_model.hpp"
#include "backtrack/csp/propagators/global_cardinality.hpp"

namespace backtrack::csp {

namespace detail {

inline void unsatisfiable(IntModel& m) {
  const IntVar b = m.bool_var();
  m.post(LinearExpr(b) == LinearExpr(0));
  m.post(LinearExpr(b) == LinearExpr(1));
}

inline bool repeats(std::span<const Value> cover) {
  std::vector<Value> sorted(cover.begin(), cover.end());
  std::sort(sorted.begin(), sorted.end());
  return std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end();
}

// The propagator over cover sorted, counts (or low/up) in the same order.
inline void post_global_cardinality(IntModel& m, std::span<const IntVar> xs, std::span<const Value> cover,
                                    std::span<const IntVar> counts, std::span<const Value> low,
                                    std::span<const Value> up, bool closed,
                                    std::optional<CardinalityStrength> strength) {
  std::vector<std::size_t> order(cover.size());
  for (std::size_t j = 0; j < order.size(); ++j) order[j] = j;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return cover[a] < cover[b]; });
  GlobalCardinality p;
  for (IntVar x : xs) p.xs.push_back(x.id);
  for (std::size_t j : order) {
    p.cover.push_back(cover[j]);
    p.counts.push_back(counts.empty() ? -1 : counts[j].id);
    // Beyond 0 .. n a bound says only "never", so the propagator's sums cannot overflow.
    const auto n = static_cast<Value>(xs.size());
    p.low.push_back(low.empty() ? 0 : std::clamp<Value>(low[j], 0, n + 1));
    p.up.push_back(up.empty() ? 0 : std::clamp<Value>(up[j], -1, n));
  }
  p.closed = closed;
  p.strength = strength.value_or(CardinalityStrength::counting);
  p.from_search = !strength;
  m.add(Boxed<GlobalCardinality>(std::move(p)));
}

inline void post_within(IntModel& m, std::span<const IntVar> xs, std::span<const Value> cover) {
  std::vector<std::vector<Value>> tuples;
  for (Value v : cover) tuples.push_back({v});
  for (IntVar x : xs) m.table(std::span<const IntVar>(&x, 1), tuples);
}

}  // namespace detail

inline void global_cardinality(IntModel& m, std::span<const IntVar> xs, const std::vector<Value>& cover,
                               std::span<const IntVar> counts, bool closed = false,
                               std::optional<CardinalityStrength> strength = std::nullopt) {
  if (cover.size() != counts.size()) {
    throw std::invalid_argument("global_cardinality: " + std::to_string(cover.size()) + " cover values but " +
                                std::to_string(counts.size()) + " counts");
  }
  if (m.globals() == Globals::native && !detail::repeats(cover)) {
    detail::post_global_cardinality(m, xs, cover, counts, {}, {}, closed, strength);
    return;
  }
  if (closed) detail::post_within(m, xs, cover);
  LinearExpr sum;
  for (std::size_t j = 0; j < cover.size(); ++j) {
    count(m, xs, cover[j], CountIs::equal, counts[j]);
    sum = std::move(sum) + LinearExpr(counts[j]);
  }
  m.post(std::move(sum) <= LinearExpr(static_cast<Value>(xs.size())));
}

inline void global_cardinality(IntModel& m, std::span<const IntVar> xs, const std::vector<Value>& cover,
                               const std::vector<Value>& low, const std::vector<Value>& up, bool closed = false,
                               std::optional<CardinalityStrength> strength = std::nullopt) {
  if (cover.size() != low.size() || cover.size() != up.size()) {
    throw std::invalid_argument("global_cardinality: " + std::to_string(cover.size()) + " cover values but " +
                                std::to_string(low.size()) + " low and " + std::to_string(up.size()) + " up bounds");
  }
  if (m.globals() == Globals::native && !detail::repeats(cover)) {
    detail::post_global_cardinality(m, xs, cover, {}, low, up, closed, strength);
    return;
  }
  const auto n = static_cast<Value>(xs.size());
  if (closed) {
    detail::post_within(m, xs, cover);
    Wide lows = 0, ups = 0;
    for (std::size_t j = 0; j < cover.size(); ++j) lows += low[j], ups += up[j];
    if (n < lows || n > ups) detail::unsatisfiable(m);
  }
  for (std::size_t j = 0; j < cover.size(); ++j) {
    // The count of a value lies in 0 .. n whatever the bounds say.
    const Value lo = std::max<Value>(low[j], 0);
    const Value hi = std::min(up[j], n);
    if (lo > hi) {
      detail::unsatisfiable(m);
      continue;
    }
    count(m, xs, cover[j], CountIs::equal, m.int_var(lo, hi));
  }
}

}  // namespace backtrack::csp
