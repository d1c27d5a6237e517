#pragma once
// Linear constraints sum(a[i] * x[i]) <= c, = c, != c.
//
// A coefficient is 64-bit and c 128-bit; a * x and the sums are 128-bit, exact so long as
// c is within reach of the sum, as IntModel brings it (int_model.hpp). Where every sum of
// a propagator fits in 64 bits (LinearSums), its runs add and divide in 64 bits: a 128-bit
// division is a library call (__divmodti4, 7-8% of a profile).
//
// <= and = at bounds consistency: with L the sum of every term's smallest value, term i
// can grow by at most c - L, so a[i] * x[i] <= c - L + a[i] * (x[i]'s smallest); dividing
// by a[i] bounds x[i] above (a[i] > 0) or below (a[i] < 0). For <= one pass is a
// fixpoint: a largest value narrowed moves no term's smallest. = is <= both ways,
// repeated until no bound moves, within one run (the propagator is idempotent).
// != checks once at most one variable is free, and then removes the one value that
// would make the sum c.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

#include "backtrack/csp/propagators/basics.hpp"
#include "backtrack/limits_in_scope.hpp"

namespace backtrack::csp {

struct Term {
  Value a;
  int x;
};

// The relation of a linear constraint to its constant: sum = c, sum != c, sum <= c.
enum class Relation : std::uint8_t { equal, not_equal, less_equal };

// The smallest and largest value of a * x, or of -a * x (sign -1: a relation's negation
// reads the same terms), in a Sum of 64 or 128 bits.
template <class Sum = Wide>
Sum term_min(const Space& s, const Term& t, int sign = 1) {
  const Sum a = Sum{t.a} * sign;
  return a > 0 ? a * s.min(t.x) : a * s.max(t.x);
}
template <class Sum = Wide>
Sum term_max(const Space& s, const Term& t, int sign = 1) {
  const Sum a = Sum{t.a} * sign;
  return a > 0 ? a * s.max(t.x) : a * s.min(t.x);
}

// The terms at order[0 .. open), a range over a propagator's terms without a copy.
struct TermsAt {
  const Term* all;
  const int* order;
  std::size_t open;
  struct iterator {
    const Term* all;
    const int* at;
    const Term& operator*() const { return all[*at]; }
    iterator& operator++() {
      ++at;
      return *this;
    }
    bool operator!=(const iterator& other) const { return at != other.at; }
  };
  iterator begin() const { return {all, order}; }
  iterator end() const { return {all, order + open}; }
};

// What a linear propagator (<=, =, their reified forms) keeps in the space's reversible
// words: its constant less the sum of the terms fixed so far (the rest), and, for a long
// sum, how many terms are open, with the terms' order in scratch, the open ones first, so
// that a run adds up only the open terms (as Gecode's linear propagators do). The order
// is not trailed: undo() restores the count, and the terms fixed below a node were only
// swapped past the count it had, so the first `open` are the node's open terms again.
//
// The sums of the open terms' bounds are not kept: an earlier version kept L and H of
// every linear propagator as each change of a term was drained (advisors), which wrote
// trailed words for every propagator watching the variable, whether it was to run or not;
// prop-stress-100 (5,000 x - y <= 0, each variable in 100 of them, long fixpoints) ran
// 6.4x slower with it. A short sum is not folded either: a pass over two or three terms
// costs less than keeping the fixed ones apart.
//
// fits: whether 64 bits hold |c| + sum(|a| * |x|), and so every sum and difference a run
// computes, over the domains when posted and so below (domains only narrow).
struct LinearSums {
  std::uint32_t at = 0;  // words: the rest (2); then, folding, the open count and the order's start in scratch
  bool fold = false;
  bool fits = false;
  // Below this, a pass over every term costs less than keeping the fixed ones apart.
  static constexpr std::size_t fold_from = 8;

  LinearSums(Space& s, const std::vector<Term>& terms, Wide c) : fold(terms.size() >= fold_from) {
    Wide reach = c < 0 ? -c : c;
    for (const Term& t : terms) {
      const Value x = std::max(s.max(t.x) < 0 ? -s.max(t.x) : s.max(t.x), s.min(t.x) < 0 ? -s.min(t.x) : s.min(t.x));
      reach += (t.a < 0 ? -Wide{t.a} : Wide{t.a}) * x;
      if (reach > Wide{1} << 61) break;
    }
    fits = reach <= Wide{1} << 61;
    const auto bits = static_cast<UnsignedWide>(c);
    const std::size_t first = s.reserve_words(1, static_cast<std::uint64_t>(bits));
    s.reserve_words(1, static_cast<std::uint64_t>(bits >> 64));
    if (fold) {
      const std::size_t order = s.reserve_scratch(terms.size());
      for (std::size_t i = 0; i < terms.size(); ++i) s.scratch_ints()[order + i] = static_cast<int>(i);
      s.reserve_words(1, terms.size());
      s.reserve_words(1, order);
    }
    if (first + 4 > std::numeric_limits<std::uint32_t>::max()) throw std::length_error("linear: reversible words beyond 2^32");
    at = static_cast<std::uint32_t>(first);
  }

