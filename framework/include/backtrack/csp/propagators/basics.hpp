#pragma once
// What every propagator shares: 128-bit arithmetic for sums of products of 32-bit
// values, rounded divisions, and how a propagator says which events wake it.
#include <cstdint>

#include "backtrack/csp/space.hpp"

namespace backtrack::csp {

__extension__ using Wide = __int128;

// a / b rounded down and up (b != 0).
constexpr Wide floor_div(Wide a, Wide b) {
  const Wide q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
constexpr Wide ceil_div(Wide a, Wide b) {
  const Wide q = a / b;
  return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
}
// A bound computed in 128 bits, brought back into the values' range: beyond it, any
// 32-bit value is on the right side already (or none is, and the domain empties).
constexpr Value clamp_bound(Wide v) {
  if (v < Wide{min_value} - 1) return min_value - 1;
  if (v > Wide{max_value} + 1) return max_value + 1;
  return static_cast<Value>(v);
}

// A variable a propagator watches, and the weakest event that wakes it for that variable.
struct Subscription {
  int x;
  Event needs;
};

}  // namespace backtrack::csp
