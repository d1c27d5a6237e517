// The progress line's time left: from the nodes against the estimator's prediction when
// there is one, from the subtrees otherwise; and, for a search that nothing predicts,
// the nodes and their rate alone.
#include <gtest/gtest.h>

#include "output/progress_line.hpp"

namespace {

TEST(ProgressLine, TimeLeftFollowsTheNodes) {
  backtrack::Progress progress;
  progress.total = 4000;
  EXPECT_LT(backtrack::seconds_left(1.0, progress), 0) << "nothing finished: nothing to tell";
  // A tenth of the subtrees, but a quarter of the predicted nodes, in 10 s: 30 s left.
  progress.done = 400;
  progress.nodes = 250;
  progress.expected_nodes = 1000;
  EXPECT_DOUBLE_EQ(backtrack::seconds_left(10.0, progress), 30.0);
  // Resumed nodes were not searched by this run: they do not make it look faster.
  progress.resumed_nodes = 200;
  EXPECT_DOUBLE_EQ(backtrack::seconds_left(10.0, progress), 10.0 * 750 / 50);
  // No prediction, or the tree outgrew it: by the subtrees.
  progress.resumed_nodes = 0;
  progress.expected_nodes = 0;
  EXPECT_DOUBLE_EQ(backtrack::seconds_left(10.0, progress), 90.0);
  progress.expected_nodes = 100;
  EXPECT_DOUBLE_EQ(backtrack::seconds_left(10.0, progress), 90.0);
  progress.done = 4000;
  EXPECT_LT(backtrack::seconds_left(10.0, progress), 0) << "finished";
}

TEST(ProgressLine, ThePercentageAndTheTimeLeftFollowTheSameQuantity) {
  backtrack::Progress progress;
  progress.total = 4000;
  progress.done = 400;  // a tenth of the subtrees
  progress.nodes = 250;
  progress.expected_nodes = 1000;  // a quarter of the nodes
  const auto done = backtrack::done_so_far(progress);
  EXPECT_TRUE(done.by_nodes);
  EXPECT_DOUBLE_EQ(done.fraction, 0.25);
  // 25% in 10 s: 30 s left, as the percentage says.
  EXPECT_DOUBLE_EQ(backtrack::seconds_left(10.0, progress), 10.0 * (1 - done.fraction) / done.fraction);
  // Without a prediction both follow the subtrees.
  progress.expected_nodes = 0;
  const auto by_subtrees = backtrack::done_so_far(progress);
  EXPECT_FALSE(by_subtrees.by_nodes);
  EXPECT_DOUBLE_EQ(by_subtrees.fraction, 0.1);
  EXPECT_DOUBLE_EQ(backtrack::seconds_left(10.0, progress), 10.0 * (1 - by_subtrees.fraction) / by_subtrees.fraction);
}

// --first, --limit and --all may stop at any node: their line shows what is known, the
// nodes, their rate and the time, never a share done or a time left, whatever the
// subtrees say. It was empty: seconds of silence.
TEST(ProgressLine, ASearchForSolutionsShowsNodesAndRate) {
  backtrack::Progress progress;
  EXPECT_EQ(backtrack::progress_text(progress, 0.25, false), "") << "nothing searched yet";
  progress.nodes_seen = 3000000;
  EXPECT_EQ(backtrack::progress_text(progress, 2.0, false), "3000000 nodes, 1.5e+06 nodes/s, 2.0s elapsed");
  progress.total = 4000;
  progress.done = 400;
  const auto text = backtrack::progress_text(progress, 2.0, false);
  EXPECT_EQ(text.find('%'), std::string::npos) << text;
  EXPECT_EQ(text.find("left"), std::string::npos) << text;
}

TEST(ProgressLine, ACountShowsItsShareOnceItsSubtreesAreKnown) {
  backtrack::Progress progress;
  progress.nodes_seen = 1000;
  EXPECT_EQ(backtrack::progress_text(progress, 1.0, true), "1000 nodes, 1e+03 nodes/s, 1.0s elapsed") << "still splitting";
  progress.total = 4000;
  progress.done = 400;
  EXPECT_EQ(backtrack::progress_text(progress, 10.0, true),
            "10.0% of the subtrees (400/4000 subtrees), 10.0s elapsed, about 90s left");
}

}  // namespace
