#pragma once
// Table (extensional) constraints: the variables take one of a list of tuples (Table),
// or none of them (ForbiddenTable). Both by compact table (Demeulenaere et al., CP 2016).
//
// The tuples still possible are a reversible sparse bitset in the space's words: a tuple
// lives while each of its values is in its variable's domain. Each (variable, value) has a
// static mask, the tuples with that value there (its supports). When a domain changed
// since the last run (its size differs from the size kept in a reversible word), the live
// tuples lose those whose value there left: the live words and-ed with the union of the
// present values' masks, or with the complement of the absent ones', whichever is fewer.
// The live words are kept listed first in an index (scratch: undo needs no change to it,
// for a word that empties only moves past the count of live words, a reversible word).
//
// The variables are distinct, and so are the tuples (IntModel::table sees to both).
//
// Table: domain consistency. A value stays while its mask meets the live tuples; the word
// where they last met (its residue, in scratch) is tried first. When only one variable
// changed, its own values keep their supports, and are not looked at.
// ForbiddenTable: domain consistency too. A value goes when the live forbidden tuples with
// it number the product of the other domains' sizes: every completion is forbidden.
// A variable too wide for holes (space.hpp) keeps its interval: its bounds move to the
// nearest supported values (Table) or past forbidden ones, the values inside it stay.
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "backtrack/csp/propagators/basics.hpp"

namespace backtrack::csp {

class CompactTable {
 public:
  // tuples: each with one value per variable.
  CompactTable(std::vector<int> variables, const std::vector<std::vector<Value>>& tuples) : xs(std::move(variables)) {
    words_ = (tuples.size() + 63) / 64;
    for (std::size_t i = 0; i < xs.size(); ++i) {
      std::vector<Value> column;
      for (const auto& t : tuples) column.push_back(t[i]);
      std::sort(column.begin(), column.end());
      column.erase(std::unique(column.begin(), column.end()), column.end());
      first_value_.push_back(values_.size());
      values_.insert(values_.end(), column.begin(), column.end());
      widest_ = std::max(widest_, column.size());
    }
    first_value_.push_back(values_.size());
    supports_.assign(values_.size() * words_, 0);
    for (std::size_t t = 0; t < tuples.size(); ++t) {
      for (std::size_t i = 0; i < xs.size(); ++i) {
        supports_[value_index(i, tuples[t][i]) * words_ + t / 64] |= std::uint64_t{1} << (t % 64);
      }
    }
  }

  std::vector<int> xs;

  void prepare(Space& s) {
    // Every word live at first: the bits past the last tuple have no support anywhere,
    // and leave at the first run, which updates every variable.
    live_at_ = s.reserve_words(words_, ~std::uint64_t{0});
    s.reserve_words(1, words_);                   // the count of live words
    s.reserve_words(xs.size(), never_updated);    // each variable's size at its last update
    index_at_ = s.reserve_scratch(words_ + values_.size() + widest_);
    for (std::size_t w = 0; w < words_; ++w) s.scratch_ints()[index_at_ + w] = static_cast<int>(w);
    for (std::size_t r = 0; r < values_.size(); ++r) s.scratch_ints()[index_at_ + words_ + r] = 0;
  }
  std::vector<Subscription> subscriptions() const {
    std::vector<Subscription> subs;
    for (int x : xs) subs.push_back({x, Event::domain});
    return subs;
  }

  // What learning reads (explanations.hpp): column i's values, and the tuples with value
  // column(i)[k] there, a bitset of tuple_words() words.
  std::span<const Value> column(std::size_t i) const { return {values_.data() + first_value_[i], column_size(i)}; }
  std::span<const std::uint64_t> tuples_with(std::size_t i, std::size_t k) const { return {mask(i, k), words_}; }
  std::size_t tuple_words() const { return words_; }

 protected:
  static constexpr std::uint64_t never_updated = ~std::uint64_t{0};

