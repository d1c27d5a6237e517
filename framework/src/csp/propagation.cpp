// Propagation's loop, compiled once: the one place that runs every kind of propagator
// (a switch over the model's std::variant), so that a program using the integer layer
// does not compile them all again.
#include "backtrack/csp/propagation.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace backtrack::csp {

int Propagation::add(Propagator p, Space& space) {
  const int id = static_cast<int>(propagators_.size());
  if (id % 64 == 0) subsumed_words_.push_back(space.reserve_words(1));
  std::visit(
      [&](auto& q) {
        if constexpr (requires { q.prepare(space); }) q.prepare(space);
        using Q = std::remove_cvref_t<decltype(q)>;
        idempotent_.push_back(Q::idempotent);
        cost_.push_back(cost_of<Q>());
        for (const Subscription& sub : q.subscriptions()) {
          if (subscribers_.size() <= static_cast<std::size_t>(sub.x)) subscribers_.resize(static_cast<std::size_t>(sub.x) + 1);
          subscribers_[static_cast<std::size_t>(sub.x)].push_back({id, sub.needs, gate(sub, space)});
        }
      },
      p);
  propagators_.push_back(std::move(p));
  // One added after the level was set (a nogood of restarts) runs whatever is open: it
  // is no constraint of the model that forward checking stands for.
  if (max_open_ >= 0) {
    always_.push_back(1);
    scopes_.push_back(scope(id));
  }
  return id;
}

void Propagation::replace(int id, Propagator p) {
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

std::vector<int> Propagation::scope(int id) const {
  std::vector<int> xs;
  for (const auto& sub : std::visit([](const auto& q) { return q.subscriptions(); }, (*this)[id])) xs.push_back(sub.x);
  return xs;
}

bool Propagation::entailed(int id, const Space& s) const {
  return std::visit(
      [&](const auto& p) {
        if constexpr (requires { p.entailed(s); }) return p.entailed(s);
        return false;
      },
      (*this)[id]);
}

void Propagation::run_when_open_at_most(int open, std::vector<char> always) {
  max_open_ = open;
  always_ = std::move(always);
  always_.resize(propagators_.size(), 0);
  scopes_.clear();
  for (int id = 0; id < size(); ++id) {
    std::vector<int> xs = scope(id);
    std::sort(xs.begin(), xs.end());  // x * x = z: x is one variable to fix
    xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
    scopes_.push_back(std::move(xs));
  }
}

int Propagation::run_all(Space& s) const {
  wake_all(s);
  return run(s);
}

int Propagation::run_all_ungated(Space& s) const {
  wake_all(s);
  return fixpoint<false>(s);
}

int Propagation::run(Space& s) const { return max_open_ < 0 ? fixpoint<false>(s) : fixpoint<true>(s); }
int Propagation::run_ungated(Space& s) const { return fixpoint<false>(s); }

void Propagation::wake_all(Space& s) const {
  for (const Cost c : {Cost::low, Cost::linear, Cost::high}) s.queue(c).reset(size());
  for (int id = 0; id < size(); ++id) {
    if (!subsumed(s, id)) s.queue(cost_[static_cast<std::size_t>(id)]).push(id);
  }
}

void Propagation::subsume(Space& s, int id) const {
  const std::size_t w = subsumed_words_[static_cast<std::size_t>(id) / 64];
  s.set_word(w, s.word(w) | std::uint64_t{1} << (id % 64));
}

template <bool gated>
int Propagation::fixpoint(Space& s) const {
  WorkQueue* const queues[] = {&s.queue(Cost::low), &s.queue(Cost::linear), &s.queue(Cost::high)};
  int running = -1;
  for (;;) {
    if (s.failed()) return give_up(s, running < 0 ? -2 : running);
    s.drain_changes([&](int x, Event e) {
      if (static_cast<std::size_t>(x) >= subscribers_.size()) return;
      for (const Waker& w : subscribers_[static_cast<std::size_t>(x)]) {
        if (e >= w.needs && !(w.id == running && idempotent_[static_cast<std::size_t>(w.id)]) && !subsumed(s, w.id) &&
            (w.gate < 0 || gates_[static_cast<std::size_t>(w.gate)].opens(s, x))) {
          queues[static_cast<int>(cost_[static_cast<std::size_t>(w.id)])]->push(w.id);
        }
      }
    });
    WorkQueue* next = nullptr;
    for (WorkQueue* q : queues) {
      if (!q->empty()) {
        next = q;
        break;
      }
    }
    if (next == nullptr) return -1;
    running = next->pop();
    if constexpr (gated) {
      if (!always_[static_cast<std::size_t>(running)] && more_open_than(s, running, max_open_)) {
        running = -1;
        continue;
      }
    }
    // A fixpoint may take a propagator run per value of a domain (x < y and y < x over
    // 2^32 values): the search's stop flag and deadline are looked at between runs.
    if ((++s.propagations & 1023) == 0) poll_limits_in_scope();
    s.begin_run(running);
    const Outcome outcome = std::visit([&](const auto& q) { return outcome_of(q.propagate(s)); }, (*this)[running]);
    if (outcome == Outcome::failed) return give_up(s, running);
    if (outcome == Outcome::subsumed) subsume(s, running);
  }
}

bool Propagation::more_open_than(const Space& s, int id, int open) const {
  for (int x : scopes_[static_cast<std::size_t>(id)]) {
    if (!s.fixed(x) && --open < 0) return true;
  }
  return false;
}

int Propagation::gate(const Subscription& sub, const Space& s) {
  // Removing a value inside the interval of a variable without holes changes nothing
  // the watch could see.
  std::optional<Value> watch = s.has_holes(sub.x) ? sub.watch : std::nullopt;
  if (!watch && !sub.while_set) return -1;
  gates_.push_back({watch, sub.while_set ? sub.while_set->first : 0, sub.while_set ? sub.while_set->second : 0});
  return static_cast<int>(gates_.size()) - 1;
}

int Propagation::give_up(Space& s, int id) {
  s.fail();
  s.clear_changes();
  for (const Cost c : {Cost::low, Cost::linear, Cost::high}) s.queue(c).clear();
  return id;
}

}  // namespace backtrack::csp