  // f(open terms, rest): the rest in 64 bits where it fits. The open terms may include
  // some fixed since the last fold (entailment tests read them so).
  template <class F>
  auto read(const Space& s, const std::vector<Term>& terms, F f) const {
    const Wide r = rest(s);
    if (!fold) return fits ? f(terms, static_cast<std::int64_t>(r)) : f(terms, r);
    const TermsAt open{terms.data(), s.scratch_ints().data() + s.word(at + 3), static_cast<std::size_t>(s.word(at + 2))};
    return fits ? f(open, static_cast<std::int64_t>(r)) : f(open, r);
  }
  // c as posted: the rest, and the terms folded into it (fixed, so their values).
  Wide constant(const Space& s, const std::vector<Term>& terms) const {
    Wide c = rest(s);
    if (!fold) return c;
    const int* order = s.scratch_ints().data() + s.word(at + 3);
    for (auto i = static_cast<std::size_t>(s.word(at + 2)); i < terms.size(); ++i) {
      const Term& t = terms[static_cast<std::size_t>(order[i])];
      c += Wide{t.a} * s.value(t.x);
    }
    return c;
  }
  // The same after the terms fixed since the last run moved into the rest.
  template <class F>
  auto run(Space& s, const std::vector<Term>& terms, F f) const {
    if (fold) fold_fixed(s, terms);
    return read(s, terms, f);
  }

