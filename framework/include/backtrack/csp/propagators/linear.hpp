#pragma once
// Linear constraints sum(a[i] * x[i]) <= c, = c, != c.
//
// A coefficient is 64-bit and c 128-bit; a * x and the sums are 128-bit, exact so long as
// c is within reach of the sum, as IntModel brings it (int_model.hpp).
//
// <= and = at bounds consistency: with S the sum of every term's smallest value, term i
// can grow by at most c - S, so a[i] * x[i] <= c - S + a[i] * (x[i]'s smallest); dividing
// by a[i] bounds x[i] above (a[i] > 0) or below (a[i] < 0). Repeated until no bound moves,
// within one run (the propagator is idempotent). = is <= both ways.
// != checks once at most one variable is free, and then removes the one value that
// would make the sum c.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <type_traits>
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
// reads the same terms).
inline Wide term_min(const Space& s, const Term& t, int sign = 1) {
  const Wide a = Wide{t.a} * sign;
  return a > 0 ? a * s.min(t.x) : a * s.max(t.x);
}
inline Wide term_max(const Space& s, const Term& t, int sign = 1) {
  const Wide a = Wide{t.a} * sign;
  return a > 0 ? a * s.max(t.x) : a * s.min(t.x);
}

// sum(sign * terms) <= c to a fixpoint: one pass over the terms after the sums of their
// minima and maxima, repeated until no bound moves. Subsumed once the sum of the maxima
// is within c.
inline Outcome linear_at_most(Space& s, const std::vector<Term>& terms, Wide c, int sign = 1) {
  for (bool moved = true; moved;) {
    moved = false;
    Wide least = 0;
    Wide most = 0;
    for (const Term& t : terms) {
      least += term_min(s, t, sign);
      most += term_max(s, t, sign);
    }
    if (least > c) return outcome_of(s.fail());
    if (most <= c) return Outcome::subsumed;
    const Wide slack = c - least;
    for (const Term& t : terms) {
      const Wide a = Wide{t.a} * sign;
      const Wide room = slack + term_min(s, t, sign);  // the most a * x may be
      if (a > 0) {
        const Value hi = clamp_bound(floor_div(room, a));
        if (hi < s.max(t.x)) {
          moved = true;
          if (!s.set_max(t.x, hi)) return Outcome::failed;
        }
      } else {
        const Value lo = clamp_bound(ceil_div(room, a));
        if (lo > s.min(t.x)) {
          moved = true;
          if (!s.set_min(t.x, lo)) return Outcome::failed;
        }
      }
    }
  }
  return Outcome::open;
}

// Whether sum = c may take 64-bit sums and no division: every coefficient 1 or -1 and c
// within 2^62 (sums of at most 2^29 unit terms of 32-bit values are within 2^60, so c -
// low + a term's smallest fits in 64 bits).
inline bool unit_sum(const std::vector<Term>& terms, Wide c) {
  constexpr Wide reach = Wide{1} << 62;
  if (c < -reach || c > reach || terms.size() > (std::size_t{1} << 29)) return false;
  for (const Term& t : terms) {
    if (t.a != 1 && t.a != -1) return false;
  }
  return true;
}

