#pragma once
// inverse (globals/inverse.hpp): f[i] = j + g_base exactly when g[j] = i + f_base, where
// f's positions are named from f_base and g's from g_base.
//
// Consistency: domain consistent on the channeling, each pair f[i], g[j] (the value
// j + g_base stays in f[i] while i + f_base is in g[j], and the reverse), as Gecode's
// channel at its domain level keeps it (Schulte and Tack; Hnich, Smith and Walsh 2004
// name it the channeling of a permutation). Its all-different on each side is a Distinct
// beside it. Where a variable has no bitset, its bounds.
// Idempotent: the pass over g removes i + f_base from g[j] only where f[i] lacks
// j + g_base already, which changes nothing the pass over f decided; unless a variable
// stands in two places (`repeats`), and then the passes repeat until nothing goes.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "backtrack/csp/propagators/basics.hpp"

namespace backtrack::csp {

struct Inverse {
  std::vector<int> f, g;
  std::int32_t f_base = 0, g_base = 0;
  bool repeats = false;  // a variable in two places

  static constexpr bool idempotent = true;
  std::vector<Subscription> subscriptions() const {
    std::vector<Subscription> subs;
    for (int x : f) subs.push_back({x, Event::domain});
    for (int y : g) subs.push_back({y, Event::domain});
    return subs;
  }

  bool propagate(Space& s) const {
    for (;;) {
      const std::uint64_t before = repeats ? values(s) : 0;
      if (!channel(s, f, f_base, g, g_base) || !channel(s, g, g_base, f, f_base)) return false;
      if (!repeats || values(s) == before) return true;
    }
  }

 private:
  std::uint64_t values(const Space& s) const {
    std::uint64_t n = 0;
    for (int x : f) n += s.size(x);
    for (int y : g) n += s.size(y);
    return n;
  }
  // Each value of a[i] names a position of b whose variable keeps i + a_base.
  static bool channel(Space& s, const std::vector<int>& a, Value a_base, const std::vector<int>& b, Value b_base) {
    const auto last = static_cast<Value>(b.size()) - 1;
    for (std::size_t i = 0; i < a.size(); ++i) {
      const int x = a[i];
      if (!s.set_min(x, b_base) || !s.set_max(x, b_base + last)) return false;
      const Value me = a_base + static_cast<Value>(i);
      if (!s.keep_only(x, [&](Value v) { return s.contains(b[static_cast<std::size_t>(v - b_base)], me); })) return false;
    }
    return true;
  }
};

}  // namespace backtrack::csp
