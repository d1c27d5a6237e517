#pragma once
// The two strong filters of all-different, on the domains of its variables (at most 64,
// one bit a value). Both narrow the domains in place and return false when no
// all-different assignment is left; neither allocates.
//
// bounds: bounds consistency. A Hall interval [a, b] holds as many variables (whose
//   ranges lie inside it) as it has values, so no other variable may take a value of it:
//   a range starting (ending) inside it moves past it. Repeated until no range moves,
//   the smallest and largest value of every domain then take part in an all-different
//   assignment of the ranges. Values strictly inside a range are left alone. O(k^2) a round.
// gac: domain consistency (Régin). Variables down to one value are set aside first
//   (their values leave the others); on the rest, a maximum matching of variables to values, repaired
//   from the last one (`matching`, kept by the caller between calls: a value per
//   variable, -1 for none); a value v of x that is not x's partner belongs to some
//   all-different assignment exactly when v can be reached from a free value by an
//   alternating path, or x and v's partner lie on one alternating cycle (the same strongly
//   connected component of the graph "x -> y when x's partner is in y's domain").
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <span>

#include "backtrack/csp/domain.hpp"

namespace backtrack::csp {

namespace detail {

inline int lowest(Domain d) { return std::countr_zero(d); }
inline int highest(Domain d) { return 63 - std::countl_zero(d); }
// Values 0 .. v, and v .. 63.
inline Domain up_to(int v) { return v >= 63 ? ~Domain{0} : (Domain{1} << (v + 1)) - 1; }
inline Domain from(int v) { return ~Domain{0} << v; }

// Augmenting path from variable i (Kuhn's algorithm): free values first.
inline bool augment(int i, std::span<const Domain> dom, int* match, int* owner, Domain& visited) {
  Domain candidates = dom[static_cast<std::size_t>(i)] & ~visited;
  for (Domain rest = candidates; rest != 0; rest &= rest - 1) {
    const int v = std::countr_zero(rest);
    if (owner[v] < 0) {
      visited |= Domain{1} << v;
      match[i] = v;
      owner[v] = i;
      return true;
    }
  }
  for (Domain rest = candidates; rest != 0; rest &= rest - 1) {
    const int v = std::countr_zero(rest);
    if ((visited >> v) & 1) continue;  // reached through a deeper path meanwhile
    visited |= Domain{1} << v;
    if (augment(owner[v], dom, match, owner, visited)) {
      match[i] = v;
      owner[v] = i;
      return true;
    }
  }
  return false;
}

// Tarjan's strongly connected components on at most 64 nodes, edges as bitmasks.
// The caller sets next[] and index[] = 0 for its nodes; nothing else needs clearing.
struct Components {
  std::array<Domain, 64> next;
  std::array<int, 64> index;
  std::array<int, 64> low;
  std::array<int, 64> component;
  std::array<int, 64> stack;
  Domain on_stack = 0;
  int depth = 0;
  int counter = 0;
  int count = 0;

