#pragma once
// Arithmetic on integer variables: z = x * y, z = x div y, z = x mod y, z = |x|,
// z = min(x, y), z = max(x, y). Every product and quotient is taken in 128 bits (Wide),
// so no bound overflows; a bound beyond the 32-bit values is clamped (clamp_bound).
//
//   Times     bounds consistency on the real relaxation: z within the products of x's
//             and y's bounds, x within z / y where y cannot be 0 (and y within z / x);
//             where z cannot be 0, neither can x nor y. A square (x = y): z within the
//             squares of x's interval, at least 0; |x| within the square roots of z's
//             bounds
//   Div       bounds consistency: truncation toward zero (FlatZinc's int_div), y != 0;
//             each bound of x, y and z has a support in the others' intervals
//   Mod       the remainder of Div, with the sign of x (FlatZinc's int_mod): |z| < |y|,
//             |z| <= |x|, z's sign is x's, and z = x - y * q for q within x div y's
//             bounds; bounds reasoning, weaker than bounds consistency (exact once y is
//             fixed and x's interval has one quotient)
//   Abs       domain consistency (bounds consistency where a variable has no bitset)
//   Min, Max  bounds consistency (min(x, x) = x: x and z share their bounds)
// Each repeats its rules until no domain changes, within one run (idempotent).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "backtrack/csp/propagators/basics.hpp"

namespace backtrack::csp {

// The bounds and sizes of a few variables, to tell whether a pass changed any.
template <std::size_t N>
struct DomainsSnapshot {
  Value b[3 * N];
  DomainsSnapshot(const Space& s, const int (&xs)[N]) {
    for (std::size_t i = 0; i < N; ++i) {
      b[3 * i] = s.min(xs[i]);
      b[3 * i + 1] = s.max(xs[i]);
      b[3 * i + 2] = static_cast<Value>(s.size(xs[i]));
    }
  }
  friend bool operator==(const DomainsSnapshot&, const DomainsSnapshot&) = default;
};

// Narrows x to [lo, hi] (128-bit bounds, clamped).
inline bool narrow_within(Space& s, int x, Wide lo, Wide hi) {
  return s.set_min(x, clamp_bound(lo)) && s.set_max(x, clamp_bound(hi));
}

// The nonzero values of y's interval, as up to two intervals of one sign.
struct SignedParts {
  std::optional<std::pair<Value, Value>> negative, positive;
};
inline SignedParts nonzero_parts(const Space& s, int y) {
  SignedParts p;
  if (s.min(y) < 0) p.negative = {{s.min(y), std::min<Value>(s.max(y), -1)}};
  if (s.max(y) > 0) p.positive = {{std::max<Value>(s.min(y), 1), s.max(y)}};
  return p;
}

// Removes 0 from y: at its bounds, or as a hole where y has a bitset.
inline bool remove_zero(Space& s, int y) {
  if (s.min(y) == 0 && !s.set_min(y, 1)) return false;
  if (s.max(y) == 0 && !s.set_max(y, -1)) return false;
  return s.remove(y, 0);
}

struct Times {
  int x, y, z;  // z = x * y
  static constexpr bool idempotent = true;
  std::vector<Subscription> subscriptions() const {
    return {{x, Event::bounds}, {y, Event::bounds}, {z, Event::bounds}};
  }
  bool propagate(Space& s) const {
    for (;;) {
      const DomainsSnapshot<3> before(s, {x, y, z});
      if (x == y ? !square(s) : !product(s) || !factor(s, x, y) || !factor(s, y, x)) return false;
      if (DomainsSnapshot<3>(s, {x, y, z}) == before) return true;
    }
  }

