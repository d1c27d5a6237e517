#pragma once
// disjunctive(s, d): tasks with start s[i] and duration d[i] run one at a time (a unary
// resource). Strict: a task of duration 0 may not lie inside another either (MiniZinc's
// disjunctive_strict); else it may lie anywhere.
//
// Vilím's rules, each O(n log n) on a Θ-tree (Vilím 2004, "O(n log n) filtering
// algorithms for unary resource constraint", CPAIOR; the Θ-Λ-tree of Vilím, Barták and
// Čepek 2005): the tasks, in order of earliest start, are the leaves of a balanced tree
// whose nodes keep the earliest end of the white tasks below them (ECT, the set Θ) and
// the same with at most one gray task added (ECT-bar).
// - Overload checking and edge-finding: taking the tasks out in order of decreasing
//   latest end j, the tasks left (Θ) must end by j's latest end, and a gray task i that
//   would push their end past it must start after all of them.
// - Not-last: where the tasks whose latest start is before i's latest end (but i) cannot
//   all end by i's latest start, i is not last among them: it ends by the greatest of
//   their latest starts.
// - Detectable precedences (when `precedences`, from --prune bounds up): the tasks j that
//   start before i's earliest end (lst_j < ect_i) run before i, which starts after all of
//   them (their ECT). They cut the tree of a fixed search order (jobshops: ft06 449 -> 415
//   nodes, la05 1,381 -> 1,185) but lead the FlatZinc default search (afc-size) no better
//   on the jobshops, and la01's depth-first branch and bound astray (stuck at 695 where
//   827 nodes prove 666 without): docs/csp.md.
// Each runs on the times as they are, and on the mirrored times (t -> -t), where
// edge-finding and detectable precedences lower latest ends and not-last is not-first;
// the two directions take turns until neither moves a bound. Durations count at their
// least; a task that may last 0 is left out (it may lie inside the others, unless strict:
// then it is checked once fixed). The result is weaker than bounds consistency (which is
// NP-hard for this constraint).
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

  bool precedences = false;  // detectable precedences too (the header comment); set by the search

  const std::vector<int>& starts() const { return s_; }
  const std::vector<int>& durations() const { return d_; }

  static constexpr bool idempotent = true;
  static constexpr Cost cost = Cost::high;

  std::vector<Subscription> subscriptions() const {
    std::vector<Subscription> subs;
    for (int x : s_) subs.push_back({x, Event::bounds});
    for (int x : d_) subs.push_back({x, Event::bounds});
    return subs;
  }

  // Scratch ints: four orders (by est, lct, lst, ect) for each direction, kept from run to
  // run so that sorting them again is about linear; each task's leaf; the nodes' gray tasks
  // (two per node). Values: est, lct, p, ect, lst, the new est and lct of each task; four
  // sums per node.
  void prepare(Space& s) {
    const std::size_t n = s_.size();
    const std::size_t nodes = ThetaLambdaTree::nodes_for(leaves_);
    ints_at_ = s.reserve_scratch(9 * n + 2 * nodes);
    values_at_ = s.reserve_scratch_values(7 * n + 4 * nodes);
    int* ints = s.scratch_ints().data() + ints_at_;
    for (std::size_t k = 0; k < 8 * n; ++k) ints[k] = static_cast<int>(k % n);
  }

  // The two directions in turn until two in a row move nothing: a direction whose bounds
  // did not move since its last run would find nothing new.
  bool propagate(Space& s) const {
    if (s_.empty()) return true;
    bool mirrored = false;
    for (int still = 0; still < 2; mirrored = !mirrored) {
      View v = load(s, mirrored);
      if (!edge_finding(s, v)) return false;
      if (precedences) detectable_precedences(v);
      not_last(v);
      bool moved = false;
      if (!store(s, v, mirrored, moved)) return false;
      still = moved ? 0 : still + 1;
    }
    return !strict_ || instants_outside_tasks(s);
  }

 private:
  // One direction's times of the tasks, and what the rules found, in scratch.
  struct View {
    std::size_t n;
    Value *e, *l, *q, *ect, *lst, *new_est, *new_lct;
    int *by_est, *by_lct, *by_lst, *by_ect, *leaf_of;
    ThetaLambdaTree tree;
  };

  // A task's times, mirrored (t -> -t) for the latest ends: its est, lct and p.
  Value est(const Space& s, std::size_t i, bool mirrored) const {
    return mirrored ? -(s.max(s_[i]) + p(s, i)) : s.min(s_[i]);
  }
  Value lct(const Space& s, std::size_t i, bool mirrored) const {
    return mirrored ? -s.min(s_[i]) : s.max(s_[i]) + p(s, i);
  }
  Value p(const Space& s, std::size_t i) const { return std::max<Value>(s.min(d_[i]), 0); }

  View load(Space& s, bool mirrored) const {
    const std::size_t n = s_.size();
    const std::size_t nodes = ThetaLambdaTree::nodes_for(leaves_);
    int* ints = s.scratch_ints().data() + ints_at_;
    int* order = ints + (mirrored ? 4 * n : 0);
    int* leaf_of = ints + 8 * n;
    Value* at = s.scratch_values().data() + values_at_;
    Value* tree_at = at + 7 * n;
    View v{n,           at,           at + n,          at + 2 * n,     at + 3 * n, at + 4 * n, at + 5 * n, at + 6 * n,
           order,       order + n,    order + 2 * n,   order + 3 * n,  leaf_of,
           ThetaLambdaTree{tree_at, tree_at + nodes, tree_at + 2 * nodes, tree_at + 3 * nodes, leaf_of + n,
                           leaf_of + n + nodes, leaves_}};
    for (std::size_t i = 0; i < n; ++i) {
      v.e[i] = v.new_est[i] = est(s, i, mirrored);
      v.l[i] = v.new_lct[i] = lct(s, i, mirrored);
      v.q[i] = p(s, i);
      v.ect[i] = v.e[i] + v.q[i];
      v.lst[i] = v.l[i] - v.q[i];
    }
    ThetaLambdaTree::resort(v.by_est, v.e, n);
    ThetaLambdaTree::resort(v.by_lct, v.l, n);
    ThetaLambdaTree::resort(v.by_lst, v.lst, n);
    if (precedences) ThetaLambdaTree::resort(v.by_ect, v.ect, n);
    return v;
  }

  // The new bounds, back on the starts (mirrored: an est is a latest end, an lct an
  // earliest start).
  bool store(Space& s, const View& v, bool mirrored, bool& moved) const {
    for (std::size_t i = 0; i < v.n; ++i) {
      if (v.new_est[i] > v.e[i]) {
        moved = true;
        if (!(mirrored ? s.set_max(s_[i], -v.new_est[i] - v.q[i]) : s.set_min(s_[i], v.new_est[i]))) return false;
      }
      if (v.new_lct[i] < v.l[i]) {
        moved = true;
        if (!(mirrored ? s.set_min(s_[i], -v.new_lct[i]) : s.set_max(s_[i], v.new_lct[i] - v.q[i]))) return false;
      }
    }
    return true;
  }

  // Overload checking and edge-finding. A task of duration 0 stays out: it may lie inside
  // others (strict: instants_outside_tasks()).
  bool edge_finding(Space& s, View& v) const {
    ThetaLambdaTree& tree = v.tree;
    tree.fill(v.by_est, v.leaf_of, v.q, v.n, [&](std::size_t i, Value a) { return v.e[i] + a; });
    // j: the task of greatest lct still white; Θ the white tasks, Λ the gray ones.
    for (std::size_t k = v.n; k-- > 0;) {
      const auto j = static_cast<std::size_t>(v.by_lct[k]);
      if (v.q[j] == 0) continue;
      if (tree.env[1] > v.l[j]) return s.fail();
      while (tree.env_bar[1] > v.l[j]) {
        const int i = tree.gray_env[1];
        if (i < 0) break;  // none: env_bar > env names one
        const auto at = static_cast<std::size_t>(i);
        v.new_est[at] = std::max(v.new_est[at], tree.env[1]);
        tree.set_out(static_cast<std::size_t>(v.leaf_of[at]));
      }
      if (k > 0) tree.set_gray(static_cast<std::size_t>(v.leaf_of[j]), v.q[j], v.ect[j], static_cast<int>(j));
    }
    return true;
  }

  // Detectable precedences: the tasks i in order of ect; Θ gathers, in order of lst, the
  // tasks j that start before i's earliest end (lst_j < ect_i), so must run before i (and
  // before each i after it in this order); i starts after all of them but itself. Runs
  // after edge_finding(), on its leaves.
  void detectable_precedences(View& v) const {
    v.tree.empty_theta();
    std::size_t next = 0;
    for (std::size_t k = 0; k < v.n; ++k) {
      const auto i = static_cast<std::size_t>(v.by_ect[k]);
      if (v.q[i] == 0) continue;
      for (; next < v.n && v.ect[i] > v.lst[v.by_lst[next]]; ++next) add(v, static_cast<std::size_t>(v.by_lst[next]));
      v.new_est[i] = std::max(v.new_est[i], v.tree.env_without(static_cast<std::size_t>(v.leaf_of[i])));
    }
  }

  // Not-last: the tasks in order of lct; Θ gathers, in order of lst, those that start
  // before its lct, i among them (its p is positive). The greatest lst of Θ but i is the
  // last gathered, or the one before when that is i. Where Θ with i ends by i's lst,
  // so does Θ without it. Runs after edge_finding(), on its leaves.
  void not_last(View& v) const {
    v.tree.empty_theta();
    std::size_t next = 0;
    std::size_t last = v.n;
    std::size_t before_last = v.n;
    for (std::size_t k = 0; k < v.n; ++k) {
      const auto i = static_cast<std::size_t>(v.by_lct[k]);
      if (v.q[i] == 0) continue;
      for (; next < v.n && v.l[i] > v.lst[v.by_lst[next]]; ++next) {
        const auto j = static_cast<std::size_t>(v.by_lst[next]);
        if (!add(v, j)) continue;
        before_last = last;
        last = j;
      }
      if (v.tree.env[1] <= v.lst[i]) continue;
      if (v.tree.env_without(static_cast<std::size_t>(v.leaf_of[i])) > v.lst[i]) {
        v.new_lct[i] = std::min(v.new_lct[i], v.lst[last == i ? before_last : last]);
      }
    }
  }

  // Task j into Θ, unless it may last 0.
  static bool add(View& v, std::size_t j) {
    if (v.q[j] == 0) return false;
    v.tree.add_to_theta(static_cast<std::size_t>(v.leaf_of[j]), v.q[j], v.ect[j]);
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
