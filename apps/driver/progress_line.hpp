#pragma once
// A status line on stderr while a search runs: subtrees done / total, elapsed time and
// an estimate of what remains. Drawn by its own thread four times a second, and only
// when stderr is a terminal.
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include "backtrack/solver.hpp"

namespace backtrack {

class ProgressLine {
 public:
  ProgressLine(const Progress& progress, std::string label, bool enabled);
  ~ProgressLine();  // erases the line
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  static bool stderr_is_terminal();

 private:
  void draw(double seconds) const;

  const Progress& progress_;
  std::string label_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread thread_;
};

}  // namespace backtrack
