#pragma once
// A state that walks from node to node of the tree.
//
// A split visits its nodes, and a thread searches its subtrees, in depth-first order:
// two nodes in a row share most of their path. For a state changed in place (apply /
// undo), the cursor takes back the moves the next node does not share and makes the new
// ones, instead of rebuilding the state from root() for every node: for dancing links
// that rebuild copies the whole matrix (tens of kilobytes for a Sudoku) and replays the
// whole prefix. A state copied by value (child()) is a few machine words: it is simply
// replayed from root().
#include <algorithm>
#include <cstddef>
#include <span>
#include <vector>

#include "backtrack/problem.hpp"

namespace backtrack {

template <Problem P>
class Cursor {
 public:
  using State = typename P::State;
  using Move = typename P::Move;

  explicit Cursor(const P& problem) : problem_(problem), state_(problem.root()) {}

  // The state at `prefix` (moves from root()). A search may change it in place, as long
  // as it takes every change back; otherwise it calls lose().
  State& at(std::span<const Move> prefix) {
    if constexpr (walks) {
      if (lost_) {
        state_ = problem_.root();
        path_.clear();
        batches_.clear();
        lost_ = false;
      }
      std::size_t shared = 0;
      while (shared < path_.size() && shared < prefix.size() && path_[shared] == prefix[shared]) ++shared;
      // A node inside a batch was never propagated by itself: back to where the batch began.
      while (!batches_.empty() && batches_.back().end > shared) {
        shared = std::min(shared, batches_.back().begin);
        batches_.pop_back();
      }
      while (path_.size() > shared) {
        problem_.undo(state_, path_.back());
        path_.pop_back();
      }
      if constexpr (HasApplyAll<P>) {
        if (prefix.size() - shared >= batched_from) {
          problem_.apply_all(state_, prefix.subspan(shared));
          path_.insert(path_.end(), prefix.begin() + static_cast<std::ptrdiff_t>(shared), prefix.end());
          batches_.push_back({shared, prefix.size()});
          return state_;
        }
      }
      for (std::size_t i = shared; i < prefix.size(); ++i) {
        problem_.apply(state_, prefix[i]);
        path_.push_back(prefix[i]);
      }
    } else {
      state_ = state_after(problem_, prefix);
    }
    return state_;
  }

  // The state was left half-changed (a search stopped in the middle): the next at()
  // builds it afresh.
  void lose() { lost_ = true; }

  // The state as the last search left it, half-changed or not: what a problem learns
  // untrailed (failure weights) is in it until the next at().
  const State& state() const { return state_; }

 private:
  // state_after() may set up what apply() does not (a root's parameters): such a
  // problem is always replayed.
  static constexpr bool walks = HasApplyUndo<P> && !HasChild<P> && !HasStateAfter<P>;

  // Moves made at once with apply_all() (problem.hpp's HasApplyAll): from this many on (a
  // neighbourhood of --lns, a subtree after a stop), not the few that the next subtree of
  // a split adds, since a batch cut into is made again from its start.
  static constexpr std::size_t batched_from = 8;
  struct Batch {
    std::size_t begin, end;  // in path_
  };

  const P& problem_;
  State state_;
  std::vector<Move> path_;  // where state_ is
  std::vector<Batch> batches_;
  bool lost_ = false;
};

}  // namespace backtrack
