#pragma once
// The propagators of a model and the loop that runs them to a fixpoint.
//
// A propagator is a small value type (propagators/): its subscriptions (the variables it
// watches, with the weakest event that wakes it), an optional prepare(Space&) that takes
// reversible words or scratch in the space, and propagate(Space&), which narrows domains
// and returns false when the constraint cannot hold. One that reaches its own fixpoint in
// one run says idempotent, and is not woken by its own changes. They are kept in one
// std::variant: a run is a switch, not a virtual call.
//
// run(): the changed variables wake their subscribers onto a first-in first-out queue;
// the queue runs until it is empty (a fixpoint) or a propagator fails.
#include <cstddef>
#include <utility>
#include <variant>
#include <vector>

#include "backtrack/csp/propagators/basics.hpp"
#include "backtrack/csp/propagators/boolean.hpp"
#include "backtrack/csp/propagators/distinct.hpp"
#include "backtrack/csp/propagators/in_set.hpp"
#include "backtrack/csp/propagators/linear.hpp"
#include "backtrack/csp/propagators/table.hpp"
#include "backtrack/csp/space.hpp"

namespace backtrack::csp {

using Propagator = std::variant<LinearLessEqual, LinearEqual, LinearNotEqual, Distinct, InSet, Table, ForbiddenTable,
                                Clause, BoolAndOr, Parity>;

class Propagation {
 public:
  // Adds p to the model whose variables live in `space`; its number.
  int add(Propagator p, Space& space) {
    const int id = static_cast<int>(propagators_.size());
    std::visit(
        [&](auto& q) {
          if constexpr (requires { q.prepare(space); }) q.prepare(space);
          idempotent_.push_back(std::remove_cvref_t<decltype(q)>::idempotent);
          for (const Subscription& sub : q.subscriptions()) {
            if (subscribers_.size() <= static_cast<std::size_t>(sub.x)) subscribers_.resize(static_cast<std::size_t>(sub.x) + 1);
            subscribers_[static_cast<std::size_t>(sub.x)].push_back({id, sub.needs});
          }
        },
        p);
    propagators_.push_back(std::move(p));
    return id;
  }
  int size() const { return static_cast<int>(propagators_.size()); }
  const Propagator& operator[](int id) const { return propagators_[static_cast<std::size_t>(id)]; }
  // Replaces propagator id by p, which watches the same variables, maybe for other events
  // (an all-different whose strength the search chose).
  void replace(int id, Propagator p) {
    std::visit(
        [&](const auto& q) {
          for (const Subscription& sub : q.subscriptions()) {
            for (Waker& w : subscribers_[static_cast<std::size_t>(sub.x)]) {
              if (w.id == id) w.needs = sub.needs;
            }
          }
        },
        p);
    propagators_[static_cast<std::size_t>(id)] = std::move(p);
  }
  // The variables a propagator watches.
  std::vector<int> scope(int id) const {
    std::vector<int> xs;
    for (const auto& sub : std::visit([](const auto& q) { return q.subscriptions(); }, (*this)[id])) xs.push_back(sub.x);
    return xs;
  }

  // Runs everything once (the root), then to a fixpoint.
  int run_all(Space& s) const {
    s.queue().reset(size());
    for (int id = 0; id < size(); ++id) s.queue().push(id);
    return run(s);
  }

  // To a fixpoint: -1, or the number of the propagator that failed (-2: a change
  // outside any propagator emptied a domain).
  int run(Space& s) const {
    WorkQueue& queue = s.queue();
    int running = -1;
    for (;;) {
      if (s.failed()) return give_up(s, running < 0 ? -2 : running);
      s.drain_changes([&](int x, Event e) {
        if (static_cast<std::size_t>(x) >= subscribers_.size()) return;
        for (const Waker& w : subscribers_[static_cast<std::size_t>(x)]) {
          if (e >= w.needs && !(w.id == running && idempotent_[static_cast<std::size_t>(w.id)])) queue.push(w.id);
        }
      });
      if (queue.empty()) return -1;
      running = queue.pop();
      ++s.propagations;
      const bool ok = std::visit([&](const auto& q) { return q.propagate(s); }, (*this)[running]);
      if (!ok) return give_up(s, running);
    }
  }

 private:
  struct Waker {
    int id;
    Event needs;
  };
  static int give_up(Space& s, int id) {
    s.fail();
    s.clear_changes();
    s.queue().clear();
    return id;
  }

  std::vector<Propagator> propagators_;
  std::vector<char> idempotent_;
  std::vector<std::vector<Waker>> subscribers_;
};

}  // namespace backtrack::csp