 private:
  // z = x * x. The product rule reads x's two bounds as two variables' (-a * b < 0), and
  // dividing z by x's interval, which holds 0 until x's sign is known, prunes nothing:
  // over the 32-bit range a search then took x a value at a time.
  bool square(Space& s) const {
    const Wide lo = s.min(x), hi = s.max(x);
    const Wide least = lo > 0 ? lo * lo : hi < 0 ? hi * hi : 0;
    if (!narrow_within(s, z, least, std::max(lo * lo, hi * hi))) return false;
    const Wide root = floor_sqrt(s.max(z));
    if (!narrow_within(s, x, -root, root)) return false;
    if (s.min(z) <= 0) return true;
    // x outside (-r, r) for r the least with r * r >= min z: where x cannot be at most
    // -r it is at least r, and the other way round.
    Wide r = floor_sqrt(s.min(z));
    if (r * r < s.min(z)) ++r;
    if (s.min(x) > -r && !narrow_within(s, x, r, max_value)) return false;
    if (s.max(x) < r && !narrow_within(s, x, min_value, -r)) return false;
    return remove_zero(s, x);
  }
  // The greatest r with r * r <= v, for 0 <= v < 2^62.
  static Wide floor_sqrt(Value v) {
    auto r = static_cast<Wide>(std::sqrt(static_cast<double>(v)));
    while (r * r > v) --r;
    while ((r + 1) * (r + 1) <= v) ++r;
    return r;
  }
  bool product(Space& s) const {
    const Wide a[] = {Wide{s.min(x)} * s.min(y), Wide{s.min(x)} * s.max(y), Wide{s.max(x)} * s.min(y),
                      Wide{s.max(x)} * s.max(y)};
    return narrow_within(s, z, *std::min_element(a, a + 4), *std::max_element(a, a + 4));
  }
  // a within z / b, for the values of b other than 0. Where z may be 0 and b may be 0,
  // any a will do; where z cannot be 0, neither can b.
  bool factor(Space& s, int a, int b) const {
    const bool z_zero = s.min(z) <= 0 && s.max(z) >= 0;
    if (!z_zero) {
      if (!remove_zero(s, a) || !remove_zero(s, b)) return false;
    } else if (s.min(b) <= 0 && s.max(b) >= 0) {
      return true;
    }
    // z / b over an interval of b of one sign is extreme at its corners.
    Wide lo = max_value + Wide{1};
    Wide hi = min_value - Wide{1};
    const SignedParts parts = nonzero_parts(s, b);
    for (const auto& part : {parts.negative, parts.positive}) {
      if (!part) continue;
      for (const Wide zc : {Wide{s.min(z)}, Wide{s.max(z)}}) {
        for (const Wide bc : {Wide{part->first}, Wide{part->second}}) {
          lo = std::min(lo, ceil_div(zc, bc));
          hi = std::max(hi, floor_div(zc, bc));
        }
      }
    }
    if (lo > hi) return s.fail();
    return narrow_within(s, a, lo, hi);
  }
};

// x div y, truncated toward zero (y != 0).
constexpr Wide truncated_div(Wide x, Wide y) { return x / y; }

// The y in [p, q] (1 <= p) for which some x in [xl, xh] has x div y in [zl, zh]; empty
// when the first exceeds the second. For y > 0, the quotients of [xl, xh] are every
// integer from xl div y to xh div y, so y is supported when xl div y <= zh and
// xh div y >= zl; each of these holds on a half-line of y.
inline std::pair<Wide, Wide> positive_divisors(Wide xl, Wide xh, Wide zl, Wide zh, Wide p, Wide q) {
  // The y >= 1 with a div y <= c, intersected into [p, q].
  auto at_most = [&](Wide a, Wide c) {
    if (a >= 0) {
      if (c < 0) {
        q = p - 1;  // a div y >= 0 > c
      } else {
        p = std::max(p, floor_div(a, c + 1) + 1);  // a / y < c + 1
      }
    } else if (c < 0) {
      q = std::min(q, floor_div(a, c));  // a / y <= c
    }
  };
  at_most(xl, zh);
  at_most(-xh, -zl);  // xh div y >= zl
  return {p, q};
}

// The x whose quotient by some y in [p, q] (1 <= p) lies in [zl, zh]: for one y, from
// the least x with x div y >= zl to the greatest with x div y <= zh, linear in y, so
// the hull over [p, q] is at its ends.
inline std::pair<Wide, Wide> positive_dividends(Wide zl, Wide zh, Wide p, Wide q) {
  auto least = [&](Wide y) { return zl > 0 ? zl * y : (zl - 1) * y + 1; };
  auto greatest = [&](Wide y) { return zh < 0 ? zh * y : (zh + 1) * y - 1; };
  return {std::min(least(p), least(q)), std::max(greatest(p), greatest(q))};
}

// The least and greatest x div y over x's interval and y's nonzero values (the first
// above the second when y has none): x div y is monotone in x and in y over an interval
// of y of one sign, so extreme at corners.
inline std::pair<Wide, Wide> quotients(const Space& s, int x, int y) {
  Wide lo = max_value + Wide{1};
  Wide hi = min_value - Wide{1};
  const SignedParts parts = nonzero_parts(s, y);
  for (const auto& part : {parts.negative, parts.positive}) {
    if (!part) continue;
    for (const Wide xc : {Wide{s.min(x)}, Wide{s.max(x)}}) {
      for (const Wide yc : {Wide{part->first}, Wide{part->second}}) {
        lo = std::min(lo, truncated_div(xc, yc));
        hi = std::max(hi, truncated_div(xc, yc));
      }
    }
  }
  return {lo, hi};
}

struct Div {
  int x, y, z;  // z = x div y
  static constexpr bool idempotent = true;
  std::vector<Subscription> subscriptions() const {
    return {{x, Event::bounds}, {y, Event::bounds}, {z, Event::bounds}};
  }
  bool propagate(Space& s) const {
    if (!remove_zero(s, y)) return false;
    // x div x = 1. The rules below take x and y for two variables; over one they moved
    // its bounds a value a pass (2^32 passes over an unbounded x).
    if (x == y) return s.set_min(z, 1) && s.set_max(z, 1);
    for (;;) {
      const DomainsSnapshot<3> before(s, {x, y, z});
      if (!quotient(s) || !dividend(s) || !divisor(s)) return false;
      if (DomainsSnapshot<3>(s, {x, y, z}) == before) return true;
    }
  }

