#pragma once
// All-different over integer domains of any range, at three strengths (--prune none,
// forward and arc: forward; bounds: bounds; domain: gac):
//   forward  a fixed variable's value leaves the others (and two fixed to one value fail)
//   bounds   and Hall intervals on the ranges (bounds consistency, distinct_bounds.hpp)
//   gac      and domain consistency (Régin's matching), on values of any range
// Where the scope's values fit in 64 consecutive values, gac is the filter of the bitset
// layer (all_different.hpp) on the domains moved down to bit 0.
//
// gac on wider values: a variable with at least k values (k the scope's size) has a value
// left whatever the k - 1 others take, so it never limits them, and it is left out of the
// matching. The others (fewer than k values each, so fewer than k^2 in all) are matched
// to the union of their domains, each value an index into it, sorted; a value v of x
// that is not x's partner belongs to an assignment exactly when v is reached from a
// free value by an alternating path, or x and v's partner lie on one alternating cycle
// (one strongly connected component of "x -> y when x's partner is in y's domain"). A
// variable left out loses the values every matching takes (matched, and not reached);
// once down to fewer than k values it joins the matching, and the filter runs again.
// Each run rebuilds the graph in scratch taken when the propagator joins the space
// (about 6 ints a value of the matched domains): none is allocated. A scope whose
// domains hold more than gac_edge_limit such values gets bounds consistency instead.
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <stdexcept>
#include <vector>

#include "backtrack/csp/all_different.hpp"
#include "backtrack/csp/propagators/basics.hpp"
#include "backtrack/csp/propagators/distinct_bounds.hpp"
#include "backtrack/csp/propagators/strong_components.hpp"

namespace backtrack::csp {

enum class DistinctStrength : std::uint8_t { forward, bounds, gac };

struct Distinct {
  std::vector<int> xs;
  DistinctStrength strength = DistinctStrength::forward;
  std::uint32_t scratch = 0;         // its Space::scratch_ints(): the matching (gac), then the bounds sweep's
  std::uint32_t scratch_values = 0;  // its Space::scratch_values(): the bounds sweep's, then the fixed values
  std::uint32_t scratch_graph = 0;   // its Space::scratch_ints(): the matching's graph on wider values (gac)
  std::uint32_t edges = 0;           // the most values the graph holds; 0: bounds consistency instead
  // Space words: a bit per x whose value has not yet left the others (open or newly
  // fixed); `no_words` where some x has no holes, as a remove leaves its inner values
  // (space.hpp) and only a look at every fixed value finds two that are equal.
  std::uint32_t pending_at = no_words;
  static constexpr std::uint32_t no_words = std::numeric_limits<std::uint32_t>::max();

  // 32-bit indices keep the propagator within its 64-byte slot (propagation.hpp).
  static std::uint32_t index32(std::size_t i) {
    if (i > std::numeric_limits<std::uint32_t>::max()) throw std::length_error("all-different: scratch beyond 2^32");
    return static_cast<std::uint32_t>(i);
  }
  // Called once, when the propagator joins a space: every domain is as large as it gets.
  void prepare(Space& s) {
    const std::size_t k = xs.size();
    scratch = index32(s.reserve_scratch(k + BoundsAllDifferent::ints_for(k)));
    BoundsAllDifferent::prepare(s.scratch_ints().data() + scratch + k, k);
    scratch_values = index32(s.reserve_scratch_values(BoundsAllDifferent::values_for(k) + k));
    if (strength == DistinctStrength::gac) reserve_graph(s);
    if (std::all_of(xs.begin(), xs.end(), [&](int x) { return s.has_holes(x); })) {
      pending_at = index32(s.reserve_words(k / 64, ~std::uint64_t{0}));
      s.reserve_words(1, (std::uint64_t{1} << (k % 64)) - 1);
    }
  }
  // The matching's graph, only where the matching may run: it is the space's largest
  // scratch (6 ints an edge), which a copy of the space (a solution's values) copies. A
  // search that raises the strength to gac reserves it then (int_problem.hpp); domains
  // only shrink after.
  void reserve_graph(Space& s) {
    if (edges > 0) return;
    std::size_t values = 0;
    for (int x : xs) values += static_cast<std::size_t>(std::min<std::uint64_t>(s.size(x), xs.size() - 1));
    edges = values > gac_edge_limit ? 0 : index32(values);
    if (edges > 0) scratch_graph = index32(s.reserve_scratch(Graph::ints(xs.size(), edges)));
  }
  static constexpr bool idempotent = true;
  static constexpr Cost cost = Cost::high;

