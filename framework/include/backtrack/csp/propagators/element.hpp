#pragma once
// z = array[index], with index counted from 0 (IntModel::element).
//
//   ElementValues  an array of constants: domain consistency (an index stays while its
//                  value is z's; a value of z stays while an index gives it). Where a
//                  variable has no bitset, its bounds. Incremental, as Gecode's
//                  element over integers keeps its supports: reversible bits of the
//                  positions and the values still live and, per value, a count of its live
//                  positions; a run compares the index's domain with the live positions
//                  64 at a time and looks only at what left (a position takes one support
//                  from its value; a value without support leaves z; a value z lost takes
//                  its positions), so what did not change is not scanned again.
//   ElementVars    an array of variables: domain consistency on the index (an index stays
//                  while its variable shares a value with z), bounds consistency on z
//                  (its least and greatest value shared with a variable the index may
//                  pick), and once the index is fixed, the picked variable equals z value
//                  by value (bounds where a variable has no bitset).
//   Element2dVars  c = xs[row][column], a matrix of variables row by row: domain
//                  consistency on both indices (a row stays while a column the other index
//                  may pick holds a variable that shares a value with c) and on c (a value
//                  stays while a cell both indices may pick holds it); once one cell is
//                  left, its variable equals c as in ElementVars. Incremental: the live
//                  cells are reversible bits with a reversible count per row and column,
//                  so a run looks only at the cells still live, and a row or a column
//                  leaves its index when its last cell dies. One propagator where the
//                  decomposition has an index variable, a linear equality and an element.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstddef>
#include <span>
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

// The greatest value of both (of some; called where first_common found one).
inline Value last_common(const Space& s, int a, int b) {
  Value v = std::min(s.max(a), s.max(b));
  while (!s.contains(a, v) || !s.contains(b, v)) v = s.contains(a, v) ? s.previous(b, v) : s.previous(a, v);
  return v;
}
// x = z, value by value (their bounds where one has no bitset).
inline bool equal_domains(Space& s, int x, int z) {
  if (!s.set_min(x, s.min(z)) || !s.set_max(x, s.max(z)) || !s.set_min(z, s.min(x)) || !s.set_max(z, s.max(x))) {
    return false;
  }
  if (s.has_holes(x) && !s.keep_only(x, [&](Value v) { return s.contains(z, v); })) return false;
  return !s.has_holes(z) || s.keep_only(z, [&](Value v) { return s.contains(x, v); });
}
// `count` reversible bits, all set; the index of their first word.
inline std::size_t reserve_bits(Space& s, std::size_t count) {
  const std::size_t at = s.reserve_words(count / 64, ~std::uint64_t{0});
  if (count % 64 != 0) s.reserve_words(1, (std::uint64_t{1} << (count % 64)) - 1);
  return at;
}

struct ElementValues {
  std::vector<Value> array;
  int index, z;

  static constexpr bool idempotent = true;
  ElementValues(std::vector<Value> values, int index_var, int z_var)
      : array(std::move(values)), index(index_var), z(z_var) {
    std::vector<std::pair<Value, int>> by_value;  // (array[i], i), sorted
    for (std::size_t i = 0; i < array.size(); ++i) by_value.emplace_back(array[i], static_cast<int>(i));
    std::sort(by_value.begin(), by_value.end());
    rank_of.resize(array.size());
    for (const auto& [v, i] : by_value) {
      if (distinct.empty() || distinct.back() != v) {
        distinct.push_back(v);
        first_position.push_back(static_cast<int>(positions.size()));
      }
      rank_of[static_cast<std::size_t>(i)] = static_cast<int>(distinct.size()) - 1;
      positions.push_back(i);
    }
    first_position.push_back(static_cast<int>(positions.size()));
  }
  std::vector<Subscription> subscriptions() const { return {{index, Event::domain}, {z, Event::domain}}; }

  // The positions whose value is v (none where no position gives it).
  std::span<const int> positions_of(Value v) const {
    const auto it = std::lower_bound(distinct.begin(), distinct.end(), v);
    if (it == distinct.end() || *it != v) return {};
    const auto r = static_cast<std::size_t>(it - distinct.begin());
    return std::span<const int>(positions).subspan(static_cast<std::size_t>(first_position[r]),
                                                   static_cast<std::size_t>(first_position[r + 1] - first_position[r]));
  }