 private:
  bool quotient(Space& s) const {
    const auto [lo, hi] = quotients(s, x, y);
    if (lo > hi) return s.fail();
    return narrow_within(s, z, lo, hi);
  }
  // For y < 0, x div y = -(x div -y): the quotient by -y lies in [-zh, -zl].
  bool dividend(Space& s) const {
    Wide lo = max_value + Wide{1};
    Wide hi = min_value - Wide{1};
    const SignedParts parts = nonzero_parts(s, y);
    if (parts.positive) {
      const auto [l, h] = positive_dividends(s.min(z), s.max(z), parts.positive->first, parts.positive->second);
      lo = std::min(lo, l);
      hi = std::max(hi, h);
    }
    if (parts.negative) {
      const auto [l, h] = positive_dividends(-Wide{s.max(z)}, -Wide{s.min(z)}, -Wide{parts.negative->second},
                                             -Wide{parts.negative->first});
      lo = std::min(lo, l);
      hi = std::max(hi, h);
    }
    if (lo > hi) return s.fail();
    return narrow_within(s, x, lo, hi);
  }
  bool divisor(Space& s) const {
    Wide lo = max_value + Wide{1};
    Wide hi = min_value - Wide{1};
    const SignedParts parts = nonzero_parts(s, y);
    if (parts.positive) {
      const auto [p, q] =
          positive_divisors(s.min(x), s.max(x), s.min(z), s.max(z), parts.positive->first, parts.positive->second);
      if (p <= q) {
        lo = std::min(lo, p);
        hi = std::max(hi, q);
      }
    }
    if (parts.negative) {
      const auto [p, q] = positive_divisors(s.min(x), s.max(x), -Wide{s.max(z)}, -Wide{s.min(z)},
                                            -Wide{parts.negative->second}, -Wide{parts.negative->first});
      if (p <= q) {
        lo = std::min(lo, -q);
        hi = std::max(hi, -p);
      }
    }
    if (lo > hi) return s.fail();
    return narrow_within(s, y, lo, hi) && remove_zero(s, y);
  }
};

struct Mod {
  int x, y, z;  // z = x mod y = x - y * (x div y)
  static constexpr bool idempotent = true;
  std::vector<Subscription> subscriptions() const {
    return {{x, Event::bounds}, {y, Event::bounds}, {z, Event::bounds}};
  }
  bool propagate(Space& s) const {
    if (!remove_zero(s, y)) return false;
    // As in Div, a variable in two places is settled here, where the rules below would
    // step towards it a value a pass: x mod x = 0, and z = x mod z has no solution, as
    // |x mod z| < |z|.
    if (y == z) return s.fail();
    if (x == y) return s.set_min(z, 0) && s.set_max(z, 0);
    for (;;) {
      const DomainsSnapshot<3> before(s, {x, y, z});
      if (!signs(s) || !through_quotient(s)) return false;
      if (DomainsSnapshot<3>(s, {x, y, z}) == before) return true;
    }
  }

