#pragma once
// Watching a search node by node (--trace, --tree): the one interface of the boundary
// called per node, and only by a search that a user asked to watch. Every other search
// is compiled without it (engine.hpp's Watch), so counting pays nothing for it.
//
// Value types and the standard library only: the driver implements it.
#include <cstdint>
#include <string>
#include <vector>

namespace backtrack {

// The node a watcher is told about, in the problem's words, made only when asked: a
// drawing of a large tree keeps the words of a few thousand of its nodes.
class NodeView {
 public:
  // The move that led here ("row 2: queen in column 1"); "" at a root.
  virtual std::string move() const = 0;
  // The state drawn (a board, a grid; several lines), or "" where the problem draws none.
  virtual std::string drawing() const = 0;
  // Why a refused move was refused, or why a dead end has no child, where the problem
  // can say ("attacked by the queen in row 0"); else "".
  virtual std::string why() const = 0;

 protected:
  ~NodeView() = default;
};

// The events of a depth-first search, in order. Nodes nest: every enter() is closed by
// one leave(), except those open when a limit stops the search (the search then ends
// without a leave() for them).
class SearchWatcher {
 public:
  virtual ~SearchWatcher() = default;
  // A node is entered (counted, as the search counts its nodes) at `depth` moves from
  // the problem's root() (a root of a problem's roots() may lie deeper than 0).
  virtual void enter(int depth, const NodeView& node) = 0;
  // The node entered last is a solution, counted `weight` times (0: another solution of
  // its symmetry class is counted instead).
  virtual void solution(std::uint64_t weight) = 0;
  // A candidate of the open node was refused by the problem's check: not a node. The
  // view shows the move tried.
  virtual void refused(const NodeView& move) = 0;
  // The open node has no child: no candidates, or all refused.
  virtual void dead_end(const NodeView& node) = 0;
  // The open node's subtree failed, and its failure depends on no decision below depth
  // `to` (--learn cbj): the search goes back to the node at that depth, leaving the
  // other children of the nodes between (each still leaves).
  virtual void backjump(int to) { (void)to; }
  // The open node failed, and a learning search (--learn lcg) learnt from it that the
  // literals of `nogood` ("x3 <= 2", in the problem's words) cannot all hold; it goes back
  // to the node at depth `to`, where the nogood prunes (the nodes between each leave). An
  // empty nogood: the failure holds whatever is decided, and the search is over.
  virtual void learnt(const std::vector<std::string>& nogood, int to) {
    (void)nogood;
    (void)to;
  }
  // A learning search's run is over (--restarts): it goes back to the root, keeping what
  // it learnt (the nodes open each leave).
  virtual void restart() {}
  // The open node's subtree is finished.
  virtual void leave() = 0;
};

}  // namespace backtrack
