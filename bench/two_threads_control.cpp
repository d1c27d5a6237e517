// The machine's own ceiling for two threads against one, over a run of a given length.
//
// A count of a few tens of milliseconds on 2 threads runs a few tens of milliseconds
// of parallel work, and on a shared virtual machine the second core may not be there
// for the first few of them. This program does nothing but arithmetic, split into
// equal halves over threads started as on_threads() starts as many as the CPUs (tasks
// of a oneTBB task group, in a fresh process), so its 1-thread time over its 2-thread
// time is the most a count of that length could gain on this machine at that moment.
// scripts/measure-two-threads.sh runs it beside each count, alternated.
// Usage: two_threads_control UNITS THREADS   prints the seconds of UNITS units of work
#include <tbb/task_group.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

// One unit: a million dependent multiply-adds the compiler cannot fold away.
std::uint64_t work(std::uint64_t units) {
  std::uint64_t x = 1;
  for (std::uint64_t i = 0; i < units * 1'000'000; ++i) {
    x = x * 6364136223846793005u + i;
    asm volatile("" : "+r"(x));
  }
  return x;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s UNITS THREADS\n", argv[0]);
    return 64;
  }
  const std::uint64_t units = std::stoull(argv[1]);
  const int threads = std::stoi(argv[2]);
  if (threads < 1) return 64;
  const auto start = std::chrono::steady_clock::now();
  if (threads == 1) {
    work(units);
  } else {
    tbb::task_group group;
    const auto share = static_cast<std::uint64_t>(threads);
    for (std::uint64_t t = 0; t < share; ++t) {
      // Every unit is done: the first units % threads threads take one more.
      group.run([=] { work(units / share + (t < units % share ? 1 : 0)); });
    }
    group.wait();
  }
  std::printf("%.6f\n", std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  return 0;
}
