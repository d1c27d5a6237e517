#include "setup_watch.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <cstdlib>

#include "backtrack/cli.hpp"
#include "interrupt.hpp"

namespace backtrack {

SetupWatch::SetupWatch(const SearchLimits& limits) : limits_(limits), thread_([this] { watch(); }) {}

SetupWatch::~SetupWatch() {
  {
    std::lock_guard lock(mutex_);
    finished_ = true;
  }
  done_.notify_all();
  thread_.join();
}

void SetupWatch::watch() {
  std::unique_lock lock(mutex_);
  // A look every 20 ms: well inside the 0.2 s a user may wait for a stop.
  while (!done_.wait_for(lock, std::chrono::milliseconds(20), [this] { return finished_; })) {
    const bool signalled = limits_.stop_requested != nullptr && limits_.stop_requested->load();
    if (!signalled && Clock::now() < limits_.deadline) continue;
    const int signal = interrupt::signal_number();
    spdlog::error("stopped while building the instance, before any search ({}): nothing to report",
                  signalled ? "interrupted" : "time limit");
    spdlog::default_logger()->flush();
    // The main thread is inside the plugin's make(), which cannot be stopped from here;
    // no file is open for writing yet, so leaving at once loses nothing.
    std::_Exit(signalled ? (signal != 0 ? 128 + signal : exit_interrupted) : exit_stopped_by_limit);
  }
}

}  // namespace backtrack
