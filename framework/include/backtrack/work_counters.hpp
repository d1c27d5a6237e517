#pragma once
// Counts of a problem's own work, beside the engine's nodes and failures: what explains
// why one strategy's node costs more than another's, and what its pruning saves.
//
// A problem keeps them in its State (see HasCounters in problem.hpp), each a plain
// member it increments where the work is done: the CSP layer counts propagations
// (values removed from domains) and constraint checks, dancing links count updates
// (Knuth's: a column or a node unlinked by cover()). Every search has a state of its
// own, so nothing is shared between threads; the engine reads a state's counters before
// and after each subtree and adds the difference to the subtree's SearchStats, which
// then add up over subtrees and threads as the nodes do. A problem without them pays
// nothing: the engine reads none (the counters are all zero, and the driver shows none).
#include <array>
#include <cstddef>
#include <cstdint>

namespace backtrack {

// Up to six counters, by position in the problem's counter_names() (a restarting
// search adds its cutoffs after them).
inline constexpr std::size_t max_work_counters = 6;

struct WorkCounters {
  std::array<std::uint64_t, max_work_counters> value{};

  WorkCounters& operator+=(const WorkCounters& other) {
    for (std::size_t i = 0; i < max_work_counters; ++i) value[i] += other.value[i];
    return *this;
  }
  // What was counted since `earlier` (counters only ever grow).
  friend WorkCounters operator-(WorkCounters later, const WorkCounters& earlier) {
    for (std::size_t i = 0; i < max_work_counters; ++i) later.value[i] -= earlier.value[i];
    return later;
  }
  friend bool operator==(const WorkCounters&, const WorkCounters&) = default;
};

}  // namespace backtrack
