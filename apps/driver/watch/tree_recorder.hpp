#pragma once
// --tree: a watched search recorded as a SearchTree. Every node is counted; the words
// and drawings of at most `node_budget` of them are kept: when more were entered, the
// tree keeps whole levels and then the left part of the next one, up to the budget; the
// rest folds into its ancestors (drawn as triangles with exact counts), as Gist and
// CP-Profiler draw large trees.
#include <cstddef>
#include <string>
#include <vector>

#include "backtrack/search_stats.hpp"
#include "backtrack/search_watcher.hpp"
#include "search_tree.hpp"

namespace backtrack {

class TreeRecorder final : public SearchWatcher {
 public:
  explicit TreeRecorder(std::size_t node_budget);

  void enter(int depth, const NodeView& node) override;
  void solution(std::uint64_t weight) override;
  void refused(const NodeView&) override {}
  void dead_end(const NodeView& node) override;
  void leave() override;

  // The tree of the search that ended with `stats` (its nodes still open are those a
  // limit stopped). Call once, after the search.
  SearchTree finish(std::string title, const SearchStats& stats);

 private:
  TreeNode& current() { return nodes_[open_.back()]; }
  // The innermost open node kept is finished: its counts join its parent's.
  void close_kept();
  // A node entered at `depth` no deeper than open ones: the search that left them open
  // was stopped by a limit, and another begins (a restart): they end as stopped.
  void close_stopped_above(int depth);
  // Folds the last sibling groups of the deepest levels into their parents until no more
  // than budget_ nodes are kept.
  void fold_to_budget();

  std::size_t budget_;
  // nodes_[0] is the common parent of the search's roots (level 0), whatever their number.
  std::vector<TreeNode> nodes_;
  std::vector<int> level_;          // of each node of nodes_
  std::vector<std::size_t> open_;   // the open nodes that are kept, outermost first
  std::vector<int> hidden_;         // the depths of the open nodes below them, too deep to keep
  int cutoff_;                      // the deepest level kept, which takes no new node once folded
  std::vector<std::size_t> kept_at_level_;
  std::size_t kept_ = 0;            // search nodes kept (nodes_ but the common parent)
};

}  // namespace backtrack