  std::vector<Subscription> subscriptions() const {
    std::vector<Subscription> subs;
    const Event needs = strength == DistinctStrength::forward ? Event::fixed
                        : strength == DistinctStrength::bounds ? Event::bounds
                                                               : Event::domain;
    for (int x : xs) subs.push_back({x, needs});
    return subs;
  }

  bool propagate(Space& s) const {
    if (xs.size() < 2) return true;  // nothing to keep apart (and the bounds sweep needs a range)
    if (strength == DistinctStrength::forward) return forward(s);
    // Fixed values leave the others first, but for Régin's filter, which sets them aside
    // itself: Hall intervals alone see them only at the bounds (Gecode's bounds
    // all-different does the same). Repeated until nothing changes (idempotent).
    for (;;) {
      Value lo = max_value;
      Value hi = min_value;
      for (int x : xs) {
        lo = std::min(lo, s.min(x));
        hi = std::max(hi, s.max(x));
      }
      if (static_cast<std::size_t>(hi - lo + 1) < xs.size()) return s.fail();  // pigeons
      if (strength == DistinctStrength::gac && hi - lo < 64 && xs.size() <= 64) return on_bits(s, lo);
      if (strength == DistinctStrength::gac && edges > 0) return matching(s);
      // One sweep each way: a second one never moved a bound on Golomb rulers (checked),
      // and the node counts equal Gecode's; only a variable the sweep fixed gives
      // forward checking more to do.
      if (!forward(s)) return false;
      const auto fixed_before = fixed_count(s);
      BoundsAllDifferent sweep(xs, s.scratch_ints().data() + scratch + xs.size(), s.scratch_values().data() + scratch_values);
      bool moved = false;
      if (!sweep.filter(s, moved)) return false;
      if (!moved || fixed_count(s) == fixed_before) return true;
    }
  }
  std::size_t fixed_count(const Space& s) const {
    std::size_t n = 0;
    for (int x : xs) n += s.fixed(x) ? 1 : 0;
    return n;
  }

 private:
  // Each fixed value leaves the other variables; repeated while that fixes more. A value
  // leaves them once, when its x is first seen fixed: a run costs the newly fixed times
  // the xs still pending, not every fixed value times every open x (a de Bruijn sequence
  // of 729 numbers spent half its time there).
  bool forward(Space& s) const {
    if (pending_at == no_words) return forward_all(s);
    const std::size_t words = xs.size() / 64 + 1;
    for (bool again = true; again;) {
      again = false;
      for (std::size_t w = 0; w < words; ++w) {
        for (std::uint64_t bits = s.word(pending_at + w); bits != 0; bits &= bits - 1) {
          const std::size_t i = w * 64 + static_cast<std::size_t>(std::countr_zero(bits));
          if (!s.fixed(xs[i])) continue;
          s.set_word(pending_at + w, s.word(pending_at + w) & ~(std::uint64_t{1} << (i % 64)));
          if (!remove_from_pending(s, s.value(xs[i]), again)) return false;
        }
      }
    }
    return true;
  }
  // v leaves every x still pending (one fixed to v fails); `fixed` is set where one
  // becomes fixed.
  bool remove_from_pending(Space& s, Value v, bool& fixed) const {
    for (std::size_t w = 0; w < xs.size() / 64 + 1; ++w) {
      for (std::uint64_t bits = s.word(pending_at + w); bits != 0; bits &= bits - 1) {
        const int x = xs[w * 64 + static_cast<std::size_t>(std::countr_zero(bits))];
        const bool was_fixed = s.fixed(x);
        if (!s.remove(x, v)) return false;
        fixed = fixed || (!was_fixed && s.fixed(x));
      }
    }
    return true;
  }
  bool forward_all(Space& s) const {
    Value* fixed = s.scratch_values().data() + scratch_values + BoundsAllDifferent::values_for(xs.size());
    for (bool again = true; again;) {
      again = false;
      std::size_t count = 0;
      for (int x : xs) {
        if (s.fixed(x)) fixed[count++] = s.value(x);
      }
      if (count == 0) return true;
      std::sort(fixed, fixed + count);
      if (std::adjacent_find(fixed, fixed + count) != fixed + count) return s.fail();
      for (int x : xs) {
        if (s.fixed(x)) continue;
        // The fixed values inside x's range: few, found by a binary search.
        for (const Value* v = std::lower_bound(fixed, fixed + count, s.min(x)); v != fixed + count && *v <= s.max(x); ++v) {
          if (!s.remove(x, *v)) return false;
        }
        if (s.fixed(x)) again = true;
      }
    }
    return true;
  }

