#pragma once
// A linear relation sum(a[i] * x[i]) op c (op: =, !=, <=) tied to a 0/1 variable b:
//   reified       b <-> relation   (b = 1: the relation holds; b = 0: its negation holds)
//   half-reified  b -> relation    (b = 1: the relation holds; b = 0: nothing)
// Bounds consistency. While b is open, b is fixed once the bounds of the sum decide the
// relation (entailed: b = 1, reified only; disentailed: b = 0); = and != are also decided
// when every variable but one is fixed and the value left for it is not in its domain.
// Once b is fixed, the relation (or, reified, its negation: sum >= c + 1 for <=, != for
// =, = for !=) is propagated by linear.hpp's propagation of it.
#include <utility>
#include <vector>

#include "backtrack/csp/propagators/basics.hpp"
#include "backtrack/csp/propagators/linear.hpp"

namespace backtrack::csp {

struct LinearReified {
  std::vector<Term> terms;
  LinearSums sums;  // the constant too: the slot is 64 bytes
  int b;
  Relation relation;
  bool half;  // b -> relation only
  static constexpr bool idempotent = true;

  LinearReified(Space& s, std::vector<Term> t, Wide c, Relation r, int reif, bool half_only)
      : terms(std::move(t)), sums(s, terms, c), b(reif), relation(r), half(half_only) {}

  std::vector<Subscription> subscriptions() const {
    // = and != read the holes of the one variable left open.
    const Event needs = relation == Relation::less_equal ? Event::bounds : Event::domain;
    std::vector<Subscription> subs{{b, Event::fixed}};
    for (const Term& t : terms) subs.push_back({t.x, needs});
    return subs;
  }

  // Once b is fixed, or the relation decided, what is left is the relation's propagator
  // (linear.hpp) or nothing.
  Outcome propagate(Space& s) const {
    return sums.run(s, terms, [&]<class Sum>(const auto& open, Sum c) {
      if (!s.fixed(b)) {
        const Truth t = truth<Sum>(s, open, c);
        if (t == Truth::disentailed) return subsumed_if(s.fix(b, 0));
        if (t == Truth::entailed) return half ? Outcome::subsumed : subsumed_if(s.fix(b, 1));
        return Outcome::open;
      }
      const bool holds = s.value(b) == 1;
      if (!holds && half) return Outcome::subsumed;
      switch (relation) {
        case Relation::equal: return holds ? linear_equal<Sum>(s, open, c) : linear_not_equal<Sum>(s, open, c);
        case Relation::not_equal: return holds ? linear_not_equal<Sum>(s, open, c) : linear_equal<Sum>(s, open, c);
        case Relation::less_equal: break;
      }
      // sum > c: -sum <= -c - 1
      return holds ? linear_at_most<Sum>(s, open, c) : linear_at_most<Sum>(s, open, -c - 1, -1);
    });
  }

  // Decided, and what is left of it holds whatever the open variables take (b = 0 of a
  // half-reification asks nothing).
  bool entailed(const Space& s) const {
    if (!s.fixed(b)) return false;
    if (s.value(b) == 0 && half) return true;
    if (relation != Relation::less_equal) return false;
    return sums.read(s, terms, [&]<class Sum>(const auto& open, Sum c) {
      Sum sum = 0;
      for (const Term& t : open) sum += s.value(b) == 1 ? term_max<Sum>(s, t) : term_min<Sum>(s, t);
      return s.value(b) == 1 ? sum <= c : sum > c;
    });
  }

 private:
  enum class Truth { open, entailed, disentailed };

  // Whether the bounds (and, for = and !=, the last open variable's domain) decide the
  // relation of the open terms to c, what is left of the constant.
  template <class Sum, class Terms>
  Truth truth(const Space& s, const Terms& open, Sum c) const {
    Sum lo = 0;
    Sum hi = 0;
    for (const Term& t : open) {
      lo += term_min<Sum>(s, t);
      hi += term_max<Sum>(s, t);
    }
    if (relation == Relation::less_equal) {
      return hi <= c ? Truth::entailed : lo > c ? Truth::disentailed : Truth::open;
    }
    const Truth equal = lo == hi ? (lo == c ? Truth::entailed : Truth::disentailed)
                        : c < lo || c > hi ? Truth::disentailed
                        : equal_is_out_of_reach<Sum>(s, open, c) ? Truth::disentailed
                                                                 : Truth::open;
    if (relation == Relation::equal || equal == Truth::open) return equal;
    return equal == Truth::entailed ? Truth::disentailed : Truth::entailed;
  }

  // sum = c needs one value of the only open variable, and its domain lacks it.
  template <class Sum, class Terms>
  static bool equal_is_out_of_reach(const Space& s, const Terms& terms, Sum c) {
    Sum rest = c;
    const Term* open = nullptr;
    for (const Term& t : terms) {
      if (!s.fixed(t.x)) {
        if (open != nullptr) return false;
        open = &t;
      } else {
        rest -= Sum{t.a} * s.value(t.x);
      }
    }
    if (open == nullptr || rest % open->a != 0) return open != nullptr;
    const Sum v = rest / open->a;
    return v < min_value || v > max_value || !s.contains(open->x, static_cast<Value>(v));
  }
};

// b <-> x = v or b <-> x != v (half: b -> it), LinearReified's case of one variable and
// a value, in a few comparisons rather than 128-bit sums: a count's decomposition posts
// one per variable and value (int_eq_reif; a magic sequence of 100, 10,000).
struct ValueReified {
  int x;
  Value v;
  int b;
  bool equal;  // x = v, else x != v
  bool half;
  static constexpr bool idempotent = true;
  std::vector<Subscription> subscriptions() const { return {{b, Event::fixed}, {x, Event::domain, v}}; }

  Outcome propagate(Space& s) const {
    if (s.fixed(b)) {
      if (s.value(b) == 0 && half) return Outcome::subsumed;
      if ((s.value(b) == 1) == equal) return subsumed_if(s.fix(x, v));
      return remove_last(s, x, v);
    }
    if (s.contains(x, v) && !s.fixed(x)) return Outcome::open;
    const bool holds = s.contains(x, v) == equal;
    if (!holds) return subsumed_if(s.fix(b, 0));
    return half ? Outcome::subsumed : subsumed_if(s.fix(b, 1));
  }
  bool entailed(const Space& s) const {
    if (!s.fixed(b)) return false;
    if (s.value(b) == 0 && half) return true;
    return (s.value(b) == 1) == equal ? s.fixed(x) : !s.contains(x, v);
  }
};

}  // namespace backtrack::csp
