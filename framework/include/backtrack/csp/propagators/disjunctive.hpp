#pragma once
// disjunctive(s, d): tasks with start s[i] and duration d[i] run one at a time (a unary
// resource). Strict: a task of duration 0 may not lie inside another either (MiniZinc's
// disjunctive_strict); else it may lie anywhere.
//
// Overload checking and edge-finding on a Θ-Λ-tree, O(n log n) each (Vilím 2004,
// "O(n log n) filtering algorithms for unary resource constraint", CPAIOR; the tree of
// Vilím, Barták and Čepek 2005): the tasks, in order of earliest start, are the leaves of
// a balanced tree whose nodes keep the earliest end of the tasks below them (ECT) and
// the same with at most one gray task added (ECT-bar). Taking the tasks out in order of
// decreasing latest end j: the tasks left (Θ) must end by j's latest end (overload), and
// a gray task i that would push their end past it must start after all of them
// (edge-finding). Both directions (the second on the mirrored times), to a fixpoint.
// Durations count at their least; a task that may last 0 is left out (it may lie inside
// the others, unless strict: then it is checked once fixed). Not done: detectable precedences, not-first/not-last;
// the result is weaker than bounds consistency (which is NP-hard for this constraint).
//
// The tree and the sorted orders live in scratch: a run allocates nothing.
#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

#include "backtrack/csp/propagators/basics.hpp"
#include "backtrack/csp/propagators/theta_lambda_tree.hpp"

namespace backtrack::csp {

class Disjunctive {
 public:
  Disjunctive(std::vector<int> start, std::vector<int> duration, bool strict)
      : s_(std::move(start)), d_(std::move(duration)), strict_(strict) {
    leaves_ = ThetaLambdaTree::leaves_for(s_.size());
  }

  static constexpr bool idempotent = true;
  static constexpr Cost cost = Cost::high;

  std::vector<Subscription> subscriptions() const {
    std::vector<Subscription> subs;
    for (int x : s_) subs.push_back({x, Event::bounds});
    for (int x : d_) subs.push_back({x, Event::bounds});
    return subs;
  }

  // Scratch ints: two orders (by est, by lct), each task's leaf, the nodes' gray tasks
  // (two per node). Values: est, lct, p, the new est of each task; four sums per node.
  void prepare(Space& s) {
    const std::size_t n = s_.size();
    ints_at_ = s.reserve_scratch(3 * n + 4 * leaves_);
    values_at_ = s.reserve_scratch_values(4 * n + 8 * leaves_);
    int* ints = s.scratch_ints().data() + ints_at_;
    for (std::size_t i = 0; i < n; ++i) ints[i] = ints[n + i] = static_cast<int>(i);
  }

  bool propagate(Space& s) const {
    for (bool moved = true; moved;) {
      moved = false;
      for (const bool mirrored : {false, true}) {
        if (!edge_finding(s, mirrored, moved)) return false;
      }
    }
    return !strict_ || instants_outside_tasks(s);
  }

 private:
  // A task's times, mirrored (t -> -t) for the latest ends: its est, lct and p.
  Value est(const Space& s, std::size_t i, bool mirrored) const {
    return mirrored ? -(s.max(s_[i]) + p(s, i)) : s.min(s_[i]);
  }
  Value lct(const Space& s, std::size_t i, bool mirrored) const {
    return mirrored ? -s.min(s_[i]) : s.max(s_[i]) + p(s, i);
  }
  Value p(const Space& s, std::size_t i) const { return std::max<Value>(s.min(d_[i]), 0); }

  // Overload checking and edge-finding raising the earliest starts (of the mirrored
  // tasks: lowering the latest ends).
  bool edge_finding(Space& s, bool mirrored, bool& moved) const {
    const std::size_t n = s_.size();
    if (n == 0) return true;
    int* by_est = s.scratch_ints().data() + ints_at_;
    int* by_lct = by_est + n;
    int* leaf_of = by_lct + n;
    Value* e = s.scratch_values().data() + values_at_;
    Value* l = e + n;
    Value* q = l + n;
    Value* new_est = q + n;
    const std::size_t nodes = ThetaLambdaTree::nodes_for(leaves_);
    ThetaLambdaTree tree{new_est + n, new_est + n + nodes, new_est + n + 2 * nodes, new_est + n + 3 * nodes,
                         leaf_of + n, leaf_of + n + nodes, leaves_};
    for (std::size_t i = 0; i < n; ++i) {
      e[i] = est(s, i, mirrored);
      l[i] = lct(s, i, mirrored);
      q[i] = p(s, i);
      new_est[i] = e[i];
    }
    ThetaLambdaTree::resort(by_est, e, n);
    ThetaLambdaTree::resort(by_lct, l, n);
    // A task of duration 0 stays out: it may lie inside others (strict: instants_outside_tasks()).
    tree.fill(by_est, leaf_of, q, n, [&](std::size_t i, Value a) { return e[i] + a; });
    // j: the task of greatest lct still white; Θ the white tasks, Λ the gray ones.
    for (std::size_t k = n; k-- > 0;) {
      const auto j = static_cast<std::size_t>(by_lct[k]);
      if (q[j] == 0) continue;
      if (tree.env[1] > l[j]) return s.fail();
      while (tree.env_bar[1] > l[j]) {
        const int i = tree.gray_env[1];
        if (i < 0) break;  // none: env_bar > env names one
        const auto at = static_cast<std::size_t>(i);
        new_est[at] = std::max(new_est[at], tree.env[1]);
        tree.set_out(static_cast<std::size_t>(leaf_of[at]));
      }
      if (k > 0) tree.set_gray(static_cast<std::size_t>(leaf_of[j]), q[j], e[j] + q[j], static_cast<int>(j));
    }
    for (std::size_t i = 0; i < n; ++i) {
      if (new_est[i] <= e[i]) continue;
      moved = true;
      const bool ok = mirrored ? s.set_max(s_[i], -new_est[i] - q[i]) : s.set_min(s_[i], new_est[i]);
      if (!ok) return false;
    }
    return true;
  }

  // Strict: a task of duration 0 lies inside no task that surely runs across it.
  bool instants_outside_tasks(Space& s) const {
    for (std::size_t i = 0; i < s_.size(); ++i) {
      if (!s.fixed(s_[i]) || s.max(d_[i]) > 0) continue;
      const Value t = s.value(s_[i]);
      for (std::size_t j = 0; j < s_.size(); ++j) {
        if (j != i && s.max(s_[j]) < t && s.min(s_[j]) + p(s, j) > t) return s.fail();
      }
    }
    return true;
  }

  std::vector<int> s_, d_;
  bool strict_;
  std::size_t leaves_;
  std::size_t ints_at_ = 0, values_at_ = 0;
};

}  // namespace backtrack::csp
