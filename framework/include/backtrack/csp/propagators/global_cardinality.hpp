#pragma once
// GlobalCardinality: for each cover value v[j], the number of xs equal to it lies within
// count j's bounds: a variable counts[j], or the constants low[j] .. up[j] (counts[j] = -1).
// Closed: every x takes a cover value.
//
// Each x is fixed, open, or out (no cover value left). The open xs are a reversible
// bitset in the space's words and the xs fixed to each cover value a reversible tally, so
// a run looks only at the open ones (as propagators/count.hpp, one tally per value). A run
// finds, for each value, fixed[j] (the tally) and may[j] (fixed[j] + the open xs that can
// take it), and over all values F (the xs fixed to some cover value), O_any (the open xs
// with some cover value) and O_all (those with no other value). Then:
//   - count j lies in fixed[j] .. may[j];
//   - the counts' sum lies in F + O_all .. F + O_any (n when closed), as a linear sum
//     narrows each count from the others' bounds;
//   - a value whose count is at its max leaves the open xs; a value whose count's min is
//     may[j] takes every open x that can take it;
//   - where the counts' mins reach F + O_any, the open xs keep only cover values; where
//     their maxes fall to F + O_all, the open xs with another value lose the cover values.
// That is what a count per value gives, and the sum across them: at least Gecode's
// value-consistent gcc (IPL_VAL), and it sees no Hall interval (x1, x2 in {1, 2}, x3 in
// {1, 2, 3}, each value at most once leaves x3 its 3). Not idempotent: the counts may be
// xs (a magic sequence counts its own values), and narrowing them changes what a run found.
//
// At strength domain (--prune domain, or :: domain in FlatZinc) the xs' rules above give
// way to domain consistency on the xs, the count bounds taken as constants (Régin 1996,
// "Generalized arc consistency for global cardinality constraint", AAAI): the open xs send one unit each to
// their cover values (and to "another value" where not closed), value j takes
// count_min - fixed[j] .. count_max - fixed[j] units. A feasible flow comes from augmenting
// paths, first to fill the lower capacities, then to place every open x (neither lowers a
// value's flow); x keeps a value v beside its own exactly when x and v share a strongly
// connected component of the residual graph (strong_components.hpp), the sink t joined to
// each value with room (v -> t) or above its minimum (t -> v).
//
// At strength bounds (--prune bounds, or :: bounds) the rules above run, and then the same
// flow on the interval relaxation: each open x holds every cover value within its
// [min, max] (and "another value" where the interval has one and the scope is not closed).
// x's new bounds are its smallest and largest values that the relaxation supports (an
// edge in the flow or inside a component): bounds(Z) consistency on the xs, the count
// bounds again constants, as the flow on the relaxation is what Quimper et al. 2003 ("An
// efficient bounds consistency algorithm for the global cardinality constraint", CP)
// compute faster. A run costs the flow's: O(n e) for the augmenting paths (e <= n (m + 1)
// edges), linear for the components.
//
// A scope whose xs' intervals hold more than gac_edge_limit cover values keeps the rules
// above. The graph is built in scratch taken where a flow may run (reserve_flow):
// nothing is allocated in a run, and a search that never runs it copies none with its
// space.
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "backtrack/csp/propagators/basics.hpp"
#include "backtrack/csp/propagators/strong_components.hpp"

namespace backtrack::csp {

// What filters the xs beside the counting rules: nothing, the flow on the intervals, or
// the flow on the domains (the header comment).
enum class CardinalityStrength : std::uint8_t { counting, bounds, domain };

struct GlobalCardinality {
  std::vector<int> xs;
  std::vector<Value> cover;  // sorted, no repeats
  std::vector<int> counts;   // one per cover value: a variable, or -1 for low .. up
  std::vector<Value> low, up;
  bool closed = false;
  CardinalityStrength strength = CardinalityStrength::counting;
  bool from_search = true;     // the strength follows --prune; false: the model gave it
  std::size_t open_at = 0;     // Space words: the open xs, one bit each; then a tally per value
  std::size_t may_at = 0;      // scratch ints: may[j] - fixed[j] in a run
  std::size_t flow_at = 0;     // scratch ints: the flow's graph
  std::size_t edges = 0;       // the most x -> value edges it holds; 0: no flow
  static constexpr bool idempotent = false;
  static constexpr Cost cost = Cost::high;

