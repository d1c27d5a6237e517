#include "power_table.hpp"

#include <algorithm>
#include <utility>

#include "backtrack/flatzinc/model_builder.hpp"

namespace backtrack::flatzinc::detail {

using csp::IntVar;
using csp::Value;

// z = x^y as the table of its tuples (a negative exponent has no integer power but
// for x = 1 or -1: MiniZinc leaves those out, as we do). Only the pairs that may have
// their power in z are looked at, so that pow(x, n) = 8 over unbounded x and n is a
// small table: a base beyond z's reach has no power in z but x^0 = 1, and the powers of
// a base beyond -1..1 leave the 32-bit range within 32 steps.
void power_table(csp::IntModel& m, IntVar x, IntVar y, IntVar z, const ConstraintItem& c) {
  const csp::Space& s = m.space();
  const Value e_lo = std::max<Value>(s.min(y.id), 0);
  const Value e_hi = s.max(y.id);
  const csp::Wide exponents = std::max<csp::Wide>(csp::Wide{e_hi} - e_lo + 1, 0);
  const Value reach = std::max<Value>({-s.min(z.id), s.max(z.id), 1});
  const bool every_base = e_lo == 0 && s.contains(z.id, 1);
  const Value a_lo = every_base ? s.min(x.id) : std::max<Value>(s.min(x.id), -reach);
  const Value a_hi = every_base ? s.max(x.id) : std::min<Value>(s.max(x.id), reach);
  // -1, 0 and 1 have a power for every exponent, in -1..1.
  const bool unit_powers = s.contains(z.id, -1) || s.contains(z.id, 0) || s.contains(z.id, 1);
  // In 128 bits: two 32-bit widths multiply past 2^64.
  const csp::Wide pairs = std::max<csp::Wide>(csp::Wide{a_hi} - a_lo + 1, 0) * std::min<csp::Wide>(exponents, 33) +
                          (unit_powers ? 3 * exponents : 0);
  constexpr Int largest_table = Int{1} << 16;
  if (pairs > largest_table) {
    throw ModelError(c.at, "int_pow: " + std::to_string(static_cast<Int>(pairs)) +
                               " pairs of base and exponent may have their power in its domain; backtrack "
                               "tables at most " + std::to_string(largest_table) + " (bound the base or the exponent)");
  }
  std::vector<std::vector<Value>> table;
  for (Value a = a_lo; a <= a_hi; ++a) {
    const bool unit = a >= -1 && a <= 1;
    if (unit && !unit_powers) continue;
    for (Value e = e_lo; e <= e_hi; ++e) {
      csp::Wide p = a == 0 ? (e == 0 ? 1 : 0) : a == -1 && e % 2 == 1 ? -1 : 1;
      for (Value i = 0; i < e && !unit && p >= csp::min_value && p <= csp::max_value; ++i) p *= a;
      if (p < csp::min_value || p > csp::max_value) break;  // as is every higher power of a
      if (s.contains(z.id, static_cast<Value>(p))) table.push_back({a, e, static_cast<Value>(p)});
    }
  }
  m.table(std::vector<IntVar>{x, y, z}, std::move(table));
}

}  // namespace backtrack::flatzinc::detail
