#include "setup_watch.hpp"

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <thread>

#include "../options/search_options.hpp"
#include "../program/log.hpp"

namespace backtrack {
namespace {

// One thread that looks at the limits while an instance is being built (armed), and
// sleeps otherwise. It is started once and kept: a thread per instance cost more than
// building a 9x9 Sudoku, and a set of puzzles or compare's rows build many.
class SetupWatch {
 public:
  SetupWatch() : thread_([this] { watch(); }) {}
  SetupWatch(const SetupWatch&) = delete;
  SetupWatch& operator=(const SetupWatch&) = delete;

  // Only a sleeping watch is woken: one that is armed, or was a moment ago, looks again
  // within 20 ms anyway. A set of puzzles arms and disarms it for every puzzle, and two
  // wake-ups of this thread per puzzle had cost top95 a tenth of its time.
  void arm(const SearchLimits& limits) {
    bool asleep = false;
    {
      std::lock_guard lock(mutex_);
      limits_ = limits;
      armed_ = true;
      asleep = asleep_;
    }
    if (asleep) changed_.notify_all();
  }
  void disarm() {
    std::lock_guard lock(mutex_);
    armed_ = false;
  }

 private:
  [[noreturn]] void watch() {
    std::unique_lock lock(mutex_);
    for (;;) {
      asleep_ = true;
      changed_.wait(lock, [this] { return armed_; });
      asleep_ = false;
      // A look every 20 ms (well inside the 0.2 s a user may wait for a stop), until a
      // look finds it disarmed; whatever instance is being built then is watched.
      for (;;) {
        changed_.wait_for(lock, std::chrono::milliseconds(20));
        if (!armed_) break;
        const bool signalled = limits_.stop_requested != nullptr && limits_.stop_requested->load();
        if (!signalled && Clock::now() < limits_.deadline) continue;
        log::error(std::string("stopped while building the instance, before any search (") +
                   (signalled ? "interrupted" : "time limit") + "): nothing to report");
        log::flush();
        // The main thread is inside the plugin's make(), which cannot be stopped from here;
        // no file is open for writing yet, so leaving at once loses nothing.
        std::_Exit(exit_code_for(signalled ? StopReason::interrupted : StopReason::time_limit));
      }
    }
  }

  std::mutex mutex_;
  std::condition_variable changed_;
  SearchLimits limits_;
  bool armed_ = false;
  bool asleep_ = false;  // waiting to be armed, not looking
  std::thread thread_;
};

// Never destroyed: its thread waits for the next instance until the process ends.
SetupWatch& setup_watch() {
  static SetupWatch* const watch = new SetupWatch();
  return *watch;
}

}  // namespace

namespace {

// setup() under the watch: armed with `limits` until it returns or throws.
template <class Setup>
auto watched(const SearchLimits& limits, Setup setup) {
  SetupWatch& watch = setup_watch();
  watch.arm(limits);
  struct Disarm {
    SetupWatch& watch;
    ~Disarm() { watch.disarm(); }
  } disarm{watch};
  return setup();
}

}  // namespace

std::unique_ptr<Solver> make_watched(const ProblemInfo& problem, const boost::program_options::variables_map& vm,
                                     const SolveIntent& intent, const SearchLimits& limits) {
  return watched(limits, [&] { return problem.build(vm, intent); });
}

std::vector<std::string> instances_watched(const ProblemInfo& problem, const boost::program_options::variables_map& vm,
                                           const SearchLimits& limits) {
  return watched(limits, [&] { return problem.instances(vm); });
}

}  // namespace backtrack
