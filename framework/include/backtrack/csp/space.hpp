#pragma once
// The integer variables of a search, their domains, and the trail that takes changes back.
//
// A domain is an interval [min, max], and, where the variable's initial range is at most
// bitset_limit values, a bitset over that range for the holes: bit i stands for the value
// base + i. A value is in the domain when it lies in the interval and its bit is set; the
// bits outside the interval are never cleared, so moving a bound writes no bit, only the
// interval and the size. A wider variable is its interval alone: removing a value inside
// it changes nothing (a superset of the domain is kept, which stays sound: a propagator
// still fails when every variable is fixed and the constraint does not hold), and the
// search bisects it rather than trying values one by one (search.hpp).
//
// Reversible state: every change is undone exactly by the trail. A variable's bounds
// and size are saved once per node (a stamp says when they were saved last), a word of
// bits each time it is written. The propagators keep their own reversible words here
// too (reserve_words()): a compact table's live tuples, for instance.
//
// Lazy clause generation (learning/): with log_narrowings() on, every narrowing is also
// written down as the literal it made true (x = v, x != v, x <= v, x > v), with the
// propagator that ran (begin_run()), for a conflict to be explained by; off, a narrowing
// pays one predictable branch.
//
// Events: a change is `domain` (a value inside the interval went), `bounds` (min or max
// moved) or `fixed` (one value left); the strongest event of each variable since the last
// drain is kept for the propagation loop (propagation.hpp), which wakes the propagators
// that subscribed to it.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "backtrack/csp/work_queue.hpp"

namespace backtrack::csp {

using Value = std::int64_t;
// Values are 32-bit: sums and products of them stay exact in 64 and 128 bits.
inline constexpr Value min_value = std::numeric_limits<std::int32_t>::min() + Value{1};
inline constexpr Value max_value = std::numeric_limits<std::int32_t>::max();
inline constexpr Value bitset_limit = Value{1} << 16;

enum class Event : std::uint8_t { none = 0, domain = 1, bounds = 2, fixed = 3 };

// A literal's relation, in the order of a decision's kinds (value_order.hpp).
enum class LiteralKind : std::uint8_t { equal, not_equal, at_most, more_than };

// A narrowing written down: the literal x <kind> v it made true, the domain's bounds
// after it, the propagator running (-1: none, a decision) and where in the log its run
// began.
struct Narrowing {
  int x;
  LiteralKind kind;
  Value v, lo, hi;
  int cause;
  std::size_t run_start;
};

// What a propagator's run costs, which orders the woken ones (propagation.hpp): low
// (a clause over Booleans), linear in its scope (the default), high (a global constraint).
enum class Cost : std::uint8_t { low = 0, linear = 1, high = 2 };

class Space {
 public:
  // A variable with the values lo .. hi; its number.
  int add_variable(Value lo, Value hi) {
    if (lo < min_value || hi > max_value) {
      throw std::invalid_argument("csp: values are 32-bit integers, got " + std::to_string(lo) + ".." +
                                  std::to_string(hi));
    }
    if (lo > hi) throw std::invalid_argument("csp: an empty range " + std::to_string(lo) + ".." + std::to_string(hi));
    Var v{lo, hi, static_cast<std::uint64_t>(hi - lo + 1), lo, hi, -1};
    if (hi - lo < bitset_limit) {
      v.words_at = static_cast<std::int64_t>(words_.size());
      const auto count = static_cast<std::size_t>((hi - lo) / 64 + 1);
      words_.resize(words_.size() + count, ~std::uint64_t{0});
    }
    vars_.push_back(v);
    stamp_.push_back(0);
    event_.push_back(Event::none);
    return static_cast<int>(vars_.size()) - 1;
  }
  // `count` words, all `fill`, kept reversibly for a propagator; the index of the first.
  std::size_t reserve_words(std::size_t count, std::uint64_t fill = 0) {
    const std::size_t at = words_.size();
    words_.resize(at + count, fill);
    return at;
  }

