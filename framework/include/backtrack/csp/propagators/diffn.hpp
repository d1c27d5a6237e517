#pragma once
// diffn(x, y, dx, dy): rectangle i has its lower left corner at (x[i], y[i]) and sides
// dx[i], dy[i]; no two overlap: one lies left of, right of, below or above the other.
// Strict (MiniZinc's diffn): so also for a rectangle of side 0, which may not lie inside
// another; not strict (diffn_nonstrict): a pair with a side 0 is apart anyway.
//
// Two rules, each run, O(n^2) both:
// - Pairwise, as Gecode's NoOverlap (gecode/int/no-overlap.hh, Tack): for each pair, of
//   the four placements (i left of j: x[i] + dx[i] <= x[j], and so on) those the bounds
//   still allow; none: fail; one: it is enforced on the bounds of its three variables.
//   A pair that is apart for sure, or (not strict) that may have a side 0, says nothing.
// - Energy: the rectangles whose sides are surely positive and which lie, wherever they
//   go, inside a box cannot cover more than its area, counted at their least sides. The
//   boxes looked at: for each rectangle a, from a's least x to each greatest right end,
//   around the rectangles that lie between in x, over the y they span (and with x and y
//   swapped); the box of all rectangles is among them. A sweep over this (Beldiceanu
//   and Carlsson 2001) would find more; compulsory parts are not counted.
// Weaker than bounds consistency (which is NP-hard for this constraint). Sides may be
// variables, of any sign, as in MiniZinc's decomposition. The sorted orders live in
// scratch: a run allocates nothing.
#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

#include "backtrack/csp/propagators/basics.hpp"
#include "backtrack/csp/propagators/theta_lambda_tree.hpp"

namespace backtrack::csp {

class Diffn {
 public:
  Diffn(std::vector<int> x, std::vector<int> y, std::vector<int> dx, std::vector<int> dy, bool strict)
      : x_(std::move(x)), y_(std::move(y)), dx_(std::move(dx)), dy_(std::move(dy)), strict_(strict) {}

  static constexpr bool idempotent = false;
  static constexpr Cost cost = Cost::high;

  std::vector<Subscription> subscriptions() const {
    std::vector<Subscription> subs;
    for (const std::vector<int>* vars : {&x_, &y_, &dx_, &dy_}) {
      for (int v : *vars) subs.push_back({v, Event::bounds});
    }
    return subs;
  }

  // Scratch ints: the rectangles in order of their greatest right end, and of their
  // greatest top end (kept from run to run: nearly sorted). Values: those ends, and the
  // least left (bottom) ends.
  void prepare(Space& s) {
    const std::size_t n = x_.size();
    ints_at_ = s.reserve_scratch(2 * n);
    values_at_ = s.reserve_scratch_values(2 * n);
    int* order = s.scratch_ints().data() + ints_at_;
    for (std::size_t i = 0; i < 2 * n; ++i) order[i] = static_cast<int>(i % n);
  }

  bool propagate(Space& s) const {
    for (std::size_t i = 0; i < x_.size(); ++i) {
      for (std::size_t j = i + 1; j < x_.size(); ++j) {
        if (!apart(s, i, j)) return false;
      }
    }
    return fits(s, x_, dx_, y_, dy_, 0) && fits(s, y_, dy_, x_, dx_, x_.size());
  }

 private:
  // One placement of a pair: a + da <= b.
  struct Before {
    int a, da, b;
    bool possible(const Space& s) const { return s.min(a) + s.min(da) <= s.max(b); }
    bool sure(const Space& s) const { return s.max(a) + s.max(da) <= s.min(b); }
    bool enforce(Space& s) const {
      return s.set_min(b, s.min(a) + s.min(da)) && s.set_max(a, s.max(b) - s.min(da)) &&
             s.set_max(da, s.max(b) - s.min(a));
    }
  };

  static bool may_be_zero(const Space& s, int side) { return s.min(side) <= 0 && s.max(side) >= 0; }

  bool apart(Space& s, std::size_t i, std::size_t j) const {
    if (!strict_) {
      for (int side : {dx_[i], dx_[j], dy_[i], dy_[j]}) {
        if (may_be_zero(s, side)) return true;
      }
    }
    const Before placements[] = {{x_[i], dx_[i], x_[j]}, {x_[j], dx_[j], x_[i]},
                                 {y_[i], dy_[i], y_[j]}, {y_[j], dy_[j], y_[i]}};
    const Before* only = nullptr;
    int possible = 0;
    for (const Before& p : placements) {
      if (p.sure(s)) return true;
      if (p.possible(s)) {
        only = &p;
        ++possible;
      }
    }
    if (possible == 0) return s.fail();
    return possible > 1 || only->enforce(s);
  }

  // The energy rule along u (the other side v): boxes from each rectangle's least u to
  // the greatest u-ends after it.
  bool fits(Space& s, const std::vector<int>& u, const std::vector<int>& du, const std::vector<int>& v,
            const std::vector<int>& dv, std::size_t order_at) const {
    const std::size_t n = u.size();
    int* order = s.scratch_ints().data() + ints_at_ + order_at;
    Value* hi = s.scratch_values().data() + values_at_;
    Value* lo = hi + n;
    for (std::size_t k = 0; k < n; ++k) {
      lo[k] = s.min(u[k]);
      hi[k] = s.max(u[k]) + s.max(du[k]);
    }
    ThetaLambdaTree::resort(order, hi, n);
    auto area = [&](std::size_t k) -> Wide {
      if (s.min(du[k]) <= 0 || s.min(dv[k]) <= 0) return 0;
      return Wide{s.min(du[k])} * s.min(dv[k]);
    };
    for (std::size_t a = 0; a < n; ++a) {
      if (area(a) == 0) continue;
      Wide covered = 0;
      Value v_lo = max_value + max_value;
      Value v_hi = min_value + min_value;
      for (std::size_t at = 0; at < n; ++at) {
        const auto k = static_cast<std::size_t>(order[at]);
        const Wide ak = area(k);
        if (lo[k] < lo[a] || ak == 0) continue;
        covered += ak;
        v_lo = std::min(v_lo, s.min(v[k]));
        v_hi = std::max(v_hi, s.max(v[k]) + s.max(dv[k]));
        if (covered > Wide{hi[k] - lo[a]} * (v_hi - v_lo)) return s.fail();
      }
    }
    return true;
  }

  std::vector<int> x_, y_, dx_, dy_;
  bool strict_;
  std::size_t ints_at_ = 0, values_at_ = 0;
};

}  // namespace backtrack::csp