  // The bitset layer's filters (which set fixed values aside themselves), on the domains
  // moved down by lo.
  bool on_bits(Space& s, Value lo) const {
    Domain masks[64];
    const std::span<Domain> d(masks, xs.size());
    for (std::size_t i = 0; i < xs.size(); ++i) masks[i] = s.window(xs[i], lo);
    const bool ok = strength == DistinctStrength::bounds
                        ? filter_all_different_bounds(d)
                        : filter_all_different_gac(d, std::span<int>(s.scratch_ints().data() + scratch, xs.size()));
    if (!ok) return s.fail();
    for (std::size_t i = 0; i < xs.size(); ++i) {
      if (!s.restrict_to_window(xs[i], lo, masks[i])) return false;
    }
    return true;
  }

  // The matching's graph in scratch: variables 0 .. k-1 (those with fewer values than the
  // scope has variables), values 0 .. m-1 (indices into `value`).
  struct Graph {
    int* hint;       // per scope position: the value it was matched to at the last run
    int* var;        // per variable: its scope position
    int* partner;    // per variable: its value
    int* first;      // per variable: where its values start in `adjacent` (k + 1)
    int* tarjan;     // StrongComponents' scratch, per variable
    int* adjacent;   // each variable's values, in order
    int* value;      // the sorted union of the domains
    int* owner;      // per value: its variable, or -1
    int* seen;       // per value: the stamp of the last search that reached it
    int* holders_at; // per value: where its variables start in `holders` (m + 1)
    int* holders;
    static std::size_t ints(std::size_t k, std::size_t edges) { return 10 * k + 1 + 6 * edges + 1; }
    Graph(int* at_scratch, std::size_t k, std::size_t edges) {
      int* p = at_scratch;
      auto take = [&](std::size_t count) {
        int* q = p;
        p += count;
        return q;
      };
      hint = take(k), var = take(k), partner = take(k), first = take(k + 1), tarjan = take(StrongComponents::ints(k));
      adjacent = take(edges), value = take(edges), owner = take(edges), seen = take(edges);
      holders_at = take(edges + 1), holders = take(edges);
    }
  };

