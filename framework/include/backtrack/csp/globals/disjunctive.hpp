#pragma once
// disjunctive(m, s, d): task i starts at s[i] and lasts d[i] >= 0 (posted); no two tasks
// overlap, but a task of duration 0 may lie anywhere. disjunctive_strict: nor may a task
// of duration 0 lie inside another. MiniZinc's fzn_disjunctive and fzn_disjunctive_strict.
//
// Native: propagators/disjunctive.hpp (overload checking, edge-finding,
// not-first/not-last and, from --prune bounds up, detectable precedences on a Θ-Λ-tree,
// Vilím 2004). Decomposed: MiniZinc's (std/fzn_disjunctive*.mzn), for each pair
// s[i] + d[i] <= s[j] or s[j] + d[j] <= s[i] (or, not strict, d[i] = 0 or d[j] = 0): a
// clause over half-reified linear constraints.
#include <cstddef>
#include <span>
#include <stdexcept>
#include <vector>

#include "backtrack/csp/int_model.hpp"
#include "backtrack/csp/propagators/disjunctive.hpp"

namespace backtrack::csp {

namespace detail {

inline void disjunctive(IntModel& m, std::span<const IntVar> start, std::span<const IntVar> duration, bool strict) {
  const std::size_t n = start.size();
  if (duration.size() != n) {
    throw std::invalid_argument("disjunctive: " + std::to_string(n) + " starts and " +
                                std::to_string(duration.size()) + " durations: one each per task");
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (m.space().min(duration[i].id) < 0) m.post(duration[i] >= 0);
  }
  if (m.globals() == Globals::native) {
    std::vector<int> s, d;
    for (std::size_t i = 0; i < n; ++i) {
      s.push_back(start[i].id);
      d.push_back(duration[i].id);
    }
    m.add(Boxed<Disjunctive>(Disjunctive(std::move(s), std::move(d), strict)));
    return;
  }
  // A literal that d[i] = 0, where it may be (none where it must be or cannot).
  auto zero = [&](std::size_t i, std::vector<IntVar>& literals) {
    if (strict || m.space().min(duration[i].id) > 0) return;
    const IntVar z = m.bool_var();
    m.post(duration[i] <= 0, when(z));
    literals.push_back(z);
  };
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      if (!strict && (m.space().max(duration[i].id) <= 0 || m.space().max(duration[j].id) <= 0)) continue;
      std::vector<IntVar> literals{m.bool_var(), m.bool_var()};
      m.post(start[i] + duration[i] <= start[j], when(literals[0]));
      m.post(start[j] + duration[j] <= start[i], when(literals[1]));
      zero(i, literals);
      zero(j, literals);
      m.clause(literals, {});
    }
  }
}

}  // namespace detail

inline void disjunctive(IntModel& m, std::span<const IntVar> start, std::span<const IntVar> duration) {
  detail::disjunctive(m, start, duration, false);
}
inline void disjunctive_strict(IntModel& m, std::span<const IntVar> start, std::span<const IntVar> duration) {
  detail::disjunctive(m, start, duration, true);
}

}  // namespace backtrack::csp
