#pragma once
// A linear relation sum(a[i] * x[i]) op c (op: =, !=, <=) tied to a 0/1 variable b:
//   reified       b <-> relation   (b = 1: the relation holds; b = 0: its negation holds)
//   half-reified  b -> relation    (b = 1: the relation holds; b = 0: nothing)
// Bounds consistency. While b is open, b is fixed once the bounds of the sum decide the
// relation (entailed: b = 1, reified only; disentailed: b = 0); = and != are also decided
// when every variable but one is fixed and the value left for it is not in its domain.
// Once b is fixed, the relation (or, reified, its negation: sum >= c + 1 for <=, != for
// =, = for !=) is propagated by linear.hpp's propagator of it, kept here.
#include <utility>
#include <variant>
#include <vector>

#include "backtrack/csp/propagators/basics.hpp"
#include "backtrack/csp/propagators/linear.hpp"

namespace backtrack::csp {

struct LinearReified {
  using Linear = std::variant<LinearLessEqual, LinearEqual, LinearNotEqual>;
  std::vector<Term> terms;
  Wide c;
  Relation relation;
  int b;
  bool half;        // b -> relation only
  Linear holds;     // the relation, for b = 1
  Linear negation;  // and its negation, for b = 0
  static constexpr bool idempotent = true;

  LinearReified(std::vector<Term> t, Wide value, Relation r, int reif, bool half_only)
      : terms(std::move(t)), c(value), relation(r), b(reif), half(half_only), holds(linear(terms, c, r)),
        negation(negated(terms, c, r)) {}

  std::vector<Subscription> subscriptions() const {
    // = and != read the holes of the one variable left open.
    const Event needs = relation == Relation::less_equal ? Event::bounds : Event::domain;
    std::vector<Subscription> subs{{b, Event::fixed}};
    for (const Term& t : terms) subs.push_back({t.x, needs});
    return subs;
  }

  bool propagate(Space& s) const {
    if (!s.fixed(b)) {
      const Truth t = truth(s);
      if (t == Truth::disentailed) return s.fix(b, 0);
      if (t == Truth::entailed && !half) return s.fix(b, 1);
      return true;
    }
    if (s.value(b) == 0 && half) return true;
    return std::visit([&](const auto& p) { return p.propagate(s); }, s.value(b) == 1 ? holds : negation);
  }

  // Decided, and what is left of it holds whatever the open variables take (b = 0 of a
  // half-reification asks nothing).
  bool entailed(const Space& s) const {
    if (!s.fixed(b)) return false;
    if (s.value(b) == 0 && half) return true;
    return std::visit(
        [&](const auto& p) {
          if constexpr (requires { p.entailed(s); }) return p.entailed(s);
          return false;
        },
        s.value(b) == 1 ? holds : negation);
  }

 private:
  enum class Truth { open, entailed, disentailed };

  static Linear linear(std::vector<Term> terms, Wide c, Relation r) {
    switch (r) {
      case Relation::equal: return LinearEqual(std::move(terms), c);
      case Relation::not_equal: return LinearNotEqual{std::move(terms), c};
      case Relation::less_equal: break;
    }
    return LinearLessEqual{std::move(terms), c};
  }
  // sum > c is -sum <= -c - 1 (no coefficient is -2^63: checked_arithmetic.hpp).
  static Linear negated(std::vector<Term> terms, Wide c, Relation r) {
    if (r != Relation::less_equal) return linear(std::move(terms), c, r == Relation::equal ? Relation::not_equal : Relation::equal);
    for (Term& t : terms) t.a = -t.a;
    return LinearLessEqual{std::move(terms), -c - 1};
  }

  // Whether the bounds (and, for = and !=, the last open variable's domain) decide the relation.
  Truth truth(const Space& s) const {
    Wide lo = 0;
    Wide hi = 0;
    for (const Term& t : terms) {
      lo += term_min(s, t);
      hi += term_max(s, t);
    }
    if (relation == Relation::less_equal) {
      return hi <= c ? Truth::entailed : lo > c ? Truth::disentailed : Truth::open;
    }
    const Truth equal = lo == hi ? (lo == c ? Truth::entailed : Truth::disentailed)
                        : c < lo || c > hi ? Truth::disentailed
                        : equal_is_out_of_reach(s) ? Truth::disentailed
                                                   : Truth::open;
    if (relation == Relation::equal || equal == Truth::open) return equal;
    return equal == Truth::entailed ? Truth::disentailed : Truth::entailed;
  }

  // sum = c needs one value of the only open variable, and its domain lacks it.
  bool equal_is_out_of_reach(const Space& s) const {
    Wide rest = c;
    const Term* open = nullptr;
    for (const Term& t : terms) {
      if (!s.fixed(t.x)) {
        if (open != nullptr) return false;
        open = &t;
      } else {
        rest -= Wide{t.a} * s.value(t.x);
      }
    }
    if (open == nullptr || rest % open->a != 0) return open != nullptr;
    const Wide v = rest / open->a;
    return v < min_value || v > max_value || !s.contains(open->x, static_cast<Value>(v));
  }
};

}  // namespace backtrack::csp