  void prepare(Space& s) {
    const std::size_t n = array.size();
    const std::size_t d = distinct.size();
    live_positions = reserve_bits(s, n);
    live_values = reserve_bits(s, d);
    supports = s.reserve_words(0);
    for (std::size_t r = 0; r < d; ++r) {
      s.reserve_words(1, static_cast<std::uint64_t>(first_position[r + 1] - first_position[r]));
    }
    counts = s.reserve_words(1, n);
    s.reserve_words(1, d);
    s.reserve_words(1, 0);  // 1 once the first run has been
  }

  Outcome propagate(Space& s) const {
    if (!within_positions(s, index, array.size())) return Outcome::failed;
    // The first run: z's values that no position gives (without a bitset, z's bounds move
    // to the live values below).
    if (s.word(counts + 2) == 0 && s.has_holes(z)) {
      s.set_word(counts + 2, 1);
      if (!s.keep_only(z, [&](Value v) { return std::binary_search(distinct.begin(), distinct.end(), v); })) {
        return Outcome::failed;
      }
    }
    for (;;) {
      const std::uint64_t live_before = s.word(counts) + s.word(counts + 1);
      if (!drop_left_positions(s) || !drop_left_values(s)) return Outcome::failed;
      // z = index kills positions as values: once more, on what this run took.
      if (index != z || s.word(counts) + s.word(counts + 1) == live_before) break;
    }
    // Without a bitset, a variable's values inside its interval stay: its bounds move in.
    if (!s.has_holes(index) && (!s.set_min(index, first_live(s, live_positions)) ||
                                !s.set_max(index, last_live(s, live_positions, array.size())))) {
      return Outcome::failed;
    }
    if (!s.has_holes(z) && (!s.set_min(z, distinct[static_cast<std::size_t>(first_live(s, live_values))]) ||
                            !s.set_max(z, distinct[static_cast<std::size_t>(last_live(s, live_values, distinct.size()))]))) {
      return Outcome::failed;
    }
    return s.fixed(index) ? Outcome::subsumed : Outcome::open;
  }

 private:
  // The positions the index lost since the last run (a word of its domain at a time
  // against the live positions): each takes one support from its value, and a value left
  // without one leaves z. With a bitset, the index's domain is the live positions, and
  // equal sizes say that nothing left.
  bool drop_left_positions(Space& s) const {
    if (s.has_holes(index) && s.size(index) == s.word(counts)) return true;
    const std::size_t words = (array.size() + 63) / 64;
    for (std::size_t k = 0; k < words; ++k) {
      const std::uint64_t live = s.word(live_positions + k);
      const std::uint64_t gone = live & ~s.window(index, static_cast<Value>(k * 64));
      if (gone == 0) continue;
      s.set_word(live_positions + k, live & ~gone);
      s.set_word(counts, s.word(counts) - static_cast<std::uint64_t>(std::popcount(gone)));
      for (std::uint64_t g = gone; g != 0; g &= g - 1) {
        const int r = rank_of[k * 64 + static_cast<std::size_t>(std::countr_zero(g))];
        const std::uint64_t left = s.word(supports + static_cast<std::size_t>(r)) - 1;
        s.set_word(supports + static_cast<std::size_t>(r), left);
        if (left == 0 && !kill_value(s, r)) return false;
      }
    }
    return true;
  }
  // The values z lost since the last run: their positions leave the index. With a bitset,
  // z's domain is the live values.
  bool drop_left_values(Space& s) const {
    if (s.has_holes(z) && s.size(z) == s.word(counts + 1)) return true;
    const std::size_t words = (distinct.size() + 63) / 64;
    for (std::size_t k = 0; k < words; ++k) {
      for (std::uint64_t w = s.word(live_values + k); w != 0; w &= w - 1) {
        const auto r = static_cast<int>(k * 64 + static_cast<std::size_t>(std::countr_zero(w)));
        if (s.contains(z, distinct[static_cast<std::size_t>(r)])) continue;
        if (!kill_value(s, r)) return false;
        for (int p = first_position[static_cast<std::size_t>(r)]; p < first_position[static_cast<std::size_t>(r) + 1]; ++p) {
          const int i = positions[static_cast<std::size_t>(p)];
          const std::size_t at = live_positions + static_cast<std::size_t>(i) / 64;
          const std::uint64_t bit = std::uint64_t{1} << (i % 64);
          if ((s.word(at) & bit) == 0) continue;
          s.set_word(at, s.word(at) & ~bit);
          s.set_word(counts, s.word(counts) - 1);
          if (!s.remove(index, i)) return false;
        }
      }
    }
    return true;
  }
  bool kill_value(Space& s, int r) const {
    const std::size_t at = live_values + static_cast<std::size_t>(r) / 64;
    s.set_word(at, s.word(at) & ~(std::uint64_t{1} << (r % 64)));
    s.set_word(counts + 1, s.word(counts + 1) - 1);
    return s.word(counts + 1) != 0 ? s.remove(z, distinct[static_cast<std::size_t>(r)]) : s.fail();
  }
  // The first and the last set bit of `count` reversible bits from word `at` (some is set).
  static Value first_live(const Space& s, std::size_t at) {
    std::size_t k = 0;
    while (s.word(at + k) == 0) ++k;
    return static_cast<Value>(k * 64 + static_cast<std::size_t>(std::countr_zero(s.word(at + k))));
  }
  static Value last_live(const Space& s, std::size_t at, std::size_t count) {
    std::size_t k = (count - 1) / 64;
    while (s.word(at + k) == 0) --k;
    return static_cast<Value>(k * 64 + 63 - static_cast<std::size_t>(std::countl_zero(s.word(at + k))));
  }

