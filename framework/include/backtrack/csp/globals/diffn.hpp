#pragma once
// diffn(m, x, y, dx, dy): rectangle i, its lower left corner at (x[i], y[i]), its sides
// dx[i] and dy[i], overlaps no other; a rectangle of side 0 may not lie inside another.
// diffn_nonstrict: it may. MiniZinc's fzn_diffn and fzn_diffn_nonstrict.
//
// Native: propagators/diffn.hpp (the pairwise rule of Gecode's NoOverlap and an energy
// check). Decomposed: MiniZinc's (std/fzn_diffn*.mzn), for each pair x[i] + dx[i] <= x[j]
// or x[j] + dx[j] <= x[i] or the same in y (or, not strict, a side of the two is 0): a
// clause over half-reified linear constraints.
#include <algorithm>
#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "backtrack/csp/int_model.hpp"
#include "backtrack/csp/propagators/diffn.hpp"

namespace backtrack::csp {

inline void diffn(IntModel& m, std::span<const IntVar> x, std::span<const IntVar> y, std::span<const IntVar> dx,
                  std::span<const IntVar> dy, bool strict = true) {
  const std::size_t n = x.size();
  if (y.size() != n || dx.size() != n || dy.size() != n) {
    throw std::invalid_argument("diffn: " + std::to_string(n) + ", " + std::to_string(y.size()) + ", " +
                                std::to_string(dx.size()) + " and " + std::to_string(dy.size()) +
                                " x, y, dx and dy: one each per rectangle");
  }
  if (m.globals() == Globals::native) {
    std::vector<int> ids[4];
    for (std::size_t i = 0; i < n; ++i) {
      ids[0].push_back(x[i].id);
      ids[1].push_back(y[i].id);
      ids[2].push_back(dx[i].id);
      ids[3].push_back(dy[i].id);
    }
    m.add(Boxed<Diffn>(Diffn(std::move(ids[0]), std::move(ids[1]), std::move(ids[2]), std::move(ids[3]), strict)));
    return;
  }
  const auto is_zero = [&](IntVar side) { return m.space().min(side.id) == 0 && m.space().max(side.id) == 0; };
  const auto may_be_zero = [&](IntVar side) { return m.space().min(side.id) <= 0 && m.space().max(side.id) >= 0; };
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      const IntVar sides[] = {dx[i], dx[j], dy[i], dy[j]};
      if (!strict && std::ranges::any_of(sides, is_zero)) continue;
      std::vector<IntVar> literals;
      auto before = [&](IntVar a, IntVar da, IntVar b) {
        literals.push_back(m.bool_var());
        m.post(a + da <= b, when(literals.back()));
      };
      before(x[i], dx[i], x[j]);
      before(x[j], dx[j], x[i]);
      before(y[i], dy[i], y[j]);
      before(y[j], dy[j], y[i]);
      for (const IntVar side : sides) {
        if (strict || !may_be_zero(side)) continue;
        literals.push_back(m.bool_var());
        m.post(side == 0, when(literals.back()));
      }
      m.clause(literals, {});
    }
  }
}

inline void diffn_nonstrict(IntModel& m, std::span<const IntVar> x, std::span<const IntVar> y,
                            std::span<const IntVar> dx, std::span<const IntVar> dy) {
  diffn(m, x, y, dx, dy, false);
}

}  // namespace backtrack::csp
