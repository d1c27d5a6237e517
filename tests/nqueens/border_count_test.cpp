// Strategy border's count (BorderCount, border_count.hpp): the AVX-512 lanes where the CPU
// has them, and the generic engine they fall back to, against OEIS A000170 and against
// each other, on 1 and 2 threads; a count resumed from a checkpoint; a stop mid-subtree.
#include <gtest/gtest.h>

#include <atomic>
#include <cstddef>
#include <mutex>
#include <vector>

#include "backtrack/checkpoint.hpp"
#include "backtrack/engine.hpp"
#include "backtrack/nqueens/border_count.hpp"
#include "backtrack/nqueens/constellations.hpp"
#include "backtrack/solver.hpp"
#include "backtrack/split.hpp"
#include "driver_made.hpp"
#include "reference.hpp"

namespace {

using backtrack::SearchLimits;
using backtrack::SearchStats;
using backtrack::StopReason;
using backtrack::nqueens::BorderCount;
using backtrack::nqueens::ConstellationQueens;
using backtrack::nqueens::Symmetry;

// Every subtree of the engine's split, searched with BorderCount on `threads` threads.
SearchStats count_split(const ConstellationQueens& problem, bool lanes, unsigned threads) {
  const SearchLimits limits;
  const auto split = backtrack::split_tree(problem, backtrack::SplitPlan{}, limits);
  return backtrack::run_subtrees(problem, split, threads, limits, nullptr,
                                 [&](const ConstellationQueens& own) { return BorderCount(own, limits, lanes); });
}

// The lanes search the generic engine's tree: the same nodes, failures and depth up to
// n = 14; n = 15 and 16 (seconds under load) against A000170 alone.
void expect_counts(bool lanes) {
  for (int n = 4; n <= 16; ++n) {
    const std::vector<Symmetry> symmetries =
        n <= 12 ? std::vector<Symmetry>{Symmetry::none, Symmetry::mirror, Symmetry::full}
                : std::vector<Symmetry>{Symmetry::full};
    for (Symmetry symmetry : symmetries) {
      const ConstellationQueens problem(n, symmetry);
      const bool small = n <= 14;
      const auto engine = small ? backtrack::count_solutions(problem) : SearchStats{};
      for (unsigned threads : {1u, 2u}) {
        if (!small && threads == 1) continue;
        const auto stats = count_split(problem, lanes, threads);
        EXPECT_EQ(u64(stats.solutions), reference::a000170[n]) << "n = " << n << " threads " << threads;
        EXPECT_EQ(stats.stop, StopReason::none);
        if (!small) continue;
        EXPECT_EQ(stats.nodes, engine.nodes) << "n = " << n << " threads " << threads;
        EXPECT_EQ(stats.failures, engine.failures) << "n = " << n << " threads " << threads;
        EXPECT_EQ(stats.max_depth, engine.max_depth) << "n = " << n << " threads " << threads;
      }
    }
  }
}

TEST(BorderCount, LanesCountUpTo16) {
  if (!backtrack::nqueens::lanes_available()) GTEST_SKIP() << "this CPU lacks AVX-512 F, BW, VL or BITALG";
  expect_counts(true);
}

TEST(BorderCount, GenericPathCountsUpTo16) { expect_counts(false); }

// The stop flag, read every 2^16 nodes, ends a subtree with what it had counted.
TEST(BorderCount, StopFlagLeavesPartialStatistics) {
  const ConstellationQueens problem(16, Symmetry::full);
  const auto roots = problem.roots();
  std::atomic<bool> stop{true};
  SearchLimits limits;
  limits.stop_requested = &stop;
  for (bool lanes : {true, false}) {
    if (lanes && !backtrack::nqueens::lanes_available()) continue;
    BorderCount search(problem, limits, lanes);
    SearchLimits unlimited;
    BorderCount whole(problem, unlimited, lanes);
    std::size_t stopped = 0;
    for (const auto& root : roots) {
      if (stopped > 0) break;  // one is enough, and each root takes a while
      const auto all = whole.run_subtree(root.prefix, root.weight);
      const auto part = search.run_subtree(root.prefix, root.weight);
      if (part.complete()) {
        EXPECT_EQ(part.nodes, all.nodes);
        continue;
      }
      ++stopped;
      EXPECT_EQ(part.stop, StopReason::interrupted);
      EXPECT_GT(part.nodes, 0u);
      EXPECT_LT(part.nodes, all.nodes);
      EXPECT_LE(part.solutions, all.solutions);
    }
    EXPECT_GT(stopped, 0u) << "lanes " << lanes;
  }
}

// Remembers what a run recorded, and hands a run the subtrees it is given to resume.
class MemoryCheckpoint final : public backtrack::Checkpoint {
 public:
  std::vector<backtrack::FinishedSubtree> finished;  // recorded by the last run
  std::vector<backtrack::FinishedSubtree> to_resume;
  std::vector<backtrack::FinishedSubtree> resume(const backtrack::SplitInfo&) override { return to_resume; }
  void record(std::size_t index, const SearchStats& stats) override {
    std::lock_guard lock(mutex_);
    finished.push_back({index, stats});
  }
  void flush() override {}

 private:
  std::mutex mutex_;
};

// A count resumed from a checkpoint holding half of the subtrees adds up to the full count.
TEST(BorderCount, ResumedCountMatches) {
  const auto solver = make({"-n", "15"}, backtrack::SearchMode::count, "border");
  for (unsigned threads : {1u, 2u}) {
    MemoryCheckpoint checkpoint;
    backtrack::RunRequest request;
    request.threads = threads;
    request.checkpoint = &checkpoint;
    const auto first = solver->run(request, [](const backtrack::Solution&) { return true; });
    ASSERT_EQ(u64(first.stats.solutions), reference::a000170[15]);
    ASSERT_EQ(checkpoint.finished.size(), first.subtrees);
    for (std::size_t i = 0; i < checkpoint.finished.size(); i += 2) checkpoint.to_resume.push_back(checkpoint.finished[i]);
    checkpoint.finished.clear();
    const auto second = solver->run(request, [](const backtrack::Solution&) { return true; });
    EXPECT_EQ(u64(second.stats.solutions), reference::a000170[15]) << "threads " << threads;
    EXPECT_EQ(second.stats.nodes, first.stats.nodes) << "threads " << threads;
    EXPECT_EQ(second.resumed.subtrees, checkpoint.to_resume.size());
    EXPECT_EQ(checkpoint.finished.size() + checkpoint.to_resume.size(), first.subtrees);
  }
}

}  // namespace
