#pragma once
// Boolean constraints over variables of 0 .. 1, all at domain consistency. A Boolean is
// an integer variable (IntModel::bool_var()), so bool2int is the variable itself.
//   Clause         some positive is 1 or some negative is 0
//   BoolAndOr      r = and(xs), or r = or(xs)
//   Parity         the xor of xs is `odd`: bool_xor(a, b, r) is a ^ b ^ r = 0, and
//                  not(a, b) is a ^ b = 1
// On 0 .. 1 every change fixes a variable, so each wakes on `fixed` alone.
#include <cstddef>
#include <vector>

#include "backtrack/csp/propagators/basics.hpp"

namespace backtrack::csp {

inline std::vector<Subscription> fixed_subscriptions(const std::vector<int>& xs) {
  std::vector<Subscription> subs;
  for (int x : xs) subs.push_back({x, Event::fixed});
  return subs;
}

struct Clause {
  std::vector<int> positive;  // distinct, none of them negative too (IntModel::clause)
  std::vector<int> negative;
  static constexpr bool idempotent = true;
  static constexpr Cost cost = Cost::low;
  std::vector<Subscription> subscriptions() const {
    std::vector<Subscription> subs = fixed_subscriptions(positive);
    for (int x : negative) subs.push_back({x, Event::fixed});
    return subs;
  }
  // A literal is true.
  bool entailed(const Space& s) const {
    for (int x : positive) {
      if (s.fixed(x) && s.value(x) == 1) return true;
    }
    for (int x : negative) {
      if (s.fixed(x) && s.value(x) == 0) return true;
    }
    return false;
  }
  // Unit propagation: the one literal left free, when every other is false, is true.
  Outcome propagate(Space& s) const {
    int free = -1;
    Value makes_true = 0;
    for (const auto* side : {&positive, &negative}) {
      const Value wanted = side == &positive ? 1 : 0;
      for (int x : *side) {
        if (!s.fixed(x)) {
          if (free >= 0) return Outcome::open;  // two free literals: each value has a support
          free = x;
          makes_true = wanted;
        } else if (s.value(x) == wanted) {
          return Outcome::subsumed;
        }
      }
    }
    return free >= 0 ? subsumed_if(s.fix(free, makes_true)) : outcome_of(s.fail());
  }
};

// r = and(xs) (deciding = 0: one x at 0 makes r 0), or r = or(xs) (deciding = 1).
struct BoolAndOr {
  std::vector<int> xs;  // distinct, without r
  int r;
  Value deciding;
  static constexpr bool idempotent = true;
  static constexpr Cost cost = Cost::low;
  std::vector<Subscription> subscriptions() const {
    std::vector<Subscription> subs = fixed_subscriptions(xs);
    subs.push_back({r, Event::fixed});
    return subs;
  }
  // Subsumed once an x decides r, or r is decided with every x: a model of many wide
  // and/or (a Boolean decomposition) would otherwise read each x again at every fix.
  Outcome propagate(Space& s) const {
    const Value other = 1 - deciding;
    int free = -1;
    std::size_t free_count = 0;
    for (int x : xs) {
      if (!s.fixed(x)) {
        free = x;
        ++free_count;
      } else if (s.value(x) == deciding) {
        return subsumed_if(s.fix(r, deciding));
      }
    }
    if (free_count == 0) return subsumed_if(s.fix(r, other));
    if (!s.fixed(r)) return Outcome::open;
    if (s.value(r) == other) {
      for (int x : xs) {
        if (!s.fix(x, other)) return Outcome::failed;
      }
      return Outcome::subsumed;
    }
    if (free_count > 1) return Outcome::open;
    return subsumed_if(s.fix(free, deciding));  // r decided: the last free x decides it
  }
};

// xs[0] ^ xs[1] ^ ... = odd: once one variable is free, it takes the value that completes it.
struct Parity {
  std::vector<int> xs;  // distinct
  Value odd;
  static constexpr bool idempotent = true;
  std::vector<Subscription> subscriptions() const { return fixed_subscriptions(xs); }
  bool propagate(Space& s) const {
    int free = -1;
    Value sum = 0;
    for (int x : xs) {
      if (!s.fixed(x)) {
        if (free >= 0) return true;
        free = x;
      } else {
        sum ^= s.value(x);
      }
    }
    return free >= 0 ? s.fix(free, sum ^ odd) : (sum == odd || s.fail());
  }
};

}  // namespace backtrack::csp