  // Domain consistency on values of any range (the header comment), repeated while a
  // variable left out of the matching comes down to fewer values than the scope's size.
  bool matching(Space& s) const {
    for (bool again = true; again;) {
      again = false;
      if (!match_and_filter(s, again)) return false;
    }
    return true;
  }
  bool match_and_filter(Space& s, bool& again) const {
    const std::size_t n = xs.size();
    Graph g(s.scratch_ints().data() + scratch_graph, n, edges);
    int k = 0;
    int e = 0;
    for (std::size_t i = 0; i < n; ++i) {
      if (s.size(xs[i]) >= n) continue;
      g.var[k] = static_cast<int>(i);
      g.first[k++] = e;
      s.for_each(xs[i], [&](Value v) { g.adjacent[e++] = static_cast<int>(v); });
    }
    g.first[k] = e;
    if (k == 0) return true;
    std::copy(g.adjacent, g.adjacent + e, g.value);
    std::sort(g.value, g.value + e);
    const int m = static_cast<int>(std::unique(g.value, g.value + e) - g.value);
    auto index_of = [&](int v) { return static_cast<int>(std::lower_bound(g.value, g.value + m, v) - g.value); };
    for (int p = 0; p < e; ++p) g.adjacent[p] = index_of(g.adjacent[p]);

    // A maximum matching, from the last run's where it still holds.
    std::fill(g.owner, g.owner + m, -1);
    std::fill(g.seen, g.seen + m, 0);
    for (int j = 0; j < k; ++j) {
      g.partner[j] = -1;
      const int h = g.hint[g.var[j]];
      const int v = index_of(h);
      if (v < m && g.value[v] == h && s.contains(xs[static_cast<std::size_t>(g.var[j])], h) && g.owner[v] < 0) {
        g.partner[j] = v;
        g.owner[v] = j;
      }
    }
    int stamp = 0;
    for (int j = 0; j < k; ++j) {
      if (g.partner[j] < 0 && !augment(g, j, ++stamp)) return s.fail();
    }
    for (int j = 0; j < k; ++j) g.hint[g.var[j]] = g.value[g.partner[j]];

    holders_by_value(k, g.first, g.adjacent, m, g.holders_at, g.holders);

    // The values reached from a free value: a variable holding a reached value is reached,
    // and then so is its partner.
    const int reached = ++stamp;
    StrongComponents scc(g.tarjan, static_cast<std::size_t>(k));
    int tail = 0;
    auto reach = [&](int v) {
      for (int p = g.holders_at[v]; p < g.holders_at[v + 1]; ++p) {
        const int j = g.holders[p];
        if (g.seen[g.partner[j]] == reached) continue;
        g.seen[g.partner[j]] = reached;
        scc.stack[tail++] = j;
      }
    };
    for (int v = 0; v < m; ++v) {
      if (g.owner[v] < 0) {
        g.seen[v] = reached;
        reach(v);
      }
    }
    for (int head = 0; head < tail; ++head) reach(g.partner[scc.stack[head]]);

    // "j -> i when j's partner is in i's domain": j's successors are its partner's holders.
    scc.find(
        k, g.holders, [&](int j) { return g.holders_at[g.partner[j]]; },
        [&](int j) { return g.holders_at[g.partner[j] + 1]; });
    for (int j = 0; j < k; ++j) {
      const int x = xs[static_cast<std::size_t>(g.var[j])];
      for (int p = g.first[j]; p < g.first[j + 1]; ++p) {
        const int v = g.adjacent[p];
        const bool kept = v == g.partner[j] || g.seen[v] == reached || scc.component[g.owner[v]] == scc.component[j];
        if (!kept && !s.remove(x, g.value[v])) return false;
      }
    }
    // The values every matching takes leave the variables outside it; up and then down,
    // so that an interval alone (space.hpp) moves its bounds past a run of them.
    for (std::size_t i = 0; i < n; ++i) {
      if (s.size(xs[i]) < n) continue;
      for (int v = 0; v < m; ++v) {
        if (g.owner[v] >= 0 && g.seen[v] != reached && !s.remove(xs[i], g.value[v])) return false;
      }
      for (int v = m - 1; v >= 0; --v) {
        if (g.owner[v] >= 0 && g.seen[v] != reached && !s.remove(xs[i], g.value[v])) return false;
      }
      if (s.size(xs[i]) < n) again = true;
    }
    return true;
  }

  // An augmenting path from variable j (Kuhn's algorithm), free values first; `stamp`
  // marks the values this search has been through.
  static bool augment(Graph& g, int j, int stamp) {
    for (int p = g.first[j]; p < g.first[j + 1]; ++p) {
      const int v = g.adjacent[p];
      if (g.owner[v] < 0) return take(g, j, v);
    }
    for (int p = g.first[j]; p < g.first[j + 1]; ++p) {
      const int v = g.adjacent[p];
      if (g.seen[v] == stamp) continue;
      g.seen[v] = stamp;
      if (augment(g, g.owner[v], stamp)) return take(g, j, v);
    }
    return false;
  }
  static bool take(Graph& g, int j, int v) {
    g.partner[j] = v;
    g.owner[v] = j;
    return true;
  }
};

}  // namespace backtrack::csp