  std::vector<Value> distinct;            // the distinct values of the array, sorted
  std::vector<int> rank_of;              // position -> its value's rank in distinct
  std::vector<int> positions;            // the positions, grouped by value
  std::vector<int> first_position;       // rank -> its first in positions (and one past the last)
  std::size_t live_positions = 0;        // reversible bits: in the index, with a live value
  std::size_t live_values = 0;           // reversible bits: in z, with a live position
  std::size_t supports = 0;              // a word per value: its live positions
  std::size_t counts = 0;                // live positions, live values, whether it ran
};

struct ElementVars {
  std::vector<int> xs;
  int index, z;
  std::size_t live = 0;  // prepare()'s reversible bits: the positions the index may pick
  bool repeats = false;  // the index or z also in xs, or the index is z

  // A run is a fixpoint: narrowing z to its least and greatest supported value leaves each
  // position its support, and a fixed index leaves z and its variable equal. Unless a
  // variable stands in two places: then the run repeats until nothing changes.
  static constexpr bool idempotent = true;
  void prepare(Space& s) {
    live = reserve_bits(s, xs.size());
    repeats = index == z || std::find(xs.begin(), xs.end(), index) != xs.end() ||
              std::find(xs.begin(), xs.end(), z) != xs.end();
  }
  // A position the index lost wakes it no more (Gecode's element drops its subscription
  // too): of p1f's [x, y][i] = c, once i is fixed, the variable not picked.
  std::vector<Subscription> subscriptions() const {
    std::vector<Subscription> subs{{index, Event::domain}, {z, Event::domain}};
    for (std::size_t i = 0; i < xs.size(); ++i) {
      subs.push_back({xs[i], Event::domain, std::nullopt, {{live + i / 64, std::uint64_t{1} << (i % 64)}}});
    }
    return subs;
  }

  Outcome propagate(Space& s) const {
    for (;;) {
      const std::uint64_t before = repeats ? values(s) : 0;
      if (!narrow(s)) return Outcome::failed;
      if (!repeats || values(s) == before) break;
    }
    for (std::size_t w = 0; w * 64 < xs.size(); ++w) {
      std::uint64_t bits = s.word(live + w);
      for (std::uint64_t b = bits; b != 0; b &= b - 1) {
        const int i = static_cast<int>(w * 64) + std::countr_zero(b);
        if (!s.contains(index, i)) bits &= ~(b & -b);
      }
      s.set_word(live + w, bits);
    }
    // The picked variable is z, and both are fixed.
    return s.fixed(index) && s.fixed(z) ? Outcome::subsumed : Outcome::open;
  }

 private:
  bool narrow(Space& s) const {
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
    return equal_domains(s, at(s.value(index)), z);
  }
  std::uint64_t values(const Space& s) const {
    std::uint64_t n = s.size(index) + s.size(z);
    for (int x : xs) n += s.size(x);
    return n;
  }
  int at(Value i) const { return xs[static_cast<std::size_t>(i)]; }
};

struct Element2dVars {
  std::vector<int> xs;  // row by row, `columns` a row
  int row, column, c, columns;
  Value first_row, first_column;  // the indices of the first row and column
  std::size_t live = 0;           // prepare()'s reversible words: live cells, per row, per column, in all

