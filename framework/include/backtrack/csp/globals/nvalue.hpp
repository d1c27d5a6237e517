#pragma once
// nvalue: how many distinct values the xs take.
//
//   nvalue(m, n, xs)   n is the number of distinct values among xs
//
// Native: one Nvalue propagator (propagators/nvalue.hpp): n's bounds from the xs' intervals
// and the union of their domains, and the xs narrowed where n leaves no room. Decomposed,
// as MiniZinc's standard library: a Boolean per value of the xs' domains, true when some x
// takes it, and their sum equal to n.
#include <algorithm>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "backtrack/csp/int_model.hpp"
#include "backtrack/csp/propagators/nvalue.hpp"

namespace backtrack::csp {

inline void nvalue(IntModel& m, IntVar n, std::span<const IntVar> xs) {
  if (m.globals() == Globals::native) {
    Nvalue p;
    for (IntVar x : xs) p.xs.push_back(x.id);
    p.n = n.id;
    m.add(std::move(p));
    return;
  }
  const Space& s = m.space();
  Value lo = max_value;
  Value hi = min_value;
  for (IntVar x : xs) {
    lo = std::min(lo, s.min(x.id));
    hi = std::max(hi, s.max(x.id));
  }
  if (hi - lo >= bitset_limit) {
    throw std::invalid_argument("nvalue: decomposed over more than " + std::to_string(bitset_limit) + " values");
  }
  LinearExpr taken;
  for (Value v = lo; v <= hi; ++v) {
    std::vector<IntVar> takes;
    for (IntVar x : xs) {
      if (!s.contains(x.id, v)) continue;
      takes.push_back(m.bool_var());
      m.post(LinearExpr(x) == LinearExpr(v), iff(takes.back()));
    }
    if (takes.empty()) continue;
    IntVar some = takes[0];
    if (takes.size() > 1) {
      some = m.bool_var();
      m.bool_or(takes, some);
    }
    taken = std::move(taken) + LinearExpr(some);
  }
  m.post(std::move(taken) == LinearExpr(n));
}

}  // namespace backtrack::csp
