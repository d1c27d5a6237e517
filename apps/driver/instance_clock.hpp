#pragma once
// Where the time of one instance went, as solve and compare report it. The engine's
// SearchStats::seconds covers its split and search only; a user waits for the whole
// command, so the driver keeps its own clock, started as early as the command can:
//   set-up: everything before the run: the problem's options, the plugin's make(), the
//           input, the journal;
//   search: Solver::run() (or the MPI count) as the driver sees it: the split, the
//           search, the merge;
//   seconds: all of it, and what else the command does for the instance afterwards
//           (a count's separate search for an example solution, freeing the instance).
#include <chrono>

#include "backtrack/search_limits.hpp"

namespace backtrack {

struct InstanceTimes {
  double setup_seconds = 0;
  double search_seconds = 0;
  double seconds = 0;  // set-up + search + what came after
};

class InstanceClock {
 public:
  explicit InstanceClock(Clock::time_point start = Clock::now()) : start_(start) {}

  // Runs `search` and returns what it returns; the time before it was set-up.
  template <class Search>
  auto time_search(Search search) {
    const auto begin = Clock::now();
    setup_ = begin - start_;
    auto result = search();
    search_ = Clock::now() - begin;
    return result;
  }

  // The times from the start to `end` (compare starts the next instance's clock there).
  InstanceTimes stop(Clock::time_point end = Clock::now()) const {
    using Seconds = std::chrono::duration<double>;
    return {Seconds(setup_).count(), Seconds(search_).count(), Seconds(end - start_).count()};
  }

 private:
  Clock::time_point start_;
  Clock::duration setup_{};
  Clock::duration search_{};
};

}  // namespace backtrack
