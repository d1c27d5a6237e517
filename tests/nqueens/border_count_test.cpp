// Strategy border's count (BorderCount, border_count.hpp): every kernel this CPU has (the
// lanes of each instruction set, and the generic engine) against OEIS A000170 and against
// the engine, on 1 and 2 threads; roots in 16- and 32-bit lanes; roots expanded until
// they fit in the lanes; a count resumed from a checkpoint; a stop mid-subtree.
#include <gtest/gtest.h>

#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <random>
#include <string>
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
using backtrack::nqueens::LaneKernel;
using backtrack::nqueens::Symmetry;

// Every subtree of the engine's split, searched with BorderCount on `threads` threads.
SearchStats count_split(const ConstellationQueens& problem, LaneKernel kernel, unsigned threads) {
  const SearchLimits limits;
  const auto split = backtrack::split_tree(problem, backtrack::SplitPlan{}, limits);
  return backtrack::run_subtrees(problem, split, threads, limits, nullptr,
                                 [&](const ConstellationQueens& own) { return BorderCount(own, limits, kernel); });
}

// Each kernel, the engine included; those this CPU lacks are skipped, saying so.
class Kernel : public testing::TestWithParam<LaneKernel> {
 protected:
  void SetUp() override {
    if (!kernel_supported(GetParam())) GTEST_SKIP() << "this CPU lacks " << kernel_needs(GetParam());
  }
};

INSTANTIATE_TEST_SUITE_P(BorderCount, Kernel, testing::ValuesIn(backtrack::nqueens::lane_kernels),
                         [](const testing::TestParamInfo<LaneKernel>& info) {
                           return std::string(kernel_name(info.param));
                         });

// The lanes search the generic engine's tree: the same nodes, failures and depth up to
// n = 14; n = 15 and 16 (seconds under load) against A000170 alone.
TEST_P(Kernel, CountsUpTo16) {
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
        const auto stats = count_split(problem, GetParam(), threads);
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

// A root with more open rows than the lanes take is expanded until its descendants fit:
// the engine searches none of the subtrees, and the nodes, failures, depth and count are
// the engine's. Small boards reach this with fewer lanes (BorderCount's lane_limit), drawn
// at random between 1 and n - 5 (every root then has more open rows).
TEST_P(Kernel, ExpandsRootsWithMoreOpenRowsThanLanes) {
  if (GetParam() == LaneKernel::engine) GTEST_SKIP() << "the engine has no lanes";
  std::mt19937 random(61);
  for (int n = 6; n <= 13; ++n) {
    for (Symmetry symmetry : {Symmetry::none, Symmetry::mirror, Symmetry::full}) {
      const ConstellationQueens problem(n, symmetry);
      const auto engine = backtrack::count_solutions(problem);
      const int lane_limit = std::uniform_int_distribution<int>(1, n - 5)(random);
      const SearchLimits limits;
      BorderCount search(problem, limits, GetParam(), lane_limit);
      SearchStats stats;
      for (const auto& root : problem.roots()) stats += search.run_subtree(root.prefix, root.weight);
      const auto where = [&] { return testing::Message() << "n = " << n << " lane limit " << lane_limit; };
      EXPECT_EQ(search.engine_subtrees(), 0u) << where();
      EXPECT_EQ(u64(stats.solutions), reference::a000170[n]) << where();
      EXPECT_EQ(stats.nodes, engine.nodes) << where();
      EXPECT_EQ(stats.failures, engine.failures) << where();
      EXPECT_EQ(stats.max_depth, engine.max_depth) << where();
      EXPECT_EQ(stats.stop, StopReason::none);
    }
  }
}

// From n = 19 the open rows' free squares span more columns than 16-bit lanes hold (the
// border takes two of n), and the kernels count such roots in 32-bit lanes: subtrees a
// few rows from the bottom of boards n = 19..23, below random constellations along
// random paths, each against the engine. Both widths must come up.
TEST_P(Kernel, WideRootsMatchTheEngine) {
  if (GetParam() == LaneKernel::engine) GTEST_SKIP() << "the engine has no lanes";
  using Move = ConstellationQueens::Move;
  std::mt19937 random(65);
  int wide = 0;
  int narrow = 0;
  for (int n = 19; n <= 23; ++n) {
    const ConstellationQueens problem(n, Symmetry::full);
    const auto roots = problem.roots();
    const SearchLimits limits;
    BorderCount lanes(problem, limits, GetParam());
    BorderCount engine(problem, limits, LaneKernel::engine);
    for (int sample = 0; sample < 16; ++sample) {
      const auto& root = roots[std::uniform_int_distribution<std::size_t>(0, roots.size() - 1)(random)];
      std::vector<Move> prefix(root.prefix.begin(), root.prefix.end());
      auto state = problem.root();
      for (const Move& m : prefix) state = problem.child(state, m);
      const int open_left = std::uniform_int_distribution<int>(7, 11)(random);
      while (std::popcount(state.open_rows) > open_left) {
        std::vector<Move> moves;
        for (const Move m : problem.candidates(state)) moves.push_back(m);
        if (moves.empty()) break;
        prefix.push_back(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(random)]);
        state = problem.child(state, prefix.back());
      }
      std::uint64_t free = 0;
      const std::uint64_t all = (std::uint64_t{1} << n) - 1;
      for (int row = 0; row < n; ++row) {
        if ((state.open_rows >> row & 1) == 0) continue;
        free |= all & ~(state.columns | state.rising >> row | state.falling >> (n - 1 - row));
      }
      const int span = free == 0 ? 0 : std::bit_width(free) - std::countr_zero(free);
      ++(span > 16 ? wide : narrow);
      const auto got = lanes.run_subtree(prefix, root.weight);
      const auto want = engine.run_subtree(prefix, root.weight);
      const auto where = [&] { return testing::Message() << "n = " << n << " depth " << prefix.size(); };
      EXPECT_EQ(got.solutions, want.solutions) << where();
      EXPECT_EQ(got.nodes, want.nodes) << where();
      EXPECT_EQ(got.failures, want.failures) << where();
      EXPECT_EQ(got.max_depth, want.max_depth) << where();
    }
  }
  EXPECT_GT(wide, 0);
  EXPECT_GT(narrow, 0);
}

// The stop flag, read every 2^16 nodes, ends a subtree with what it had counted; in the
// lanes also below an expanded root.
TEST_P(Kernel, StopFlagLeavesPartialStatistics) {
  const ConstellationQueens problem(16, Symmetry::full);
  const auto roots = problem.roots();
  std::atomic<bool> stop{true};
  SearchLimits limits;
  limits.stop_requested = &stop;
  for (int lane_limit : {backtrack::nqueens::lane_rows, 8}) {
    BorderCount search(problem, limits, GetParam(), lane_limit);
    SearchLimits unlimited;
    BorderCount whole(problem, unlimited, GetParam(), lane_limit);
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
    EXPECT_GT(stopped, 0u) << "lane limit " << lane_limit;
  }
}

// The best kernel is one the CPU has, and none it has is faster.
TEST(BorderCount, BestKernelIsTheFastestSupported) {
  const LaneKernel best = backtrack::nqueens::best_kernel();
  EXPECT_TRUE(kernel_supported(best));
  for (LaneKernel kernel : backtrack::nqueens::lane_kernels) {
    if (kernel > best) {
      EXPECT_FALSE(kernel_supported(kernel)) << kernel_name(kernel);
    }
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
