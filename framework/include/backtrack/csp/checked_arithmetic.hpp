#pragma once
// The arithmetic of a model while it is stated (int_model.hpp's LinearExpr): exact, or a
// std::invalid_argument that says what overflowed; never a silent wrap.
//
// A coefficient is 64-bit but never -2^63, so that every coefficient can be negated (the
// negation of a reified relation does). A constant is 128-bit: a sum of products of 64-bit
// numbers, as a FlatZinc int_lin_le folds its constant terms; it never is -2^127, so
// that it too can be negated. Only model building pays for the checks: the propagators
// read what they give.
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

#include "backtrack/csp/propagators/basics.hpp"
#include "backtrack/uint128.hpp"

namespace backtrack::csp {

inline constexpr Value largest_coefficient = std::numeric_limits<Value>::max();
inline constexpr Wide largest_constant = static_cast<Wide>(~uint128{0} >> 1);

inline uint128 magnitude(Wide v) { return v < 0 ? uint128{0} - static_cast<uint128>(v) : static_cast<uint128>(v); }
// The decimal digits of a 128-bit number.
inline std::string wide_text(Wide v) {
  std::string text = backtrack::to_string(magnitude(v));
  if (v < 0) text.insert(text.begin(), '-');  // one char: GCC 12 warns (stringop-overflow) on "-" + text
  return text;
}

// A coefficient of a linear expression: a term's merged or multiplied one.
inline Value checked_coefficient(Wide a) {
  if (a < -Wide{largest_coefficient} || a > Wide{largest_coefficient}) {
    throw std::invalid_argument("csp: the coefficient " + wide_text(a) +
                                " of a linear expression does not fit in 64 bits (at most 2^63 - 1 either way)");
  }
  return static_cast<Value>(a);
}

inline Wide checked_constant_sum(Wide a, Wide b) {
  Wide sum = 0;
  if (__builtin_add_overflow(a, b, &sum) || sum < -largest_constant) {
    throw std::invalid_argument("csp: the constant " + wide_text(a) + " + " + wide_text(b) +
                                " of a linear expression does not fit in 128 bits");
  }
  return sum;
}

// By magnitudes and one division: a 128-bit __builtin_mul_overflow is a compiler-rt call
// that libgcc lacks.
inline Wide checked_constant_product(Wide a, Value k) {
  if (k != 0 && magnitude(a) > static_cast<uint128>(largest_constant) / magnitude(k)) {
    throw std::invalid_argument("csp: the constant " + wide_text(a) + " * " + std::to_string(k) +
                                " of a linear expression does not fit in 128 bits");
  }
  return a * k;
}

}  // namespace backtrack::csp
