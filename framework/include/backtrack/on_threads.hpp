#pragma once
// Running one piece of work on each of several threads, each with a problem of its own.
#include <algorithm>
#include <atomic>
#include <concepts>
#include <cstddef>
#include <exception>
#include <mutex>

#include "backtrack/problem.hpp"

namespace backtrack {

// The threads worth starting for `subtrees` subtrees: no more than there are to take,
// since each costs a copy of the problem (and one, with no copy, for one subtree).
inline unsigned takers_for(unsigned threads, std::size_t subtrees) {
  return static_cast<unsigned>(std::clamp<std::size_t>(subtrees, 1, std::max(threads, 1U)));
}

namespace detail {
// Calls body(context, t) once for each t below `threads`, as the tasks of a oneTBB
// parallel_for, and returns when all are done (on_threads.cpp: oneTBB is compiled there
// alone, not in every file that runs a search on threads). Throws std::bad_alloc, or a
// std::system_error for a thread the system would not start; body must not throw.
void run_tasks(unsigned threads, void (*body)(void* context, unsigned t), void* context);
}  // namespace detail

// Calls work(own, t) once for each t below `threads`, as tasks of a oneTBB arena of that
// many threads; returns when all are done. One thread runs on the caller's, with `own`
// the problem itself; with several, `own` is a copy made by the task that reads it. The
// allocator puts a problem built on one thread beside what that thread allocates next,
// such as its search's state, which it writes at every node: each read of a shared
// problem by another core took those cache lines away from it (mrv at n = 13: 2 threads
// 1.05-1.65x faster than 1, with a copy per thread 1.8-2.0x; docs/performance.md). A problem that
// cannot be copied is shared.
//
// Should a task fail (out of memory for its copy or its search), or the system refuse a
// thread or memory to oneTBB (ulimit -v: a thread's stack is memory too), `failed` is
// raised, so that work which watches it can end early, every task started is waited
// for, and the first failure is thrown: std::bad_alloc, or a std::system_error for a
// thread. The tasks are a parallel_for's, not a task_group's: oneTBB 2021's task_group
// counts a task before allocating it, and one that could not be allocated was waited
// for without end, or aborted the program from the group's destructor.
template <Problem P, class Work>
void on_threads(const P& problem, unsigned threads, Work work, std::atomic<bool>* failed = nullptr) {
  threads = std::max(threads, 1U);
  if (threads == 1) return work(problem, 0U);
  std::mutex failure_mutex;
  std::exception_ptr failure;
  auto fail = [&](std::exception_ptr e) {
    if (failed != nullptr) failed->store(true);
    std::lock_guard lock(failure_mutex);
    if (!failure) failure = std::move(e);
  };
  auto run = [&](unsigned t) {
    try {
      if constexpr (std::copy_constructible<P>) {
        const P own(problem);
        work(own, t);
      } else {
        work(problem, t);
      }
    } catch (...) {
      fail(std::current_exception());
    }
  };
  try {
    detail::run_tasks(threads, [](void* context, unsigned t) { (*static_cast<decltype(run)*>(context))(t); }, &run);
  } catch (...) {
    fail(std::current_exception());
  }
  if (failure) std::rethrow_exception(failure);
}

}  // namespace backtrack
