#pragma once
// cumulative(m, s, d, r, b): task i starts at s[i], lasts d[i] and uses r[i] of a
// resource of capacity b; at no time do the running tasks use more than b, and b >= 0
// (where there is a task). Durations and uses are non-negative (posted). MiniZinc's
// fzn_cumulative.
//
// Native: propagators/cumulative.hpp (time-tabling, bounds consistent on the starts with
// respect to the profile of compulsory parts). Decomposed: MiniZinc's task-based
// decomposition (std/fzn_cumulative.mzn, fzn_cumulative_task): at each task j's start,
// b >= sum of r[i] over the tasks i running then, each [s[i] <= s[j] < s[i] + d[i]] a
// reified pair of linear constraints.
#include <cstddef>
#include <span>
#include <stdexcept>
#include <vector>

#include "backtrack/csp/int_model.hpp"
#include "backtrack/csp/propagators/cumulative.hpp"

namespace backtrack::csp {

inline void cumulative(IntModel& m, std::span<const IntVar> start, std::span<const IntVar> duration,
                       std::span<const IntVar> use, IntVar capacity) {
  const std::size_t n = start.size();
  if (duration.size() != n || use.size() != n) {
    throw std::invalid_argument("cumulative: " + std::to_string(n) + " starts, " + std::to_string(duration.size()) +
                                " durations and " + std::to_string(use.size()) + " uses: one each per task");
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (m.space().min(duration[i].id) < 0) m.post(duration[i] >= 0);
    if (m.space().min(use[i].id) < 0) m.post(use[i] >= 0);
  }
  if (n == 0) return;
  if (m.globals() == Globals::native) {
    std::vector<int> s, d, r;
    for (std::size_t i = 0; i < n; ++i) {
      s.push_back(start[i].id);
      d.push_back(duration[i].id);
      r.push_back(use[i].id);
    }
    m.add(Boxed<Cumulative>(Cumulative(std::move(s), std::move(d), std::move(r), capacity.id)));
    return;
  }
  m.post(capacity >= 0);
  auto fixed = [&](IntVar x) { return m.space().min(x.id) == m.space().max(x.id); };
  for (std::size_t j = 0; j < n; ++j) {
    LinearExpr load;
    for (std::size_t i = 0; i < n; ++i) {
      if (m.space().max(use[i].id) <= 0 || m.space().max(duration[i].id) <= 0) continue;  // uses nothing
      const IntVar runs = m.bool_var();
      if (i == j) {
        m.post(duration[i] >= 1, iff(runs));
      } else {
        const IntVar started = m.bool_var();
        const IntVar not_ended = m.bool_var();
        m.post(start[i] <= start[j], iff(started));
        m.post(start[j] < start[i] + duration[i], iff(not_ended));
        m.bool_and(std::vector<IntVar>{started, not_ended}, runs);
      }
      if (fixed(use[i])) {
        load = load + m.space().min(use[i].id) * LinearExpr(runs);
      } else {
        const IntVar used = m.int_var(0, m.space().max(use[i].id));
        m.times(runs, use[i], used);
        load = load + used;
      }
    }
    m.post(load <= capacity);
  }
}

}  // namespace backtrack::csp