  // `count` ints a propagator may use as scratch between its runs (not restored by undo:
  // a hint such as a matching, or room to sort in); the index of the first.
  std::size_t reserve_scratch(std::size_t count) {
    scratch_.resize(scratch_.size() + count, -1);
    return scratch_.size() - count;
  }
  std::vector<int>& scratch_ints() { return scratch_; }
  const std::vector<int>& scratch_ints() const { return scratch_; }
  // The same for values.
  std::size_t reserve_scratch_values(std::size_t count) {
    scratch_values_.resize(scratch_values_.size() + count, 0);
    return scratch_values_.size() - count;
  }
  std::vector<Value>& scratch_values() { return scratch_values_; }

  int variables() const { return static_cast<int>(vars_.size()); }
  Value min(int x) const { return var(x).lo; }
  Value max(int x) const { return var(x).hi; }
  std::uint64_t size(int x) const { return var(x).size; }
  bool fixed(int x) const { return var(x).lo == var(x).hi; }
  Value value(int x) const { return var(x).lo; }  // of a fixed variable
  // Whether the variable keeps its holes (a bitset), or is its interval alone.
  bool has_holes(int x) const { return var(x).words_at >= 0; }
  bool contains(int x, Value v) const {
    const Var& d = var(x);
    return v >= d.lo && v <= d.hi && (d.words_at < 0 || bit(d, v));
  }
  // The smallest value of the domain above v (max + 1 when there is none).
  Value next(int x, Value v) const {
    const Var& d = var(x);
    if (v < d.lo) return d.lo;
    if (v >= d.hi) return d.hi + 1;
    return d.words_at < 0 ? v + 1 : next_bit(d, v + 1);
  }
  // The largest value of the domain below v (min - 1 when there is none).
  Value previous(int x, Value v) const {
    const Var& d = var(x);
    if (v > d.hi) return d.hi;
    if (v <= d.lo) return d.lo - 1;
    return d.words_at < 0 ? v - 1 : previous_bit(d, v - 1);
  }
  // f(value) for every value of the domain, smallest first.
  template <class F>
  void for_each(int x, F f) const {
    const Var& d = var(x);
    for (Value v = d.lo; v <= d.hi; v = next(x, v)) f(v);
  }

  // The values lo .. lo + 63 of the domain, one bit each (bit i: lo + i).
  std::uint64_t window(int x, Value lo) const {
    const Var& d = var(x);
    if (d.hi < lo || d.lo > lo + 63) return 0;
    std::uint64_t mask = ~std::uint64_t{0};
    if (d.lo > lo) mask &= ~std::uint64_t{0} << (d.lo - lo);
    if (d.hi < lo + 63) mask &= ~std::uint64_t{0} >> (lo + 63 - d.hi);
    if (d.words_at < 0) return mask;
    return mask & bits_from(d, lo);
  }
  // Keeps only the values lo + i whose bit i is set in `mask` (every value of the domain
  // lies in lo .. lo + 63).
  bool restrict_to_window(int x, Value lo, std::uint64_t mask) {
    const std::uint64_t now = window(x, lo);
    const std::uint64_t kept = now & mask;
    if (kept == now) return true;
    if (kept == 0) return fail();
    Var& d = var(x);
    const Value new_lo = lo + std::countr_zero(kept);
    const Value new_hi = lo + 63 - std::countl_zero(kept);
    const bool bounds_moved = new_lo != d.lo || new_hi != d.hi;
    if (d.words_at < 0) return set_min(x, new_lo) && set_max(x, new_hi);  // no holes to keep
    save(x);
    {
      for (std::uint64_t removed = now & ~kept; removed != 0; removed &= removed - 1) {
        const auto i = static_cast<std::uint64_t>(lo + std::countr_zero(removed) - d.base);
        const std::size_t w = static_cast<std::size_t>(d.words_at) + i / 64;
        set_word(w, words_[w] & ~(std::uint64_t{1} << (i % 64)));
      }
    }
    const Value old_lo = d.lo, old_hi = d.hi;
    d.lo = new_lo;
    d.hi = new_hi;
    d.size = static_cast<std::uint64_t>(std::popcount(kept));
    if (logging_) [[unlikely]] {  // the bounds first, each with the domain's bounds after it alone
      if (new_lo != old_lo) log_.push_back({x, LiteralKind::more_than, new_lo - 1, new_lo, old_hi, cause_, run_start_});
      if (new_hi != old_hi) log(x, LiteralKind::at_most, new_hi);
      for (std::uint64_t removed = now & ~kept; removed != 0; removed &= removed - 1) {
        const Value v = lo + std::countr_zero(removed);
        if (v > new_lo && v < new_hi) log(x, LiteralKind::not_equal, v);
      }
    }
    changed(x, new_lo == new_hi ? Event::fixed : bounds_moved ? Event::bounds : Event::domain);
    return true;
  }