 private:
  Wide rest(const Space& s) const { return static_cast<Wide>((UnsignedWide{s.word(at + 1)} << 64) | s.word(at)); }
  void fold_fixed(Space& s, const std::vector<Term>& terms) const {
    int* order = s.scratch_ints().data() + s.word(at + 3);
    const auto was_open = static_cast<std::size_t>(s.word(at + 2));
    Wide r = rest(s);
    std::size_t open = was_open;
    for (std::size_t i = 0; i < open;) {
      const Term& t = terms[static_cast<std::size_t>(order[i])];
      if (s.fixed(t.x)) {
        r -= Wide{t.a} * s.value(t.x);
        std::swap(order[i], order[--open]);
      } else {
        ++i;
      }
    }
    if (open == was_open) return;
    s.set_word(at + 2, open);
    const auto bits = static_cast<UnsignedWide>(r);
    s.set_word(at, static_cast<std::uint64_t>(bits));
    s.set_word(at + 1, static_cast<std::uint64_t>(bits >> 64));
  }
};

// sum(sign * terms) <= c: one pass after the sums of the smallest and largest values (a
// largest value narrowed moves no smallest). Subsumed once the sum of the largest is
// within c.
template <class Sum, class Terms>
Outcome linear_at_most(Space& s, const Terms& terms, Sum c, int sign = 1) {
  Sum least = 0;
  Sum most = 0;
  for (const Term& t : terms) {
    least += term_min<Sum>(s, t, sign);
    most += term_max<Sum>(s, t, sign);
  }
  if (least > c) return outcome_of(s.fail());
  if (most <= c) return Outcome::subsumed;
  const Sum slack = c - least;
  for (const Term& t : terms) {
    const Sum lo = term_min<Sum>(s, t, sign);
    const Sum hi = term_max<Sum>(s, t, sign);
    if (hi - lo <= slack) continue;
    // sign * a * x <= slack + lo: a * x <= room, or a * x >= -room for sign -1.
    const Sum room = sign > 0 ? slack + lo : -(slack + lo);
    const bool ok = (t.a > 0) == (sign > 0) ? s.set_max(t.x, clamp_bound(floor_div_by<Sum>(room, t.a)))
                                            : s.set_min(t.x, clamp_bound(ceil_div_by<Sum>(room, t.a)));
    if (!ok) return Outcome::failed;
    most += term_max<Sum>(s, t, sign) - hi;
  }
  return most <= c ? Outcome::subsumed : Outcome::open;
}

// sum(terms) = c, both directions in one pass: with L and H the sums of the terms'
// smallest and largest values, c - (H - term's largest) <= a * x <= c - (L - term's
// smallest). L and H follow every bound that moves, so one pass uses what the pass before
// it learned. Subsumed once every variable is fixed.
template <class Sum, class Terms>
Outcome linear_equal(Space& s, const Terms& terms, Sum c) {
  Sum low = 0;
  Sum high = 0;
  for (const Term& t : terms) {
    low += term_min<Sum>(s, t);
    high += term_max<Sum>(s, t);
  }
  std::uint64_t passes = 0;
  for (bool moved = true; moved;) {
    moved = false;
    // 2a = 2b + 1 over 32-bit values moves each bound by one a pass, 2^32 passes in one
    // run: the search's stop flag and deadline are looked at as the loop's are.
    if ((++passes & 1023) == 0) poll_limits_in_scope();
    if (low > c || high < c) return outcome_of(s.fail());
    for (const Term& t : terms) {
      const Sum tmin = term_min<Sum>(s, t);
      const Sum tmax = term_max<Sum>(s, t);
      const Sum most = c - low + tmin;   // a * x <= most
      const Sum least = c - high + tmax;  // a * x >= least
      if (most >= tmax && least <= tmin) continue;
      const bool ok = t.a > 0 ? s.set_max(t.x, clamp_bound(floor_div_by<Sum>(most, t.a))) &&
                                    s.set_min(t.x, clamp_bound(ceil_div_by<Sum>(least, t.a)))
                              : s.set_min(t.x, clamp_bound(ceil_div_by<Sum>(most, t.a))) &&
                                    s.set_max(t.x, clamp_bound(floor_div_by<Sum>(least, t.a)));
      if (!ok) return Outcome::failed;
      const Sum new_min = term_min<Sum>(s, t);
      const Sum new_max = term_max<Sum>(s, t);
      if (new_min != tmin || new_max != tmax) {
        moved = true;
        low += new_min - tmin;
        high += new_max - tmax;
      }
    }
  }
  return low == high ? Outcome::subsumed : Outcome::open;
}

// sum(terms) != c: nothing until at most one variable is free, then the one value that
// would make the sum c goes.
template <class Sum, class Terms>
Outcome linear_not_equal(Space& s, const Terms& terms, Sum c) {
  Sum sum = 0;
  const Term* free = nullptr;
  for (const Term& t : terms) {
    if (s.fixed(t.x)) {
      sum += Sum{t.a} * s.value(t.x);
    } else if (free != nullptr) {
      return Outcome::open;  // two free variables: any value of one has a support
    } else {
      free = &t;
    }
  }
  if (free == nullptr) return sum != c ? Outcome::subsumed : outcome_of(s.fail());
  const Sum rest = c - sum;  // a * x = rest is the one value to remove
  if (rest % free->a != 0) return Outcome::subsumed;
  const Sum v = rest / free->a;
  if (v < min_value || v > max_value) return Outcome::subsumed;
  return remove_last(s, free->x, static_cast<Value>(v));
}

inline std::vector<Subscription> bounds_subscriptions(const std::vector<Term>& terms, Event needs = Event::bounds) {
  std::vector<Subscription> subs;
  for (const Term& t : terms) subs.push_back({t.x, needs});
  return subs;
}

// Fields widest first: a propagator is a slot of the model's std::variant, as wide as the
// widest, so that a run reads one cache line (propagation.hpp).
struct LinearLessEqual {
  std::vector<Term> terms;
  LinearSums sums;
  static constexpr bool idempotent = true;
  LinearLessEqual(Space& s, std::vector<Term> t, Wide c) : terms(std::move(t)), sums(s, terms, c) {}
  std::vector<Subscription> subscriptions() const { return bounds_subscriptions(terms); }
  Outcome propagate(Space& s) const {
    return sums.run(s, terms, [&]<class Sum>(const auto& open, Sum rest) { return linear_at_most<Sum>(s, open, rest); });
  }
  // Every value left satisfies it (variable_choice.hpp: it no longer binds its variables).
  bool entailed(const Space& s) const {
    return sums.read(s, terms, [&]<class Sum>(const auto& open, Sum rest) {
      Sum hi = 0;
      for (const Term& t : open) hi += term_max<Sum>(s, t);
      return hi <= rest;
    });
  }
};

// On a long sum (a count's decomposition: x = b1 + ... + b100) a run reads only the
// terms still open (LinearSums).
struct LinearEqual {
  std::vector<Term> terms;
  LinearSums sums;
  static constexpr bool idempotent = true;
  LinearEqual(Space& s, std::vector<Term> t, Wide c) : terms(std::move(t)), sums(s, terms, c) {}
  std::vector<Subscription> subscriptions() const { return bounds_subscriptions(terms); }
  Outcome propagate(Space& s) const {
    return sums.run(s, terms, [&]<class Sum>(const auto& open, Sum rest) { return linear_equal<Sum>(s, open, rest); });
  }
};

struct LinearNotEqual {
  Wide c;
  std::vector<Term> terms;
  static constexpr bool idempotent = true;
  std::vector<Subscription> subscriptions() const { return bounds_subscriptions(terms, Event::fixed); }
  Outcome propagate(Space& s) const { return linear_not_equal<Wide>(s, terms, c); }
};

}  // namespace backtrack::csp
