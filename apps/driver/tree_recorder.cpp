#include "tree_recorder.hpp"

#include <limits>
#include <utility>

namespace backtrack {

TreeRecorder::TreeRecorder(std::size_t node_budget)
    : budget_(node_budget), cutoff_(std::numeric_limits<int>::max()) {
  TreeNode top;
  top.kind = TreeNodeKind::roots;
  top.nodes = 0;
  nodes_.push_back(top);
  level_.push_back(0);
  open_.push_back(0);
  kept_at_level_.push_back(0);
}

void TreeRecorder::enter(int depth, const NodeView& node) {
  const int level = static_cast<int>(open_.size()) + hidden_;
  if (hidden_ > 0 || level > cutoff_) {
    TreeNode& keeper = current();
    keeper.folded = true;
    ++keeper.nodes;
    ++hidden_;
    return;
  }
  TreeNode added;
  added.parent = open_.back();
  added.depth = depth;
  added.move = node.move();
  added.drawing = node.drawing();
  open_.push_back(nodes_.size());
  nodes_.push_back(std::move(added));
  level_.push_back(level);
  if (kept_at_level_.size() <= static_cast<std::size_t>(level)) kept_at_level_.resize(static_cast<std::size_t>(level) + 1);
  ++kept_at_level_[static_cast<std::size_t>(level)];
  if (++kept_ > budget_) fold_deepest_level();
}

void TreeRecorder::solution(std::uint64_t weight) {
  TreeNode& node = current();
  if (hidden_ == 0) node.kind = TreeNodeKind::solution;
  if (weight > 0) ++node.solutions;
}

void TreeRecorder::dead_end(const NodeView&) {
  TreeNode& node = current();
  if (hidden_ == 0) node.kind = TreeNodeKind::failure;
  ++node.failures;
}

void TreeRecorder::leave() {
  if (hidden_ > 0) {
    --hidden_;
    return;
  }
  const TreeNode& done = nodes_[open_.back()];
  open_.pop_back();
  TreeNode& parent = current();
  parent.nodes += done.nodes;
  parent.solutions += done.solutions;
  parent.failures += done.failures;
}

// The levels below the new cutoff go: a closed node's counts are in its parent already
// (leave()), an open one's are added to the deepest open node kept, and it turns hidden.
void TreeRecorder::fold_deepest_level() {
  while (kept_ > budget_ && kept_at_level_.size() > 2) {
    kept_ -= kept_at_level_.back();
    kept_at_level_.pop_back();
  }
  cutoff_ = static_cast<int>(kept_at_level_.size()) - 1;
  // Open nodes too deep now: their counts join the deepest one kept, innermost first.
  while (level_[open_.back()] > cutoff_) {
    const TreeNode done = nodes_[open_.back()];
    open_.pop_back();
    TreeNode& parent = current();
    parent.nodes += done.nodes;
    parent.solutions += done.solutions;
    parent.failures += done.failures;
    ++hidden_;
  }
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    if (level_[i] > cutoff_) nodes_[nodes_[i].parent].folded = true;
  }
  std::vector<std::size_t> moved_to(nodes_.size(), TreeNode::no_parent);
  std::size_t kept = 0;
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    if (level_[i] > cutoff_) continue;
    moved_to[i] = kept;
    if (kept != i) {
      nodes_[kept] = std::move(nodes_[i]);
      level_[kept] = level_[i];
    }
    if (nodes_[kept].parent != TreeNode::no_parent) nodes_[kept].parent = moved_to[nodes_[kept].parent];
    ++kept;
  }
  nodes_.resize(kept);
  level_.resize(kept);
  for (auto& index : open_) index = moved_to[index];
}

SearchTree TreeRecorder::finish(std::string title, const SearchStats& stats) {
  // The nodes a limit left open: stopped where their subtree was not finished.
  for (std::size_t i = open_.size(); i-- > 1;) {
    TreeNode& node = nodes_[open_[i]];
    if (node.kind == TreeNodeKind::inner) node.kind = TreeNodeKind::stopped;
    const TreeNode done = node;
    TreeNode& parent = nodes_[done.parent];
    parent.nodes += done.nodes;
    parent.solutions += done.solutions;
    parent.failures += done.failures;
  }
  open_.resize(1);
  hidden_ = 0;
  SearchTree tree;
  tree.title = std::move(title);
  tree.searched_nodes = stats.nodes;
  tree.searched_failures = stats.failures;
  tree.searched_solutions = static_cast<std::uint64_t>(stats.representatives);
  tree.node_budget = budget_;
  tree.stopped = !stats.complete();
  // One root: the common parent goes.
  std::size_t children = 0;
  for (std::size_t i = 1; i < nodes_.size(); ++i) children += nodes_[i].parent == 0 ? 1 : 0;
  if (children == 1) {
    nodes_.erase(nodes_.begin());
    for (auto& node : nodes_) node.parent = node.parent == 0 ? TreeNode::no_parent : node.parent - 1;
  }
  tree.nodes = std::move(nodes_);
  nodes_.clear();
  return tree;
}

}  // namespace backtrack