  // Called once, when the propagator joins a space: every domain is as large as it gets.
  void prepare(Space& s) {
    open_at = s.reserve_words(words(), ~std::uint64_t{0});
    s.reserve_words(cover.size(), 0);
    may_at = s.reserve_scratch(cover.size());
    if (strength != CardinalityStrength::counting) reserve_flow(s);
  }
  // The flow's graph, only where a flow may run: a copy of the space (a solution's
  // values) copies it. A search that raises the strength reserves it then
  // (int_problem.hpp); domains only shrink after, and an x's edges are at most the cover
  // values within its interval, and one more.
  void reserve_flow(Space& s) {
    if (edges > 0) return;
    std::size_t values = 0;
    for (int x : xs) {
      values += static_cast<std::size_t>(std::upper_bound(cover.begin(), cover.end(), s.max(x)) -
                                         std::lower_bound(cover.begin(), cover.end(), s.min(x))) + 1;
    }
    edges = values > gac_edge_limit ? 0 : values;
    if (edges > 0) flow_at = s.reserve_scratch(Flow::ints(xs.size(), cover.size() + 1, edges));
  }
  std::vector<Subscription> subscriptions() const {
    std::vector<Subscription> subs;
    for (int x : xs) subs.push_back({x, Event::domain});
    for (int c : counts) {
      if (c >= 0) subs.push_back({c, Event::bounds});
    }
    return subs;
  }

  Outcome propagate(Space& s) const {
    int* open_may = s.scratch_ints().data() + may_at;
    std::fill(open_may, open_may + cover.size(), 0);
    // The open xs fixed or out now leave the bitset; those fixed to a cover value join its tally.
    Value fixed_in = 0, open_any = 0, open_all = 0;
    for (std::size_t w = 0; w < words(); ++w) {
      std::uint64_t bits = s.word(open_at + w);
      for (std::uint64_t b = bits; b != 0; b &= b - 1) {
        const std::size_t i = w * 64 + static_cast<std::size_t>(std::countr_zero(b));
        const std::uint64_t bit = std::uint64_t{1} << (i % 64);
        if (i >= xs.size()) {
          bits &= ~bit;
          continue;
        }
        const int x = xs[i];
        if (s.fixed(x)) {
          bits &= ~bit;
          const auto at = std::lower_bound(cover.begin(), cover.end(), s.value(x));
          if (at == cover.end() || *at != s.value(x)) {
            if (closed) return Outcome::failed;
            continue;
          }
          const std::size_t j = tally_at() + static_cast<std::size_t>(at - cover.begin());
          s.set_word(j, s.word(j) + 1);
          continue;
        }
        std::uint64_t in = 0;
        for_each_cover_value(s, x, [&](std::size_t j) {
          ++open_may[j];
          ++in;
        });
        // Closed: its other values go once; should that fix it, the next run tallies it.
        if (closed && in < s.size(x) && !keep_within_cover(s, x)) return Outcome::failed;
        if (in == 0) {
          bits &= ~bit;
        } else {
          ++open_any;
          open_all += in == s.size(x) ? 1 : 0;
        }
      }
      s.set_word(open_at + w, bits);
    }
    for (std::size_t j = 0; j < cover.size(); ++j) {
      const auto fixed = static_cast<Value>(s.word(tally_at() + j));
      fixed_in += fixed;
      if (!at_least(s, j, fixed) || !at_most(s, j, fixed + open_may[j])) return Outcome::failed;
    }
    const Value sum_min = fixed_in + open_all;
    const Value sum_max = fixed_in + open_any;
    Value mins = 0, maxes = 0;
    for (std::size_t j = 0; j < cover.size(); ++j) mins += count_min(s, j), maxes += count_max(s, j);
    if (mins > sum_max || maxes < sum_min) return Outcome::failed;
    for (std::size_t j = 0; j < cover.size(); ++j) {
      if (!at_most(s, j, sum_max - (mins - count_min(s, j))) || !at_least(s, j, sum_min - (maxes - count_max(s, j)))) {
        return Outcome::failed;
      }
    }
    if (open_any == 0) return Outcome::subsumed;  // every count fixed to its tally above
    if (strength == CardinalityStrength::domain && edges > 0) return flow_filter(s, false) ? Outcome::open : Outcome::failed;
    if (!rules(s, open_may, sum_min, sum_max, open_all < open_any)) return Outcome::failed;
    if (strength == CardinalityStrength::bounds && edges > 0 && !flow_filter(s, true)) return Outcome::failed;
    // Their changes wake this propagator again, which moves them to the tallies.
    return Outcome::open;
  }

