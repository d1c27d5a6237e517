#pragma once
// How big is the tree? Knuth's estimator, before a long count is started.
//
// A probe walks from a root to a leaf, choosing each child uniformly at random, and
// multiplies the branching factors d1, d2, ... it meets on the way. The sum
//   R * (1 + d1 + d1*d2 + d1*d2*d3 + ...)
// (R: the number of roots the problem offers) is an unbiased estimate of the number of
// nodes the engine enters in a full count: its mean over many probes converges to the
// true count (D. E. Knuth, "Estimating the efficiency of backtrack programs", 1975).
// The same walk, weighting the leaf it ends in by its root's weight and its
// solution_weight(), estimates the number of solutions.
//
// Children are exactly those the engine visits (candidates() filtered by allowed()),
// and a probe starts at the end of a root's prefix, as the engine does, so the estimate
// is of the very number `solve --count` reports as nodes.
//
// The time follows from a calibration: the same engine and strategy, counting whole
// subtrees of the split a count would use, chosen at random, for a fraction of a second.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <span>
#include <vector>

#include "backtrack/engine.hpp"
#include "backtrack/problem.hpp"
#include "backtrack/search_limits.hpp"
#include "backtrack/split.hpp"
#include "backtrack/tree_estimate.hpp"

namespace backtrack {

// Probes made before the estimator may judge a tree small (TreeEstimate::small_tree).
inline constexpr std::uint64_t small_tree_min_samples = 1000;

namespace detail {
// The stop flag and the deadline, looked at between the nodes of a probe, not only
// between probes: a node of a large instance lists thousands of children (100,000 queens
// on strategy bitset), so one probe took minutes, and Ctrl-C waited for 256 of them. The
// flag is one load a node; the clock is read every `interval_` nodes, which grows while
// the reads come much more often than every batch_time and shrinks when they come late.
class ProbeLimits {
 public:
  explicit ProbeLimits(const SearchLimits& limits) : limits_(limits) {}

  bool reached() {
    if (limits_.stop_requested != nullptr && limits_.stop_requested->load(std::memory_order_relaxed)) return true;
    if (limits_.deadline == Clock::time_point::max() || --until_clock_ > 0) return false;
    const auto now = Clock::now();
    if (now >= limits_.deadline) return true;
    const auto took = now - last_clock_;
    if (took < batch_time / 2) {
      interval_ = std::min<std::uint64_t>(interval_ * 2, check_interval);
    } else if (took > 2 * batch_time) {
      interval_ = std::max<std::uint64_t>(interval_ / 2, 1);
    }
    last_clock_ = now;
    until_clock_ = interval_;
    return false;
  }