  // Narrowing. Each returns false when the domain became empty, and the space is then
  // failed (failed()); none widens a domain.
  bool set_min(int x, Value v) {
    Var& d = var(x);
    if (v <= d.lo) return true;
    if (v > d.hi) return fail();
    save(x);
    if (d.words_at < 0) {
      d.lo = v;
      d.size = static_cast<std::uint64_t>(d.hi - v + 1);
    } else {
      const Value lo = next_bit(d, v);
      d.size -= count_bits(d, d.lo, lo - 1);
      d.lo = lo;
    }
    if (logging_) [[unlikely]] log(x, LiteralKind::more_than, d.lo - 1);
    changed(x, d.lo == d.hi ? Event::fixed : Event::bounds);
    return true;
  }
  bool set_max(int x, Value v) {
    Var& d = var(x);
    if (v >= d.hi) return true;
    if (v < d.lo) return fail();
    save(x);
    if (d.words_at < 0) {
      d.hi = v;
      d.size = static_cast<std::uint64_t>(v - d.lo + 1);
    } else {
      const Value hi = previous_bit(d, v);
      d.size -= count_bits(d, hi + 1, d.hi);
      d.hi = hi;
    }
    if (logging_) [[unlikely]] log(x, LiteralKind::at_most, d.hi);
    changed(x, d.lo == d.hi ? Event::fixed : Event::bounds);
    return true;
  }
  bool remove(int x, Value v) {
    Var& d = var(x);
    if (v < d.lo || v > d.hi) return true;
    if (v == d.lo) return d.lo == d.hi ? fail() : set_min(x, v + 1);
    if (v == d.hi) return set_max(x, v - 1);
    if (d.words_at < 0 || !bit(d, v)) return true;
    save(x);
    const auto i = static_cast<std::uint64_t>(v - d.base);
    write_word(static_cast<std::size_t>(d.words_at) + i / 64, words_[static_cast<std::size_t>(d.words_at) + i / 64] &
                                                                 ~(std::uint64_t{1} << (i % 64)));
    --d.size;
    if (logging_) [[unlikely]] log(x, LiteralKind::not_equal, v);
    changed(x, Event::domain);
    return true;
  }
  bool fix(int x, Value v) {
    if (!contains(x, v)) return fail();
    Var& d = var(x);
    if (d.lo == d.hi) return true;
    save(x);
    d.lo = d.hi = v;
    d.size = 1;
    if (logging_) [[unlikely]] log(x, LiteralKind::equal, v);
    changed(x, Event::fixed);
    return true;
  }
  // Keeps only the values for which keep(value) holds. A variable without a bitset cannot
  // lose a value inside its interval: its bounds move in to the nearest kept values (and
  // the values between them are not asked about, which may be billions).
  template <class Keep>
  bool keep_only(int x, Keep keep) {
    if (!has_holes(x)) {
      while (!keep(min(x))) {
        if (!set_min(x, min(x) + 1)) return false;
      }
      while (!keep(max(x))) {
        if (!set_max(x, max(x) - 1)) return false;
      }
      return true;
    }
    for (Value v = min(x); v <= max(x); v = next(x, v)) {
      if (!keep(v) && !remove(x, v)) return false;
    }
    return true;
  }

  bool failed() const { return failed_; }
  bool fail() {
    failed_ = true;
    return false;
  }