 private:
  // The xs' rules, from the counts as narrowed now; `mixed`: some open x has a value
  // outside the cover.
  bool rules(Space& s, const int* open_may, Value sum_min, Value sum_max, bool mixed) const {
    Value mins = 0, maxes = 0;
    bool by_value = false;
    for (std::size_t j = 0; j < cover.size(); ++j) {
      mins += count_min(s, j), maxes += count_max(s, j);
      const auto fixed = static_cast<Value>(s.word(tally_at() + j));
      by_value = by_value || (open_may[j] > 0 && (count_max(s, j) == fixed || count_min(s, j) == fixed + open_may[j]));
    }
    const bool all_in = mins >= sum_max && mixed;
    const bool rest_out = maxes <= sum_min && mixed;
    if (!by_value && !all_in && !rest_out) return true;
    for (std::size_t w = 0; w < words(); ++w) {
      for (std::uint64_t b = s.word(open_at + w); b != 0; b &= b - 1) {
        const int x = xs[w * 64 + static_cast<std::size_t>(std::countr_zero(b))];
        if (!prune(s, x, open_may, all_in, rest_out)) return false;
      }
    }
    return true;
  }

  // The flow's graph in scratch: open xs 0 .. k-1, values 0 .. m-1 (the cover's, then
  // "another value"), and for the components the nodes xs, then values, then t.
  struct Flow {
    int* var;         // per x: its scope position
    int* partner;     // per x: the value its unit goes to, or -1
    int* first;       // per x: where its values start in `adjacent` (k + 1)
    int* adjacent;    // each x's values
    int* low;         // per value: its capacities, less the xs fixed to it
    int* up;
    int* flow;        // per value: the xs whose unit it takes
    int* seen;        // per value: the stamp of the last search that reached it
    int* holders_at;  // per value: where its xs start in `holders` (m + 1)
    int* holders;
    int* next_at;     // per node: where its successors in the residual graph start in `next` (+ 1)
    int* next;
    int* tarjan;
    static std::size_t ints(std::size_t n, std::size_t m, std::size_t edges) {
      const std::size_t nodes = n + m + 1;
      return 3 * n + 1 + 3 * edges + 5 * m + 1 + nodes + 1 + 2 * m + StrongComponents::ints(nodes);
    }
    Flow(int* p, std::size_t n, std::size_t m, std::size_t edges) {
      auto take = [&](std::size_t count) {
        int* q = p;
        p += count;
        return q;
      };
      var = take(n), partner = take(n), first = take(n + 1), adjacent = take(edges);
      low = take(m), up = take(m), flow = take(m), seen = take(m), holders_at = take(m + 1), holders = take(edges);
      next_at = take(n + m + 2), next = take(edges + 2 * m), tarjan = take(StrongComponents::ints(n + m + 1));
    }
    void give(int x, int v) {
      if (partner[x] >= 0) --flow[partner[x]];
      partner[x] = v;
      ++flow[v];
    }
    // One more unit for value j: a free x that holds j, or one taken from a value that can
    // spare it (above its minimum, or given one in turn).
    bool fill(int j, int stamp) {
      for (int p = holders_at[j]; p < holders_at[j + 1]; ++p) {
        if (partner[holders[p]] < 0) return give(holders[p], j), true;
      }
      for (int p = holders_at[j]; p < holders_at[j + 1]; ++p) {
        const int x = holders[p];
        const int w = partner[x];
        if (w == j || seen[w] == stamp) continue;
        seen[w] = stamp;
        if (flow[w] > low[w] || fill(w, stamp)) return give(x, j), true;
      }
      return false;
    }
    // A place for x: a value with room, or one whose x moves on to another (Kuhn's).
    bool place(int x, int stamp) {
      for (int p = first[x]; p < first[x + 1]; ++p) {
        if (flow[adjacent[p]] < up[adjacent[p]]) return give(x, adjacent[p]), true;
      }
      for (int p = first[x]; p < first[x + 1]; ++p) {
        const int v = adjacent[p];
        if (seen[v] == stamp) continue;
        seen[v] = stamp;
        for (int q = holders_at[v]; q < holders_at[v + 1]; ++q) {
          if (partner[holders[q]] == v && place(holders[q], stamp)) return give(x, v), true;
        }
      }
      return false;
    }
  };

