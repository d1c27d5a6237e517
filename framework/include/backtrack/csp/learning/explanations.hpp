#pragma once
// What explains a narrowing or a failure of one propagator's run (explained_trail.hpp):
// literals that held before it and imply it by that propagator's constraint alone. Where
// a propagator says no more, the domains of its whole scope when its run began (bounds
// and holes); where it reads less, less:
//   - a nogood: its literals that held (all but the one it refuted);
//   - a linear <=: the bounds its sum read (the lower bound of a term with a positive
//     coefficient, the upper of a negative one), and the holes of the variable narrowed,
//     which a bound moved past;
//   - a linear =: both bounds of every term, and those holes;
//   - an all-different taking fixed values from the others: x != v by the variable fixed
//     to v; a bound moved past values by the variables fixed to them (or x's holes); a
//     failure by two variables fixed to one value. What it found by Hall sets (bounds,
//     domain) is explained by the whole scope.
// The shorter the explanation, the more general the nogood learnt from it.
#include <algorithm>
#include <cstddef>
#include <map>
#include <optional>
#include <variant>
#include <vector>

#include "backtrack/csp/learning/explained_trail.hpp"
#include "backtrack/csp/propagation.hpp"

namespace backtrack::csp {

namespace detail {

// The all-different's explanation of narrowing `at` (-1: its failure), held before log
// position `limit`; false where it took more than fixed values (out is then unchanged).
inline bool explain_distinct(const Distinct& d, const ExplainedTrail& trail, const Space& s, long at,
                             std::size_t limit, std::vector<Literal>& out) {
  const auto fixed_to = [&](int except, Value v) -> std::optional<Literal> {
    for (const int x : d.xs) {
      const Literal l{x, Literal::Kind::equal, v};
      if (x != except && trail.when_true(s, l, limit) != ExplainedTrail::not_yet) return l;
    }
    return std::nullopt;
  };
  if (at < 0) {  // two of its variables fixed to one value
    std::map<Value, int> fixed;
    for (const int x : d.xs) {
      if (!s.fixed(x)) continue;
      const auto [it, first] = fixed.emplace(s.value(x), x);
      if (first) continue;
      out.push_back({it->second, Literal::Kind::equal, it->first});
      out.push_back({x, Literal::Kind::equal, it->first});
      return true;
    }
    return false;
  }
  const Narrowing& n = s.narrowings()[static_cast<std::size_t>(at)];
  if (n.kind == LiteralKind::not_equal) {
    const auto by = fixed_to(n.x, n.v);
    if (by) out.push_back(*by);
    return by.has_value();
  }
  if (n.kind == LiteralKind::equal) return false;
  // A bound moved past the values from the old bound to the new one (at most 64).
  const bool up = n.kind == LiteralKind::more_than;
  const Value from = up ? trail.lo_at(s, n.x, limit) : n.v + 1;
  const Value to = up ? n.v : trail.hi_at(s, n.x, limit);
  if (to - from >= 64) return false;
  const std::size_t size = out.size();
  for (Value u = from; u <= to; ++u) {
    const Literal hole{n.x, Literal::Kind::not_equal, u};
    const long removed = trail.when_true(s, hole, limit);
    if (removed == ExplainedTrail::at_root) continue;
    if (removed != ExplainedTrail::not_yet) {
      out.push_back(hole);
    } else if (const auto by = fixed_to(n.x, u)) {
      out.push_back(*by);
    } else {
      out.resize(size);
      return false;
    }
  }
  if (up) {
    trail.lower_bound(s, n.x, limit, out);
  } else {
    trail.upper_bound(s, n.x, limit, out);
  }
  return true;
}

}  // namespace detail

// A nogood's explanation of narrowing `at` (-1: its failure): its literals that held
// before it, all but the one refuted, and the holes a bound moved past. The model's
// nogoods (restarts) and those the search learns explain themselves so.
inline void explain_nogood(const std::vector<Literal>& literals, const ExplainedTrail& trail, const Space& s, long at,
                           std::vector<Literal>& out) {
  const std::size_t before = at < 0 ? s.narrowings().size() : static_cast<std::size_t>(at);
  for (const Literal& l : literals) {
    if (trail.when_true(s, l, before) != ExplainedTrail::not_yet) out.push_back(l);
  }
  if (at >= 0) trail.holes(s, s.narrowings()[static_cast<std::size_t>(at)].x, before, out);
}

// Appends the explanation of narrowing `at` of propagator p (-1: the failure of p's run
// that began at log position run_start) to `out`; returns the log position its literals
// held before. A propagator's own explanation reads the domains just before the narrowing
// (or the failure): smaller than when its run began, so they imply what the run's start
// implied, and they hold what the run narrowed before (a bound moved past holes).
inline std::size_t explain(const Propagator& p, const std::vector<int>& scope, const ExplainedTrail& trail,
                           const Space& s, long at, std::size_t run_start, std::vector<Literal>& out) {
  const std::size_t before = at < 0 ? s.narrowings().size() : static_cast<std::size_t>(at);
  const int narrowed = at < 0 ? -1 : s.narrowings()[static_cast<std::size_t>(at)].x;
  const auto holes_of_narrowed = [&] {
    if (narrowed >= 0) trail.holes(s, narrowed, before, out);
  };
  const auto bounds_of = [&](const std::vector<Term>& terms, bool both) {
    for (const Term& t : terms) {
      if (both || t.a > 0) trail.lower_bound(s, t.x, before, out);
      if (both || t.a < 0) trail.upper_bound(s, t.x, before, out);
    }
    holes_of_narrowed();
  };
  if (const auto* distinct = std::get_if<Distinct>(&p)) {
    if (detail::explain_distinct(*distinct, trail, s, at, before, out)) return before;
  } else if (const auto* nogood = std::get_if<Nogood>(&p)) {
    explain_nogood(nogood->literals, trail, s, at, out);
    return before;
  } else if (const auto* at_most = std::get_if<LinearLessEqual>(&p)) {
    bounds_of(at_most->terms, false);
    return before;
  } else if (const auto* equal = std::get_if<LinearEqual>(&p)) {
    bounds_of(equal->terms, true);
    return before;
  }
  trail.domain_literals(s, scope, run_start, out);
  return run_start;
}

}  // namespace backtrack::csp
