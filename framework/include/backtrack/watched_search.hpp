#pragma once
// A search watched step by step (--trace, --tree): the Watch of DepthFirstSearch that
// tells a SearchWatcher (search_watcher.hpp) of every step, in the problem's words.
//
// The words come from optional hooks, each with a plain default:
//   present.describe(problem, path) -> string   the last move of `path` ("row 2: queen in
//                                                column 1"), from the Render given to
//                                                make_solver(), which knows the puzzle
//   present.draw(problem, path) -> string       the state `path` leads to, drawn
//   problem.describe(move) -> string             a move alone ("x3 = 2"), where the
//                                                Render says nothing
//   problem.why_refused(state, move) -> string   why allowed() refused the move
//   problem.why_dead_end(state) -> string        why a node has no child
// Without them a move is "move 3" (an integer move) or "a move", a state is not drawn,
// and no reason is given.
#include <concepts>
#include <cstdint>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "backtrack/problem.hpp"
#include "backtrack/search_watcher.hpp"

namespace backtrack {

// A move in words, without the Render's help.
template <Problem P>
std::string move_words(const P& problem, const typename P::Move& move) {
  if constexpr (requires {
                  { problem.describe(move) } -> std::convertible_to<std::string>;
                }) {
    return problem.describe(move);
  } else if constexpr (std::is_integral_v<typename P::Move>) {
    return "move " + std::to_string(move);
  } else {
    return "a move";
  }
}

template <Problem P, class Present>
class WatchEvents {
 public:
  using State = typename P::State;
  using Move = typename P::Move;

  WatchEvents(SearchWatcher& watcher, const Present& present) : watcher_(&watcher), present_(&present) {}

  void enter(const P& problem, const State& state, std::span<const Move> path) {
    watcher_->enter(static_cast<int>(path.size()), View(problem, *present_, state, path));
  }
  void solution(std::uint64_t weight) { watcher_->solution(weight); }
  void refused(const P& problem, const State& state, std::span<const Move> path, const Move& move) {
    watcher_->refused(View(problem, *present_, state, path, &move));
  }
  void dead_end(const P& problem, const State& state, std::span<const Move> path) {
    watcher_->dead_end(View(problem, *present_, state, path, nullptr, true));
  }
  void backjump(int to) { watcher_->backjump(to); }
  void learnt(const P& problem, std::span<const Move> nogood, int to) {
    std::vector<std::string> words;
    for (const Move& m : nogood) words.push_back(move_words(problem, m));
    watcher_->learnt(words, to);
  }
  void restart() { watcher_->restart(); }
  void leave() { watcher_->leave(); }

 private:
  // A node (or, with `tried`, a move refused at it), put into words when asked.
  class View final : public NodeView {
   public:
    View(const P& problem, const Present& present, const State& state, std::span<const Move> path,
         const Move* tried = nullptr, bool dead_end = false)
        : problem_(problem), present_(present), state_(state), path_(path), tried_(tried), dead_end_(dead_end) {}

    std::string move() const override {
      if (tried_ == nullptr) return path_.empty() ? std::string() : words(path_);
      std::vector<Move> path(path_.begin(), path_.end());
      path.push_back(*tried_);
      return words(path);
    }
    std::string drawing() const override {
      if constexpr (requires { present_.draw(problem_, path_); }) {
        return present_.draw(problem_, path_);
      } else {
        return {};
      }
    }
    std::string why() const override {
      if (tried_ != nullptr) {
        if constexpr (requires { problem_.why_refused(state_, *tried_); }) return problem_.why_refused(state_, *tried_);
      } else if (dead_end_) {
        if constexpr (requires { problem_.why_dead_end(state_); }) return problem_.why_dead_end(state_);
      }
      return {};
    }

   private:
    std::string words(std::span<const Move> path) const {
      if constexpr (requires { present_.describe(problem_, path); }) {
        return present_.describe(problem_, path);
      } else {
        return move_words(problem_, path.back());
      }
    }

    const P& problem_;
    const Present& present_;
    const State& state_;
    std::span<const Move> path_;
    const Move* tried_;
    bool dead_end_;
  };

  SearchWatcher* watcher_;
  const Present* present_;
};

// WatchEvents bound to the problem whose words it speaks, for a search that is told the
// state and the path alone: the learning search, which runs on the integer problem a
// plugin's problem may wrap.
template <Problem P, class Present>
class BoundWatchEvents {
 public:
  using State = typename P::State;
  using Move = typename P::Move;

  BoundWatchEvents(SearchWatcher& watcher, const Present& present, const P& problem)
      : events_(watcher, present), problem_(&problem) {}

  void enter(const State& state, std::span<const Move> path) { events_.enter(*problem_, state, path); }
  void dead_end(const State& state, std::span<const Move> path) { events_.dead_end(*problem_, state, path); }
  void solution(std::uint64_t weight) { events_.solution(weight); }
  void learnt(std::span<const Move> nogood, int to) { events_.learnt(*problem_, nogood, to); }
  void restart() { events_.restart(); }
  void leave() { events_.leave(); }

 private:
  WatchEvents<P, Present> events_;
  const P* problem_;
};

}  // namespace backtrack