  void visit(int x) {
    const auto ux = static_cast<std::size_t>(x);
    index[ux] = low[ux] = ++counter;
    stack[static_cast<std::size_t>(depth++)] = x;
    on_stack |= Domain{1} << x;
    for (Domain rest = next[ux]; rest != 0; rest &= rest - 1) {
      const int y = std::countr_zero(rest);
      const auto uy = static_cast<std::size_t>(y);
      if (index[uy] == 0) {
        visit(y);
        low[ux] = std::min(low[ux], low[uy]);
      } else if ((on_stack >> y) & 1) {
        low[ux] = std::min(low[ux], index[uy]);
      }
    }
    if (low[ux] == index[ux]) {
      int y = 0;
      do {
        y = stack[static_cast<std::size_t>(--depth)];
        on_stack &= ~(Domain{1} << y);
        component[static_cast<std::size_t>(y)] = count;
      } while (y != x);
      ++count;
    }
  }
};

}  // namespace detail

inline bool filter_all_different_bounds(std::span<Domain> dom) {
  const int k = static_cast<int>(dom.size());
  std::array<int, 64> by_max{};  // variables by the top of their range
  for (bool moved = true; moved;) {
    moved = false;
    for (int i = 0; i < k; ++i) {
      if (dom[static_cast<std::size_t>(i)] == 0) return false;
      by_max[static_cast<std::size_t>(i)] = i;
    }
    const auto hi = [&](int i) { return detail::highest(dom[static_cast<std::size_t>(i)]); };
    const auto lo = [&](int i) { return detail::lowest(dom[static_cast<std::size_t>(i)]); };
    std::sort(by_max.begin(), by_max.begin() + k, [&](int x, int y) { return hi(x) < hi(y); });
    // Every interval [a, b] that starts at some range's bottom and ends at some range's top.
    for (int start = 0; start < k; ++start) {
      const int a = lo(start);
      int inside = 0;
      for (int j = 0; j < k; ++j) {
        const int x = by_max[static_cast<std::size_t>(j)];
        if (hi(x) < a) continue;
        if (lo(x) >= a) ++inside;
        const int b = hi(x);
        if (j + 1 < k && hi(by_max[static_cast<std::size_t>(j + 1)]) == b) continue;  // all of this top first
        if (inside > b - a + 1) return false;
        if (inside < b - a + 1) continue;
        // [a, b] is a Hall interval: the ranges that stick out of it move past it.
        for (int y = 0; y < k; ++y) {
          Domain& d = dom[static_cast<std::size_t>(y)];
          const int l = detail::lowest(d);
          const int h = detail::highest(d);
          if (l >= a && h <= b) continue;
          Domain kept = d;
          if (l >= a && l <= b) kept &= ~detail::up_to(b);
          if (h >= a && h <= b) kept &= ~detail::from(a);
          if (kept != d) {
            if (kept == 0) return false;
            d = kept;
            moved = true;
          }
        }
        if (moved) break;
      }
      if (moved) break;
    }
  }
  return true;
}

inline bool filter_all_different_gac(std::span<Domain> dom, std::span<int> matching) {
  const int k = static_cast<int>(dom.size());
  if (k > 64) return false;  // more variables than values
  // Variables down to one value first: their values leave the others, and only the
  // variables left open go into the matching (deep in a search, a few of them).
  Domain taken = 0;
  std::uint64_t fixed = 0;
  for (bool again = true; again;) {
    again = false;
    for (int i = 0; i < k; ++i) {
      if ((fixed >> i) & 1) continue;
      Domain& d = dom[static_cast<std::size_t>(i)];
      d &= ~taken;
      if (d == 0) return false;
      if (std::has_single_bit(d)) {
        fixed |= std::uint64_t{1} << i;
        taken |= d;
        matching[static_cast<std::size_t>(i)] = std::countr_zero(d);
        again = true;
      }
    }
  }
  std::array<int, 64> open{};  // local number -> variable
  std::array<Domain, 64> local{};
  std::array<int, 64> match{};
  int m = 0;
  for (int i = 0; i < k; ++i) {
    if ((fixed >> i) & 1) continue;
    open[static_cast<std::size_t>(m)] = i;
    local[static_cast<std::size_t>(m)] = dom[static_cast<std::size_t>(i)];
    match[static_cast<std::size_t>(m)] = matching[static_cast<std::size_t>(i)];
    ++m;
  }
  if (m == 0) return true;
  const std::span<const Domain> ldom(local.data(), static_cast<std::size_t>(m));
  std::array<int, 64> owner;
  owner.fill(-1);
  Domain matched = 0;
  Domain all_values = 0;
  for (int j = 0; j < m; ++j) {
    const Domain d = ldom[static_cast<std::size_t>(j)];
    all_values |= d;
    int& v = match[static_cast<std::size_t>(j)];
    if (v >= 0 && ((d >> v) & 1) != 0 && ((matched >> v) & 1) == 0) {
      owner[static_cast<std::size_t>(v)] = j;
      matched |= Domain{1} << v;
    } else {
      v = -1;
    }
  }
  for (int j = 0; j < m; ++j) {
    if (match[static_cast<std::size_t>(j)] >= 0) continue;
    Domain visited = 0;
    if (!detail::augment(j, ldom, match.data(), owner.data(), visited)) return false;
  }
  // Which variables hold each value, and the graph on variables.
  std::array<Domain, 64> holders;
  for (Domain rest = all_values; rest != 0; rest &= rest - 1) holders[static_cast<std::size_t>(std::countr_zero(rest))] = 0;
  for (int j = 0; j < m; ++j) {
    for (Domain rest = ldom[static_cast<std::size_t>(j)]; rest != 0; rest &= rest - 1) {
      holders[static_cast<std::size_t>(std::countr_zero(rest))] |= Domain{1} << j;
    }
  }
  Domain free_values = all_values;
  for (int j = 0; j < m; ++j) free_values &= ~(Domain{1} << match[static_cast<std::size_t>(j)]);
  // Values reached from a free value by alternating paths.
  Domain reached = free_values;
  std::uint64_t reached_vars = 0;
  for (Domain frontier = free_values; frontier != 0;) {
    std::uint64_t vars = 0;
    for (Domain rest = frontier; rest != 0; rest &= rest - 1) vars |= holders[static_cast<std::size_t>(std::countr_zero(rest))];
    vars &= ~reached_vars;
    reached_vars |= vars;
    frontier = 0;
    for (std::uint64_t rest = vars; rest != 0; rest &= rest - 1) {
      frontier |= Domain{1} << match[static_cast<std::size_t>(std::countr_zero(rest))];
    }
    frontier &= ~reached;
    reached |= frontier;
  }
  detail::Components scc;
  for (int j = 0; j < m; ++j) {
    const auto uj = static_cast<std::size_t>(j);
    scc.next[uj] = holders[static_cast<std::size_t>(match[uj])] & ~(Domain{1} << j);
    scc.index[uj] = 0;
  }
  for (int j = 0; j < m; ++j) {
    if (scc.index[static_cast<std::size_t>(j)] == 0) scc.visit(j);
  }
  std::array<Domain, 64> component_values;
  for (int c = 0; c < scc.count; ++c) component_values[static_cast<std::size_t>(c)] = 0;
  for (int j = 0; j < m; ++j) {
    const auto uj = static_cast<std::size_t>(j);
    component_values[static_cast<std::size_t>(scc.component[uj])] |= Domain{1} << match[uj];
  }
  for (int j = 0; j < m; ++j) {
    const auto uj = static_cast<std::size_t>(j);
    const auto i = static_cast<std::size_t>(open[uj]);
    const Domain same_cycle = component_values[static_cast<std::size_t>(scc.component[uj])];
    dom[i] &= (Domain{1} << match[uj]) | reached | same_cycle;
    matching[i] = match[uj];
  }
  return true;
}

}  // namespace backtrack::csp
