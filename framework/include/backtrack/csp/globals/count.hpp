#pragma once
// count and among: how many of xs take a value, compared with a variable.
//
//   count(m, xs, y, CountIs::equal, c)   c is the number of xs equal to y (MiniZinc's
//                                        count_eq; CountIs::at_most: the count is <= c, ...)
//   count(m, xs, Value{3}, CountIs::less, c)   the same for a constant
//   among(m, n, xs, {1, 3, 5})                 n is the number of xs whose value is one of them
//
// Native: one Count propagator (propagators/count.hpp), domain consistent for a constant
// y or a set, with a reversible tally of the xs decided. Decomposed, as MiniZinc's
// standard library: a Boolean per x, b <-> x = y (or x in the set), and their sum
// compared with c.
#include <algorithm>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

#include "backtrack/csp/int_model.hpp"
#include "backtrack/csp/propagators/count.hpp"

namespace backtrack::csp {

// How the count compares with c.
enum class CountIs { equal, not_equal, less, at_most, greater, at_least };

namespace detail {

inline LinearRelation counted(LinearExpr count, CountIs relation, LinearExpr c) {
  switch (relation) {
    case CountIs::equal: return std::move(count) == std::move(c);
    case CountIs::not_equal: return std::move(count) != std::move(c);
    case CountIs::less: return std::move(count) < std::move(c);
    case CountIs::at_most: return std::move(count) <= std::move(c);
    case CountIs::greater: return std::move(count) > std::move(c);
    case CountIs::at_least: return std::move(count) >= std::move(c);
  }
  throw std::logic_error("a count without a relation");
}

// b <-> x takes one of `values` (sorted).
inline IntVar reified_member(IntModel& m, IntVar x, const std::vector<Value>& values) {
  const IntVar b = m.bool_var();
  if (values.size() == 1) {
    m.post(LinearExpr(x) == LinearExpr(values[0]), iff(b));
    return b;
  }
  std::vector<IntVar> equal;
  for (Value v : values) {
    equal.push_back(m.bool_var());
    m.post(LinearExpr(x) == LinearExpr(v), iff(equal.back()));
  }
  m.bool_or(equal, b);
  return b;
}

inline void post_count(IntModel& m, std::span<const IntVar> xs, std::vector<Value> target, int y,
                       CountIs relation, IntVar c) {
  std::sort(target.begin(), target.end());
  target.erase(std::unique(target.begin(), target.end()), target.end());
  if (m.globals() == Globals::native) {
    Count p;
    for (IntVar x : xs) p.xs.push_back(x.id);
    p.target = std::move(target);
    p.y = y;
    p.c = c.id;
    // < and > are <= and >= moved by one.
    constexpr CountRelation as_propagated[] = {CountRelation::equal,   CountRelation::not_equal, CountRelation::at_most,
                                               CountRelation::at_most, CountRelation::at_least,  CountRelation::at_least};
    p.relation = as_propagated[static_cast<int>(relation)];
    p.offset = relation == CountIs::less ? -1 : relation == CountIs::greater ? 1 : 0;
    m.add(std::move(p));
    return;
  }
  LinearExpr sum;
  for (IntVar x : xs) {
    IntVar b;
    if (y >= 0) {
      b = m.bool_var();
      m.post(LinearExpr(x) == LinearExpr(IntVar{y}), iff(b));
    } else {
      b = reified_member(m, x, target);
    }
    sum = std::move(sum) + LinearExpr(b);
  }
  m.post(counted(std::move(sum), relation, c));
}

}  // namespace detail

inline void count(IntModel& m, std::span<const IntVar> xs, IntVar y, CountIs relation, IntVar c) {
  detail::post_count(m, xs, {}, y.id, relation, c);
}
inline void count(IntModel& m, std::span<const IntVar> xs, Value y, CountIs relation, IntVar c) {
  detail::post_count(m, xs, {y}, -1, relation, c);
}
inline void among(IntModel& m, IntVar n, std::span<const IntVar> xs, std::vector<Value> values) {
  if (values.empty()) {
    m.post(LinearExpr(n) == LinearExpr(0));
    return;
  }
  detail::post_count(m, xs, std::move(values), -1, CountIs::equal, n);
}

}  // namespace backtrack::csp
