#pragma once
// Searching a constraint Model: a Problem for the engine.
//
// State: the current domain of every variable, its value once assigned, and a trail.
// Every domain change pushes (variable, old domain) on the trail; a move pushes a mark
// first, and undo() pops the trail back to that mark, so undo is exact and costs what
// the move changed, not the size of the model. A move that empties a domain (or breaks
// a custom constraint) marks the state failed: the engine enters it, finds no
// candidates, counts a failure and undoes it. So `nodes` counts assignments tried.
//
// The variable to branch on and the order of its values are chosen by SearchOptions
// (options.hpp); the candidates are the values still in its domain, snapshotted when
// the node is entered (applying a child changes domains; undoing it restores them).
// Variables whose domain is one value at the root (givens) are assigned there.
//
// Counters (work_counters.hpp): propagations, the values that pruning removed from the
// domains of other variables than the one assigned; checks, the tests of a value (or of
// a domain, one bitmask) against one constraint. Both count the search, not the root.
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iterator>
#include <numeric>
#include <random>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "backtrack/csp/model.hpp"
#include "backtrack/csp/options.hpp"
#include "backtrack/work_counters.hpp"

namespace backtrack::csp {

struct Assignment {
  int var = 0;
  int value = 0;
  friend bool operator==(const Assignment&, const Assignment&) = default;
};

class CspProblem {
 public:
  using Move = Assignment;
  struct State {
    std::vector<Domain> domain;
    std::vector<int> value;  // -1 while unassigned
    std::vector<std::pair<int, Domain>> trail;
    std::vector<std::size_t> marks;
    std::vector<int> queue;  // scratch for arc consistency
    std::vector<char> queued;
    int unassigned = 0;
    bool failed = false;
    std::uint64_t propagations = 0;
    mutable std::uint64_t checks = 0;  // allowed() checks a const state
  };

  // The values of one variable still possible, in the chosen order.
  class Values {
   public:
    class iterator {
     public:
      using value_type = Assignment;
      using difference_type = std::ptrdiff_t;
      iterator() = default;
      iterator(const Values* v) : v_(v) {
        if (v_->order_ == nullptr) {
          rest_ = v_->domain_;
        } else {
          skip();
        }
      }
      Assignment operator*() const {
        if (v_->order_ == nullptr) return {v_->var_, std::countr_zero(rest_)};
        return {v_->var_, v_->order_[index_]};
      }
      iterator& operator++() {
        if (v_->order_ == nullptr) {
          rest_ &= rest_ - 1;
        } else {
          ++index_;
          skip();
        }
        return *this;
      }
      void operator++(int) { ++*this; }
      friend bool operator==(const iterator& it, std::default_sentinel_t) { return it.done(); }

     private:
      bool done() const { return v_->order_ == nullptr ? rest_ == 0 : index_ >= v_->count_; }
      void skip() {
        while (index_ < v_->count_ && ((v_->domain_ >> v_->order_[index_]) & 1) == 0) ++index_;
      }
      const Values* v_ = nullptr;
      Domain rest_ = 0;
      int index_ = 0;
    };
    Values(int var, Domain domain, const int* order, int count)
        : var_(var), domain_(domain), order_(order), count_(count) {}
    iterator begin() const { return iterator(this); }
    std::default_sentinel_t end() const { return {}; }

   private:
    int var_;
    Domain domain_;      // a snapshot: the domain when the node was entered
    const int* order_;   // nullptr: smallest value first, bit by bit
    int count_;
  };