 private:
  const SearchLimits& limits_;
  std::uint64_t interval_ = 1;
  std::uint64_t until_clock_ = 1;
  Clock::time_point last_clock_ = Clock::now();
};
}  // namespace detail

// Accumulates a running mean and variance (Welford), stable over millions of samples.
// A probe of a huge tree can exceed the range of a double (n = 1000 queens: about
// 1000! nodes); the mean is then infinite, never the NaN that inf - inf would make.
class RunningMean {
 public:
  void add(double x) {
    if (!std::isfinite(x)) {
      overflow_ = true;
      return;
    }
    ++n_;
    const double delta = x - mean_;
    mean_ += delta / static_cast<double>(n_);
    m2_ += delta * (x - mean_);
  }
  Estimate estimate() const {
    if (overflow_) return {std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
    if (n_ < 2) return {mean_, 0};
    const double variance = m2_ / static_cast<double>(n_ - 1);
    return {mean_, std::sqrt(variance / static_cast<double>(n_))};
  }

 private:
  std::uint64_t n_ = 0;
  bool overflow_ = false;
  double mean_ = 0;
  double m2_ = 0;
};

// `samples` random probes of the tree of `problem`, reproducible from `seed`. Stops
// early, with the probes finished so far (a probe cut short is dropped), at the stop
// flag or the deadline of `limits`, and, with `stop_when_small`, when the probes have
// walked a tenth of the nodes the tree is estimated to have: probing a small tree for
// long would cost more than counting it (pentomino 6x10: 200,000 probes took 4.1 s, the
// count 1.5 s).
template <Problem P>
TreeEstimate estimate_tree(const P& problem, std::uint64_t samples, std::uint64_t seed,
                           const SearchLimits& limits = {}, bool stop_when_small = false,
                           std::atomic<std::uint64_t>* probes_made = nullptr) {
  using Move = typename P::Move;
  const auto start = Clock::now();
  const auto roots = roots_of(problem);
  TreeEstimate result;
  result.nodes_per_depth.assign(static_cast<std::size_t>(std::max(problem.max_depth(), 0)) + 1, 0.0);
  if (roots.empty()) return result;

  std::mt19937_64 random(seed);
  std::vector<Move> children;
  std::vector<Move> path;
  RunningMean nodes;
  RunningMean solutions;
  std::vector<double> depth_sums(result.nodes_per_depth.size(), 0.0);
  std::vector<double> probe_depths;  // the weight of this probe's node at each depth from its root's
  double walked = 0;  // nodes the probes have visited
  detail::ProbeLimits outside(limits);
  bool stopped = false;
  for (std::uint64_t k = 0; k < samples; ++k) {
    const auto& root = roots[std::uniform_int_distribution<std::size_t>(0, roots.size() - 1)(random)];
    double weight = static_cast<double>(roots.size());  // how many nodes this one stands for
    double probe_nodes = 0;
    double probe_solutions = 0;
    path.assign(root.prefix.begin(), root.prefix.end());
    auto state = state_after(problem, std::span<const Move>(root.prefix));
    // The probe's share of the sums per depth waits for its end: a probe cut short adds nothing.
    probe_depths.clear();
    for (;;) {
      if (outside.reached()) {
        stopped = true;
        break;
      }
      probe_nodes += weight;
      probe_depths.push_back(weight);
      if (problem.is_solution(state)) {
        double leaf = static_cast<double>(root.weight);
        if constexpr (HasSolutionWeight<P>) {
          leaf *= static_cast<double>(problem.solution_weight(state, std::span<const Move>(path)));
        }
        probe_solutions = weight * leaf;
        break;
      }
      children.clear();
      for_each_child(problem, state, [&](const Move m) { children.push_back(m); });
      if (children.empty()) break;
      const Move m = children[std::uniform_int_distribution<std::size_t>(0, children.size() - 1)(random)];
      weight *= static_cast<double>(children.size());
      path.push_back(m);
      if constexpr (HasChild<P>) {
        state = problem.child(state, m);
      } else {
        problem.apply(state, m);  // the probe never backs up: no undo
      }
    }
    if (stopped) break;
    const std::size_t first_depth = root.prefix.size();
    if (first_depth + probe_depths.size() > depth_sums.size()) depth_sums.resize(first_depth + probe_depths.size(), 0.0);
    for (std::size_t d = 0; d < probe_depths.size(); ++d) depth_sums[first_depth + d] += probe_depths[d];
    nodes.add(probe_nodes);
    solutions.add(probe_solutions);
    ++result.samples;
    if (probes_made != nullptr) probes_made->fetch_add(1, std::memory_order_relaxed);
    walked += static_cast<double>(path.size() - root.prefix.size() + 1);
    if (stop_when_small && result.samples >= small_tree_min_samples && walked * 10 >= nodes.estimate().mean) {
      result.small_tree = k + 1 < samples;
      break;
    }
  }
  result.nodes = nodes.estimate();
  result.solutions = solutions.estimate();
  result.nodes_per_depth = depth_sums;
  for (auto& d : result.nodes_per_depth) d /= static_cast<double>(std::max<std::uint64_t>(result.samples, 1));
  while (result.nodes_per_depth.size() > 1 && result.nodes_per_depth.back() == 0) result.nodes_per_depth.pop_back();
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return result;
}

// The stop flag and the deadline of `outside` cut it short.
template <Problem P>
Calibration calibrate(const P& problem, double seconds, const SplitPlan& plan, std::uint64_t seed,
                      const SearchLimits& outside = {}) {
  SearchLimits split_limits;
  split_limits.stop_requested = outside.stop_requested;
  split_limits.deadline = outside.deadline;
  const auto split = split_tree(problem, plan, split_limits);
  if (split.stopped()) return {};  // a partial split is no sample of the count's subtrees
  if (split.subtrees.empty()) return {split.above.nodes, split.above.seconds, 0, 0};
  std::vector<std::size_t> order(split.subtrees.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::mt19937_64 random(seed);
  std::shuffle(order.begin(), order.end(), random);
  SearchLimits limits = split_limits;
  limits.deadline = std::min(outside.deadline, SearchLimits::deadline_after(seconds));
  Calibration result;
  result.split_subtrees = split.subtrees.size();
  const auto start = Clock::now();
  for (const std::size_t i : order) {
    DepthFirstSearch<P> search(problem, limits);
    const auto stats = search_subtree_of(split, i, search);
    result.nodes += stats.nodes;
    ++result.subtrees;
    if (!stats.complete()) break;
  }
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return result;
}

}  // namespace backtrack
