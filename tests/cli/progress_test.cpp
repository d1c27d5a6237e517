// The progress line's time left: from the nodes against the estimator's prediction when
// there is one, from the subtrees otherwise.
#include <gtest/gtest.h>

#include "progress_line.hpp"

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

}  // namespace
