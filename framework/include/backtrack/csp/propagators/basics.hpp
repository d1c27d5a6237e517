#pragma once
// What every propagator shares: 128-bit arithmetic for sums of products of 32-bit
// values, rounded divisions, the first value two domains share, and how a propagator
// says which events wake it.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>

#include "backtrack/csp/space.hpp"

namespace backtrack::csp {

__extension__ using Wide = __int128;
__extension__ using UnsignedWide = unsigned __int128;  // a Wide's bits, kept in two words

// a / b rounded down and up (b != 0); in 64 bits where a fits, for a 128-bit division
// is a library call (a third of a linear propagator's time). Not a = -2^63: -2^63 / -1
// does not fit.
constexpr Wide floor_div(Wide a, Wide b) {
  if (a > std::numeric_limits<std::int64_t>::min() && a <= std::numeric_limits<std::int64_t>::max() &&
      b == static_cast<std::int64_t>(b)) {
    const auto x = static_cast<std::int64_t>(a);
    const auto y = static_cast<std::int64_t>(b);
    const std::int64_t q = x / y;
    return (x % y != 0 && ((x < 0) != (y < 0))) ? q - 1 : q;
  }
  const Wide q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
constexpr Wide ceil_div(Wide a, Wide b) { return -floor_div(-a, b); }
// The same for a Sum of 64 or 128 bits divided by a coefficient: in 64 bits where the
// caller knows its sums fit (linear.hpp's LinearSums), and by 1 or -1 without a division.
template <class Sum>
constexpr Sum floor_div_by(Sum a, std::int64_t b) {
  if (b == 1) return a;
  if (b == -1) return -a;
  if constexpr (sizeof(Sum) == sizeof(std::int64_t)) {
    const Sum q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
  } else {
    return floor_div(a, b);
  }
}
template <class Sum>
constexpr Sum ceil_div_by(Sum a, std::int64_t b) {
  return -floor_div_by<Sum>(-a, b);
}
// A bound computed in 128 bits, brought back into the values' range: beyond it, any
// 32-bit value is on the right side already (or none is, and the domain empties).
constexpr Value clamp_bound(Wide v) {
  if (v < Wide{min_value} - 1) return min_value - 1;
  if (v > Wide{max_value} + 1) return max_value + 1;
  return static_cast<Value>(v);
}

// The least value of both a and b (above b's max when there is none): each skips to
// the other's next candidate.
inline Value first_common(const Space& s, int a, int b) {
  const Value last = std::min(s.max(a), s.max(b));
  Value v = std::max(s.min(a), s.min(b));
  while (v <= last) {
    if (!s.contains(a, v)) {
      v = s.next(a, v);
    } else if (!s.contains(b, v)) {
      v = s.next(b, v);
    } else {
      return v;
    }
  }
  return s.max(b) + 1;
}
// What a propagator's run found, where it can tell more than success: the constraint
// cannot hold (failed), or it holds whatever values the open variables take below this
// node (subsumed: propagation.hpp runs it no more until the search backtracks above the
// node, as Gecode's propagators return ES_SUBSUMED), or neither. A propagator that cannot
// tell cheaply returns a bool (false: failed).
enum class Outcome : std::uint8_t { failed, open, subsumed };
constexpr Outcome outcome_of(bool ok) { return ok ? Outcome::open : Outcome::failed; }
constexpr Outcome outcome_of(Outcome o) { return o; }
// A last narrowing after which the constraint holds.
constexpr Outcome subsumed_if(bool ok) { return ok ? Outcome::subsumed : Outcome::failed; }
// x loses v as a propagator's last narrowing. A variable without holes (space.hpp) keeps
// a value inside its interval: the propagator stays open until x is fixed.
inline Outcome remove_last(Space& s, int x, Value v) {
  if (!s.remove(x, v)) return Outcome::failed;
  return s.contains(x, v) ? Outcome::open : Outcome::subsumed;
}

// What a propagator says its run costs (space.hpp's Cost): linear in its scope unless it
// says otherwise.
template <class P>
constexpr Cost cost_of() {
  if constexpr (requires { P::cost; }) {
    return P::cost;
  } else {
    return Cost::linear;
  }
}

// A variable a propagator watches, and the weakest event that wakes it for that variable.
// A propagator that cares about one value of x (a count of it; x = v <-> b) may narrow
// that, as Gecode's advisors do: x wakes it only once the value has gone or x is fixed;
// and one that keeps x's status in its reversible words (open, or decided) only while
// that bit is set. On a magic sequence of 50 (50 counts over the same 50 variables) a
// value removed wakes the one count of that value, not all 50.
struct Subscription {
  int x;
  Event needs;
  std::optional<Value> watch = std::nullopt;
  std::optional<std::pair<std::size_t, std::uint64_t>> while_set = std::nullopt;  // word, bit
};

}  // namespace backtrack::csp
