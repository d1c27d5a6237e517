#pragma once
// A search tree as drawn by --tree: the nodes a watched search entered (the whole tree,
// or as much of it as the node budget shows, the rest folded with exact counts), in
// depth-first order. Recorded by TreeRecorder (tree_recorder.hpp), drawn by
// tree_drawing.hpp.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace backtrack {

enum class TreeNodeKind {
  inner,     // a node with children
  solution,  // a solution (counted, or with weight 0: another of its symmetry class is)
  failure,   // a dead end: no candidate, or every one refused
  stopped,   // a limit stopped the search here, before its subtree was finished
  roots,     // not a node of the search: the common parent of a problem's several roots
};

struct TreeNode {
  static constexpr std::size_t no_parent = static_cast<std::size_t>(-1);
  std::size_t parent = no_parent;  // index in SearchTree::nodes, earlier than this one
  int depth = 0;                   // moves from the problem's root() (a root of roots() may be deeper)
  TreeNodeKind kind = TreeNodeKind::inner;
  // Its children are not in the tree (the node budget): drawn as a triangle, with the
  // counts below. A folded node is always of kind inner or stopped.
  bool folded = false;
  std::string move;     // the move that led here, in the problem's words ("" at a root)
  std::string drawing;  // the state drawn by the problem (a board, several lines), or ""
  // Of its subtree, itself included, exact whether folded or not (kind roots: its
  // children's sums, itself not counted).
  std::uint64_t nodes = 1;
  std::uint64_t solutions = 0;  // counted solutions (weight > 0)
  std::uint64_t failures = 0;
};

struct SearchTree {
  std::string title;            // the instance, e.g. "n=6 strategy=scan symmetry=none"
  std::vector<TreeNode> nodes;  // depth-first order; nodes[0] is the root (or kind roots)
  // The search's own statistics, which the tree's counts equal: nodes entered,
  // dead ends, and solutions found (one per node of kind solution with weight > 0).
  std::uint64_t searched_nodes = 0;
  std::uint64_t searched_failures = 0;
  std::uint64_t searched_solutions = 0;
  std::size_t node_budget = 0;  // the most nodes drawn before folding
  bool stopped = false;         // a limit (nodes, solutions, time) ended the search early
};

}  // namespace backtrack