  // Reversible words of the propagators (reserve_words()).
  std::uint64_t word(std::size_t i) const { return words_[i]; }
  void set_word(std::size_t i, std::uint64_t w) {
    if (words_[i] != w) write_word(i, w);
  }

  // A node: mark() before its changes, undo() takes them all back (strict LIFO).
  void mark() {
    marks_.push_back({var_trail_.size(), word_trail_.size(), log_.size(), failed_});
    ++epoch_;
  }
  void undo() {
    const Mark m = marks_.back();
    marks_.pop_back();
    while (var_trail_.size() > m.vars) {
      const Saved& s = var_trail_.back();
      Var& d = vars_[static_cast<std::size_t>(s.x)];
      d.lo = s.lo;
      d.hi = s.hi;
      d.size = s.size;
      var_trail_.pop_back();
    }
    while (word_trail_.size() > m.words) {
      words_[word_trail_.back().first] = word_trail_.back().second;
      word_trail_.pop_back();
    }
    log_.resize(m.log);
    failed_ = m.failed;
    ++epoch_;  // a variable changed at the node above is saved again
  }
  // The variables changed since the last mark(), each once: f(x).
  template <class F>
  void for_each_changed_since_mark(F f) const {
    if (marks_.empty()) return;
    for (std::size_t i = marks_.back().vars; i < var_trail_.size(); ++i) f(var_trail_[i].x);
  }
  // Forgets the trail: what was done so far stays (the root's propagation).
  void commit() {
    log_.clear();
    var_trail_.clear();
    word_trail_.clear();
    marks_.clear();
    ++epoch_;
  }

  // The variables changed since the last call, with their strongest event each: f(x, event).
  template <class F>
  void drain_changes(F f) {
    while (!changed_.empty()) {
      const int x = changed_.back();
      changed_.pop_back();
      const Event e = event_[static_cast<std::size_t>(x)];
      event_[static_cast<std::size_t>(x)] = Event::none;
      f(x, e);
    }
  }
  bool has_changes() const { return !changed_.empty(); }
  void clear_changes() {
    for (int x : changed_) event_[static_cast<std::size_t>(x)] = Event::none;
    changed_.clear();
  }

  std::uint64_t propagations = 0;  // propagator runs, for the search's counters

  // The narrowings written down (learning/): from now on, or no more.
  void log_narrowings(bool on) { logging_ = on; }
  const std::vector<Narrowing>& narrowings() const { return log_; }
  // The propagator of the last run begun, and where in the log it began.
  int last_cause() const { return cause_; }
  std::size_t last_run_start() const { return run_start_; }
  // Propagator `cause` (-1: a decision) makes the narrowings to come.
  void begin_run(int cause) {
    cause_ = cause;
    run_start_ = log_.size();
  }

  // The propagation's queues of propagators waiting to run, one per Cost (propagation.hpp
  // owns their use).
  WorkQueue& queue(Cost cost) { return queues_[static_cast<int>(cost)]; }

 private:
  struct Var {
    Value lo, hi;
    std::uint64_t size;
    Value base;        // the value of bit 0
    Value initial_hi;  // the bitset's last value
    std::int64_t words_at;  // the first word of the bitset, or -1: the interval alone
  };
  struct Saved {
    int x;
    Value lo, hi;
    std::uint64_t size;
  };
  struct Mark {
    std::size_t vars, words, log;
    bool failed;  // a move applied to a failed space leaves it failed when taken back
  };

  const Var& var(int x) const { return vars_[static_cast<std::size_t>(x)]; }
  Var& var(int x) { return vars_[static_cast<std::size_t>(x)]; }