  CspProblem(Model model, SearchOptions options) : model_(std::move(model)), options_(options) {
    const int n = model_.variables();
    for (int v = 0; v < n; ++v) {
      const int size = model_.size_of(v);
      value_order_.push_back(static_cast<int>(orders_.size()));
      std::vector<int> order(static_cast<std::size_t>(size));
      std::iota(order.begin(), order.end(), 0);
      if (options_.values == ValueOrder::mid) {
        const int twice_middle = size - 1;
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
          return std::abs(2 * a - twice_middle) < std::abs(2 * b - twice_middle);
        });
      } else if (options_.values == ValueOrder::random) {
        std::mt19937_64 random(options_.seed * 0x9E3779B97F4A7C15ULL + static_cast<std::uint64_t>(v));
        for (std::size_t i = order.size(); i > 1; --i) {  // Fisher-Yates, the same on every platform
          std::swap(order[i - 1], order[static_cast<std::size_t>(random() % i)]);
        }
      }
      orders_.insert(orders_.end(), order.begin(), order.end());
    }
    build_root();
  }

  State root() const { return root_; }
  bool is_solution(const State& s) const { return s.unassigned == 0 && !s.failed; }
  int max_depth() const { return model_.variables(); }

  Values candidates(const State& s) const {
    if (s.failed) return {0, 0, nullptr, 0};
    const int var = choose_variable(s);
    if (var < 0) return {0, 0, nullptr, 0};
    const Domain d = s.domain[static_cast<std::size_t>(var)];
    if (options_.values == ValueOrder::min) return {var, d, nullptr, 0};
    return {var, d, orders_.data() + value_order_[static_cast<std::size_t>(var)], model_.size_of(var)};
  }

  // Without pruning, values are checked here against the assigned variables.
  bool allowed(const State& s, Move m) const { return options_.prune != Prune::none || consistent(s, m); }

  void apply(State& s, Move m) const {
    s.marks.push_back(s.trail.size());
    assign(s, m);
  }

  void undo(State& s, Move m) const {
    const std::size_t mark = s.marks.back();
    s.marks.pop_back();
    while (s.trail.size() > mark) {
      const auto [var, old] = s.trail.back();
      s.trail.pop_back();
      s.domain[static_cast<std::size_t>(var)] = old;
    }
    s.value[static_cast<std::size_t>(m.var)] = -1;
    ++s.unassigned;
    s.failed = false;
  }

  static std::span<const std::string_view> counter_names() {
    static constexpr std::array<std::string_view, 2> names{"propagations", "checks"};
    return names;
  }
  WorkCounters counters(const State& s) const { return {{s.propagations, s.checks}}; }

  // Every variable's value, for a path of moves from root().
  std::vector<int> values(std::span<const Move> path) const {
    std::vector<int> values = root_.value;
    for (const Move& m : path) values[static_cast<std::size_t>(m.var)] = m.value;
    return values;
  }
  const Model& model() const { return model_; }
  const SearchOptions& options() const { return options_; }
  // False when the root already fails (a given breaks a constraint): no solutions.
  bool root_consistent() const { return !root_.failed; }

 private:
  void build_root() {
    const int n = model_.variables();
    State& s = root_;
    s.domain = model_.domains();
    s.value.assign(static_cast<std::size_t>(n), -1);
    s.queued.assign(static_cast<std::size_t>(n), 0);
    s.unassigned = n;
    s.trail.reserve(static_cast<std::size_t>(n) * 8);
    s.marks.reserve(static_cast<std::size_t>(n) + 1);
    for (int v = 0; v < n && !s.failed; ++v) {
      if (s.domain[static_cast<std::size_t>(v)] == 0) s.failed = true;
    }
    if (options_.prune == Prune::arc && !s.failed) {
      for (int v = 0; v < n; ++v) enqueue(s, v);
      propagate_arcs(s);
    }
    // Givens: variables with one value are assigned before the search starts.
    for (int v = 0; v < n && !s.failed; ++v) {
      const Domain d = s.domain[static_cast<std::size_t>(v)];
      if (std::has_single_bit(d) && s.value[static_cast<std::size_t>(v)] < 0) {
        const Move m{v, std::countr_zero(d)};
        if (options_.prune == Prune::none && !consistent(s, m)) s.failed = true;
        assign(s, m);
      }
    }
    s.trail.clear();
    s.propagations = 0;
    s.checks = 0;
  }

  int choose_variable(const State& s) const {
    const int n = model_.variables();
    const int* value = s.value.data();
    if (options_.variables == VariableOrder::static_order) {
      for (int v = 0; v < n; ++v) {
        if (value[v] < 0) return v;
      }
      return -1;
    }
    int best = -1;
    int best_size = 65;
    int best_degree = 1;
    for (int v = 0; v < n; ++v) {
      if (value[v] >= 0) continue;
      const int size = std::popcount(s.domain[static_cast<std::size_t>(v)]);
      if (options_.variables == VariableOrder::mrv) {
        if (size < best_size) {
          best = v;
          best_size = size;
          if (size <= 1) break;
        }
      } else {
        const int degree = std::max(model_.degree(v), 1);
        if (best < 0 || size * best_degree < best_size * degree) {
          best = v;
          best_size = size;
          best_degree = degree;
        }
      }
    }
    return best;
  }

  // x = a agrees with every assigned variable (the check of --prune none).
  bool consistent(const State& s, Move m) const {
    const Domain* supports = model_.supports().data();
    for (const auto& arc : model_.arcs(m.var)) {
      const int b = s.value[static_cast<std::size_t>(arc.other)];
      if (b < 0) continue;
      ++s.checks;
      if (((supports[arc.support + m.value] >> b) & 1) == 0) return false;
    }
    for (int id : model_.all_different_of(m.var)) {
      for (int y : model_.all_differents()[static_cast<std::size_t>(id)]) {
        if (y == m.var || s.value[static_cast<std::size_t>(y)] < 0) continue;
        ++s.checks;
        if (s.value[static_cast<std::size_t>(y)] == m.value) return false;
      }
    }
    for (int id : model_.custom_of(m.var)) {
      const auto& c = model_.customs()[static_cast<std::size_t>(id)];
      std::vector<int> values;
      bool complete = true;
      for (int y : c.scope) {
        const int v = y == m.var ? m.value : s.value[static_cast<std::size_t>(y)];
        if (v < 0) complete = false;
        values.push_back(v);
      }
      if (!complete) continue;
      ++s.checks;
      if (!c.check(values)) return false;
    }
    return true;
  }

  // Sets a domain, remembering the old one; false when it became empty.
  static bool narrow(State& s, int var, Domain d) {
    Domain& slot = s.domain[static_cast<std::size_t>(var)];
    s.trail.emplace_back(var, slot);
    slot = d;
    return d != 0;
  }

  void enqueue(State& s, int var) const {
    if (s.queued[static_cast<std::size_t>(var)] == 0) {
      s.queued[static_cast<std::size_t>(var)] = 1;
      s.queue.push_back(var);
    }
  }

  void fail(State& s) const {
    s.failed = true;
    for (int v : s.queue) s.queued[static_cast<std::size_t>(v)] = 0;
    s.queue.clear();
  }

  void assign(State& s, Move m) const {
    const auto x = static_cast<std::size_t>(m.var);
    const Domain bit = Domain{1} << m.value;
    narrow(s, m.var, bit);
    s.value[x] = m.value;
    --s.unassigned;
    if (options_.prune == Prune::none) return;
    const bool arc = options_.prune == Prune::arc;
    // Forward checking on the binary constraints: one AND per neighbour.
    const Domain* supports = model_.supports().data();
    Domain* domain = s.domain.data();
    const int* value = s.value.data();
    for (const auto& a : model_.arcs(m.var)) {
      if (value[a.other] >= 0) continue;
      ++s.checks;
      const Domain before = domain[a.other];
      const Domain after = before & supports[a.support + m.value];
      if (after != before) {
        s.propagations += static_cast<std::uint64_t>(std::popcount(before & ~after));
        if (!narrow(s, a.other, after)) return fail(s);
        if (arc) enqueue(s, a.other);
      }
    }
    if (!remove_from_peers(s, m.var, m.value, arc)) return fail(s);
    if (!check_customs(s, m.var, arc)) return fail(s);
    if (arc) propagate_arcs(s);
  }

  // All-different: the value of `var` leaves every unassigned peer.
  bool remove_from_peers(State& s, int var, int v, bool arc) const {
    const Domain bit = Domain{1} << v;
    for (int id : model_.all_different_of(var)) {
      for (int y : model_.all_differents()[static_cast<std::size_t>(id)]) {
        const Domain d = s.domain[static_cast<std::size_t>(y)];
        if (y == var || s.value[static_cast<std::size_t>(y)] >= 0) continue;
        ++s.checks;
        if ((d & bit) == 0) continue;
        ++s.propagations;
        if (!narrow(s, y, d & ~bit)) return false;
        if (arc) enqueue(s, y);
      }
    }
    return true;
  }

  // Custom constraints of `var`: checked when complete, filtering the last free variable.
  bool check_customs(State& s, int var, bool arc) const {
    for (int id : model_.custom_of(var)) {
      const auto& c = model_.customs()[static_cast<std::size_t>(id)];
      std::vector<int> values;
      int free = -1;
      int free_count = 0;
      for (std::size_t i = 0; i < c.scope.size(); ++i) {
        const int v = s.value[static_cast<std::size_t>(c.scope[i])];
        values.push_back(v);
        if (v < 0) {
          ++free_count;
          free = static_cast<int>(i);
        }
      }
      if (free_count == 0) {
        ++s.checks;
        if (!c.check(values)) return false;
      }
      if (free_count == 1) {
        const int y = c.scope[static_cast<std::size_t>(free)];
        Domain kept = 0;
        for (Domain rest = s.domain[static_cast<std::size_t>(y)]; rest != 0; rest &= rest - 1) {
          values[static_cast<std::size_t>(free)] = std::countr_zero(rest);
          ++s.checks;
          if (c.check(values)) kept |= rest & (~rest + 1);
        }
        if (kept != s.domain[static_cast<std::size_t>(y)]) {
          s.propagations += static_cast<std::uint64_t>(std::popcount(s.domain[static_cast<std::size_t>(y)] & ~kept));
          if (!narrow(s, y, kept)) return false;
          if (arc) enqueue(s, y);
        }
      }
    }
    return true;
  }

  // AC-3: revise every unassigned neighbour of a changed variable until nothing changes.
  void propagate_arcs(State& s) const {
    const Domain* supports = model_.supports().data();
    for (std::size_t head = 0; head < s.queue.size(); ++head) {
      const int y = s.queue[head];
      s.queued[static_cast<std::size_t>(y)] = 0;
      const Domain dy = s.domain[static_cast<std::size_t>(y)];
      for (const auto& a : model_.arcs(y)) {
        const int z = a.other;
        if (s.value[static_cast<std::size_t>(z)] >= 0) continue;
        const Domain dz = s.domain[static_cast<std::size_t>(z)];
        Domain kept = 0;
        for (Domain rest = dz; rest != 0; rest &= rest - 1) {
          ++s.checks;
          if ((dy & supports[a.reverse + std::countr_zero(rest)]) != 0) kept |= rest & (~rest + 1);
        }
        if (kept != dz) {
          s.propagations += static_cast<std::uint64_t>(std::popcount(dz & ~kept));
          if (!narrow(s, z, kept)) return fail(s);
          enqueue(s, z);
        }
      }
      // A variable left one value takes it from its all-different peers.
      if (s.value[static_cast<std::size_t>(y)] < 0 && std::has_single_bit(dy)) {
        if (!remove_from_peers(s, y, std::countr_zero(dy), true)) return fail(s);
      }
    }
    s.queue.clear();
  }

  Model model_;
  SearchOptions options_;
  std::vector<int> orders_;       // every variable's value order, one after another
  std::vector<int> value_order_;  // variable -> its first entry in orders_
  State root_;
};

}  // namespace backtrack::csp
