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
// value-consistent gcc (IPL_VAL), and neither bounds nor domain consistent on the xs: it
// sees no Hall interval (x1, x2 in {1, 2}, x3 in {1, 2, 3}, each value at most once
// leaves x3 its 3). Not idempotent: the counts may be xs (a magic sequence counts its own
// values), and narrowing them changes what a run found.
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "backtrack/csp/propagators/basics.hpp"

namespace backtrack::csp {

struct GlobalCardinality {
  std::vector<int> xs;
  std::vector<Value> cover;  // sorted, no repeats
  std::vector<int> counts;   // one per cover value: a variable, or -1 for low .. up
  std::vector<Value> low, up;
  bool closed = false;
  std::size_t open_at = 0;     // Space words: the open xs, one bit each; then a tally per value
  std::size_t may_at = 0;      // scratch ints: may[j] - fixed[j] in a run
  static constexpr bool idempotent = false;
  static constexpr Cost cost = Cost::high;

  void prepare(Space& s) {
    open_at = s.reserve_words(words(), ~std::uint64_t{0});
    s.reserve_words(cover.size(), 0);
    may_at = s.reserve_scratch(cover.size());
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
    // The xs' rules, from the counts as narrowed now.
    mins = maxes = 0;
    bool by_value = false;
    for (std::size_t j = 0; j < cover.size(); ++j) {
      mins += count_min(s, j), maxes += count_max(s, j);
      const auto fixed = static_cast<Value>(s.word(tally_at() + j));
      by_value = by_value || (open_may[j] > 0 && (count_max(s, j) == fixed || count_min(s, j) == fixed + open_may[j]));
    }
    const bool all_in = mins >= sum_max && open_all < open_any;
    const bool rest_out = maxes <= sum_min && open_all < open_any;
    if (!by_value && !all_in && !rest_out) return Outcome::open;
    for (std::size_t w = 0; w < words(); ++w) {
      for (std::uint64_t b = s.word(open_at + w); b != 0; b &= b - 1) {
        const int x = xs[w * 64 + static_cast<std::size_t>(std::countr_zero(b))];
        if (!prune(s, x, open_may, all_in, rest_out)) return Outcome::failed;
      }
    }
    // Their changes wake this propagator again, which moves them to the tallies.
    return Outcome::open;
  }

 private:
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
