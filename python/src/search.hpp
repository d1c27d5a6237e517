#pragma once
// One search of a problem named in the registry, built and run as `backtrack solve` builds
// and runs it (the same option parsing, Solver::run, statistics and JSON summary), on a
// thread of its own: Python keeps its interpreter while it runs (the GIL is released),
// and Ctrl-C, which Python handles only on its main thread holding the GIL, is noticed by
// the waiting thread, which then stops the search and raises KeyboardInterrupt.
#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "backtrack/registry.hpp"
#include "backtrack/solver_interface.hpp"
#include "solve/instance_clock.hpp"

namespace backtrack::python {

// A solution as the command line writes it: its JSON line and its text.
struct FoundSolution {
  std::string json;
  std::string text;
};

class Search {
 public:
  // `args`: the problem's name, then options as `backtrack solve` reads them. `mode`:
  // count, all, first, limit (with --limit K in args), or best: every improvement of a
  // problem that optimises, else the first solution. `hand_over`: next() takes the
  // solutions one at a time and the search waits for each to be taken (an iterator);
  // else they are kept until the end.
  Search(const std::vector<std::string>& args, const std::string& mode, bool hand_over);
  ~Search();
  Search(const Search&) = delete;
  Search& operator=(const Search&) = delete;

  void start();
  // The next solution, or none once the search has ended (rethrowing what it threw).
  // Waits with the GIL released; Ctrl-C stops the search and raises.
  std::optional<FoundSolution> next();
  // Waits for the end as next() does; the solutions kept stay for next() to return.
  void wait();
  // Asks the search to stop and waits for its thread: its statistics are then partial.
  void stop();

  // The summary `solve --format json` prints: statistics, status, objective.
  std::string summary() const;
  bool optimises() const { return optimises_; }
  const char* mode() const { return to_string(request_.mode); }

 private:
  void search();
  void join();

  InstanceClock clock_;
  std::string problem_;
  std::unique_ptr<Solver> solver_;
  RunRequest request_;
  bool optimises_ = false;
  bool hand_over_ = false;
  std::atomic<bool> stop_{false};

  std::thread thread_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<FoundSolution> found_;  // under mutex_
  bool finished_ = false;            // under mutex_
  std::exception_ptr error_;         // under mutex_
  RunResult result_;                 // written by the thread before finished_
  InstanceTimes times_;
};

}  // namespace backtrack::python
