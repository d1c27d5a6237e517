#include "setup_watch.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <thread>

#include "search_options.hpp"

namespace backtrack {
namespace {

// A thread that looks at the limits until the watch is destroyed.
class SetupWatch {
 public:
  explicit SetupWatch(const SearchLimits& limits) : limits_(limits), thread_([this] { watch(); }) {}
  ~SetupWatch() {
    {
      std::lock_guard lock(mutex_);
      finished_ = true;
    }
    done_.notify_all();
    thread_.join();
  }
  SetupWatch(const SetupWatch&) = delete;
  SetupWatch& operator=(const SetupWatch&) = delete;

 private:
  void watch() {
    std::unique_lock lock(mutex_);
    // A look every 20 ms: well inside the 0.2 s a user may wait for a stop.
    while (!done_.wait_for(lock, std::chrono::milliseconds(20), [this] { return finished_; })) {
      const bool signalled = limits_.stop_requested != nullptr && limits_.stop_requested->load();
      if (!signalled && Clock::now() < limits_.deadline) continue;
      spdlog::error("stopped while building the instance, before any search ({}): nothing to report",
                    signalled ? "interrupted" : "time limit");
      spdlog::default_logger()->flush();
      // The main thread is inside the plugin's make(), which cannot be stopped from here;
      // no file is open for writing yet, so leaving at once loses nothing.
      std::_Exit(exit_code_for(signalled ? StopReason::interrupted : StopReason::time_limit));
    }
  }

  SearchLimits limits_;
  std::mutex mutex_;
  std::condition_variable done_;
  bool finished_ = false;
  std::thread thread_;
};

}  // namespace

std::unique_ptr<Solver> make_watched(const ProblemInfo& problem, const boost::program_options::variables_map& vm,
                                     const SolveIntent& intent, const SearchLimits& limits) {
  const SetupWatch watch(limits);
  return problem.build(vm, intent);
}

}  // namespace backtrack