  std::size_t live_words(const Space& s) const { return static_cast<std::size_t>(s.word(live_at_ + words_)); }
  std::uint64_t last_size(const Space& s, std::size_t i) const { return s.word(live_at_ + words_ + 1 + i); }
  void remember_sizes(Space& s) const {
    for (std::size_t i = 0; i < xs.size(); ++i) s.set_word(live_at_ + words_ + 1 + i, s.size(xs[i]));
  }
  // The word of the live tuples at position p of the index (p < live_words()).
  std::size_t live_word(Space& s, std::size_t p) const { return static_cast<std::size_t>(s.scratch_ints()[index_at_ + p]); }
  std::uint64_t live(const Space& s, std::size_t w) const { return s.word(live_at_ + w); }
  const std::uint64_t* mask(std::size_t i, std::size_t k) const { return supports_.data() + (first_value_[i] + k) * words_; }
  std::size_t column_size(std::size_t i) const { return first_value_[i + 1] - first_value_[i]; }
  Value column_value(std::size_t i, std::size_t k) const { return values_[first_value_[i] + k]; }
  int& residue(Space& s, std::size_t i, std::size_t k) const { return s.scratch_ints()[index_at_ + words_ + first_value_[i] + k]; }

  // The live tuples keep those whose value at position i is still in its domain.
  void update(Space& s, std::size_t i) const {
    const int x = xs[i];
    const std::size_t count = column_size(i);
    int* present = s.scratch_ints().data() + index_at_ + words_ + values_.size();
    std::size_t in = 0;
    std::size_t out = count;  // the absent values fill the room from its end
    for (std::size_t k = 0; k < count; ++k) {
      if (s.contains(x, column_value(i, k))) {
        present[in++] = static_cast<int>(k);
      } else {
        present[--out] = static_cast<int>(k);
      }
    }
    const bool by_present = in <= count - out;
    const int* chosen = by_present ? present : present + out;
    const std::size_t chosen_count = by_present ? in : count - out;
    std::size_t limit = live_words(s);
    for (std::size_t p = limit; p-- > 0;) {
      const std::size_t w = live_word(s, p);
      std::uint64_t u = 0;
      for (std::size_t j = 0; j < chosen_count; ++j) u |= mask(i, static_cast<std::size_t>(chosen[j]))[w];
      const std::uint64_t next = live(s, w) & (by_present ? u : ~u);
      s.set_word(live_at_ + w, next);
      if (next == 0) {  // the word leaves the live ones: swapped to just past them
        std::swap(s.scratch_ints()[index_at_ + p], s.scratch_ints()[index_at_ + limit - 1]);
        --limit;
      }
    }
    s.set_word(live_at_ + words_, limit);
  }

  // Updates every variable whose domain changed since the last run; how many changed, and
  // the position of one of them (`first_run`: never updated before).
  std::size_t update_changed(Space& s, std::size_t& changed_at, bool& first_run) const {
    std::size_t changed = 0;
    for (std::size_t i = 0; i < xs.size(); ++i) {
      const std::uint64_t last = last_size(s, i);
      if (last == s.size(xs[i])) continue;
      first_run = first_run || last == never_updated;
      ++changed;
      changed_at = i;
      update(s, i);
    }
    return changed;
  }

  // The first column value at or above v.
  std::size_t first_at_least(std::size_t i, Value v) const {
    const auto begin = values_.begin() + static_cast<std::ptrdiff_t>(first_value_[i]);
    const auto end = values_.begin() + static_cast<std::ptrdiff_t>(first_value_[i + 1]);
    return static_cast<std::size_t>(std::lower_bound(begin, end, v) - begin);
  }
  bool in_column(std::size_t i, Value v) const {
    const std::size_t k = first_at_least(i, v);
    return k < column_size(i) && column_value(i, k) == v;
  }

 private:
  std::size_t value_index(std::size_t i, Value v) const { return first_value_[i] + first_at_least(i, v); }

  std::size_t words_ = 0;                 // of the tuple bitsets
  std::vector<Value> values_;             // each column's distinct values, sorted, one column after another
  std::vector<std::size_t> first_value_;  // column i's values start at first_value_[i] (and one past the last)
  std::size_t widest_ = 0;                // the most values of one column
  std::vector<std::uint64_t> supports_;   // per column value, its tuples (words_ words)
  std::size_t live_at_ = 0;               // Space words: the live tuples, their count of words, the sizes
  std::size_t index_at_ = 0;              // scratch: the index of live words, the residues, room for values
};

struct Table : CompactTable {
  using CompactTable::CompactTable;
  static constexpr bool idempotent = true;
  static constexpr Cost cost = Cost::high;

