#pragma once
// Linear constraints sum(a[i] * x[i]) <= c, = c, != c.
//
// A coefficient is 64-bit and c 128-bit; a * x and the sums are 128-bit, exact so long as
// c is within reach of the sum, as IntModel brings it (int_model.hpp). Where every sum
// fits in 64 bits (fits_64(), decided when posted), a run computes in 64 bits.
//
// <= and = at bounds consistency: with S the sum of every term's smallest value, term i
// can grow by at most c - S, so a[i] * x[i] <= c - S + a[i] * (x[i]'s smallest); dividing
// by a[i] bounds x[i] above (a[i] > 0) or below (a[i] < 0). Repeated until no bound moves,
// within one run (the propagator is idempotent). = is <= both ways. The sums are kept up
// to date as bounds move (LinearSums), so a run starts from them rather than adding up.
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
// reads the same terms).
inline Wide term_min(const Space& s, const Term& t, int sign = 1) {
  const Wide a = Wide{t.a} * sign;
  return a > 0 ? a * s.min(t.x) : a * s.max(t.x);
}
inline Wide term_max(const Space& s, const Term& t, int sign = 1) {
  const Wide a = Wide{t.a} * sign;
  return a > 0 ? a * s.max(t.x) : a * s.min(t.x);
}

// The sums of the terms' smallest and largest values, L and H, kept in the space's
// reversible words and moved as a term's variable changes, so that a run reads two sums
// rather than adding up its terms: the propagation loop hands each change of a watched
// variable to advise() (propagation.hpp), as Gecode's advisors do. Each term keeps in a
// word the bounds its variable had when last advised (two 32-bit values), so an advice
// adds what moved; the trail takes sums and bounds back with the domains. A subsumed
// propagator is advised no more: its sums are stale below the node where it retired and
// right again above it, where it runs again. run_all() recomputes them (resync()), for
// the changes made while a model was posted.
//
// W, the widest a term may span (|a| * (max - min)), kept from the last pass over the
// terms, stays a bound below as domains narrow: while W <= c - L (and, for =, H - c) no
// term can move, and a run costs two comparisons (on a magic sequence's counts, most).
struct LinearSums {
  // Words from `at`: L (2 words), H (2), W (2), then one per term; a propagator's own after.
  std::uint32_t at = 0;
  static constexpr std::size_t words = 6;

  static std::uint64_t bounds_word(Value lo, Value hi) {
    return static_cast<std::uint32_t>(static_cast<std::int32_t>(lo)) |
           std::uint64_t{static_cast<std::uint32_t>(static_cast<std::int32_t>(hi))} << 32;
  }
  static Value low_of(std::uint64_t w) { return static_cast<std::int32_t>(static_cast<std::uint32_t>(w)); }
  static Value high_of(std::uint64_t w) { return static_cast<std::int32_t>(static_cast<std::uint32_t>(w >> 32)); }

  // Reserves its words and `extra` more after them (their first: at + words + terms).
  void prepare(Space& s, const std::vector<Term>& terms, std::size_t extra = 0) {
    const std::size_t first = s.reserve_words(words + terms.size() + extra);
    if (first + words + terms.size() + extra > std::numeric_limits<std::uint32_t>::max()) {
      throw std::length_error("linear: reversible words beyond 2^32");
    }
    at = static_cast<std::uint32_t>(first);
    resync(s, terms);
  }
  void resync(Space& s, const std::vector<Term>& terms) const {
    Wide low = 0;
    Wide high = 0;
    Wide widest = 0;
    for (std::size_t i = 0; i < terms.size(); ++i) {
      low += term_min(s, terms[i]);
      high += term_max(s, terms[i]);
      widest = std::max(widest, term_max(s, terms[i]) - term_min(s, terms[i]));
      s.set_word(at + words + i, bounds_word(s.min(terms[i].x), s.max(terms[i].x)));
    }
    write(s, at, low);
    write(s, at + 2, high);
    write(s, at + 4, widest);
  }
  template <class Sum>
  Sum low(const Space& s) const {
    return static_cast<Sum>(read(s, at));
  }
  template <class Sum>
  Sum high(const Space& s) const {
    return static_cast<Sum>(read(s, at + 2));
  }
  // run(W): a run that may narrow W; kept when it leaves the propagator open.
  template <class Sum, class Run>
  Outcome with_widest(Space& s, Run run) const {
    Sum widest = static_cast<Sum>(read(s, at + 4));
    const Sum was = widest;
    const Outcome o = run(widest);
    if (o == Outcome::open && widest != was) write(s, at + 4, widest);
    return o;
  }

