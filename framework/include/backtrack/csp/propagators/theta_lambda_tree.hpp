#pragma once
// A Θ-Λ-tree (Vilím 2004 for a unary resource; Vilím 2009 for a cumulative one, with
// energies): tasks in order of earliest start are the leaves of a balanced binary tree,
// each white (in Θ), gray (in Λ) or out. A node keeps, of the tasks below it, the sum of
// the white amounts (durations, or energies c * p) and the envelope, the most that
// some of them, started no earlier than the earliest of them, reach (the earliest end,
// or C * est + energy); and both again with at most one gray task added (the bars), with
// the gray task that gives them. Moving one leaf updates its path to the root: log n.
//
// The nodes live in the caller's scratch (2 * leaves of each array; leaf k at
// leaves + k), so that a run allocates nothing.
#include <algorithm>
#include <cstddef>
#include <limits>

#include "backtrack/csp/space.hpp"

namespace backtrack::csp {

struct ThetaLambdaTree {
  // The envelope of no task: far below any other, yet far from overflow when a sum is added.
  static constexpr Value none = std::numeric_limits<Value>::min() / 4;

  Value* sum;
  Value* env;
  Value* sum_bar;
  Value* env_bar;
  int* gray_sum;  // the gray task that gives sum_bar (-1: none)
  int* gray_env;  // the gray task that gives env_bar
  std::size_t leaves;

  static constexpr std::size_t nodes_for(std::size_t leaves) { return 2 * leaves; }
  static std::size_t leaves_for(std::size_t tasks) {
    std::size_t l = 1;
    while (l < tasks) l *= 2;
    return l;
  }

  // Reorders `order` (tasks) by increasing key: insertion sort, about linear on the order
  // of the run before, which barely changes below a node.
  static void resort(int* order, const Value* key, std::size_t n) {
    for (std::size_t k = 1; k < n; ++k) {
      const int v = order[k];
      std::size_t j = k;
      for (; j > 0 && key[order[j - 1]] > key[v]; --j) order[j] = order[j - 1];
      order[j] = v;
    }
  }

  // The tasks in order of earliest start (by_est) as the leaves, white where their amount
  // is positive (else out), each one's leaf in leaf_of; envelope(i, amount) for a white one.
  template <class Envelope>
  void fill(const int* by_est, int* leaf_of, const Value* amount, std::size_t n, Envelope envelope) {
    clear();
    for (std::size_t k = 0; k < n; ++k) {
      const auto i = static_cast<std::size_t>(by_est[k]);
      leaf_of[i] = static_cast<int>(k);
      if (amount[i] > 0) set_white(k, amount[i], envelope(i, amount[i]));
    }
    for (std::size_t v = leaves - 1; v >= 1; --v) combine(v);
  }
  // After a fill(), the same leaves all out of Θ, for a rule that needs no gray task
  // (not-first/not-last, detectable precedences) to fill it one task at a time: only the
  // sums and envelopes are kept from here, a third of the work; the bars are stale until
  // the next fill().
  void empty_theta() {
    std::fill(sum + 1, sum + 2 * leaves, Value{0});
    std::fill(env + 1, env + 2 * leaves, none);
  }
  // Leaf k white.
  void add_to_theta(std::size_t k, Value amount, Value envelope) {
    std::size_t v = leaves + k;
    sum[v] = amount;
    env[v] = envelope;
    for (v /= 2; v >= 1; v /= 2) {
      sum[v] = sum[2 * v] + sum[2 * v + 1];
      env[v] = std::max(env[2 * v + 1], env[2 * v] + sum[2 * v + 1]);
    }
  }
  // The envelope of Θ with leaf k left out, the tree untouched: its path recombined.
  Value env_without(std::size_t k) const {
    Value s = 0;
    Value e = none;
    for (std::size_t v = leaves + k; v > 1; v /= 2) {
      if (v % 2 == 1) {
        e = std::max(e, env[v - 1] + s);
        s += sum[v - 1];
      } else {
        e = std::max(env[v + 1], e + sum[v + 1]);
        s += sum[v + 1];
      }
    }
    return e;
  }
  // Leaf k gray (task `task`), or out; the path above updated.
  void set_gray(std::size_t k, Value amount, Value envelope, int task) {
    const std::size_t v = leaves + k;
    sum[v] = 0;
    env[v] = none;
    sum_bar[v] = amount;
    env_bar[v] = envelope;
    gray_sum[v] = gray_env[v] = task;
    update_above(v);
  }
  void set_out(std::size_t k) {
    const std::size_t v = leaves + k;
    sum[v] = sum_bar[v] = 0;
    env[v] = env_bar[v] = none;
    gray_sum[v] = gray_env[v] = -1;
    update_above(v);
  }

 private:
  void clear() {
    for (std::size_t v = 1; v < 2 * leaves; ++v) {
      sum[v] = sum_bar[v] = 0;
      env[v] = env_bar[v] = none;
      gray_sum[v] = gray_env[v] = -1;
    }
  }
  void set_white(std::size_t k, Value amount, Value envelope) {
    const std::size_t v = leaves + k;
    sum[v] = sum_bar[v] = amount;
    env[v] = env_bar[v] = envelope;
    gray_sum[v] = gray_env[v] = -1;
  }
  void update_above(std::size_t v) {
    for (std::size_t u = v / 2; u >= 1; u /= 2) combine(u);
  }
  void combine(std::size_t v) {
    const std::size_t l = 2 * v;
    const std::size_t r = 2 * v + 1;
    sum[v] = sum[l] + sum[r];
    env[v] = std::max(env[r], env[l] + sum[r]);
    if (sum_bar[l] + sum[r] >= sum[l] + sum_bar[r]) {
      sum_bar[v] = sum_bar[l] + sum[r];
      gray_sum[v] = gray_sum[l];
    } else {
      sum_bar[v] = sum[l] + sum_bar[r];
      gray_sum[v] = gray_sum[r];
    }
    // Where env_bar > env, the option that reaches it has a gray task (each is a white
    // option with one gray term), so whichever reaches it names one.
    env_bar[v] = env_bar[r];
    gray_env[v] = gray_env[r];
    if (env[l] + sum_bar[r] > env_bar[v]) {
      env_bar[v] = env[l] + sum_bar[r];
      gray_env[v] = gray_sum[r];
    }
    if (env_bar[l] + sum[r] > env_bar[v]) {
      env_bar[v] = env_bar[l] + sum[r];
      gray_env[v] = gray_env[l];
    }
  }
};

}  // namespace backtrack::csp
