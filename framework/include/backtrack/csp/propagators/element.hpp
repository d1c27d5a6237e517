#pragma once
// z = array[index], with index counted from 0 (IntModel::element).
//
//   ElementValues  an array of constants: domain consistency (an index stays while its
//                  value is z's; a value of z stays while an index gives it). Where a
//                  variable has no bitset, its bounds.
//   ElementVars    an array of variables: domain consistency on the index (an index stays
//                  while its variable shares a value with z), bounds consistency on z
//                  (its least and greatest value shared with a variable the index may
//                  pick), and once the index is fixed, the picked variable equals z value
//                  by value (bounds where a variable has no bitset).
#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

#include "backtrack/csp/propagators/basics.hpp"

namespace backtrack::csp {

// Narrows index to the positions of an array of `count`.
inline bool within_positions(Space& s, int index, std::size_t count) {
  return s.set_min(index, 0) && s.set_max(index, static_cast<Value>(count) - 1);
}

// The positions for which keep(i) holds: each one that fails goes, or, where the index
// has no bitset (its inner values cannot go), its bounds move to the nearest that holds.
template <class Keep>
bool keep_positions(Space& s, int index, Keep keep) {
  if (s.has_holes(index)) return s.keep_only(index, keep);
  while (!keep(s.min(index))) {
    if (!s.set_min(index, s.min(index) + 1)) return false;
  }
  while (!keep(s.max(index))) {
    if (!s.set_max(index, s.max(index) - 1)) return false;
  }
  return true;
}

struct ElementValues {
  std::vector<Value> array;
  int index, z;
  std::vector<std::pair<Value, Value>> by_value;  // (array[i], i), sorted

  static constexpr bool idempotent = true;
  ElementValues(std::vector<Value> values, int index_var, int z_var)
      : array(std::move(values)), index(index_var), z(z_var) {
    for (std::size_t i = 0; i < array.size(); ++i) by_value.emplace_back(array[i], static_cast<Value>(i));
    std::sort(by_value.begin(), by_value.end());
  }
  std::vector<Subscription> subscriptions() const { return {{index, Event::domain}, {z, Event::domain}}; }

  bool propagate(Space& s) const {
    if (!within_positions(s, index, array.size())) return false;
    if (!keep_positions(s, index, [&](Value i) { return s.contains(z, at(i)); })) return false;
    // An index without a bitset may keep positions inside its interval whose value is
    // not z's: they give z nothing.
    Value lo = max_value + 1;
    Value hi = min_value - 1;
    s.for_each(index, [&](Value i) {
      if (!s.contains(z, at(i))) return;
      lo = std::min(lo, at(i));
      hi = std::max(hi, at(i));
    });
    if (!s.set_min(z, lo) || !s.set_max(z, hi)) return false;
    if (!s.has_holes(z)) return true;
    return s.keep_only(z, [&](Value v) {
      auto it = std::lower_bound(by_value.begin(), by_value.end(), std::pair<Value, Value>{v, min_value});
      for (; it != by_value.end() && it->first == v; ++it) {
        if (s.contains(index, it->second)) return true;
      }
      return false;
    });
  }

 private:
  Value at(Value i) const { return array[static_cast<std::size_t>(i)]; }
};

struct ElementVars {
  std::vector<int> xs;
  int index, z;

  // z's change may take the support of an index: run again on its own changes.
  static constexpr bool idempotent = false;
  std::vector<Subscription> subscriptions() const {
    std::vector<Subscription> subs{{index, Event::domain}, {z, Event::domain}};
    for (int x : xs) subs.push_back({x, Event::domain});
    return subs;
  }

  bool propagate(Space& s) const {
    if (!within_positions(s, index, xs.size())) return false;
    if (!keep_positions(s, index, [&](Value i) { return first_common(s, at(i), z) <= s.max(z); })) return false;
    // z from the least and the greatest value it shares with a variable the index may pick.
    Value lo = max_value + 1;
    Value hi = min_value - 1;
    s.for_each(index, [&](Value i) {
      const Value first = first_common(s, at(i), z);
      if (first > s.max(z)) return;
      lo = std::min(lo, first);
      hi = std::max(hi, last_common(s, at(i), z));
    });
    if (!s.set_min(z, lo) || !s.set_max(z, hi)) return false;
    if (!s.fixed(index)) return true;
    // The picked variable is z.
    const int x = at(s.value(index));
    if (!s.set_min(x, s.min(z)) || !s.set_max(x, s.max(z)) || !s.set_min(z, s.min(x)) || !s.set_max(z, s.max(x))) {
      return false;
    }
    if (s.has_holes(x) && !s.keep_only(x, [&](Value v) { return s.contains(z, v); })) return false;
    if (s.has_holes(z) && !s.keep_only(z, [&](Value v) { return s.contains(x, v); })) return false;
    return true;
  }

 private:
  int at(Value i) const { return xs[static_cast<std::size_t>(i)]; }
  // The least value of both a and b (above b's max when there is none): each skips to
  // the other's next candidate.
  static Value first_common(const Space& s, int a, int b) {
    const Value last = std::min(s.max(a), s.max(b));
    Value v = std::max(s.min(a), s.min(b));
    while (v <= last) {
      if (!s.contains(a, v)) {
        v = s.next(a, v);
      } else if (!s.contains(b, v)) {
        v = s.next(b, v);
      } else {
        return v;
      }
    }
    return s.max(b) + 1;
  }
  // The greatest value of both (of some; called where first_common found one).
  static Value last_common(const Space& s, int a, int b) {
    Value v = std::min(s.max(a), s.max(b));
    while (!s.contains(a, v) || !s.contains(b, v)) v = s.contains(a, v) ? s.previous(b, v) : s.previous(a, v);
    return v;
  }
};

}  // namespace backtrack::csp