  static Wide read(const Space& s, std::size_t i) {
    return static_cast<Wide>((UnsignedWide{s.word(i + 1)} << 64) | s.word(i));
  }
  static void write(Space& s, std::size_t i, Wide v) {
    const auto bits = static_cast<UnsignedWide>(v);
    s.set_word(i, static_cast<std::uint64_t>(bits));
    s.set_word(i + 1, static_cast<std::uint64_t>(bits >> 64));
  }
};

// What the propagation loop keeps to advise a LinearSums of one term's change.
struct TermAdvisor {
  Value a;
  std::uint32_t sums;  // LinearSums::at
  std::uint32_t term;
};
// Variable x of term t changed (maybe only a hole: then nothing moved).
inline void advise(Space& s, const TermAdvisor& t, int x) {
  const std::size_t bounds = std::size_t{t.sums} + LinearSums::words + t.term;
  const std::uint64_t was = s.word(bounds);
  const Value lo = s.min(x);
  const Value hi = s.max(x);
  const std::uint64_t now = LinearSums::bounds_word(lo, hi);
  if (now == was) return;
  s.set_word(bounds, now);
  const Wide up_low = Wide{t.a} * (t.a > 0 ? lo - LinearSums::low_of(was) : hi - LinearSums::high_of(was));
  const Wide up_high = Wide{t.a} * (t.a > 0 ? hi - LinearSums::high_of(was) : lo - LinearSums::low_of(was));
  if (up_low != 0) LinearSums::write(s, t.sums, LinearSums::read(s, t.sums) + up_low);
  if (up_high != 0) LinearSums::write(s, t.sums + 2, LinearSums::read(s, t.sums + 2) + up_high);
}

// Whether 64 bits hold every sum of these terms and c, and their differences, at this
// node and below (domains only narrow): |c| + sum(|a| * |x|) <= 2^61. Then a run adds and
// divides in 64 bits; a 128-bit division is a library call (__divmodti4).
inline bool fits_64(const Space& s, const std::vector<Term>& terms, Wide c) {
  Wide bound = c < 0 ? -c : c;
  for (const Term& t : terms) {
    const Wide a = t.a < 0 ? -Wide{t.a} : Wide{t.a};
    bound += a * std::max(s.max(t.x) < 0 ? -s.max(t.x) : s.max(t.x), s.min(t.x) < 0 ? -s.min(t.x) : s.min(t.x));
    if (bound > Wide{1} << 61) return false;
  }
  return true;
}

// sum(sign * terms) <= c, with L and H the sums of sign * terms' smallest and largest
// values: term i can grow by at most c - L, so a * x <= c - L + (a * x's smallest). A
// bound moved this way moves no term's smallest value, so one pass is a fixpoint.
// Subsumed once H is within c. `widest`: LinearSums' W, the pass's own after it.
template <class Sum>
Outcome linear_at_most(Space& s, const std::vector<Term>& terms, Sum c, Sum least, Sum most, Sum& widest,
                       int sign = 1) {
  if (least > c) return outcome_of(s.fail());
  if (most <= c) return Outcome::subsumed;
  const Sum slack = c - least;
  if (widest <= slack) return Outcome::open;
  widest = 0;
  for (const Term& t : terms) {
    const Sum a = Sum{t.a} * sign;
    const Value lo = s.min(t.x);
    const Value hi = s.max(t.x);
    const Sum span = (a > 0 ? a : -a) * (hi - lo);
    if (span <= slack) {  // a * x spans no more than c - L
      widest = std::max(widest, span);
      continue;
    }
    widest = std::max(widest, slack);  // what is left of it
    if (a > 0) {
      if (!s.set_max(t.x, clamp_bound(floor_div_by<Sum>(slack + a * lo, static_cast<std::int64_t>(a))))) {
        return Outcome::failed;
      }
      most -= a * (hi - s.max(t.x));
    } else {
      if (!s.set_min(t.x, clamp_bound(ceil_div_by<Sum>(slack + a * hi, static_cast<std::int64_t>(a))))) {
        return Outcome::failed;
      }
      most += a * (s.min(t.x) - lo);
    }
  }
  return most <= c ? Outcome::subsumed : Outcome::open;
}

