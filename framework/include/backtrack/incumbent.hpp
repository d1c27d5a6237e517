#pragma once
// The best objective value found so far in one run of an optimisation: branch and bound's
// bound, owned by the search (as Gecode's engines own theirs), never by the problem.
//
// One run makes one Incumbent and every search of it (the split's probe, each thread's,
// the subtrees') reads it through SearchLimits::incumbent: the engine posts "better than
// best()" on each child it makes (the problem's constrain()), and a leaf that the problem
// calls a solution counts only when offer() takes its value. offer() takes a value and
// hands the solution on under one lock, so that what the run reports improves at every
// step, whichever thread finds what; best() is read without it, at every node.
#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>

namespace backtrack {

class Incumbent {
 public:
  explicit Incumbent(bool minimise) : minimise_(minimise) {}
  Incumbent(const Incumbent&) = delete;
  Incumbent& operator=(const Incumbent&) = delete;

  bool minimises() const { return minimise_; }
  std::optional<std::int64_t> best() const {
    if (!found_.load(std::memory_order_acquire)) return std::nullopt;
    return best_.load(std::memory_order_relaxed);
  }

  // If `value` beats the best so far, it becomes the best and deliver() runs (it may
  // throw, to stop the search: the value stays taken); else false, and nothing happens.
  template <class Deliver>
  bool offer(std::int64_t value, Deliver deliver) {
    const std::lock_guard lock(mutex_);
    if (found_.load(std::memory_order_relaxed) && !better(value, best_.load(std::memory_order_relaxed))) return false;
    best_.store(value, std::memory_order_relaxed);
    found_.store(true, std::memory_order_release);
    deliver();
    return true;
  }

  bool better(std::int64_t value, std::int64_t than) const { return minimise_ ? value < than : value > than; }

 private:
  bool minimise_;
  std::mutex mutex_;
  std::atomic<bool> found_{false};
  std::atomic<std::int64_t> best_{0};
};

}  // namespace backtrack
