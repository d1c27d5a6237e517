#pragma once
// A status line on stderr while a command runs, drawn by its own thread four times a
// second, and only when stderr is a terminal.
//
// A count: subtrees done / total, elapsed time and an estimate of what remains. The time
// left follows the nodes: those of the finished subtrees against the tree's nodes as
// Knuth's estimator predicts them (Progress::expected_nodes), at this run's speed.
// Subtrees differ a thousandfold in size, so counting them misleads early on; it is the
// fallback when there is no prediction, or the tree outgrew it.
// A search for solutions (--first, --limit, --all) may stop at any node: nothing
// predicts its end, so its line says what is known, the nodes so far, their rate and
// the time, and no percentage or time left.
#include <atomic>
#include <condition_variable>
#include <functional>
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

// The line after `seconds` (without its label): a count's share done and time left
// where `counting` and its subtrees are known; else the nodes searched so far
// (Progress::nodes_seen), their rate and the time. "" while there is nothing to say.
std::string progress_text(const Progress& progress, double seconds, bool counting);

class ProgressLine {
 public:
  // Draws label + ": " + text(seconds since the start) while `enabled`; an empty text
  // draws nothing.
  ProgressLine(std::string label, std::function<std::string(double seconds)> text, bool enabled);
  // A search's line: progress_text() of `progress`.
  ProgressLine(const Progress& progress, std::string label, bool counting, bool enabled);
  ~ProgressLine();  // erases the line
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  static bool stderr_is_terminal();

 private:
  void draw(double seconds) const;

  std::string label_;
  std::function<std::string(double)> text_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread thread_;
};

}  // namespace backtrack
