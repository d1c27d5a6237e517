#pragma once
// sum(a[i] * x[i]) = c at domain consistency: a value stays while some solution of the
// equality takes it (IntModel::post(relation, LinearStrength::domain)).
//
// By dynamic programming over the partial sums, as for a knapsack constraint (Trick 2003;
// Gecode's linear equality at IPL_DOM is domain consistent too): a bitset per prefix of the
// terms holds the sums it can reach (forward), then from the last term back the sums from
// which the rest reaches c; a value v of x[k] stays while some reachable sum s before it
// has s + a[k] * v among those. Bit j of layer k stands for the sum low[k] + j, where low[k]
// is the least the first k terms could make with the domains at the post; every layer is
// as wide as all the terms' sums can spread (span), so a term shifts a layer by
// a[k] * v - its least. One run costs each value of each domain a pass over a layer's
// words: IntModel posts it only where the span is at most max_span values and the layers
// fit max_words words, and the bounds-consistent LinearEqual otherwise.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "backtrack/csp/propagators/basics.hpp"
#include "backtrack/csp/propagators/linear.hpp"

namespace backtrack::csp {

// The strength of a linear equality (a linear <= has one: its bounds are its supports).
enum class LinearStrength : std::uint8_t { bounds, domain };

struct LinearDomainEqual {
  static constexpr Value max_span = 4096;
  static constexpr std::size_t max_words = std::size_t{1} << 16;

  // Whether the terms, with the domains of s, are within the limits above.
  static bool fits(const Space& s, const std::vector<Term>& terms) {
    Wide span = 0;
    for (const Term& t : terms) {
      span += (t.a < 0 ? -Wide{t.a} : Wide{t.a}) * (s.max(t.x) - s.min(t.x));
      if (span >= max_span) return false;
    }
    return (terms.size() + 3) * words_for(static_cast<Value>(span) + 1) <= max_words;
  }

  LinearDomainEqual(const Space& s, std::vector<Term> ts, Wide c) : terms(std::move(ts)) {
    Wide low = 0;
    Value span = 0;
    for (const Term& t : terms) {
      const Value least = t.a > 0 ? t.a * s.min(t.x) : t.a * s.max(t.x);
      lows.push_back(least);
      low += least;
      span += (t.a < 0 ? -t.a : t.a) * (s.max(t.x) - s.min(t.x));
    }
    words = words_for(span + 1);
    // c beyond the reach of the sums: no bit stands for it, and the first run fails.
    target = c - low >= 0 && c - low <= span ? static_cast<Value>(c - low) : -1;
  }

  std::vector<Term> terms;
  std::vector<Value> lows;  // each term's least a * x at the post
  std::size_t words = 0;    // a layer's
  Value target = -1;        // c's bit in the last layer
  std::size_t scratch = 0;

  // c, where some sum may make it (target >= 0): what an explanation reads.
  Wide constant() const {
    Wide c = target;
    for (const Value low : lows) c += low;
    return c;
  }

  static constexpr bool idempotent = true;
  static constexpr Cost cost = Cost::high;
  std::vector<Subscription> subscriptions() const {
    std::vector<Subscription> subs;
    for (const Term& t : terms) subs.push_back({t.x, Event::domain});
    return subs;
  }
  // The layers, then two for the sums that reach c.
  void prepare(Space& s) { scratch = s.reserve_scratch_values((terms.size() + 3) * words); }

  Outcome propagate(Space& s) const {
    if (target < 0) return Outcome::failed;
    // int64 scratch read as its unsigned bits (the same object representation).
    auto* const base = reinterpret_cast<std::uint64_t*>(s.scratch_values().data() + scratch);
    const std::size_t n = terms.size();
    auto layer = [&](std::size_t k) { return base + k * words; };
    std::fill(base, base + (n + 1) * words, std::uint64_t{0});
    layer(0)[0] = 1;
    for (std::size_t k = 0; k < n; ++k) {
      s.for_each(terms[k].x, [&](Value v) { shift_up_into(layer(k), shift(k, v), layer(k + 1)); });
    }
    const auto t = static_cast<std::size_t>(target);
    if ((layer(n)[t / 64] >> (t % 64) & 1) == 0) return Outcome::failed;
    std::uint64_t* reach = base + (n + 1) * words;  // the sums from which the rest makes c
    std::uint64_t* before = reach + words;
    std::fill(reach, reach + words, std::uint64_t{0});
    reach[t / 64] = std::uint64_t{1} << (t % 64);
    bool fixed = true;
    for (std::size_t k = n; k-- > 0;) {
      const int x = terms[k].x;
      if (!s.keep_only(x, [&](Value v) { return meets_shifted(layer(k), shift(k, v), reach); })) {
        return Outcome::failed;
      }
      // (A variable without a bitset keeps the values inside its interval, supported or
      // not: they are sums the rest may start from, as far as the earlier terms know.)
      fixed = fixed && s.fixed(x);
      if (k == 0) break;
      std::fill(before, before + words, std::uint64_t{0});
      s.for_each(x, [&](Value v) { shift_down_into(reach, shift(k, v), before); });
      std::swap(reach, before);
    }
    return fixed ? Outcome::subsumed : Outcome::open;
  }

 private:
  static std::size_t words_for(Value bits) { return static_cast<std::size_t>((bits + 63) / 64); }
  std::size_t shift(std::size_t k, Value v) const { return static_cast<std::size_t>(terms[k].a * v - lows[k]); }

  // Word i of `from` shifted up (towards greater sums) or down by `by` bits.
  std::uint64_t up(const std::uint64_t* from, std::size_t by, std::size_t i) const {
    const std::size_t q = by / 64;
    const std::size_t r = by % 64;
    if (i < q) return 0;
    const std::uint64_t w = from[i - q] << r;
    return r != 0 && i > q ? w | from[i - q - 1] >> (64 - r) : w;
  }
  std::uint64_t down(const std::uint64_t* from, std::size_t by, std::size_t i) const {
    const std::size_t q = by / 64;
    const std::size_t r = by % 64;
    if (i + q >= words) return 0;
    const std::uint64_t w = from[i + q] >> r;
    return r != 0 && i + q + 1 < words ? w | from[i + q + 1] << (64 - r) : w;
  }
  void shift_up_into(const std::uint64_t* from, std::size_t by, std::uint64_t* to) const {
    for (std::size_t i = by / 64; i < words; ++i) to[i] |= up(from, by, i);
  }
  void shift_down_into(const std::uint64_t* from, std::size_t by, std::uint64_t* to) const {
    for (std::size_t i = 0; i + by / 64 < words; ++i) to[i] |= down(from, by, i);
  }
  bool meets_shifted(const std::uint64_t* from, std::size_t by, const std::uint64_t* with) const {
    for (std::size_t i = by / 64; i < words; ++i) {
      if ((up(from, by, i) & with[i]) != 0) return true;
    }
    return false;
  }
};

}  // namespace backtrack::csp