 private:
  // |z| < |y|, |z| <= |x|, and z has x's sign.
  bool signs(Space& s) const {
    const Wide most_y = std::max(-Wide{s.min(y)}, Wide{s.max(y)}) - 1;  // the largest |z| y allows
    const Wide lo = s.min(x) >= 0 ? Wide{0} : std::max<Wide>(s.min(x), -most_y);
    const Wide hi = s.max(x) <= 0 ? Wide{0} : std::min<Wide>(s.max(x), most_y);
    if (!narrow_within(s, z, lo, hi)) return false;
    // A nonzero z: x is at least as far from 0, on its side.
    if (s.min(z) > 0 && !s.set_min(x, s.min(z))) return false;
    if (s.max(z) < 0 && !s.set_max(x, s.max(z))) return false;
    // |y| > the least |z|.
    const Value least_z = s.min(z) > 0 ? s.min(z) : s.max(z) < 0 ? -s.max(z) : 0;
    if (s.min(y) >= -least_z && !s.set_min(y, least_z + 1)) return false;
    if (s.max(y) <= least_z && !s.set_max(y, -least_z - 1)) return false;
    return true;
  }
  // z = x - y * q with q = x div y: q within its corners, y * q within the products of
  // the bounds, then z and x each within the other shifted by y * q. Exact where q and y
  // are fixed (x's interval within one quotient), and z = x where |x| < |y| (q = 0).
  bool through_quotient(Space& s) const {
    const auto [q_lo, q_hi] = quotients(s, x, y);
    if (q_lo > q_hi) return s.fail();
    const Wide a[] = {q_lo * s.min(y), q_lo * s.max(y), q_hi * s.min(y), q_hi * s.max(y)};
    const Wide t_lo = *std::min_element(a, a + 4);
    const Wide t_hi = *std::max_element(a, a + 4);
    return narrow_within(s, z, s.min(x) - t_hi, s.max(x) - t_lo) &&
           narrow_within(s, x, s.min(z) + t_lo, s.max(z) + t_hi);
  }
};

// z = |x|: bounds, then, where the variables have bitsets, value by value.
struct Abs {
  int x, z;
  static constexpr bool idempotent = true;
  std::vector<Subscription> subscriptions() const { return {{x, Event::domain}, {z, Event::domain}}; }
  bool propagate(Space& s) const {
    for (;;) {
      const DomainsSnapshot<2> before(s, {x, z});
      if (!bounds(s)) return false;
      if (s.has_holes(z) && !s.keep_only(z, [&](Value v) { return s.contains(x, v) || s.contains(x, -v); }))
        return false;
      if (s.has_holes(x) && !s.keep_only(x, [&](Value v) { return s.contains(z, v < 0 ? -v : v); })) return false;
      if (DomainsSnapshot<2>(s, {x, z}) == before) return true;
    }
  }

