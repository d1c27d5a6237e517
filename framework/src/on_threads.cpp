// The one file that compiles oneTBB (on_threads.hpp says why).
#include "backtrack/on_threads.hpp"

#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>

#include <new>
#include <stdexcept>
#include <system_error>

#include "backtrack/usable_cpus.hpp"

namespace backtrack::detail {

void run_tasks(unsigned threads, void (*body)(void* context, unsigned t), void* context) {
  auto all = [&] {
    tbb::parallel_for(
        tbb::blocked_range<unsigned>(0, threads, 1),
        [&](const tbb::blocked_range<unsigned>& part) {
          for (unsigned t = part.begin(); t != part.end(); ++t) body(context, t);
        },
        tbb::simple_partitioner());
  };
  // oneTBB starts no more workers than the CPUs this process may use, and says so on
  // stderr: more threads than that, asked for, take turns on them instead, in an arena
  // allowed that many. Within the CPUs, the process's own arena has room for them:
  // making one, and allowing it, took 15-40 us a count more here.
  try {
    if (threads <= usable_cpus()) {
      all();
    } else {
      tbb::global_control allow(tbb::global_control::max_allowed_parallelism, threads);
      tbb::task_arena arena(static_cast<int>(threads));
      arena.execute(all);
    }
  } catch (const std::system_error&) {
    throw;
  } catch (const std::runtime_error& e) {
    // What oneTBB throws for a thread the system would not start ("pthread_create has
    // failed"), said as what it is.
    throw std::system_error(std::make_error_code(std::errc::resource_unavailable_try_again), e.what());
  }
}

}  // namespace backtrack::detail
