#include "progress_line.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>

namespace backtrack {

bool ProgressLine::stderr_is_terminal() { return isatty(STDERR_FILENO) != 0; }

ProgressLine::ProgressLine(std::string label, std::function<std::string(double seconds)> text, bool enabled)
    : label_(std::move(label)), text_(std::move(text)) {
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

ProgressLine::ProgressLine(const Progress& progress, std::string label, bool counting, bool enabled)
    : ProgressLine(
          std::move(label), [&progress, counting](double seconds) { return progress_text(progress, seconds, counting); },
          enabled) {}

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

std::string progress_text(const Progress& progress, double seconds, bool counting) {
  char text[160];
  const auto total = progress.total.load();
  if (counting && total != 0) {
    char eta[64] = "";
    if (const double left = seconds_left(seconds, progress); left >= 0) {
      std::snprintf(eta, sizeof eta, ", about %.0fs left", left);
    }
    const Done done = done_so_far(progress);
    std::snprintf(text, sizeof text, "%.1f%% of the %s (%llu/%llu subtrees), %.1fs elapsed%s", 100.0 * done.fraction,
                  done.by_nodes ? "predicted nodes" : "subtrees", static_cast<unsigned long long>(progress.done.load()),
                  static_cast<unsigned long long>(total), seconds, eta);
    return text;
  }
  const auto nodes = progress.nodes_seen.load();
  if (nodes == 0 || seconds <= 0) return "";
  std::snprintf(text, sizeof text, "%llu nodes, %.3g nodes/s, %.1fs elapsed", static_cast<unsigned long long>(nodes),
                static_cast<double>(nodes) / seconds, seconds);
  return text;
}

void ProgressLine::draw(double seconds) const {
  const std::string text = text_(seconds);
  if (text.empty()) return;
  std::fprintf(stderr, "\r\033[K%s: %s", label_.c_str(), text.c_str());
  std::fflush(stderr);
}

}  // namespace backtrack
