#pragma once
// The more serious of two reasons to stop, for one status over many searches (a set of
// instances in solve, a row of compare): a cut one (interrupted, time, nodes) over a
// finished one.
#include "backtrack/search_stats.hpp"

namespace backtrack {

inline StopReason worse(StopReason a, StopReason b) {
  auto severity = [](StopReason reason) {
    switch (reason) {
      case StopReason::none: return 0;
      case StopReason::solution_limit: return 1;
      case StopReason::node_limit:
      case StopReason::failure_limit: return 2;
      case StopReason::time_limit: return 3;
      case StopReason::interrupted: return 4;
      case StopReason::out_of_memory: return 5;
    }
    return 0;
  };
  return severity(a) >= severity(b) ? a : b;
}

}  // namespace backtrack