  bool bit(const Var& d, Value v) const {
    const auto i = static_cast<std::uint64_t>(v - d.base);
    return (words_[static_cast<std::size_t>(d.words_at) + i / 64] >> (i % 64)) & 1;
  }
  // The 64 bits from the value lo on (those past the bitset's end are 0).
  std::uint64_t bits_from(const Var& d, Value lo) const {
    const Value i = lo - d.base;
    auto word_at = [&](Value k) -> std::uint64_t {
      if (k < 0 || k >= word_count(d)) return 0;
      return words_[static_cast<std::size_t>(d.words_at + k)];  // NOLINT
    };
    const Value k = i >= 0 ? i / 64 : (i - 63) / 64;
    const auto shift = static_cast<unsigned>(i - k * 64);
    if (shift == 0) return word_at(k);
    return (word_at(k) >> shift) | (word_at(k + 1) << (64 - shift));
  }
  // The words of a bitset: its initial range, 64 values a word.
  Value word_count(const Var& d) const { return (d.initial_hi - d.base) / 64 + 1; }

  // The first set bit at v or above (v <= hi, and hi's bit is set).
  Value next_bit(const Var& d, Value v) const {
    auto i = static_cast<std::uint64_t>(v - d.base);
    const std::uint64_t* w = words_.data() + d.words_at;
    std::uint64_t word = w[i / 64] & (~std::uint64_t{0} << (i % 64));
    std::uint64_t k = i / 64;
    while (word == 0) word = w[++k];
    return d.base + static_cast<Value>(k * 64 + static_cast<std::uint64_t>(std::countr_zero(word)));
  }
  // The last set bit at v or below (v >= lo, and lo's bit is set).
  Value previous_bit(const Var& d, Value v) const {
    auto i = static_cast<std::uint64_t>(v - d.base);
    const std::uint64_t* w = words_.data() + d.words_at;
    std::uint64_t word = w[i / 64] & (~std::uint64_t{0} >> (63 - i % 64));
    std::uint64_t k = i / 64;
    while (word == 0) word = w[--k];
    return d.base + static_cast<Value>(k * 64 + 63 - static_cast<std::uint64_t>(std::countl_zero(word)));
  }
  // The set bits for the values from .. to (none when from > to).
  std::uint64_t count_bits(const Var& d, Value from, Value to) const {
    if (from > to) return 0;
    const auto a = static_cast<std::uint64_t>(from - d.base);
    const auto b = static_cast<std::uint64_t>(to - d.base);
    const std::uint64_t* w = words_.data() + d.words_at;
    std::uint64_t n = 0;
    for (std::uint64_t k = a / 64; k <= b / 64; ++k) {
      std::uint64_t word = w[k];
      if (k == a / 64) word &= ~std::uint64_t{0} << (a % 64);
      if (k == b / 64) word &= ~std::uint64_t{0} >> (63 - b % 64);
      n += static_cast<std::uint64_t>(std::popcount(word));
    }
    return n;
  }

  void save(int x) {
    std::uint64_t& stamp = stamp_[static_cast<std::size_t>(x)];
    if (stamp == epoch_) return;
    stamp = epoch_;
    const Var& d = var(x);
    var_trail_.push_back({x, d.lo, d.hi, d.size});
  }
  void write_word(std::size_t i, std::uint64_t w) {
    word_trail_.emplace_back(i, words_[i]);
    words_[i] = w;
  }
  void log(int x, LiteralKind kind, Value v) {
    const Var& d = var(x);
    log_.push_back({x, kind, v, d.lo, d.hi, cause_, run_start_});
  }
  void changed(int x, Event e) {
    Event& pending = event_[static_cast<std::size_t>(x)];
    if (pending == Event::none) changed_.push_back(x);
    if (e > pending) pending = e;
  }

  std::vector<Var> vars_;
  std::vector<std::uint64_t> words_;
  std::vector<std::uint64_t> stamp_;
  std::uint64_t epoch_ = 1;
  std::vector<Saved> var_trail_;
  std::vector<std::pair<std::size_t, std::uint64_t>> word_trail_;
  std::vector<Mark> marks_;
  std::vector<Event> event_;
  std::vector<int> changed_;
  WorkQueue queues_[3];
  std::vector<int> scratch_;
  std::vector<Value> scratch_values_;
  bool failed_ = false;
  bool logging_ = false;
  std::vector<Narrowing> log_;
  int cause_ = -1;
  std::size_t run_start_ = 0;
};

}  // namespace backtrack::csp