  bool propagate(Space& s) const {
    std::size_t changed_at = 0;
    bool first_run = false;
    const std::size_t changed = update_changed(s, changed_at, first_run);
    if (changed == 0) return true;
    if (live_words(s) == 0) return s.fail();
    for (std::size_t i = 0; i < xs.size(); ++i) {
      if (changed == 1 && i == changed_at && !first_run) continue;
      if (!filter(s, i, first_run)) return false;
    }
    remember_sizes(s);
    return true;
  }

 private:
  // Removes the values of position i that no live tuple supports.
  bool filter(Space& s, std::size_t i, bool first_run) const {
    const int x = xs[i];
    const std::size_t count = column_size(i);
    std::size_t lowest = count;  // the supported values' first and last
    std::size_t highest = 0;
    for (std::size_t k = first_at_least(i, s.min(x)); k < count && column_value(i, k) <= s.max(x); ++k) {
      const Value v = column_value(i, k);
      if (!s.contains(x, v)) continue;
      if (supported(s, i, k)) {
        lowest = std::min(lowest, k);
        highest = k;
      } else if (!s.remove(x, v)) {
        return false;
      }
    }
    if (lowest == count) return s.fail();
    if (!s.set_min(x, column_value(i, lowest)) || !s.set_max(x, column_value(i, highest))) return false;
    // The values no tuple has there leave once; the domain never regains them below.
    if (first_run && s.has_holes(x)) return s.keep_only(x, [&](Value v) { return in_column(i, v); });
    return true;
  }

  bool supported(Space& s, std::size_t i, std::size_t k) const {
    const std::uint64_t* m = mask(i, k);
    int& r = residue(s, i, k);
    if ((live(s, static_cast<std::size_t>(r)) & m[r]) != 0) return true;
    for (std::size_t p = 0, limit = live_words(s); p < limit; ++p) {
      const std::size_t w = live_word(s, p);
      if ((live(s, w) & m[w]) != 0) {
        r = static_cast<int>(w);
        return true;
      }
    }
    return false;
  }
};

struct ForbiddenTable : CompactTable {
  using CompactTable::CompactTable;
  // Removing a value can leave another variable's value with every completion forbidden.
  static constexpr bool idempotent = false;
  static constexpr Cost cost = Cost::high;

  bool propagate(Space& s) const {
    std::size_t changed_at = 0;
    bool first_run = false;
    if (update_changed(s, changed_at, first_run) == 0) return true;
    for (std::size_t i = 0; i < xs.size() && live_words(s) > 0; ++i) {
      const std::uint64_t before = s.size(xs[i]);
      if (!filter(s, i)) return false;
      if (s.size(xs[i]) != before) update(s, i);  // the counts for the next variables
    }
    remember_sizes(s);
    return true;
  }

 private:
  bool filter(Space& s, std::size_t i) const {
    const std::uint64_t forbidden = live_count(s);
    // The completions of a value of position i: the product of the other sizes, which
    // stops counting past the live tuples (then none is removed).
    Wide completions = 1;
    for (std::size_t j = 0; j < xs.size() && completions <= Wide{forbidden}; ++j) {
      if (j != i) completions *= s.size(xs[j]);
    }
    if (completions > Wide{forbidden}) return true;
    const int x = xs[i];
    for (std::size_t k = first_at_least(i, s.min(x)), count = column_size(i); k < count && column_value(i, k) <= s.max(x); ++k) {
      const Value v = column_value(i, k);
      if (s.contains(x, v) && Wide{live_count(s, mask(i, k))} == completions && !s.remove(x, v)) return false;
    }
    return true;
  }

  // The live tuples, all of them or those within mask m.
  std::uint64_t live_count(Space& s, const std::uint64_t* m = nullptr) const {
    std::uint64_t n = 0;
    for (std::size_t p = 0, limit = live_words(s); p < limit; ++p) {
      const std::size_t w = live_word(s, p);
      n += static_cast<std::uint64_t>(std::popcount(live(s, w) & (m != nullptr ? m[w] : ~std::uint64_t{0})));
    }
    return n;
  }
};

}  // namespace backtrack::csp
