#pragma once
// A nogood: literals of the search's decisions (x = v, x != v, x <= v, x > v) that cannot
// all hold. Restarts record them where a search stopped (restart_search.hpp), so that the
// next searches leave out what it finished.
//
// Propagation is a clause's: a literal that is false satisfies the nogood (entailed());
// once every literal but one holds, that one is made false; all of them holding fail it.
// Each run scans the literals (no watched literals): a nogood is as long as the path
// that made it, and a run of the search makes a few of them per restart.
#include <cstdint>
#include <vector>

#include "backtrack/csp/propagators/basics.hpp"

namespace backtrack::csp {

struct Nogood {
  struct Literal {
    using Kind = LiteralKind;
    int x = 0;
    Kind kind = Kind::equal;
    Value v = 0;
    friend bool operator==(const Literal&, const Literal&) = default;
  };
  std::vector<Literal> literals;  // not empty
  // Negating its only open literal makes one false: nothing left to do.
  static constexpr bool idempotent = true;

  // Woken when a literal may have become true, the only change there is to propagate
  // (one turned false leaves nothing to do): x = v once x is fixed, x != v once a value
  // goes, x <= v and x > v once a bound moves. Most nogoods are first branches (x = v,
  // and halves), which a removal inside a domain leaves asleep.
  std::vector<Subscription> subscriptions() const {
    std::vector<Subscription> subs;
    for (const Literal& l : literals) {
      const Event wakes = l.kind == Literal::Kind::equal       ? Event::fixed
                          : l.kind == Literal::Kind::not_equal ? Event::domain
                                                               : Event::bounds;
      subs.push_back({l.x, wakes});
    }
    return subs;
  }

  enum class Truth : std::uint8_t { no, yes, open };
  static Truth holds(const Space& s, const Literal& l) {
    using K = Literal::Kind;
    switch (l.kind) {
      case K::equal: return !s.contains(l.x, l.v) ? Truth::no : s.fixed(l.x) ? Truth::yes : Truth::open;
      case K::not_equal: return !s.contains(l.x, l.v) ? Truth::yes : s.fixed(l.x) ? Truth::no : Truth::open;
      case K::at_most: return s.max(l.x) <= l.v ? Truth::yes : s.min(l.x) > l.v ? Truth::no : Truth::open;
      case K::more_than: return s.min(l.x) > l.v ? Truth::yes : s.max(l.x) <= l.v ? Truth::no : Truth::open;
    }
    return Truth::open;
  }
  // Makes l false.
  static bool refute(Space& s, const Literal& l) {
    using K = Literal::Kind;
    switch (l.kind) {
      case K::equal: return s.remove(l.x, l.v);
      case K::not_equal: return s.fix(l.x, l.v);
      case K::at_most: return s.set_min(l.x, l.v + 1);
      case K::more_than: return s.set_max(l.x, l.v);
    }
    return false;
  }

  bool entailed(const Space& s) const {
    for (const Literal& l : literals) {
      if (holds(s, l) == Truth::no) return true;
    }
    return false;
  }
  Outcome propagate(Space& s) const {
    const Literal* open = nullptr;
    for (const Literal& l : literals) {
      switch (holds(s, l)) {
        case Truth::no: return Outcome::subsumed;
        case Truth::yes: break;
        case Truth::open:
          if (open != nullptr) return Outcome::open;  // two open literals: either may still fail
          open = &l;
          break;
      }
    }
    if (open == nullptr) return outcome_of(s.fail());
    if (!refute(s, *open)) return Outcome::failed;
    return holds(s, *open) == Truth::no ? Outcome::subsumed : Outcome::open;  // x != v inside an interval stays open
  }
};

}  // namespace backtrack::csp
