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
  close_stopped_above(depth);
  const int level = static_cast<int>(open_.size() + hidden_.size());
  // Once the budget has folded the tree, the deepest level kept takes no new node: room
  // a sibling group left would only be taken and given back, group after group.
  if (!hidden_.empty() || level > cutoff_ || (level == cutoff_ && level > 1)) {
    TreeNode& keeper = current();
    keeper.folded = true;
    ++keeper.nodes;
    hidden_.push_back(depth);
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
  if (++kept_ > budget_) fold_to_budget();
}

void TreeRecorder::solution(std::uint64_t weight) {
  TreeNode& node = current();
  if (hidden_.empty()) node.kind = TreeNodeKind::solution;
  if (weight > 0) ++node.solutions;
}

void TreeRecorder::dead_end(const NodeView&) {
  TreeNode& node = current();
  if (hidden_.empty()) node.kind = TreeNodeKind::failure;
  ++node.failures;
}

void TreeRecorder::leave() {
  if (!hidden_.empty()) {
    hidden_.pop_back();
    return;
  }
  close_kept();
}

void TreeRecorder::close_kept() {
  const TreeNode& done = nodes_[open_.back()];
  open_.pop_back();
  TreeNode& parent = current();
  parent.nodes += done.nodes;
  parent.solutions += done.solutions;
  parent.failures += done.failures;
}

void TreeRecorder::close_stopped_above(int depth) {
  while (!hidden_.empty() && hidden_.back() >= depth) hidden_.pop_back();
  if (!hidden_.empty()) return;
  while (open_.size() > 1 && current().depth >= depth) {
    if (current().kind == TreeNodeKind::inner) current().kind = TreeNodeKind::stopped;
    close_kept();
  }
}

// Sibling groups of the deepest level go, the last ones first, until the tree fits; a
// level left empty goes too, and the one above becomes the deepest. So the tree keeps
// whole levels and then as much of the next as the budget holds, its left part (the
// nodes searched first), to within one sibling group: not the whole levels alone, which
// could fill a quarter of the budget. A parent loses all its children or none, so a
// folded node is a triangle with nothing drawn below it. A closed node's counts are in
// its parent already (leave()); an open one's are added to the deepest open node kept,
// and it turns hidden.
void TreeRecorder::fold_to_budget() {
  constexpr std::size_t none = TreeNode::no_parent;
  std::vector<bool> gone(nodes_.size(), false);
  // Level 1 stays whole: the roots of the search.
  while (kept_ > budget_ && kept_at_level_.size() > 2) {
    const int deepest = static_cast<int>(kept_at_level_.size()) - 1;
    std::size_t group = none;  // the parent of the sibling group going
    for (std::size_t i = nodes_.size(); i-- > 0;) {
      if (level_[i] != deepest) continue;
      if (nodes_[i].parent != group) {
        if (kept_ <= budget_) break;
        group = nodes_[i].parent;
        nodes_[group].folded = true;
      }
      gone[i] = true;
      --kept_;
      --kept_at_level_.back();
    }
    if (kept_at_level_.back() == 0) kept_at_level_.pop_back();
  }
  cutoff_ = static_cast<int>(kept_at_level_.size()) - 1;
  // The open nodes that went (the innermost ones: a node goes only after its children):
  // their counts join the deepest one kept, innermost first, and they turn hidden,
  // outside the ones hidden before.
  std::vector<int> newly_hidden;
  while (gone[open_.back()]) {
    newly_hidden.insert(newly_hidden.begin(), current().depth);
    close_kept();
  }
  hidden_.insert(hidden_.begin(), newly_hidden.begin(), newly_hidden.end());
  std::vector<std::size_t> moved_to(nodes_.size(), none);
  std::size_t kept = 0;
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    if (gone[i]) continue;
    moved_to[i] = kept;
    if (kept != i) {
      nodes_[kept] = std::move(nodes_[i]);
      level_[kept] = level_[i];
    }
    if (nodes_[kept].parent != none) nodes_[kept].parent = moved_to[nodes_[kept].parent];
    ++kept;
  }
  nodes_.resize(kept);
  level_.resize(kept);
  for (auto& index : open_) index = moved_to[index];
}

SearchTree TreeRecorder::finish(std::string title, const SearchStats& stats) {
  // The nodes a limit left open: stopped where their subtree was not finished.
  close_stopped_above(std::numeric_limits<int>::min());
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
