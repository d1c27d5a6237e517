// TreeRecorder: a search's events as a SearchTree, folded to a node budget with exact
// counts. Random trees, walked as a search walks them, against counts made here.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "watch/tree_recorder.hpp"

namespace {

using backtrack::SearchStats;
using backtrack::SearchTree;
using backtrack::TreeNode;
using backtrack::TreeNodeKind;
using backtrack::TreeRecorder;

// A node of the test's own tree: its move names it ("7"), so that a recorded node can
// be told apart from the others.
struct Node {
  std::vector<int> children;
  bool solution = false;
};

class Named final : public backtrack::NodeView {
 public:
  explicit Named(std::string move) : move_(std::move(move)) {}
  std::string move() const override { return move_; }
  std::string drawing() const override { return "board of " + move_; }
  std::string why() const override { return {}; }

 private:
  std::string move_;
};

struct Truth {
  std::vector<std::uint64_t> nodes, solutions, failures;
};

// A random tree of about `size` nodes, fanning out up to `fan`.
std::vector<Node> random_tree(std::mt19937& random, int size, int fan) {
  std::vector<Node> tree(1);
  std::vector<int> open{0};
  while (static_cast<int>(tree.size()) < size && !open.empty()) {
    const int at = open[random() % open.size()];
    const int children = 1 + static_cast<int>(random() % static_cast<unsigned>(fan));
    for (int c = 0; c < children && static_cast<int>(tree.size()) < size; ++c) {
      tree[static_cast<std::size_t>(at)].children.push_back(static_cast<int>(tree.size()));
      open.push_back(static_cast<int>(tree.size()));
      tree.emplace_back();
    }
    std::erase(open, at);
  }
  for (auto& node : tree) node.solution = node.children.empty() && random() % 3 == 0;
  return tree;
}

// Walks node `at` as the engine would, `left` nodes at most (a node limit); false once stopped.
bool walk(const std::vector<Node>& tree, int at, int depth, TreeRecorder& recorder, std::uint64_t& left,
          SearchStats& stats) {
  if (left == 0) return false;
  --left;
  ++stats.nodes;
  recorder.enter(depth, Named(std::to_string(at)));
  const Node& node = tree[static_cast<std::size_t>(at)];
  if (node.solution) {
    recorder.solution(1);
    ++stats.solutions;
    ++stats.representatives;
  } else if (node.children.empty()) {
    recorder.dead_end(Named(std::to_string(at)));
    ++stats.failures;
  }
  for (const int child : node.children) {
    if (!walk(tree, child, depth + 1, recorder, left, stats)) return false;
  }
  recorder.leave();
  return true;
}

// The counts of every node's subtree, as far as `left` nodes of the walk reach.
void count(const std::vector<Node>& tree, int at, Truth& truth, std::uint64_t& left) {
  if (left == 0) return;
  --left;
  const auto i = static_cast<std::size_t>(at);
  truth.nodes[i] = 1;
  const Node& node = tree[i];
  truth.solutions[i] = node.solution ? 1 : 0;
  truth.failures[i] = !node.solution && node.children.empty() ? 1 : 0;
  for (const int child : node.children) {
    count(tree, child, truth, left);
    const auto c = static_cast<std::size_t>(child);
    truth.nodes[i] += truth.nodes[c];
    truth.solutions[i] += truth.solutions[c];
    truth.failures[i] += truth.failures[c];
  }
}

void check(const std::vector<Node>& tree, std::size_t budget, std::uint64_t max_nodes) {
  TreeRecorder recorder(budget);
  SearchStats stats;
  std::uint64_t left = max_nodes;
  const bool finished = walk(tree, 0, 0, recorder, left, stats);
  if (!finished) stats.stop = backtrack::StopReason::node_limit;
  Truth truth{std::vector<std::uint64_t>(tree.size(), 0), std::vector<std::uint64_t>(tree.size(), 0),
              std::vector<std::uint64_t>(tree.size(), 0)};
  left = max_nodes;
  count(tree, 0, truth, left);
  const SearchTree drawn = recorder.finish("test", stats);
  ASSERT_FALSE(drawn.nodes.empty());
  EXPECT_LE(drawn.nodes.size(), std::max<std::size_t>(budget, 1));
  // Folded, the budget is filled to within one sibling group (they fold whole).
  std::size_t widest = 1;
  for (const Node& node : tree) widest = std::max(widest, node.children.size());
  if (stats.nodes > budget) {
    EXPECT_GT(drawn.nodes.size() + widest, budget) << "a budget of " << budget;
  }
  EXPECT_EQ(drawn.searched_nodes, stats.nodes);
  EXPECT_EQ(drawn.stopped, !finished);
  EXPECT_EQ(drawn.nodes[0].nodes, stats.nodes);
  EXPECT_EQ(drawn.nodes[0].parent, TreeNode::no_parent);
  std::vector<std::uint64_t> children_sum(drawn.nodes.size(), 0);
  for (std::size_t i = 0; i < drawn.nodes.size(); ++i) {
    const TreeNode& node = drawn.nodes[i];
    const auto at = static_cast<std::size_t>(std::stoi(node.move));
    EXPECT_EQ(node.drawing, "board of " + node.move);
    // Exact, folded or not (a node the limit cut short: as far as the walk went).
    EXPECT_EQ(node.nodes, truth.nodes[at]) << "node " << at;
    EXPECT_EQ(node.solutions, truth.solutions[at]) << "node " << at;
    EXPECT_EQ(node.failures, truth.failures[at]) << "node " << at;
    if (i > 0) {
      ASSERT_LT(node.parent, i);
      children_sum[node.parent] += node.nodes;
    }
    if (!node.folded && node.kind != TreeNodeKind::stopped) {
      const bool leaf = tree[at].children.empty();
      EXPECT_EQ(node.kind, tree[at].solution ? TreeNodeKind::solution : leaf ? TreeNodeKind::failure : TreeNodeKind::inner);
    }
  }
  for (std::size_t i = 0; i < drawn.nodes.size(); ++i) {
    // Unfolded: the children drawn are all of them.
    if (drawn.nodes[i].folded) {
      EXPECT_GT(drawn.nodes[i].nodes, 1 + children_sum[i]) << i;
    } else {
      EXPECT_EQ(drawn.nodes[i].nodes, 1 + children_sum[i]) << i;
    }
  }
}

TEST(TreeRecorder, KeepsASmallTreeWhole) {
  std::mt19937 random(1);
  const auto tree = random_tree(random, 50, 3);
  check(tree, 2000, 0 - std::uint64_t{1});
}

TEST(TreeRecorder, FoldsToTheBudgetWithExactCounts) {
  std::mt19937 random(2);
  for (int round = 0; round < 40; ++round) {
    const auto tree = random_tree(random, 200 + static_cast<int>(random() % 3000), 1 + static_cast<int>(random() % 5));
    for (const std::size_t budget : {5u, 37u, 200u, 1000u}) check(tree, budget, 0 - std::uint64_t{1});
  }
}

// A complete tree of fan 4 and depth 6: levels of 1, 4, 16, 64, 256 nodes hold 341, the
// next 1024 more. A budget of 500 draws the five whole levels and the left part of the
// sixth, not the 341 nodes of the whole levels alone.
TEST(TreeRecorder, FillsTheBudgetWithWholeLevelsThenPartOfTheNext) {
  std::vector<Node> tree(1);
  for (std::size_t at = 0; tree.size() < 5461; ++at) {
    for (int c = 0; c < 4; ++c) {
      tree[at].children.push_back(static_cast<int>(tree.size()));
      tree.emplace_back();
    }
  }
  TreeRecorder recorder(500);
  SearchStats stats;
  std::uint64_t left = 0 - std::uint64_t{1};
  ASSERT_TRUE(walk(tree, 0, 0, recorder, left, stats));
  const SearchTree drawn = recorder.finish("complete", stats);
  EXPECT_LE(drawn.nodes.size(), 500u);
  EXPECT_GE(drawn.nodes.size(), 450u);
  std::vector<int> level(drawn.nodes.size(), 0);
  std::vector<std::size_t> at_level(7, 0);
  int last_kept = -1;  // at level 5, the moves kept are the first ones searched
  for (std::size_t i = 0; i < drawn.nodes.size(); ++i) {
    if (i > 0) level[i] = level[drawn.nodes[i].parent] + 1;
    ++at_level[static_cast<std::size_t>(level[i])];
    if (level[i] == 5) {
      EXPECT_EQ(std::stoi(drawn.nodes[i].move), last_kept < 0 ? 341 : last_kept + 1);
      last_kept = std::stoi(drawn.nodes[i].move);
    }
  }
  EXPECT_EQ(at_level, (std::vector<std::size_t>{1, 4, 16, 64, 256, drawn.nodes.size() - 341, 0}));
}

TEST(TreeRecorder, MarksWhereALimitStoppedTheSearch) {
  std::mt19937 random(3);
  for (int round = 0; round < 20; ++round) {
    const auto tree = random_tree(random, 2000, 4);
    for (const std::uint64_t limit : {1u, 10u, 333u, 1500u}) check(tree, 100, limit);
  }
  // The open nodes are of kind stopped.
  TreeRecorder recorder(10);
  recorder.enter(0, Named("0"));
  recorder.enter(1, Named("1"));
  SearchStats stats;
  stats.nodes = 2;
  stats.stop = backtrack::StopReason::node_limit;
  const SearchTree drawn = recorder.finish("limit", stats);
  ASSERT_EQ(drawn.nodes.size(), 2u);
  EXPECT_EQ(drawn.nodes[0].kind, TreeNodeKind::stopped);
  EXPECT_EQ(drawn.nodes[1].kind, TreeNodeKind::stopped);
  EXPECT_TRUE(drawn.stopped);
}

TEST(TreeRecorder, ASearchStartedAgainAfterALimitIsARootOfItsOwn) {
  // --restarts: a run stopped by its budget leaves its nodes open, and the next run
  // starts from the root again; each run is a root, the first one stopped.
  for (const std::size_t budget : {100u, 2u}) {
    TreeRecorder recorder(budget);
    recorder.enter(0, Named("run 1"));
    recorder.enter(1, Named("a"));
    recorder.enter(2, Named("b"));
    recorder.dead_end(Named("b"));
    recorder.leave();
    recorder.enter(2, Named("c"));  // the budget stops the run here
    recorder.enter(0, Named("run 2"));
    recorder.enter(1, Named("d"));
    recorder.solution(1);
    recorder.leave();
    recorder.leave();
    SearchStats stats;
    stats.nodes = 6;
    const SearchTree drawn = recorder.finish("restarts", stats);
    ASSERT_GE(drawn.nodes.size(), 3u) << budget;
    EXPECT_EQ(drawn.nodes[0].kind, TreeNodeKind::roots);
    EXPECT_EQ(drawn.nodes[0].nodes, 6u);
    std::vector<std::size_t> runs;
    for (std::size_t i = 1; i < drawn.nodes.size(); ++i) {
      if (drawn.nodes[i].parent == 0) runs.push_back(i);
    }
    ASSERT_EQ(runs.size(), 2u) << budget;
    EXPECT_EQ(drawn.nodes[runs[0]].move, "run 1");
    EXPECT_EQ(drawn.nodes[runs[0]].kind, TreeNodeKind::stopped);
    EXPECT_EQ(drawn.nodes[runs[0]].nodes, 4u);
    EXPECT_EQ(drawn.nodes[runs[0]].failures, 1u);
    EXPECT_EQ(drawn.nodes[runs[1]].move, "run 2");
    EXPECT_EQ(drawn.nodes[runs[1]].nodes, 2u);
    EXPECT_EQ(drawn.nodes[runs[1]].solutions, 1u);
  }
}

TEST(TreeRecorder, SeveralRootsShareACommonParent) {
  TreeRecorder recorder(10);
  SearchStats stats;
  for (const char* root : {"a", "b", "c"}) {
    recorder.enter(1, Named(root));
    recorder.solution(2);  // a mirrored half: counted twice
    recorder.leave();
    ++stats.nodes;
  }
  const SearchTree drawn = recorder.finish("roots", stats);
  ASSERT_EQ(drawn.nodes.size(), 4u);
  EXPECT_EQ(drawn.nodes[0].kind, TreeNodeKind::roots);
  EXPECT_EQ(drawn.nodes[0].nodes, 3u);
  EXPECT_EQ(drawn.nodes[0].solutions, 3u);
  for (std::size_t i = 1; i < 4; ++i) EXPECT_EQ(drawn.nodes[i].parent, 0u);
}

}  // namespace
