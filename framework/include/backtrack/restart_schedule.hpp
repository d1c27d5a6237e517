#pragma once
// The node budget of each run of a search that restarts: restarts.hpp (--first and
// --limit K, a solver per run) and restart_search.hpp (one run's searches sharing its
// bound and nogoods) read the same schedules.
#include <algorithm>
#include <cmath>
#include <cstdint>

namespace backtrack {

// Luby's sequence, from i = 1: 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...
constexpr std::uint64_t luby(std::uint64_t i) {
  for (;;) {
    int k = 1;
    while ((std::uint64_t{1} << k) - 1 < i) ++k;
    if (i == (std::uint64_t{1} << k) - 1) return std::uint64_t{1} << (k - 1);
    i -= (std::uint64_t{1} << (k - 1)) - 1;  // the same as in the first half
  }
}

// The node budget of each run.
struct RestartSchedule {
  enum class Kind { doubling, luby, geometric };
  Kind kind = Kind::doubling;
  std::uint64_t base = 0;    // doubling: the margin; luby: the unit; geometric: the first budget
  std::uint64_t depth = 0;   // doubling: the nodes of a path to a leaf
  double factor = 2.0;       // geometric
  // The restarts made are a counter of the run: "cutoffs", the runs stopped at their
  // budget (not "restarts", the name of the option that asks for them).
  bool reported = false;

  static RestartSchedule doubling(std::uint64_t depth, std::uint64_t margin) {
    return {Kind::doubling, margin, depth, 2.0, false};
  }
  static RestartSchedule luby_times(std::uint64_t unit) { return {Kind::luby, unit, 0, 2.0, true}; }
  static RestartSchedule geometric(std::uint64_t first, double factor) {
    return {Kind::geometric, first, 0, factor, true};
  }

  // The budget of run `k` (from 0); past 2^62 nodes it stays there, which no run reaches.
  std::uint64_t budget(std::uint64_t k) const {
    constexpr double most = 4.6e18;
    switch (kind) {
      case Kind::doubling: return depth + static_cast<std::uint64_t>(std::min(most, std::ldexp(static_cast<double>(base), static_cast<int>(std::min<std::uint64_t>(k, 62)))));
      case Kind::luby: return static_cast<std::uint64_t>(std::min(most, static_cast<double>(base) * static_cast<double>(luby(k + 1))));
      case Kind::geometric: return static_cast<std::uint64_t>(std::min(most, static_cast<double>(base) * std::pow(factor, static_cast<double>(k))));
    }
    return 0;
  }
};

}  // namespace backtrack
