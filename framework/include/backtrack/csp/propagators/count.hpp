#pragma once
// Count: the number of xs whose value lies in a target, compared with c + offset
// (==, !=, <=, >=). The target is a set of constants (among; count with a constant y),
// or a variable y's value (count with a variable y); c is a variable, or none (the count
// is compared with the offset alone).
//
// Each x is in, out (no value of it in the target) or open. Once the target is known (a
// set of constants, or y fixed) the xs not yet decided are a reversible bitset in the
// space's words and those in are a reversible tally, so a run looks only at the open ones
// (Gecode's Count keeps the same tally with advisors). Then:
//   - c gets the count's bounds, in and in + open, every count between being reachable;
//   - where c leaves room for none of the open, each loses the target's values; where it
//     needs them all, each is narrowed to the target.
// That is domain consistency for a target of constants and c not among the xs (the
// values c keeps are the counts some assignment reaches; the pruning of an x is the
// only choice that keeps c's range reachable). While y is open: c's bounds (0, and the xs
// that share a value with y), and where c needs every x that may equal y, those xs and y
// keep only the values they share; the rest waits for y to be fixed.
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "backtrack/csp/propagators/basics.hpp"

namespace backtrack::csp {

enum class CountRelation : std::uint8_t { equal, not_equal, at_most, at_least };  // count rel c + offset

struct Count {
  std::vector<int> xs;
  std::vector<Value> target;  // sorted, no repeats; unused where y >= 0
  int y = -1;                 // the variable whose value is counted, or -1: the target
  int c = -1;                 // or -1: the count is compared with the offset alone
  Value offset = 0;
  CountRelation relation = CountRelation::equal;
  std::size_t open_at = 0;  // Space words: the open xs, one bit each; then the tally of those in

  // Reruns on its own changes: c may be one of the xs (a magic sequence counts its own
  // values), and narrowing it there changes the count.
  static constexpr bool idempotent = false;

  void prepare(Space& s) {
    open_at = s.reserve_words(words(), ~std::uint64_t{0});
    s.reserve_words(1, 0);
  }
  std::vector<Subscription> subscriptions() const {
    std::vector<Subscription> subs;
    // An x decided (in or out) concerns the count no more; one value counted, x matters
    // only once it has lost it or is fixed.
    const std::optional<Value> watch = y < 0 && target.size() == 1 ? std::optional<Value>(target[0]) : std::nullopt;
    for (std::size_t i = 0; i < xs.size(); ++i) {
      subs.push_back({xs[i], Event::domain, watch, std::pair(open_at + i / 64, std::uint64_t{1} << (i % 64))});
    }
    if (y >= 0) subs.push_back({y, Event::domain});
    if (c >= 0) subs.push_back({c, Event::bounds});
    return subs;
  }

  Outcome propagate(Space& s) const {
    if (y >= 0 && !s.fixed(y)) return outcome_of(propagate_open_y(s));
    const Value single = y >= 0 ? s.value(y) : 0;
    const std::span<const Value> t = y >= 0 ? std::span<const Value>(&single, 1) : std::span<const Value>(target);
    // The open xs decided now leave the bitset; those in join the tally.
    std::uint64_t in = s.word(tally_at());
    std::uint64_t open = 0;
    for (std::size_t w = 0; w < words(); ++w) {
      std::uint64_t bits = s.word(open_at + w);
      for (std::uint64_t b = bits; b != 0; b &= b - 1) {
        const std::size_t i = w * 64 + static_cast<std::size_t>(std::countr_zero(b));
        if (i >= xs.size()) {
          bits &= ~(std::uint64_t{1} << (i % 64));
          continue;
        }
        const std::uint64_t k = values_in(s, xs[i], t);
        if (k == 0 || k == s.size(xs[i])) {
          bits &= ~(std::uint64_t{1} << (i % 64));
          in += k == 0 ? 0 : 1;
        } else {
          ++open;
        }
      }
      s.set_word(open_at + w, bits);
    }
    s.set_word(tally_at(), in);
    const Value lo = static_cast<Value>(in);
    const Value hi = lo + static_cast<Value>(open);
    switch (relation) {
      case CountRelation::equal:
        if (!at_least_bound(s, lo) || !at_most_bound(s, hi)) return Outcome::failed;
        break;
      case CountRelation::at_most:
        if (!at_least_bound(s, lo)) return Outcome::failed;
        break;
      case CountRelation::at_least:
        if (!at_most_bound(s, hi)) return Outcome::failed;
        break;
      case CountRelation::not_equal:
        return not_equal(s, t, lo, hi);
    }
    const Value least = c_min(s) + offset;  // what c asks of the count now
    const Value most = c_max(s) + offset;
    const bool none_more = relation != CountRelation::at_least && most == lo;
    const bool all_more = relation != CountRelation::at_most && least == hi;
    if (open > 0 && (none_more || all_more)) {
      for (std::size_t w = 0; w < words(); ++w) {
        for (std::uint64_t b = s.word(open_at + w); b != 0; b &= b - 1) {
          const int x = xs[w * 64 + static_cast<std::size_t>(std::countr_zero(b))];
          if (!(none_more ? remove_all(s, x, t) : keep_within(s, x, t))) return Outcome::failed;
        }
      }
      // Their changes wake this propagator again, which moves them to the tally.
      return Outcome::open;
    }
    const bool holds = relation == CountRelation::equal       ? lo == hi && c_fixed(s)
                       : relation == CountRelation::at_most   ? hi <= least
                                                              : lo >= most;
    return holds ? Outcome::subsumed : Outcome::open;
  }

