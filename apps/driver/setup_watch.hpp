#pragma once
// Building an instance (a plugin's make()) runs no search, so nothing in it checks the
// limits: dancing links for a large board take seconds to build. While a SetupWatch
// lives, a signal or the deadline ends the program at once, with the exit code it would
// have had (130/143, or 3) and a message: nothing has been computed yet, so nothing is
// lost, and the user does not wait for a set-up whose result is no longer wanted.
#include <condition_variable>
#include <mutex>
#include <thread>

#include "backtrack/search_limits.hpp"

namespace backtrack {

class SetupWatch {
 public:
  explicit SetupWatch(const SearchLimits& limits);
  ~SetupWatch();
  SetupWatch(const SetupWatch&) = delete;
  SetupWatch& operator=(const SetupWatch&) = delete;

 private:
  void watch();

  SearchLimits limits_;
  std::mutex mutex_;
  std::condition_variable done_;
  bool finished_ = false;
  std::thread thread_;
};

}  // namespace backtrack
