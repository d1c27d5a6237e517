#include "progress_line.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>

namespace backtrack {

bool ProgressLine::stderr_is_terminal() { return isatty(STDERR_FILENO) != 0; }

ProgressLine::ProgressLine(const Progress& progress, std::string label, bool enabled)
    : progress_(progress), label_(std::move(label)) {
  if (!enabled) return;
  thread_ = std::thread([this] {
    const auto start = std::chrono::steady_clock::now();
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, std::chrono::milliseconds(250), [this] { return done_; })) {
      draw(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::fputs("\r\033[K", stderr);
  });
}

ProgressLine::~ProgressLine() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    done_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

Done done_so_far(const Progress& progress) {
  const auto done = static_cast<double>(progress.done.load());
  const auto total = static_cast<double>(progress.total.load());
  const auto nodes = static_cast<double>(progress.nodes.load());
  const double expected = progress.expected_nodes.load();
  if (total > 0 && done >= total) return {1.0, false};
  if (expected > nodes && nodes > static_cast<double>(progress.resumed_nodes.load())) return {nodes / expected, true};
  return {total > 0 ? done / total : 0.0, false};
}

double seconds_left(double elapsed, const Progress& progress) {
  const Done done = done_so_far(progress);
  if (progress.total.load() == 0 || done.fraction <= 0 || done.fraction >= 1) return -1;
  if (done.by_nodes) {
    // What this run searched, not what a checkpoint resumed, sets the pace.
    const auto nodes = static_cast<double>(progress.nodes.load());
    const double searched = nodes - static_cast<double>(progress.resumed_nodes.load());
    return elapsed * (progress.expected_nodes.load() - nodes) / searched;
  }
  const auto done_subtrees = static_cast<double>(progress.done.load());
  return elapsed * (static_cast<double>(progress.total.load()) - done_subtrees) / done_subtrees;
}

void ProgressLine::draw(double seconds) const {
  const auto finished = progress_.done.load();
  const auto total = progress_.total.load();
  if (total == 0) return;
  char eta[64] = "";
  if (const double left = seconds_left(seconds, progress_); left >= 0) {
    std::snprintf(eta, sizeof eta, ", about %.0fs left", left);
  }
  const Done done = done_so_far(progress_);
  std::fprintf(stderr, "\r\033[K%s: %.1f%% of the %s (%llu/%llu subtrees), %.1fs elapsed%s", label_.c_str(),
               100.0 * done.fraction, done.by_nodes ? "predicted nodes" : "subtrees",
               static_cast<unsigned long long>(finished), static_cast<unsigned long long>(total), seconds, eta);
  std::fflush(stderr);
}

}  // namespace backtrack