  // Domain consistency on the open xs, or bounds(Z) consistency where `relaxed` (the
  // header comment).
  bool flow_filter(Space& s, bool relaxed) const {
    const int m = static_cast<int>(cover.size()) + 1;
    const int other = m - 1;
    Flow g(s.scratch_ints().data() + flow_at, xs.size(), cover.size() + 1, edges);
    int k = 0;
    int e = 0;
    for (std::size_t w = 0; w < words(); ++w) {
      for (std::uint64_t b = s.word(open_at + w); b != 0; b &= b - 1) {
        const std::size_t i = w * 64 + static_cast<std::size_t>(std::countr_zero(b));
        const int x = xs[i];
        g.var[k] = static_cast<int>(i);
        g.first[k++] = e;
        if (relaxed) {
          const auto from = std::lower_bound(cover.begin(), cover.end(), s.min(x));
          const auto to = std::upper_bound(from, cover.end(), s.max(x));
          for (auto it = from; it != to; ++it) g.adjacent[e++] = static_cast<int>(it - cover.begin());
          if (!closed && static_cast<Wide>(to - from) < static_cast<Wide>(s.max(x)) - s.min(x) + 1) g.adjacent[e++] = other;
          continue;
        }
        std::uint64_t in = 0;
        for_each_cover_value(s, x, [&](std::size_t j) {
          g.adjacent[e++] = static_cast<int>(j);
          ++in;
        });
        if (in < s.size(x)) g.adjacent[e++] = other;
      }
    }
    g.first[k] = e;
    for (std::size_t j = 0; j < cover.size(); ++j) {
      const auto fixed = static_cast<Value>(s.word(tally_at() + j));
      g.low[j] = static_cast<int>(std::max<Value>(0, count_min(s, j) - fixed));
      g.up[j] = static_cast<int>(count_max(s, j) - fixed);
      if (g.low[j] > g.up[j]) return s.fail();
    }
    g.low[other] = 0;
    g.up[other] = k;
    std::fill(g.flow, g.flow + m, 0);
    std::fill(g.seen, g.seen + m, 0);
    std::fill(g.partner, g.partner + k, -1);

    holders_by_value(k, g.first, g.adjacent, m, g.holders_at, g.holders);

    int stamp = 0;
    for (int j = 0; j < m; ++j) {
      while (g.flow[j] < g.low[j]) {
        if (!g.fill(j, ++stamp)) return s.fail();
      }
    }
    for (int x = 0; x < k; ++x) {
      if (g.partner[x] < 0 && !g.place(x, ++stamp)) return s.fail();
    }

    // The residual graph: x -> v for each value v of x beside its partner, v -> x for its
    // partner, v -> t where v has room, t -> v where v is above its minimum.
    const int t = k + m;
    const int nodes = t + 1;
    std::fill(g.next_at, g.next_at + nodes + 1, 0);
    auto count_edge = [&](int from) { ++g.next_at[from + 1]; };
    auto add_edge = [&](int from, int to) { g.next[g.next_at[from]++] = to; };
    auto each_edge = [&](auto edge) {
      for (int x = 0; x < k; ++x) {
        for (int p = g.first[x]; p < g.first[x + 1]; ++p) {
          const int v = g.adjacent[p];
          if (v == g.partner[x]) {
            edge(k + v, x);
          } else {
            edge(x, k + v);
          }
        }
      }
      for (int v = 0; v < m; ++v) {
        if (g.flow[v] < g.up[v]) edge(k + v, t);
        if (g.flow[v] > g.low[v]) edge(t, k + v);
      }
    };
    each_edge([&](int from, int) { count_edge(from); });
    for (int v = 0; v < nodes; ++v) g.next_at[v + 1] += g.next_at[v];
    each_edge(add_edge);
    for (int v = nodes; v > 0; --v) g.next_at[v] = g.next_at[v - 1];
    g.next_at[0] = 0;
    StrongComponents scc(g.tarjan, static_cast<std::size_t>(nodes));
    scc.find(nodes, g.next, [&](int j) { return g.next_at[j]; }, [&](int j) { return g.next_at[j + 1]; });

    for (int x = 0; x < k; ++x) {
      const int var = xs[static_cast<std::size_t>(g.var[x])];
      auto supported = [&](int p) { return g.adjacent[p] == g.partner[x] || scc.component[x] == scc.component[k + g.adjacent[p]]; };
      if (relaxed) {
        if (!supported_bounds(s, var, g.adjacent + g.first[x], g.adjacent + g.first[x + 1], other, supported, g.first[x])) {
          return false;
        }
        continue;
      }
      for (int p = g.first[x]; p < g.first[x + 1]; ++p) {
        const int v = g.adjacent[p];
        if (supported(p)) continue;
        if (!(v == other ? keep_within_cover(s, var) : s.remove(var, cover[static_cast<std::size_t>(v)]))) return false;
      }
    }
    return true;
  }