// sum(terms) = c, both directions in one pass: with L and H the sums of the terms'
// smallest and largest values, c - (H - term's largest) <= a * x <= c - (L - term's
// smallest). L and H follow every bound that moves, so one pass uses what the pass before
// it learned. Subsumed once every variable is fixed.
template <class Sum, class Terms>
Outcome linear_equal(Space& s, const Terms& terms, Wide c) {
  auto smallest = [&](const Term& t) -> Sum { return t.a > 0 ? Sum{t.a} * s.min(t.x) : Sum{t.a} * s.max(t.x); };
  auto largest = [&](const Term& t) -> Sum { return t.a > 0 ? Sum{t.a} * s.max(t.x) : Sum{t.a} * s.min(t.x); };
  Sum low = 0;
  Sum high = 0;
  for (const Term& t : terms) {
    low += smallest(t);
    high += largest(t);
  }
  std::uint64_t passes = 0;
  for (bool moved = true; moved;) {
    moved = false;
    // 2a = 2b + 1 over 32-bit values moves each bound by one a pass, 2^32 passes in one
    // run: the search's stop flag and deadline are looked at as the loop's are.
    if ((++passes & 1023) == 0) poll_limits_in_scope();
    if (low > c || high < c) return outcome_of(s.fail());
    for (const Term& t : terms) {
      const Sum tmin = smallest(t);
      const Sum tmax = largest(t);
      const Sum most = static_cast<Sum>(c) - low + tmin;   // a * x <= most
      const Sum least = static_cast<Sum>(c) - high + tmax;  // a * x >= least
      if (most >= tmax && least <= tmin) continue;
      bool ok = false;
      if constexpr (std::is_same_v<Sum, std::int64_t>) {
        ok = t.a > 0 ? s.set_max(t.x, most) && s.set_min(t.x, least) : s.set_min(t.x, -most) && s.set_max(t.x, -least);
      } else {
        ok = t.a > 0 ? s.set_max(t.x, clamp_bound(floor_div(most, t.a))) && s.set_min(t.x, clamp_bound(ceil_div(least, t.a)))
                     : s.set_min(t.x, clamp_bound(ceil_div(most, t.a))) && s.set_max(t.x, clamp_bound(floor_div(least, t.a)));
      }
      if (!ok) return Outcome::failed;
      const Sum new_min = smallest(t);
      const Sum new_max = largest(t);
      if (new_min != tmin || new_max != tmax) {
        moved = true;
        low += new_min - tmin;
        high += new_max - tmax;
      }
    }
  }
  return low == high ? Outcome::subsumed : Outcome::open;
}
template <class Terms>
Outcome linear_equal(Space& s, const Terms& terms, Wide c, bool unit) {
  return unit ? linear_equal<std::int64_t>(s, terms, c) : linear_equal<Wide>(s, terms, c);
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

// sum(terms) != c: nothing until at most one variable is free, then the one value that
// would make the sum c goes.
inline Outcome linear_not_equal(Space& s, const std::vector<Term>& terms, Wide c) {
  Wide sum = 0;
  const Term* free = nullptr;
  for (const Term& t : terms) {
    if (s.fixed(t.x)) {
      sum += Wide{t.a} * s.value(t.x);
    } else if (free != nullptr) {
      return Outcome::open;  // two free variables: any value of one has a support
    } else {
      free = &t;
    }
  }
  if (free == nullptr) return sum != c ? Outcome::subsumed : outcome_of(s.fail());
  const Wide rest = c - sum;  // a * x = rest is the one value to remove
  if (rest % free->a != 0) return Outcome::subsumed;
  const Wide v = rest / free->a;
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
  Wide c;
  std::vector<Term> terms;
  static constexpr bool idempotent = true;
  std::vector<Subscription> subscriptions() const { return bounds_subscriptions(terms); }
  Outcome propagate(Space& s) const { return linear_at_most(s, terms, c); }
  // Every value left satisfies it (variable_choice.hpp: it no longer binds its variables).
  bool entailed(const Space& s) const {
    Wide hi = 0;
    for (const Term& t : terms) hi += term_max(s, t);
    return hi <= c;
  }
};

// A long sum (a count's decomposition: x = b1 + ... + b100) keeps, reversibly in the
// space, how many of its terms are open and c less the fixed ones, and its terms' order
// with the open ones first, so that a run reads only the terms still open. The order is
// scratch, not trailed: undo() restores the count, and the terms fixed below a node were
// only swapped past the count it had, so the first `open` are the node's open terms again.
struct LinearEqual {
  Wide c;
  std::vector<Term> terms;
  std::uint32_t state_at = 0;  // Space words: where the order starts in scratch, the open count, the rest of c (2 words)
  bool unit;                   // unit_sum()
  static constexpr bool idempotent = true;
  // Below this, a scan of every term costs less than keeping the fixed ones apart.
  static constexpr std::size_t incremental_from = 8;
  LinearEqual(std::vector<Term> t, Wide value) : c(value), terms(std::move(t)), unit(unit_sum(terms, c)) {}
  void prepare(Space& s) {
    if (terms.size() < incremental_from) return;
    const std::size_t order = s.reserve_scratch(terms.size());
    for (std::size_t i = 0; i < terms.size(); ++i) s.scratch_ints()[order + i] = static_cast<int>(i);
    const auto c_bits = static_cast<UnsignedWide>(c);
    const std::size_t at = s.reserve_words(1, order);
    s.reserve_words(1, terms.size());
    s.reserve_words(1, static_cast<std::uint64_t>(c_bits));
    s.reserve_words(1, static_cast<std::uint64_t>(c_bits >> 64));
    if (at > std::numeric_limits<std::uint32_t>::max()) throw std::length_error("linear: reversible words beyond 2^32");
    state_at = static_cast<std::uint32_t>(at);
  }
  std::vector<Subscription> subscriptions() const { return bounds_subscriptions(terms); }
  Outcome propagate(Space& s) const {
    if (terms.size() < incremental_from) return linear_equal(s, terms, c, unit);
    int* order = s.scratch_ints().data() + s.word(state_at);
    auto open = static_cast<std::size_t>(s.word(state_at + 1));
    Wide rest = read_rest(s);
    const std::size_t was_open = open;
    for (std::size_t i = 0; i < open;) {
      const Term& t = terms[static_cast<std::size_t>(order[i])];
      if (s.fixed(t.x)) {
        rest -= Wide{t.a} * s.value(t.x);
        std::swap(order[i], order[--open]);
      } else {
        ++i;
      }
    }
    if (open != was_open) {
      s.set_word(state_at + 1, open);
      write_rest(s, rest);
    }
    return linear_equal(s, TermsAt{terms.data(), order, open}, rest, unit);
  }

 private:
  Wide read_rest(const Space& s) const {
    return static_cast<Wide>((UnsignedWide{s.word(state_at + 3)} << 64) | s.word(state_at + 2));
  }
  void write_rest(Space& s, Wide rest) const {
    const auto bits = static_cast<UnsignedWide>(rest);
    s.set_word(state_at + 2, static_cast<std::uint64_t>(bits));
    s.set_word(state_at + 3, static_cast<std::uint64_t>(bits >> 64));
  }
};

struct LinearNotEqual {
  Wide c;
  std::vector<Term> terms;
  static constexpr bool idempotent = true;
  std::vector<Subscription> subscriptions() const { return bounds_subscriptions(terms, Event::fixed); }
  Outcome propagate(Space& s) const { return linear_not_equal(s, terms, c); }
};

}  // namespace backtrack::csp
