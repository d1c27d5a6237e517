#pragma once
// Keeping the finished subtrees of a count across runs.
//
// A count is split into a deterministic list of subtrees (split_tree(), the same for
// every thread count); the subtrees add up to the whole count. A Checkpoint is told
// about each subtree once it is searched to the end, and when a run starts it hands
// back the subtrees an earlier run finished, which the run then skips. The Journal
// (journal.hpp) is the Checkpoint that lives in a file.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "backtrack/search_stats.hpp"
#include "backtrack/split_plan.hpp"

namespace backtrack {

// The split a run works on: the plan passed to split_tree() and what it gave.
struct SplitInfo {
  SplitPlan plan;
  std::size_t subtrees = 0;
};

// What a run took from its checkpoint instead of searching it.
struct Resumed {
  std::size_t subtrees = 0;
  std::uint64_t nodes = 0;
};

// One subtree searched to the end: its index in the split and its statistics.
struct FinishedSubtree {
  std::size_t index = 0;
  SearchStats stats;
};

class Checkpoint {
 public:
  virtual ~Checkpoint() = default;
  // Called once, before the search, with the split of this run. Returns the subtrees
  // finished by earlier runs (each index at most once); throws InputError when the
  // checkpoint belongs to another count.
  virtual std::vector<FinishedSubtree> resume(const SplitInfo& split) = 0;
  // A subtree was searched to the end. Called from any thread, each index at most once.
  virtual void record(std::size_t index, const SearchStats& stats) = 0;
  // Makes every recorded subtree durable; called at the end of a run, also a stopped one.
  // Does not throw: a checkpoint that could not keep a record says so its own way
  // (Journal::failure()), and the run's result is reported all the same.
  virtual void flush() = 0;
};

}  // namespace backtrack
