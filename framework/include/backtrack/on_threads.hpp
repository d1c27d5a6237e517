#pragma once
// Running one piece of work on each of several threads, each with a problem of its own.
#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <concepts>
#include <cstddef>

#include "backtrack/problem.hpp"

namespace backtrack {

// The threads worth starting for `subtrees` subtrees: no more than there are to take,
// since each costs a copy of the problem (and one, with no copy, for one subtree).
inline unsigned takers_for(unsigned threads, std::size_t subtrees) {
  return static_cast<unsigned>(std::clamp<std::size_t>(subtrees, 1, std::max(threads, 1U)));
}

// Calls work(own, t) once for each t below `threads`, as tasks of a oneTBB arena of that
// many threads; returns when all are done. One thread runs on the caller's, with `own`
// the problem itself; with several, `own` is a copy made by the task that reads it. The
// allocator puts a problem built on one thread beside what that thread allocates next,
// such as its search's state, which it writes at every node: each read of a shared
// problem by another core took those cache lines away from it (mrv at n = 13: 2 threads
// 1.05-1.65x faster than 1, with a copy per thread 1.8-2.0x; docs/performance.md). A problem that
// cannot be copied is shared.
template <Problem P, class Work>
void on_threads(const P& problem, unsigned threads, Work work) {
  threads = std::max(threads, 1U);
  if (threads == 1) return work(problem, 0U);
  auto run = [&](unsigned t) {
    if constexpr (std::copy_constructible<P>) {
      const P own(problem);
      work(own, t);
    } else {
      work(problem, t);
    }
  };
  auto all = [&] {
    tbb::task_group group;
    for (unsigned t = 0; t < threads; ++t) group.run([&run, t] { run(t); });
    group.wait();
  };
  // oneTBB starts no more workers than the CPUs this process may use, and says so on
  // stderr: more threads than that, asked for, take turns on them instead, in an arena
  // allowed that many. Within the CPUs, the process's own arena has room for them:
  // making one, and allowing it, took 15-40 us a count more here.
  const auto cpus = static_cast<unsigned>(tbb::info::default_concurrency());
  if (threads <= cpus) return all();
  tbb::global_control allow(tbb::global_control::max_allowed_parallelism, threads);
  tbb::task_arena arena(static_cast<int>(threads));
  arena.execute(all);
}

}  // namespace backtrack
