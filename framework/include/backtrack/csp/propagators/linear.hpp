#pragma once
// Linear constraints sum(a[i] * x[i]) <= c, = c, != c.
//
// A coefficient is 64-bit and c 128-bit; a * x and the sums are 128-bit, exact so long as
// c is within reach of the sum, as IntModel brings it (int_model.hpp).
//
// <= and = at bounds consistency: with S the sum of every term's smallest value, term i
// can grow by at most c - S, so a[i] * x[i] <= c - S + a[i] * (x[i]'s smallest); dividing
// by a[i] bounds x[i] above (a[i] > 0) or below (a[i] < 0). Repeated until no bound moves,
// within one run (the propagator is idempotent). = is <= both ways.
// != checks once at most one variable is free, and then removes the one value that
// would make the sum c.
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "backtrack/csp/propagators/basics.hpp"

namespace backtrack::csp {

struct Term {
  Value a;
  int x;
};

// The relation of a linear constraint to its constant: sum = c, sum != c, sum <= c.
enum class Relation { equal, not_equal, less_equal };

// The smallest and largest value of a * x.
inline Wide term_min(const Space& s, const Term& t) { return t.a > 0 ? Wide{t.a} * s.min(t.x) : Wide{t.a} * s.max(t.x); }
inline Wide term_max(const Space& s, const Term& t) { return t.a > 0 ? Wide{t.a} * s.max(t.x) : Wide{t.a} * s.min(t.x); }

// sum(terms) <= c, one pass over the terms after the sum of their minima; false on failure.
// `moved` is set when a bound moved.
inline bool linear_at_most(Space& s, const std::vector<Term>& terms, Wide c, bool& moved) {
  Wide least = 0;
  for (const Term& t : terms) least += term_min(s, t);
  if (least > c) return s.fail();
  const Wide slack = c - least;
  for (const Term& t : terms) {
    const Wide room = slack + term_min(s, t);  // the most a[i] * x[i] may be
    if (t.a > 0) {
      const Value hi = clamp_bound(floor_div(room, t.a));
      if (hi < s.max(t.x)) {
        moved = true;
        if (!s.set_max(t.x, hi)) return false;
      }
    } else {
      const Value lo = clamp_bound(ceil_div(room, t.a));
      if (lo > s.min(t.x)) {
        moved = true;
        if (!s.set_min(t.x, lo)) return false;
      }
    }
  }
  return true;
}

struct LinearLessEqual {
  std::vector<Term> terms;
  Wide c;
  static constexpr bool idempotent = true;
  std::vector<Subscription> subscriptions() const {
    std::vector<Subscription> subs;
    for (const Term& t : terms) subs.push_back({t.x, Event::bounds});
    return subs;
  }
  bool propagate(Space& s) const {
    for (bool moved = true; moved;) {
      moved = false;
      if (!linear_at_most(s, terms, c, moved)) return false;
    }
    return true;
  }
  // Every value left satisfies it (variable_choice.hpp: it no longer binds its variables).
  bool entailed(const Space& s) const {
    Wide hi = 0;
    for (const Term& t : terms) hi += term_max(s, t);
    return hi <= c;
  }
};

struct LinearEqual {
  std::vector<Term> terms;
  Wide c;
  bool unit;  // every coefficient 1 or -1 and c within 2^62: 64-bit sums and no division
  static constexpr bool idempotent = true;
  LinearEqual(std::vector<Term> t, Wide value)
      : terms(std::move(t)), c(value), unit(c >= -unit_reach && c <= unit_reach && terms.size() <= unit_terms) {
    for (const Term& term : terms) unit = unit && (term.a == 1 || term.a == -1);
  }
  std::vector<Subscription> subscriptions() const {
    std::vector<Subscription> subs;
    for (const Term& t : terms) subs.push_back({t.x, Event::bounds});
    return subs;
  }
  // Both directions in one pass: with L and H the sums of the terms' smallest and largest
  // values, c - (H - term's largest) <= a * x <= c - (L - term's smallest). L and H follow
  // every bound that moves, so one pass uses what the pass before it learned.
  bool propagate(Space& s) const { return unit ? narrow<std::int64_t>(s) : narrow<Wide>(s); }

 private:
  // Sums of at most 2^29 unit terms of 32-bit values are within 2^60, and c within 2^62:
  // c - low + a term's smallest fits in 64 bits.
  static constexpr Wide unit_reach = Wide{1} << 62;
  static constexpr std::size_t unit_terms = std::size_t{1} << 29;
  template <class Sum>
  bool narrow(Space& s) const {
    auto smallest = [&](const Term& t) -> Sum { return t.a > 0 ? Sum{t.a} * s.min(t.x) : Sum{t.a} * s.max(t.x); };
    auto largest = [&](const Term& t) -> Sum { return t.a > 0 ? Sum{t.a} * s.max(t.x) : Sum{t.a} * s.min(t.x); };
    Sum low = 0;
    Sum high = 0;
    for (const Term& t : terms) {
      low += smallest(t);
      high += largest(t);
    }
    for (bool moved = true; moved;) {
      moved = false;
      if (low > c || high < c) return s.fail();
      for (const Term& t : terms) {
        const Sum tmin = smallest(t);
        const Sum tmax = largest(t);
        const Sum most = static_cast<Sum>(c) - low + tmin;   // a * x <= most
        const Sum least = static_cast<Sum>(c) - high + tmax;  // a * x >= least
        if (most >= tmax && least <= tmin) continue;
        bool ok = false;
        if constexpr (std::is_same_v<Sum, std::int64_t>) {
          ok = t.a > 0 ? s.set_max(t.x, most) && s.set_min(t.x, least) : s.set_min(t.x, -most) && s.set_max(t.x, -least);
        } else {
          ok = t.a > 0 ? s.set_max(t.x, clamp_bound(floor_div(most, t.a))) &&
                             s.set_min(t.x, clamp_bound(ceil_div(least, t.a)))
                       : s.set_min(t.x, clamp_bound(ceil_div(most, t.a))) &&
                             s.set_max(t.x, clamp_bound(floor_div(least, t.a)));
        }
        if (!ok) return false;
        const Sum new_min = smallest(t);
        const Sum new_max = largest(t);
        if (new_min != tmin || new_max != tmax) {
          moved = true;
          low += new_min - tmin;
          high += new_max - tmax;
        }
      }
    }
    return true;
  }
};

struct LinearNotEqual {
  std::vector<Term> terms;
  Wide c;
  static constexpr bool idempotent = true;
  std::vector<Subscription> subscriptions() const {
    std::vector<Subscription> subs;
    for (const Term& t : terms) subs.push_back({t.x, Event::fixed});
    return subs;
  }
  bool propagate(Space& s) const {
    Wide sum = 0;
    const Term* free = nullptr;
    for (const Term& t : terms) {
      if (s.fixed(t.x)) {
        sum += Wide{t.a} * s.value(t.x);
      } else if (free != nullptr) {
        return true;  // two free variables: any value of one has a support
      } else {
        free = &t;
      }
    }
    if (free == nullptr) return sum != c || s.fail();
    const Wide rest = c - sum;  // a * x = rest is the one value to remove
    if (rest % free->a != 0) return true;
    const Wide v = rest / free->a;
    if (v < min_value || v > max_value) return true;
    return s.remove(free->x, static_cast<Value>(v));
  }
};

}  // namespace backtrack::csp
