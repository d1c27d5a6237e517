#pragma once
// A status line on stderr while a search runs: subtrees done / total, elapsed time and
// an estimate of what remains. Drawn by its own thread four times a second, and only
// when stderr is a terminal.
//
// The time left follows the nodes: those of the finished subtrees against the tree's
// nodes as Knuth's estimator predicts them (Progress::expected_nodes), at this run's
// speed. Subtrees differ a thousandfold in size, so counting them misleads early on;
// it is the fallback when there is no prediction, or the tree outgrew it.
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include "backtrack/solver_interface.hpp"

namespace backtrack {

// How much of the count is done, from 0 to 1: the nodes of the finished subtrees against
// the predicted nodes (by_nodes), or, without a prediction or past it, the subtrees
// finished against all of them. The time left follows the same quantity.
struct Done {
  double fraction = 0;
  bool by_nodes = false;
};
Done done_so_far(const Progress& progress);

// Seconds left after `elapsed` seconds of this run, or a negative number when it cannot
// be told yet.
double seconds_left(double elapsed, const Progress& progress);

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