// sum(terms) = c, both directions in one pass: with L and H the sums of the terms'
// smallest and largest values, c - (H - term's largest) <= a * x <= c - (L - term's
// smallest). L and H follow every bound that moves, so one pass uses what the pass before
// it learned. Subsumed once every variable is fixed.
template <class Sum, class Terms>
Outcome linear_equal(Space& s, const Terms& terms, Sum c, Sum low, Sum high, Sum& widest) {
  auto smallest = [&](const Term& t) -> Sum { return t.a > 0 ? Sum{t.a} * s.min(t.x) : Sum{t.a} * s.max(t.x); };
  auto largest = [&](const Term& t) -> Sum { return t.a > 0 ? Sum{t.a} * s.max(t.x) : Sum{t.a} * s.min(t.x); };
  std::uint64_t passes = 0;
  for (bool moved = true; moved;) {
    moved = false;
    // 2a = 2b + 1 over 32-bit values moves each bound by one a pass, 2^32 passes in one
    // run: the search's stop flag and deadline are looked at as the loop's are.
    if ((++passes & 1023) == 0) poll_limits_in_scope();
    if (low > c || high < c) return outcome_of(s.fail());
    if (widest <= c - low && widest <= high - c) break;
    widest = 0;
    for (const Term& t : terms) {
      const Sum tmin = smallest(t);
      const Sum tmax = largest(t);
      const Sum most = c - low + tmin;    // a * x <= most
      const Sum least = c - high + tmax;  // a * x >= least
      if (most >= tmax && least <= tmin) {
        widest = std::max(widest, tmax - tmin);
        continue;
      }
      const bool ok = t.a > 0 ? s.set_max(t.x, clamp_bound(floor_div_by<Sum>(most, t.a))) &&
                                    s.set_min(t.x, clamp_bound(ceil_div_by<Sum>(least, t.a)))
                              : s.set_min(t.x, clamp_bound(ceil_div_by<Sum>(most, t.a))) &&
                                    s.set_max(t.x, clamp_bound(floor_div_by<Sum>(least, t.a)));
      if (!ok) return Outcome::failed;
      const Sum new_min = smallest(t);
      const Sum new_max = largest(t);
      widest = std::max(widest, new_max - new_min);
      if (new_min != tmin || new_max != tmax) {
        moved = true;
        low += new_min - tmin;
        high += new_max - tmax;
      }
    }
  }
  return low == high ? Outcome::subsumed : Outcome::open;
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
template <class Sum>
Outcome linear_not_equal(Space& s, const std::vector<Term>& terms, Sum c) {
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
  if (!s.remove(free->x, static_cast<Value>(v))) return Outcome::failed;
  // A variable without holes keeps a value inside its interval (space.hpp).
  return s.contains(free->x, static_cast<Value>(v)) ? Outcome::open : Outcome::subsumed;
}

// Each term's variable, its term's number for the LinearSums advisor (propagation.hpp).
inline std::vector<Subscription> bounds_subscriptions(const std::vector<Term>& terms, Event needs = Event::bounds) {
  std::vector<Subscription> subs;
  for (std::size_t i = 0; i < terms.size(); ++i) subs.push_back({terms[i].x, needs, static_cast<int>(i)});
  return subs;
}

// Fields widest first: a propagator is a slot of the model's std::variant, as wide as the
// widest, so that a run reads one cache line (propagation.hpp).
struct LinearLessEqual {
  Wide c;
  std::vector<Term> terms;
  LinearSums sums;
  bool fits = false;  // fits_64()
  static constexpr bool idempotent = true;
  LinearLessEqual(Wide value, std::vector<Term> t) : c(value), terms(std::move(t)) {}
  void prepare(Space& s) {
    sums.prepare(s, terms);
    fits = fits_64(s, terms, c);
  }
  void resync(Space& s) const { sums.resync(s, terms); }
  TermAdvisor advisor(int term) const { return {terms[static_cast<std::size_t>(term)].a, sums.at, static_cast<std::uint32_t>(term)}; }
  std::vector<Subscription> subscriptions() const { return bounds_subscriptions(terms); }
  Outcome propagate(Space& s) const { return fits ? run<std::int64_t>(s) : run<Wide>(s); }
  // Every value left satisfies it (variable_choice.hpp: it no longer binds its variables).
  // Summed here: the sums of a subsumed propagator are stale.
  bool entailed(const Space& s) const {
    Wide hi = 0;
    for (const Term& t : terms) hi += term_max(s, t);
    return hi <= c;
  }

 private:
  template <class Sum>
  Outcome run(Space& s) const {
    return sums.with_widest<Sum>(s, [&](Sum& widest) {
      return linear_at_most<Sum>(s, terms, static_cast<Sum>(c), sums.low<Sum>(s), sums.high<Sum>(s), widest);
    });
  }
};

// A long sum (a count's decomposition: x = b1 + ... + b100) keeps, reversibly in the
// space, how many of its terms are open, and its terms' order with the open ones first,
// so that a run's pass reads only the terms still open (the sums hold the fixed ones). The
// order is scratch, not trailed: undo() restores the count, and the terms fixed below a
// node were only swapped past the count it had, so the first `open` are the node's open
// terms again.
struct LinearEqual {
  Wide c;
  std::vector<Term> terms;
  LinearSums sums;     // and 2 words after the terms': where the order starts in scratch, the open count
  bool fits = false;   // fits_64()
  static constexpr bool idempotent = true;
  // Below this, a scan of every term costs less than keeping the fixed ones apart.
  static constexpr std::size_t incremental_from = 8;
  LinearEqual(std::vector<Term> t, Wide value) : c(value), terms(std::move(t)) {}
  void prepare(Space& s) {
    sums.prepare(s, terms, 2);
    fits = fits_64(s, terms, c);
    if (terms.size() < incremental_from) return;
    const std::size_t order = s.reserve_scratch(terms.size());
    for (std::size_t i = 0; i < terms.size(); ++i) s.scratch_ints()[order + i] = static_cast<int>(i);
    s.set_word(state_at(), order);
    s.set_word(state_at() + 1, terms.size());
  }
  void resync(Space& s) const { sums.resync(s, terms); }
  TermAdvisor advisor(int term) const { return {terms[static_cast<std::size_t>(term)].a, sums.at, static_cast<std::uint32_t>(term)}; }
  std::vector<Subscription> subscriptions() const { return bounds_subscriptions(terms); }
  Outcome propagate(Space& s) const {
    using W = std::int64_t;
    return fits ? run<W>(s, static_cast<W>(c)) : run<Wide>(s, c);
  }

 private:
  std::size_t state_at() const { return std::size_t{sums.at} + LinearSums::words + terms.size(); }
  template <class Sum>
  Outcome run(Space& s, Sum value) const {
    return sums.with_widest<Sum>(s, [&](Sum& widest) { return run<Sum>(s, value, widest); });
  }
  template <class Sum>
  Outcome run(Space& s, Sum value, Sum& widest) const {
    const Sum low = sums.low<Sum>(s);
    const Sum high = sums.high<Sum>(s);
    if (terms.size() < incremental_from) return linear_equal<Sum>(s, terms, value, low, high, widest);
    if (low <= value && value <= high && widest <= value - low && widest <= high - value) {
      return low == high ? Outcome::subsumed : Outcome::open;  // no term moves: the order may wait
    }
    int* order = s.scratch_ints().data() + s.word(state_at());
    auto open = static_cast<std::size_t>(s.word(state_at() + 1));
    const std::size_t was_open = open;
    for (std::size_t i = 0; i < open;) {
      if (s.fixed(terms[static_cast<std::size_t>(order[i])].x)) {
        std::swap(order[i], order[--open]);
      } else {
        ++i;
      }
    }
    if (open != was_open) s.set_word(state_at() + 1, open);
    return linear_equal<Sum>(s, TermsAt{terms.data(), order, open}, value, low, high, widest);
  }
};

struct LinearNotEqual {
  Wide c;
  std::vector<Term> terms;
  bool fits = false;  // fits_64()
  static constexpr bool idempotent = true;
  LinearNotEqual(Wide value, std::vector<Term> t) : c(value), terms(std::move(t)) {}
  void prepare(Space& s) { fits = fits_64(s, terms, c); }
  std::vector<Subscription> subscriptions() const { return bounds_subscriptions(terms, Event::fixed); }
  Outcome propagate(Space& s) const {
    return fits ? linear_not_equal<std::int64_t>(s, terms, static_cast<std::int64_t>(c)) : linear_not_equal<Wide>(s, terms, c);
  }
};

}  // namespace backtrack::csp
