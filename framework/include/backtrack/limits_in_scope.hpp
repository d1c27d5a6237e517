#pragma once
// A search checks its limits between nodes (engine.hpp). A node whose own work may run
// long, as a CSP's propagation to its fixpoint (two propagators that move each other's
// bounds a value at a time over 2^32 values), and a set-up that propagates before any
// search (a FlatZinc model's root), would hold a stop back until that work ends. While
// a LimitsInScope lives, poll_limits_in_scope() on its thread throws LimitReached once
// the stop flag is set or the deadline has passed: the engine takes it as its own stop
// at the node it was at, a program building a model as a stop before any search.
#include "backtrack/search_limits.hpp"

namespace backtrack {

struct LimitReached {
  StopReason reason;  // interrupted or time_limit
};

namespace detail {
inline thread_local const SearchLimits* limits_in_scope = nullptr;
}  // namespace detail

// The limits that poll_limits_in_scope() reads on this thread while it lives; the outer
// ones again after it.
class LimitsInScope {
 public:
  explicit LimitsInScope(const SearchLimits& limits) : outer_(detail::limits_in_scope) {
    detail::limits_in_scope = &limits;
  }
  ~LimitsInScope() { detail::limits_in_scope = outer_; }
  LimitsInScope(const LimitsInScope&) = delete;
  LimitsInScope& operator=(const LimitsInScope&) = delete;

 private:
  const SearchLimits* outer_;
};

// Reads the clock where a deadline is set: for work that calls it every thousand steps
// or so, not every step.
inline void poll_limits_in_scope() {
  const SearchLimits* limits = detail::limits_in_scope;
  if (limits == nullptr) return;
  const StopReason reason = limits->outside_stop();
  if (reason != StopReason::none) throw LimitReached{reason};
}

}  // namespace backtrack