  // c's change may take the support of a cell: run again on its own changes.
  static constexpr bool idempotent = false;
  std::vector<Subscription> subscriptions() const {
    std::vector<Subscription> subs{{row, Event::domain}, {column, Event::domain}, {c, Event::domain}};
    for (int x : xs) subs.push_back({x, Event::domain});
    return subs;
  }

  // The live cells' bits, then a count of live cells per row, per column, and in all.
  void prepare(Space& s) {
    live = reserve_bits(s, xs.size());
    s.reserve_words(rows(), static_cast<std::uint64_t>(columns));
    s.reserve_words(static_cast<std::size_t>(columns), rows());
    s.reserve_words(1, xs.size());
  }

  Outcome propagate(Space& s) const {
    if (!s.set_min(row, first_row) || !s.set_max(row, first_row + static_cast<Value>(rows()) - 1) ||
        !s.set_min(column, first_column) || !s.set_max(column, first_column + columns - 1)) {
      return Outcome::failed;
    }
    // A cell dies once an index cannot pick it or its variable shares no value with c.
    for (std::size_t k = 0; k < cell_words(); ++k) {
      for (std::uint64_t w = s.word(live + k); w != 0; w &= w - 1) {
        const std::size_t cell = k * 64 + static_cast<std::size_t>(std::countr_zero(w));
        const std::size_t r = cell / static_cast<std::size_t>(columns);
        const std::size_t q = cell % static_cast<std::size_t>(columns);
        if (s.contains(row, first_row + static_cast<Value>(r)) &&
            s.contains(column, first_column + static_cast<Value>(q)) && first_common(s, xs[cell], c) <= s.max(c)) {
          continue;
        }
        s.set_word(live + k, s.word(live + k) & ~(std::uint64_t{1} << (cell % 64)));
        s.set_word(row_counts() + r, s.word(row_counts() + r) - 1);
        s.set_word(column_counts() + q, s.word(column_counts() + q) - 1);
        s.set_word(total(), s.word(total()) - 1);
      }
    }
    if (s.word(total()) == 0) return Outcome::failed;
    if (!keep_positions(s, row, [&](Value i) { return s.word(row_counts() + static_cast<std::size_t>(i - first_row)) != 0; }) ||
        !keep_positions(s, column, [&](Value j) {
          return s.word(column_counts() + static_cast<std::size_t>(j - first_column)) != 0;
        })) {
      return Outcome::failed;
    }
    if (s.word(total()) == 1) {  // both indices fixed: the cell's variable is c
      const auto cell = static_cast<std::size_t>(s.value(row) - first_row) * static_cast<std::size_t>(columns) +
                        static_cast<std::size_t>(s.value(column) - first_column);
      if (!equal_domains(s, xs[cell], c)) return Outcome::failed;
      return s.fixed(c) ? Outcome::subsumed : Outcome::open;
    }
    // c keeps the values some live cell holds: first its bounds, then (with a bitset) the
    // values between.
    Value lo = max_value + 1;
    Value hi = min_value - 1;
    for_each_live(s, [&](std::size_t cell) {
      const Value first = first_common(s, xs[cell], c);
      if (first <= s.max(c)) {  // none where the cell's variable is an index that just moved
        lo = std::min(lo, first);
        hi = std::max(hi, last_common(s, xs[cell], c));
      }
      return false;
    });
    if (!s.set_min(c, lo) || !s.set_max(c, hi)) return Outcome::failed;
    if (s.has_holes(c) &&
        !s.keep_only(c, [&](Value v) { return for_each_live(s, [&](std::size_t cell) { return s.contains(xs[cell], v); }); })) {
      return Outcome::failed;
    }
    return Outcome::open;
  }

 private:
  std::size_t rows() const { return xs.size() / static_cast<std::size_t>(columns); }
  std::size_t cell_words() const { return (xs.size() + 63) / 64; }
  std::size_t row_counts() const { return live + cell_words(); }
  std::size_t column_counts() const { return row_counts() + rows(); }
  std::size_t total() const { return column_counts() + static_cast<std::size_t>(columns); }
  // f(cell) for each live cell until it returns true; whether one did.
  template <class F>
  bool for_each_live(const Space& s, F f) const {
    for (std::size_t k = 0; k < cell_words(); ++k) {
      for (std::uint64_t w = s.word(live + k); w != 0; w &= w - 1) {
        if (f(k * 64 + static_cast<std::size_t>(std::countr_zero(w)))) return true;
      }
    }
    return false;
  }
};

}  // namespace backtrack::csp
