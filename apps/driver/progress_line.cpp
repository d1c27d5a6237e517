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

double seconds_left(double elapsed, const Progress& progress) {
  const auto done = static_cast<double>(progress.done.load());
  const auto total = static_cast<double>(progress.total.load());
  const auto nodes = static_cast<double>(progress.nodes.load());
  const auto searched = nodes - static_cast<double>(progress.resumed_nodes.load());
  const double expected = progress.expected_nodes.load();
  if (total == 0 || done >= total) return -1;
  if (expected > nodes && searched > 0) return elapsed * (expected - nodes) / searched;
  if (done > 0) return elapsed * (total - done) / done;
  return -1;
}

void ProgressLine::draw(double seconds) const {
  const auto done = progress_.done.load();
  const auto total = progress_.total.load();
  if (total == 0) return;
  char eta[64] = "";
  if (const double left = seconds_left(seconds, progress_); left >= 0) {
    std::snprintf(eta, sizeof eta, ", about %.0fs left", left);
  }
  std::fprintf(stderr, "\r\033[K%s: %llu/%llu subtrees (%.1f%%), %.1fs elapsed%s", label_.c_str(),
               static_cast<unsigned long long>(done), static_cast<unsigned long long>(total),
               100.0 * static_cast<double>(done) / static_cast<double>(total), seconds, eta);
  std::fflush(stderr);
}

}  // namespace backtrack