 private:
  std::size_t words() const { return xs.size() / 64 + 1; }
  std::size_t tally_at() const { return open_at + words(); }
  Value c_min(const Space& s) const { return c >= 0 ? s.min(c) : 0; }
  Value c_max(const Space& s) const { return c >= 0 ? s.max(c) : 0; }
  bool c_fixed(const Space& s) const { return c < 0 || s.fixed(c); }
  // The count is at least lo: c + offset is at least it (<= and ==).
  bool at_least_bound(Space& s, Value lo) const {
    if (c < 0) return offset >= lo || s.fail();
    return s.set_min(c, lo - offset);
  }
  bool at_most_bound(Space& s, Value hi) const {
    if (c < 0) return offset <= hi || s.fail();
    return s.set_max(c, hi - offset);
  }

  // The count differs from c + offset: decided once at most one of them is open.
  Outcome not_equal(Space& s, std::span<const Value> t, Value lo, Value hi) const {
    if (lo == hi) {
      if (c < 0) return offset != lo ? Outcome::subsumed : Outcome::failed;
      return remove_last(s, c, lo - offset);
    }
    if (!c_fixed(s) || hi - lo > 1) return Outcome::open;
    const Value k = c_min(s) + offset;  // one x open: it decides whether the count is lo or hi
    if (k != lo && k != hi) return Outcome::subsumed;
    for (std::size_t w = 0; w < words(); ++w) {
      for (std::uint64_t b = s.word(open_at + w); b != 0; b &= b - 1) {
        const int x = xs[w * 64 + static_cast<std::size_t>(std::countr_zero(b))];
        if (!(k == lo ? keep_within(s, x, t) : remove_all(s, x, t))) return Outcome::failed;
        const std::uint64_t in = values_in(s, x, t);  // without holes x may keep inner ones
        return in == 0 || in == s.size(x) ? Outcome::subsumed : Outcome::open;
      }
    }
    return Outcome::open;
  }

  // While y is open: the bounds of the count from the xs that may share its value.
  bool propagate_open_y(Space& s) const {
    Value may = 0;
    for (int x : xs) may += shares(s, x, y) ? 1 : 0;
    if (relation == CountRelation::equal || relation == CountRelation::at_least) {
      if (!at_most_bound(s, may)) return false;
    }
    if (relation == CountRelation::not_equal || relation == CountRelation::at_most) return true;
    if (c_min(s) + offset != may || may == 0) return true;
    // Every x that may equal y must: they and y keep the values they share.
    for (int x : xs) {
      if (!shares(s, x, y)) continue;
      if (!s.keep_only(x, [&](Value v) { return s.contains(y, v); })) return false;
      if (!s.keep_only(y, [&](Value v) { return s.contains(x, v); })) return false;
    }
    return true;
  }
  static bool shares(const Space& s, int a, int b) { return first_common(s, a, b) <= s.max(b); }

  // How many values of x lie in the target (the target's within x's bounds, looked up).
  static std::uint64_t values_in(const Space& s, int x, std::span<const Value> t) {
    if (t.size() == 1) return s.contains(x, t[0]) ? 1 : 0;
    std::uint64_t k = 0;
    for (auto it = std::lower_bound(t.begin(), t.end(), s.min(x)); it != t.end() && *it <= s.max(x); ++it) {
      k += s.contains(x, *it) ? 1 : 0;
    }
    return k;
  }
  static bool remove_all(Space& s, int x, std::span<const Value> t) {
    for (auto it = std::lower_bound(t.begin(), t.end(), s.min(x)); it != t.end() && *it <= s.max(x); ++it) {
      if (!s.remove(x, *it)) return false;
    }
    return true;
  }
  // x keeps only target values: its bounds jump to the nearest, and (with holes) the
  // others between go.
  static bool keep_within(Space& s, int x, std::span<const Value> t) {
    const auto first = std::lower_bound(t.begin(), t.end(), s.min(x));
    const auto last = std::upper_bound(t.begin(), t.end(), s.max(x));
    if (first == last) return s.fail();
    if (!s.set_min(x, *first) || !s.set_max(x, *(last - 1))) return false;
    return !s.has_holes(x) || s.keep_only(x, [&](Value v) { return std::binary_search(first, last, v); });
  }
};

}  // namespace backtrack::csp
