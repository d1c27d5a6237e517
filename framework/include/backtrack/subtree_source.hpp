#pragma once
// Where the threads of a count take their subtrees from.
//
// A count is split into a deterministic list of subtrees (split_tree()); run_subtrees()
// searches those its checkpoint does not hold. Its threads take them one at a time
// from a SubtreeSource. The default, PendingSubtrees, hands every pending subtree to
// this process's threads, in order. Another source may share the list with other
// processes (the ranks of an MPI job, say): it hands out indices into the same list,
// hears about each subtree searched here, and adds up those searched elsewhere. So the
// engine and the plugins never know how far the work is spread.
#include <atomic>
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "backtrack/search_stats.hpp"

namespace backtrack {

class SubtreeSource {
 public:
  virtual ~SubtreeSource() = default;
  // Called once, before any next(): the indices still to search, in order.
  virtual void begin(std::span<const std::size_t> pending) = 0;
  // The next subtree for this process to search, or nothing when none is left for it.
  // Called by every thread of the run at once; may wait, e.g. for another process.
  virtual std::optional<std::size_t> next() = 0;
  // A subtree that next() handed out was searched here, to the end or not (stopped by
  // a limit or an interruption). Called from any thread.
  virtual void searched(std::size_t index, const SearchStats& stats) {
    (void)index;
    (void)stats;
  }
  // Called once, after this process's threads have stopped asking: the sum of the
  // subtrees searched elsewhere, which the run adds to its own.
  virtual SearchStats finish() { return {}; }
};

// Every pending subtree, in order, to the threads of this process.
class PendingSubtrees final : public SubtreeSource {
 public:
  void begin(std::span<const std::size_t> pending) override {
    pending_.assign(pending.begin(), pending.end());
    cursor_ = 0;
  }

  std::optional<std::size_t> next() override {
    const std::size_t k = cursor_.fetch_add(1);
    if (k >= pending_.size()) return std::nullopt;
    return pending_[k];
  }

  // How many next() has not handed out yet.
  std::size_t left() const {
    const std::size_t taken = cursor_.load();
    return taken >= pending_.size() ? 0 : pending_.size() - taken;
  }

 private:
  std::vector<std::size_t> pending_;
  std::atomic<std::size_t> cursor_{0};
};

}  // namespace backtrack
