#pragma once
// The one count of CPUs that every part goes by: the driver's default and cap for
// --threads, and on_threads()'s choice between oneTBB's own arena and one of its own.
#include <sched.h>

#include <algorithm>
#include <thread>

namespace backtrack {

// The CPUs this process may run on, not all of the machine's: mpiexec binds each rank
// to a share of them, as taskset and cgroup cpusets do. Read from the affinity mask as
// oneTBB reads it, not through tbb::info::default_concurrency(): that starts oneTBB
// (which probes the disk for an OpenMP runtime), also in a run that never splits its
// tree and so never needs a second thread (issue 14), and it would make every file that
// asks include TBB.
inline unsigned usable_cpus() {
  cpu_set_t cpus;
  if (sched_getaffinity(0, sizeof cpus, &cpus) == 0) return static_cast<unsigned>(std::max(1, CPU_COUNT(&cpus)));
  return std::max(1U, std::thread::hardware_concurrency());  // more CPUs than a cpu_set_t holds
}

}  // namespace backtrack