  // x's bounds move in to its smallest and largest values that the relaxation supports:
  // x's edges are [begin, end) (cover indices rising, then maybe `other`); supported(p),
  // with p counted from `at`, says whether edge p lies on a flow.
  template <class Supported>
  bool supported_bounds(Space& s, int x, const int* begin, const int* end, int other, Supported supported, int at) const {
    const bool others = end != begin && end[-1] == other && supported(at + static_cast<int>(end - begin) - 1);
    const int* last = end != begin && end[-1] == other ? end - 1 : end;
    Value lo = max_value, hi = min_value;
    for (const int* p = begin; p != last; ++p) {
      const Value v = cover[static_cast<std::size_t>(*p)];
      if (supported(at + static_cast<int>(p - begin)) && s.contains(x, v)) {
        lo = v;
        break;
      }
    }
    for (const int* p = last; p != begin; --p) {
      const Value v = cover[static_cast<std::size_t>(p[-1])];
      if (supported(at + static_cast<int>(p - 1 - begin)) && s.contains(x, v)) {
        hi = v;
        break;
      }
    }
    // The first and last values outside the cover: a walk past cover values only.
    for (Value v = s.min(x); others && v <= s.max(x) && v < lo; v = s.next(x, v)) {
      if (!std::binary_search(cover.begin(), cover.end(), v)) {
        lo = v;
        break;
      }
    }
    for (Value v = s.max(x); others && v >= s.min(x) && v > hi; v = s.previous(x, v)) {
      if (!std::binary_search(cover.begin(), cover.end(), v)) {
        hi = v;
        break;
      }
    }
    if (lo > hi) return s.fail();
    return s.set_min(x, lo) && s.set_max(x, hi);
  }

  std::size_t words() const { return xs.size() / 64 + 1; }
  std::size_t tally_at() const { return open_at + words(); }
  Value count_min(const Space& s, std::size_t j) const { return counts[j] >= 0 ? s.min(counts[j]) : low[j]; }
  Value count_max(const Space& s, std::size_t j) const { return counts[j] >= 0 ? s.max(counts[j]) : up[j]; }
  bool at_least(Space& s, std::size_t j, Value v) const {
    if (counts[j] < 0) return up[j] >= v || s.fail();
    return s.set_min(counts[j], v);
  }
  bool at_most(Space& s, std::size_t j, Value v) const {
    if (counts[j] < 0) return low[j] <= v || s.fail();
    return s.set_max(counts[j], v);
  }

  // f(j) for each cover value v[j] in x's domain.
  template <class F>
  void for_each_cover_value(const Space& s, int x, F f) const {
    for (auto it = std::lower_bound(cover.begin(), cover.end(), s.min(x)); it != cover.end() && *it <= s.max(x); ++it) {
      if (s.contains(x, *it)) f(static_cast<std::size_t>(it - cover.begin()));
    }
  }
  bool keep_within_cover(Space& s, int x) const {
    const auto first = std::lower_bound(cover.begin(), cover.end(), s.min(x));
    const auto last = std::upper_bound(cover.begin(), cover.end(), s.max(x));
    if (first == last) return s.fail();
    if (!s.set_min(x, *first) || !s.set_max(x, *(last - 1))) return false;
    return !s.has_holes(x) || s.keep_only(x, [&](Value v) { return std::binary_search(first, last, v); });
  }

  // One open x: the values whose count is full leave it, a value that needs every x that
  // may take it is its value, and the union rules keep it within the cover or out of it.
  bool prune(Space& s, int x, const int* open_may, bool all_in, bool rest_out) const {
    std::uint64_t in = 0;
    for_each_cover_value(s, x, [&](std::size_t) { ++in; });
    const bool mixed = in < s.size(x);
    for (auto it = std::lower_bound(cover.begin(), cover.end(), s.min(x)); it != cover.end() && *it <= s.max(x); ++it) {
      if (!s.contains(x, *it)) continue;
      const auto j = static_cast<std::size_t>(it - cover.begin());
      const auto fixed = static_cast<Value>(s.word(tally_at() + j));
      if (count_min(s, j) >= fixed + open_may[j]) return s.fix(x, *it);
      if (count_max(s, j) <= fixed && !s.remove(x, *it)) return false;
    }
    if (!mixed) return true;
    if (all_in) return keep_within_cover(s, x);
    if (rest_out) {
      for (auto it = std::lower_bound(cover.begin(), cover.end(), s.min(x)); it != cover.end() && *it <= s.max(x); ++it) {
        if (!s.remove(x, *it)) return false;
      }
    }
    return true;
  }
};

}  // namespace backtrack::csp