 private:
  bool bounds(Space& s) const {
    // The values of x nearest 0 on either side, and the farthest.
    const Value above = s.contains(x, 0) ? 0 : s.next(x, 0);
    const Value below = s.previous(x, 0);
    Wide least = max_value + Wide{1};
    if (above <= s.max(x)) least = above;
    if (below >= s.min(x)) least = std::min(least, -Wide{below});
    const Wide most = std::max(-Wide{s.min(x)}, Wide{s.max(x)});
    if (!narrow_within(s, z, least, most)) return false;
    if (!narrow_within(s, x, -Wide{s.max(z)}, s.max(z))) return false;
    // Values of x nearer 0 than z's least are out: at x's bounds.
    const Value near = s.min(z);
    if (s.min(x) > -near && !s.set_min(x, near)) return false;
    if (s.max(x) < near && !s.set_max(x, -near)) return false;
    return true;
  }
};

// z = min(x, y), or max(x, y) as the min mirrored: `largest` reads every bound negated.
struct MinMax {
  int x, y, z;
  bool largest = false;     // z = max(x, y)
  std::size_t watched = 0;  // prepare()'s reversible word: bit 1 while x may decide z, bit 2 y
  static constexpr bool idempotent = true;
  void prepare(Space& s) { watched = s.reserve_words(1, 3); }
  std::vector<Subscription> subscriptions() const {
    return {{x, Event::bounds, std::nullopt, {{watched, 1}}}, {y, Event::bounds, std::nullopt, {{watched, 2}}}, {z, Event::bounds}};
  }
  Outcome propagate(Space& s) const {
    // min(x, x) = x: the rules below never bound x by z's greatest (over a wide x the
    // search then took x a value at a time).
    if (x == y) {
      while (s.min(x) != s.min(z) || s.max(x) != s.max(z)) {
        if (!s.set_min(x, s.min(z)) || !s.set_max(x, s.max(z)) || !s.set_min(z, s.min(x)) || !s.set_max(z, s.max(x))) {
          return Outcome::failed;
        }
      }
      return Outcome::open;
    }
    for (;;) {
      const DomainsSnapshot<3> before(s, {x, y, z});
      // z from the least of x and y; each of them at least z; one certainly above z's
      // greatest leaves z to the other.
      if (!set_low(s, z, std::min(low(s, x), low(s, y))) || !set_high(s, z, std::min(high(s, x), high(s, y))))
        return Outcome::failed;
      if (!set_low(s, x, low(s, z)) || !set_low(s, y, low(s, z))) return Outcome::failed;
      if (low(s, y) > high(s, z) && !set_high(s, x, high(s, z))) return Outcome::failed;
      if (low(s, x) > high(s, z) && !set_high(s, y, high(s, z))) return Outcome::failed;
      if (DomainsSnapshot<3>(s, {x, y, z}) == before) break;
    }
    // z fixed, and equal to a fixed x or y: the other is at least z already. Both are
    // fixed then where neither is to z's value (one certainly above z fixes the other).
    if (s.fixed(z) && ((s.fixed(x) && low(s, x) == low(s, z)) || (s.fixed(y) && low(s, y) == low(s, z)))) {
      return Outcome::subsumed;
    }
    // One that is never below the other (nor below z's greatest) leaves z = the other for
    // good: its bounds wake the propagator no more below this node, as Gecode rewrites
    // its min to an equality. What it could still tell was told in this run.
    std::uint64_t bits = s.word(watched);
    if (low(s, x) >= high(s, y) || low(s, x) > high(s, z)) bits &= ~std::uint64_t{1};
    if (low(s, y) >= high(s, x) || low(s, y) > high(s, z)) bits &= ~std::uint64_t{2};
    s.set_word(watched, bits);
    return Outcome::open;
  }

 private:
  Value low(const Space& s, int v) const { return largest ? -s.max(v) : s.min(v); }
  Value high(const Space& s, int v) const { return largest ? -s.min(v) : s.max(v); }
  bool set_low(Space& s, int v, Value b) const { return largest ? s.set_max(v, -b) : s.set_min(v, b); }
  bool set_high(Space& s, int v, Value b) const { return largest ? s.set_min(v, -b) : s.set_max(v, b); }
};

}  // namespace backtrack::csp
