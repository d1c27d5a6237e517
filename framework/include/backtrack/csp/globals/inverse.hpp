#pragma once
// inverse(m, f, g, f_base, g_base): f[i] = j + g_base exactly when g[j] = i + f_base, where
// the model counts f's positions from f_base and g's from g_base (MiniZinc's index sets:
// f's values are g's positions, g's values f's). Both are then permutations, of equal size.
//
// Native: the Inverse propagator (propagators/inverse.hpp: domain consistent channeling)
// and all-different on f and on g, at the strength the search's --prune chooses.
// Decomposed: MiniZinc's standard library (std/fzn_inverse.mzn): g[f[i]] = i and
// f[g[j]] = j, element constraints.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "backtrack/csp/globals/circuit.hpp"
#include "backtrack/csp/int_model.hpp"

namespace backtrack::csp {

inline void inverse(IntModel& m, std::span<const IntVar> f, std::span<const IntVar> g, Value f_base = 0,
                    Value g_base = 0) {
  for (const Value base : {f_base, g_base}) {
    const auto size = static_cast<Value>(base == f_base ? f.size() : g.size());
    if (base < std::numeric_limits<std::int32_t>::min() + Value{1} ||
        base + size > std::numeric_limits<std::int32_t>::max()) {
      throw std::invalid_argument("inverse: positions from " + std::to_string(base) + " go past the 32-bit values");
    }
  }
  const std::vector<IntVar> fs(f.begin(), f.end());
  const std::vector<IntVar> gs(g.begin(), g.end());
  if (fs.size() != gs.size()) {  // no two permutations
    m.post(LinearExpr(detail::constant(m, 0)) == LinearExpr(1));
    return;
  }
  if (m.globals() == Globals::decomposed) {
    for (std::size_t i = 0; i < fs.size(); ++i) {
      m.element(gs, detail::from_zero(m, fs[i], g_base),
                detail::constant(m, f_base + static_cast<Value>(i)));
    }
    for (std::size_t j = 0; j < gs.size(); ++j) {
      m.element(fs, detail::from_zero(m, gs[j], f_base), detail::constant(m, g_base + static_cast<Value>(j)));
    }
    return;
  }
  Inverse p;
  p.f_base = static_cast<std::int32_t>(f_base);
  p.g_base = static_cast<std::int32_t>(g_base);
  for (IntVar x : fs) p.f.push_back(x.id);
  for (IntVar y : gs) p.g.push_back(y.id);
  std::vector<int> all = p.f;
  all.insert(all.end(), p.g.begin(), p.g.end());
  std::sort(all.begin(), all.end());
  p.repeats = std::adjacent_find(all.begin(), all.end()) != all.end();
  m.add(std::move(p));
  m.all_different(fs);
  m.all_different(gs);
}

}  // namespace backtrack::csp
