#pragma once
// Where the time of one instance went, as solve and compare report it. The engine's
// SearchStats::seconds covers its split and search only; a user waits for the whole
// command, so the driver keeps its own clock, started as early as the command can:
//   set-up: everything before the run: the problem's options, the plugin's make(), the
//           input, the journal;
//   search: Solver::run() (or the MPI count) as the driver sees it: the split, the
//           search, the merge;
//   seconds: all of it, and what else the command does for the instance afterwards
//           (a count's separate search for an example solution, freeing the instance);
//   cpu_seconds: the CPU time of the whole process over the span of `seconds`, every
//           thread's together: beside seconds it shows how far the threads ran at once
//           (a cpu_seconds near threads x seconds) or waited (near seconds, or below).
#include <time.h>

#include <chrono>

#include "backtrack/search_limits.hpp"

namespace backtrack {

struct InstanceTimes {
  double setup_seconds = 0;
  double search_seconds = 0;
  double seconds = 0;  // set-up + search + what came after
  double cpu_seconds = 0;  // the process's CPU time over `seconds`
};

// The CPU time this process has used so far, all its threads together.
inline double process_cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

class InstanceClock {
 public:
  // The CPU time is read when the clock is made, though `start` may be earlier (compare
  // starts a row's clock at the end of the row before, which is just now).
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
    return {Seconds(setup_).count(), Seconds(search_).count(), Seconds(end - start_).count(),
            process_cpu_seconds() - cpu_start_};
  }

 private:
  Clock::time_point start_;
  double cpu_start_ = process_cpu_seconds();
  Clock::duration setup_{};
  Clock::duration search_{};
};

}  // namespace backtrack
