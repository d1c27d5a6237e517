// The engine on its own: DepthFirstSearch, split_tree and run_subtrees over small
// problems that are not N-Queens, checked against brute force computed here.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <thread>
#include <span>
#include <tuple>
#include <vector>

#include "backtrack/engine.hpp"
#include "backtrack/first_solutions.hpp"
#include "backtrack/problem.hpp"
#include "backtrack/set_bits.hpp"
#include "backtrack/solver.hpp"
#include "backtrack/split.hpp"
#include "backtrack/subtree_source.hpp"
#include "toy_problems.hpp"

namespace {

using backtrack::SearchLimits;
using backtrack::SearchStats;
using backtrack::StopReason;
using backtrack::uint128;

// The concept and the optional hooks are detected as each flavour intends.
static_assert(backtrack::Problem<toy::SubsetSumUndo>);
static_assert(backtrack::Problem<toy::SubsetSumChild>);
static_assert(backtrack::Problem<toy::PermutationsByComplement>);
static_assert(backtrack::Problem<toy::PermutationsByReversal>);
static_assert(backtrack::HasApplyUndo<toy::SubsetSumUndo> && !backtrack::HasChild<toy::SubsetSumUndo>);
static_assert(backtrack::HasChild<toy::SubsetSumChild> && !backtrack::HasApplyUndo<toy::SubsetSumChild>);
static_assert(backtrack::HasAllowed<toy::SubsetSumUndo> && !backtrack::HasAllowed<toy::SubsetSumChild>);
static_assert(backtrack::HasRoots<toy::PermutationsByComplement> && !backtrack::HasRoots<toy::SubsetSumUndo>);
static_assert(backtrack::HasSolutionWeight<toy::PermutationsByReversal> &&
              !backtrack::HasSolutionWeight<toy::PermutationsByComplement>);

// Something that is not a problem: no state hook at all.
struct NoStateHook {
  using Move = int;
  struct State {};
  State root() const { return {}; }
  bool is_solution(const State&) const { return true; }
  std::vector<int> candidates(const State&) const { return {}; }
  int max_depth() const { return 0; }
};
static_assert(!backtrack::Problem<NoStateHook>);

std::uint64_t u64(uint128 v) { return static_cast<std::uint64_t>(v); }

// Every solution an enumeration reached, as (path, weight), in the order reached.
template <class P>
struct Recorded {
  std::vector<std::vector<typename P::Move>> paths;
  std::vector<std::uint64_t> weights;
  SearchStats stats;
};

template <class P>
Recorded<P> record(const P& problem, const SearchLimits& limits = {}) {
  Recorded<P> r;
  r.stats = backtrack::enumerate_solutions(
      problem,
      [&](const typename P::State&, std::span<const typename P::Move> path, std::uint64_t weight) {
        r.paths.emplace_back(path.begin(), path.end());
        r.weights.push_back(weight);
      },
      limits);
  return r;
}

// ---------------------------------------------------------------------------------
// Subset sum, both flavours.

struct SubsetCase {
  int k;
  int target;
};

class SubsetSum : public ::testing::TestWithParam<SubsetCase> {};

TEST_P(SubsetSum, CountsAndStatsMatchBruteForce) {
  const auto [k, target] = GetParam();
  const auto brute = toy::brute_subset_sum(k, target);
  const auto undo = backtrack::count_solutions(toy::SubsetSumUndo(k, target));
  const auto child = backtrack::count_solutions(toy::SubsetSumChild(k, target));
  for (const SearchStats& s : {undo, child}) {
    EXPECT_EQ(u64(s.solutions), brute.solutions.size());
    EXPECT_EQ(u64(s.representatives), brute.solutions.size());
    EXPECT_EQ(s.nodes, brute.nodes);
    EXPECT_EQ(s.failures, brute.failures);
    EXPECT_EQ(s.max_depth, k);
    EXPECT_EQ(s.stop, StopReason::none);
    EXPECT_TRUE(s.complete());
  }
}

TEST_P(SubsetSum, EnumerationSeesEverySolutionOnceWithItsPath) {
  const auto [k, target] = GetParam();
  const auto brute = toy::brute_subset_sum(k, target);
  const toy::SubsetSumUndo undo_problem(k, target);
  const toy::SubsetSumChild child_problem(k, target);
  const auto undo = record(undo_problem);
  const auto child = record(child_problem);
  auto check = [&](const auto& r) {
    ASSERT_EQ(r.paths.size(), brute.solutions.size());
    std::set<std::vector<int>> seen;
    for (std::size_t i = 0; i < r.paths.size(); ++i) {
      const auto& path = r.paths[i];
      EXPECT_EQ(path.size(), static_cast<std::size_t>(k)) << "a path has one move per number";
      const auto subset = toy::subset_of(path);
      int sum = 0;
      for (int v : subset) sum += v;
      EXPECT_EQ(sum, target);
      EXPECT_TRUE(seen.insert(path).second) << "solution reached twice";
      EXPECT_EQ(subset, brute.solutions[i]) << "depth-first order, take before skip, at " << i;
      EXPECT_EQ(r.weights[i], 1u);
    }
  };
  check(undo);
  check(child);
}

INSTANTIATE_TEST_SUITE_P(Instances, SubsetSum,
                         ::testing::Values(SubsetCase{1, 0}, SubsetCase{1, 1}, SubsetCase{3, 3}, SubsetCase{4, 5},
                                           SubsetCase{6, 7}, SubsetCase{8, 12}, SubsetCase{10, 27},
                                           SubsetCase{12, 39}, SubsetCase{5, 100}, SubsetCase{14, 52}),
                         [](const auto& info) {
                           std::ostringstream name;  // not operator+: g++ 12 warns (-Wrestrict)
                           name << 'k' << info.param.k << "_sum" << info.param.target;
                           return name.str();
                         });

// {1,2,3} summing to 3, counted by hand:
//   depth 0: {}                                   1 node
//   depth 1: take 1 (sum 1), skip (0)             2 nodes
//   depth 2: sums 3, 1, 2, 0                      4 nodes
//   depth 3: 3+3 > 3 is not allowed: sums 3 | 1 | 2 | 3, 0    5 nodes
// = 12 nodes; solutions {1,2} and {3}; failures: the leaves with sums 1, 2, 0.
TEST(EngineStats, HandCountedTinyInstance) {
  for (const SearchStats& s : {backtrack::count_solutions(toy::SubsetSumUndo(3, 3)),
                               backtrack::count_solutions(toy::SubsetSumChild(3, 3))}) {
    EXPECT_EQ(s.nodes, 12u);
    EXPECT_EQ(u64(s.solutions), 2u);
    EXPECT_EQ(u64(s.representatives), 2u);
    EXPECT_EQ(s.failures, 3u);
    EXPECT_EQ(s.max_depth, 3);
  }
}

// A root that is a solution at once: one node, no failure, depth 0.
TEST(EngineStats, RootThatIsASolution) {
  const auto s = backtrack::count_solutions(toy::SubsetSumChild(0, 0));
  EXPECT_EQ(s.nodes, 1u);
  EXPECT_EQ(u64(s.solutions), 1u);
  EXPECT_EQ(s.failures, 0u);
  EXPECT_EQ(s.max_depth, 0);
}

// A root without a child: one node, one failure, no solution.
TEST(EngineStats, RootWithoutChild) {
  const auto s = backtrack::count_solutions(toy::SubsetSumUndo(0, 5));
  EXPECT_EQ(s.nodes, 1u);
  EXPECT_EQ(u64(s.solutions), 0u);
  EXPECT_EQ(s.failures, 1u);
  EXPECT_EQ(s.max_depth, 0);
}

// ---------------------------------------------------------------------------------
// Limits and stops. The instance has a few thousand solutions and more nodes than the
// engine's check interval, so a limit checked late would show.

constexpr int big_k = 16;
constexpr int big_target = 50;

TEST(EngineLimits, BigInstanceIsBigEnough) {
  const auto brute = toy::brute_subset_sum(big_k, big_target);
  EXPECT_GT(brute.nodes, 20000u);
  EXPECT_GT(brute.solutions.size(), 100u);
}

TEST(EngineLimits, FirstSolution) {
  const toy::SubsetSumUndo problem(big_k, big_target);
  const auto all = record(problem);
  SearchLimits limits;
  limits.max_solutions = 1;
  const auto first = record(problem, limits);
  EXPECT_EQ(first.stats.stop, StopReason::solution_limit);
  EXPECT_FALSE(first.stats.complete());
  EXPECT_EQ(u64(first.stats.representatives), 1u);
  EXPECT_EQ(u64(first.stats.solutions), 1u);
  ASSERT_EQ(first.paths.size(), 1u);
  EXPECT_EQ(first.paths[0], all.paths[0]);
  EXPECT_LT(first.stats.nodes, all.stats.nodes);
  // Counting without a sink stops the same way.
  const auto counted = backtrack::count_solutions(problem, limits);
  EXPECT_EQ(counted.stop, StopReason::solution_limit);
  EXPECT_EQ(u64(counted.representatives), 1u);
  EXPECT_EQ(counted.nodes, first.stats.nodes);
}

TEST(EngineLimits, AtMostKSolutions) {
  const toy::SubsetSumChild problem(big_k, big_target);
  const auto all = record(problem);
  for (std::uint64_t k : {1u, 2u, 7u, 100u}) {
    SearchLimits limits;
    limits.max_solutions = k;
    const auto some = record(problem, limits);
    EXPECT_EQ(some.stats.stop, StopReason::solution_limit) << k;
    EXPECT_EQ(u64(some.stats.representatives), k);
    ASSERT_EQ(some.paths.size(), k);
    EXPECT_TRUE(std::equal(some.paths.begin(), some.paths.end(), all.paths.begin())) << "the first " << k;
  }
  // More than there are: the whole tree, complete.
  SearchLimits limits;
  limits.max_solutions = all.paths.size() + 1;
  const auto every = record(problem, limits);
  EXPECT_EQ(every.stats.stop, StopReason::none);
  EXPECT_EQ(every.paths, all.paths);
  EXPECT_EQ(every.stats.nodes, all.stats.nodes);
}

TEST(EngineLimits, NodeLimitStopsExactly) {
  const toy::SubsetSumUndo problem(big_k, big_target);
  const auto all = backtrack::count_solutions(problem);
  for (std::uint64_t max_nodes : {1u, 2u, 5u, 100u, 4095u, 4096u, 4097u, 10000u}) {
    ASSERT_LT(max_nodes, all.nodes);
    SearchLimits limits;
    limits.max_nodes = max_nodes;
    const auto s = backtrack::count_solutions(problem, limits);
    EXPECT_EQ(s.stop, StopReason::node_limit) << max_nodes;
    EXPECT_EQ(s.nodes, max_nodes);
    EXPECT_LE(u64(s.solutions), u64(all.solutions));
    // The same limit with a sink and with the value-semantic flavour.
    const auto r = record(toy::SubsetSumChild(big_k, big_target), limits);
    EXPECT_EQ(r.stats.stop, StopReason::node_limit) << max_nodes;
    EXPECT_EQ(r.stats.nodes, max_nodes);
    EXPECT_EQ(r.paths.size(), u64(r.stats.representatives));
  }
  // A limit the tree never reaches changes nothing.
  SearchLimits generous;
  generous.max_nodes = all.nodes + 1;
  const auto s = backtrack::count_solutions(problem, generous);
  EXPECT_EQ(s.stop, StopReason::none);
  EXPECT_EQ(s.nodes, all.nodes);
  EXPECT_EQ(s.solutions, all.solutions);
}

// Every node of the tree as (its root's index, the moves from root() to it), in
// depth-first order, walked here with the problem's own hooks (through state_after() and
// for_each_child()) and not the engine: where a search stopped by the node limit at its
// k-th node must say it stopped.
template <class P>
using NodeAt = std::pair<std::size_t, std::vector<typename P::Move>>;

template <class P>
void walk_in_order(const P& problem, std::size_t root, std::vector<typename P::Move>& path,
                   std::vector<NodeAt<P>>& nodes) {
  nodes.emplace_back(root, path);
  const auto state = backtrack::state_after(problem, std::span<const typename P::Move>(path));
  if (problem.is_solution(state)) return;
  backtrack::for_each_child(problem, state, [&](const typename P::Move& m) {
    path.push_back(m);
    walk_in_order(problem, root, path, nodes);
    path.pop_back();
  });
}

template <class P>
std::vector<NodeAt<P>> nodes_in_order(const P& problem) {
  std::vector<NodeAt<P>> nodes;
  const auto roots = backtrack::roots_of(problem);
  for (std::size_t r = 0; r < roots.size(); ++r) {
    std::vector<typename P::Move> path(roots[r].prefix.begin(), roots[r].prefix.end());
    walk_in_order(problem, r, path, nodes);
  }
  return nodes;
}

// The search with sink OnSolution stopped at every node in turn.
template <class OnSolution, class P>
void expect_stop_path_at_every_node(const P& problem, OnSolution on_solution = {}) {
  const auto nodes = nodes_in_order(problem);
  ASSERT_GT(nodes.size(), 100u);
  for (std::uint64_t k = 1; k < nodes.size(); ++k) {
    SearchLimits limits;
    limits.max_nodes = k;
    backtrack::DepthFirstSearch<P, OnSolution> search(problem, limits, on_solution);
    ASSERT_EQ(search.run().stop, StopReason::node_limit) << k;
    const auto& [root, path] = nodes[k - 1];
    ASSERT_EQ(search.stop_root(), root) << "node " << k;
    ASSERT_EQ(std::vector(search.stop_path().begin(), search.stop_path().end()), path) << "node " << k;
  }
}

// The probe's count (CountAlongPath) and a search with a sink both name the node they
// stopped at, whatever its depth: the split goes on from there. SubsetSumChild(11) is
// visited as words, through every group of unrolled levels; SubsetSumUndo in place,
// with the limits checked between candidates too.
TEST(EngineLimits, StopPathIsThePathToTheNodeStoppedAt) {
  const auto ignore = [](const auto&, auto, std::uint64_t) {};
  expect_stop_path_at_every_node<backtrack::CountAlongPath>(toy::SubsetSumChild(11, 30));
  expect_stop_path_at_every_node(toy::SubsetSumChild(11, 30), ignore);
  expect_stop_path_at_every_node<backtrack::CountAlongPath>(toy::SubsetSumUndo(11, 30));
  expect_stop_path_at_every_node(toy::SubsetSumUndo(11, 30), ignore);
  expect_stop_path_at_every_node<backtrack::CountAlongPath>(toy::PermutationsByComplement(6));
  // Weighted: the probe's sink is CountOnly, which records its path for solution_weight().
  expect_stop_path_at_every_node<backtrack::ProbeSink<toy::PermutationsByReversal>>(toy::PermutationsByReversal(6));
}

// The solutions reached under a node limit are a prefix of the full enumeration.
TEST(EngineLimits, NodeLimitKeepsAPrefixOfTheSolutions) {
  const toy::SubsetSumUndo problem(big_k, big_target);
  const auto all = record(problem);
  SearchLimits limits;
  limits.max_nodes = all.stats.nodes / 3;
  const auto part = record(problem, limits);
  ASSERT_LE(part.paths.size(), all.paths.size());
  EXPECT_GT(part.paths.size(), 0u);
  EXPECT_TRUE(std::equal(part.paths.begin(), part.paths.end(), all.paths.begin()));
}

// Where each failure lies in depth-first order: the number (from 1) of each node that is
// no solution and has no child, walked with the problem's own hooks.
template <class P>
std::vector<std::uint64_t> failures_in_order(const P& problem) {
  std::vector<std::uint64_t> at;
  const auto nodes = nodes_in_order(problem);
  for (std::size_t k = 0; k < nodes.size(); ++k) {
    const auto state = backtrack::state_after(problem, std::span<const typename P::Move>(nodes[k].second));
    if (problem.is_solution(state)) continue;
    bool child = false;
    backtrack::for_each_child(problem, state, [&](const typename P::Move&) { child = true; });
    if (!child) at.push_back(k + 1);
  }
  return at;
}

// The failure limit stops right after its last failure, before expanding anything past
// it: exactly that many failures, and the nodes up to the next node entered (or up to the
// failure, where a check between allowed() calls came first), whatever the checks'
// batches (limits across 4096 nodes), on either flavour, counting or with a sink.
template <class P>
void expect_failure_limit_exact(const P& problem) {
  const auto failures = failures_in_order(problem);
  const auto all = backtrack::count_solutions(problem);
  ASSERT_EQ(failures.size(), all.failures);
  for (std::uint64_t max_failures : {1u, 2u, 3u, 5u, 100u, 4095u, 4096u, 4097u, 10000u}) {
    if (max_failures > all.failures) continue;
    SearchLimits limits;
    limits.max_failures = max_failures;
    const std::uint64_t last = failures[max_failures - 1];
    const bool tree_left = last < all.nodes;  // a node after the last failure allowed
    const auto counted = backtrack::count_solutions(problem, limits);
    const auto listed = record(problem, limits);
    for (const SearchStats& s : {counted, listed.stats}) {
      EXPECT_EQ(s.failures, max_failures);
      if (tree_left) {
        EXPECT_EQ(s.stop, StopReason::failure_limit) << max_failures;
        EXPECT_TRUE(s.nodes == last + 1 || s.nodes == last) << max_failures << ": " << s.nodes << " for " << last;
      } else {  // the last failure is the tree's last node: nothing is left to stop
        EXPECT_EQ(s.nodes, all.nodes) << max_failures;
      }
    }
  }
  SearchLimits generous;
  generous.max_failures = all.failures + 1;
  const auto s = backtrack::count_solutions(problem, generous);
  EXPECT_EQ(s.stop, StopReason::none);
  EXPECT_EQ(s.nodes, all.nodes);
}

TEST(EngineLimits, FailureLimitStopsExactly) {
  expect_failure_limit_exact(toy::SubsetSumUndo(big_k, big_target));
  expect_failure_limit_exact(toy::SubsetSumChild(big_k, big_target));
  expect_failure_limit_exact(toy::PermutationsByComplement(6));
}

// A sink that takes a fourth argument is told the nodes entered by each solution, its
// own included: the solution's place in depth-first order, over roots and subtrees.
TEST(EngineSolutions, NodesEnteredAtEachSolution) {
  const toy::SubsetSumChild problem(11, 30);
  const auto nodes = nodes_in_order(problem);
  std::vector<std::uint64_t> expected;
  for (std::size_t k = 0; k < nodes.size(); ++k) {
    if (problem.is_solution(backtrack::state_after(problem, std::span<const int>(nodes[k].second)))) {
      expected.push_back(k + 1);
    }
  }
  ASSERT_GT(expected.size(), 2u);
  std::vector<std::uint64_t> seen;
  const auto note = [&](const auto&, auto, std::uint64_t, std::uint64_t entered) { seen.push_back(entered); };
  backtrack::DepthFirstSearch<toy::SubsetSumChild, decltype(note)>(problem, {}, note).run();
  EXPECT_EQ(seen, expected);
  // The same tree as two subtrees of one search, one after the other: still counted on.
  seen.clear();
  backtrack::DepthFirstSearch<toy::SubsetSumChild, decltype(note)> search(problem, {}, note);
  const std::vector<int> take_first{1}, skip_first{0};
  const auto left = search.run_subtree(take_first, 1);
  search.run_subtree(skip_first, 1);
  EXPECT_EQ(search.nodes_entered(), nodes.size() - 1);  // all but the root
  ASSERT_FALSE(seen.empty());
  EXPECT_LE(seen.back(), nodes.size() - 1);
  EXPECT_GT(seen.back(), left.nodes);
}

TEST(EngineLimits, DeadlineInThePast) {
  SearchLimits limits;
  limits.deadline = backtrack::Clock::now() - std::chrono::seconds(1);
  const auto s = backtrack::count_solutions(toy::SubsetSumUndo(big_k, big_target), limits);
  EXPECT_EQ(s.stop, StopReason::time_limit);
  EXPECT_FALSE(s.complete());
  EXPECT_LE(s.nodes, 1u);
  EXPECT_EQ(u64(s.solutions), 0u);
}

TEST(EngineLimits, DeadlineAfterZeroSecondsMeansNone) {
  SearchLimits limits;
  limits.deadline = SearchLimits::deadline_after(0);
  const auto s = backtrack::count_solutions(toy::SubsetSumUndo(10, 20), limits);
  EXPECT_EQ(s.stop, StopReason::none);
}

TEST(EngineLimits, StopFlagAlreadySet) {
  std::atomic<bool> stop{true};
  SearchLimits limits;
  limits.stop_requested = &stop;
  const auto s = backtrack::count_solutions(toy::SubsetSumChild(big_k, big_target), limits);
  EXPECT_EQ(s.stop, StopReason::interrupted);
  EXPECT_LE(s.nodes, 1u);
  EXPECT_EQ(u64(s.solutions), 0u);
}

TEST(EngineLimits, StopFlagSetDuringTheSearch) {
  std::atomic<bool> stop{false};
  SearchLimits limits;
  limits.stop_requested = &stop;
  const toy::SubsetSumUndo problem(big_k, big_target);
  const auto all = backtrack::count_solutions(problem);
  std::uint64_t seen = 0;
  const auto s = backtrack::enumerate_solutions(
      problem,
      [&](const auto&, std::span<const int>, std::uint64_t) {
        if (++seen == 3) stop = true;  // as a signal handler would
      },
      limits);
  EXPECT_EQ(s.stop, StopReason::interrupted);
  EXPECT_GE(seen, 3u);
  EXPECT_LT(s.nodes, all.nodes);
  // The flag is polled every few thousand nodes (the engine's check interval), so the
  // search ends soon after the third solution.
  SearchLimits three;
  three.max_solutions = 3;
  const auto at_third = backtrack::count_solutions(problem, three);
  EXPECT_LE(s.nodes, at_third.nodes + backtrack::detail::check_interval);
}

// Expensive nodes: the limits are checked by the clock, not only every few thousand
// nodes. Only generous upper bounds on time are asserted (a loaded machine is slow);
// without the adaptive check each of these searches ran for seconds past its limit
// (4096 nodes of 2 ms; candidates of 200 us, 100,000 of them a node).
double seconds_since(backtrack::Clock::time_point start) {
  return std::chrono::duration<double>(backtrack::Clock::now() - start).count();
}

TEST(EngineLimits, DeadlineHonouredWhateverANodeCosts) {
  const toy::SlowNodes<false> problem(2, 60, std::chrono::milliseconds(2));
  SearchLimits limits;
  const auto start = backtrack::Clock::now();
  limits.deadline = start + std::chrono::milliseconds(100);
  const auto s = backtrack::count_solutions(problem, limits);
  EXPECT_EQ(s.stop, StopReason::time_limit);
  EXPECT_GE(s.nodes, 2u);
  EXPECT_LT(seconds_since(start), 1.0);
}

TEST(EngineLimits, DeadlineHonouredWhateverACandidateCosts) {
  const toy::SlowNodes<true> problem(100000, 3, std::chrono::microseconds(0), std::chrono::microseconds(200));
  SearchLimits limits;
  const auto start = backtrack::Clock::now();
  limits.deadline = start + std::chrono::milliseconds(100);
  const auto s = backtrack::count_solutions(problem, limits);
  EXPECT_EQ(s.stop, StopReason::time_limit);
  EXPECT_LT(seconds_since(start), 1.0);
}

TEST(EngineLimits, StopFlagHonouredWhateverANodeCosts) {
  for (const bool slow_candidates : {false, true}) {
    std::atomic<bool> stop{false};
    SearchLimits limits;
    limits.stop_requested = &stop;
    std::thread signal([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      stop = true;  // as a signal handler would
    });
    const auto start = backtrack::Clock::now();
    const auto s = slow_candidates
                       ? backtrack::count_solutions(toy::SlowNodes<true>(100000, 3, std::chrono::microseconds(0),
                                                                         std::chrono::microseconds(200)),
                                                    limits)
                       : backtrack::count_solutions(toy::SlowNodes<false>(2, 60, std::chrono::milliseconds(2)), limits);
    const double took = seconds_since(start);
    signal.join();
    EXPECT_EQ(s.stop, StopReason::interrupted) << slow_candidates;
    EXPECT_LT(took, 1.1) << slow_candidates;
  }
}

// A deadline far away changes nothing but the checks: every node is counted, and the
// search reaches its end.
TEST(EngineLimits, DeadlineFarAwayCountsEveryNode) {
  const toy::SubsetSumUndo problem(big_k, big_target);
  const auto all = backtrack::count_solutions(problem);
  SearchLimits limits;
  limits.deadline = backtrack::Clock::now() + std::chrono::hours(1);
  const auto s = backtrack::count_solutions(problem, limits);
  EXPECT_EQ(s.stop, StopReason::none);
  EXPECT_EQ(s.nodes, all.nodes);
  EXPECT_EQ(u64(s.solutions), u64(all.solutions));
}

TEST(EngineLimits, SinkReturningFalseStops) {
  const toy::SubsetSumChild problem(big_k, big_target);
  const auto all = record(problem);
  std::vector<std::vector<int>> got;
  const auto s = backtrack::enumerate_solutions(problem, [&](const auto&, std::span<const int> path, std::uint64_t) {
    got.emplace_back(path.begin(), path.end());
    return got.size() < 3;
  });
  EXPECT_EQ(s.stop, StopReason::solution_limit);
  ASSERT_EQ(got.size(), 3u);
  EXPECT_EQ(u64(s.representatives), 3u);
  EXPECT_TRUE(std::equal(got.begin(), got.end(), all.paths.begin()));
  // And a sink that always returns true sees everything.
  std::size_t count = 0;
  const auto every = backtrack::enumerate_solutions(problem, [&](const auto&, std::span<const int>, std::uint64_t) {
    ++count;
    return true;
  });
  EXPECT_EQ(every.stop, StopReason::none);
  EXPECT_EQ(count, all.paths.size());
}

// After a stop the engine is left alone: the same search object is not reused, but a
// fresh search of the same problem object sees the full tree (no state leaked in the
// problem by the unwound apply/undo).
TEST(EngineLimits, ProblemUsableAfterAStop) {
  const toy::SubsetSumUndo problem(big_k, big_target);
  const auto before = backtrack::count_solutions(problem);
  SearchLimits limits;
  limits.max_nodes = 777;
  (void)backtrack::count_solutions(problem, limits);
  const auto after = backtrack::count_solutions(problem);
  EXPECT_EQ(after.nodes, before.nodes);
  EXPECT_EQ(after.solutions, before.solutions);
}

// ---------------------------------------------------------------------------------
// roots() with weights, and solution_weight().

class Permutations : public ::testing::TestWithParam<int> {};

TEST_P(Permutations, RootsWithWeightsCountEverySolution) {
  const int k = GetParam();
  const auto brute = toy::brute_permutations(k);
  const toy::PermutationsByComplement problem(k);
  const auto r = record(problem);
  EXPECT_EQ(u64(r.stats.solutions), brute.size());
  EXPECT_TRUE(r.stats.complete());
  // Each path found is good, starts in the lower half (or the middle), is reached once,
  // and carries the weight of its root.
  std::set<std::vector<int>> seen;
  std::uint64_t weighted = 0;
  for (std::size_t i = 0; i < r.paths.size(); ++i) {
    const auto& p = r.paths[i];
    ASSERT_EQ(p.size(), static_cast<std::size_t>(k));
    EXPECT_TRUE(toy::neighbours_ok(p));
    EXPECT_TRUE(std::is_permutation(p.begin(), p.end(), brute.front().begin()));
    EXPECT_TRUE(seen.insert(p).second);
    EXPECT_LE(2 * p[0], k - 1);
    EXPECT_EQ(r.weights[i], 2 * p[0] == k - 1 ? 1u : 2u) << "first value " << p[0];
    weighted += r.weights[i];
  }
  EXPECT_EQ(weighted, brute.size());
  // The representatives are exactly the good permutations starting in the lower half.
  std::set<std::vector<int>> expected;
  for (const auto& p : brute) {
    if (2 * p[0] <= k - 1) expected.insert(p);
  }
  EXPECT_EQ(seen, expected);
  EXPECT_EQ(u64(r.stats.representatives), expected.size());
}

TEST_P(Permutations, SolutionWeightCountsClassesAndTotal) {
  const int k = GetParam();
  const auto brute = toy::brute_permutations(k);
  std::set<std::vector<int>> classes;
  for (auto p : brute) {
    auto q = p;
    std::reverse(q.begin(), q.end());
    classes.insert(std::min(p, q));
  }
  const toy::PermutationsByReversal problem(k);
  const auto r = record(problem);
  EXPECT_EQ(u64(r.stats.solutions), brute.size());
  EXPECT_EQ(u64(r.stats.representatives), classes.size());
  std::set<std::vector<int>> seen(r.paths.begin(), r.paths.end());
  EXPECT_EQ(seen, classes);
  for (std::size_t i = 0; i < r.paths.size(); ++i) {
    auto q = r.paths[i];
    std::reverse(q.begin(), q.end());
    EXPECT_EQ(r.weights[i], q == r.paths[i] ? 1u : 2u);
  }
  const auto counted = backtrack::count_solutions(problem);
  EXPECT_EQ(counted.solutions, r.stats.solutions);
  EXPECT_EQ(counted.representatives, r.stats.representatives);
  EXPECT_EQ(counted.nodes, r.stats.nodes);
}

// A weight-0 leaf is not a representative: max_solutions counts representatives.
TEST(WeightedLimits, FirstSolutionWithWeights) {
  const toy::PermutationsByReversal problem(7);
  SearchLimits limits;
  limits.max_solutions = 1;
  const auto r = record(problem, limits);
  EXPECT_EQ(r.stats.stop, StopReason::solution_limit);
  EXPECT_EQ(u64(r.stats.representatives), 1u);
  ASSERT_EQ(r.paths.size(), 1u);
  EXPECT_EQ(u64(r.stats.solutions), r.weights[0]);
}

INSTANTIATE_TEST_SUITE_P(Sizes, Permutations, ::testing::Values(1, 2, 3, 4, 5, 6, 7, 8, 9));

// ---------------------------------------------------------------------------------
// split_tree + run_subtrees against one DepthFirstSearch.

template <class P>
std::multiset<std::pair<std::vector<typename P::Move>, std::uint64_t>> sorted_solutions(const Recorded<P>& r) {
  std::multiset<std::pair<std::vector<typename P::Move>, std::uint64_t>> all;
  for (std::size_t i = 0; i < r.paths.size(); ++i) all.insert({r.paths[i], r.weights[i]});
  return all;
}

template <class P>
void expect_split_matches_one_search(const P& problem) {
  using Move = typename P::Move;
  const auto whole = record(problem);
  int kept_siblings = 0;  // splits whose first subtree goes on to siblings (SplitTree::siblings_from)
  for (std::size_t target : {std::size_t{1}, std::size_t{2}, std::size_t{7}, std::size_t{64}, std::size_t{100000}}) {
    // No probe; a probe that stops at the first node; one that stops somewhere inside;
    // and one larger than these trees, which searches them alone.
    for (std::uint64_t probe : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{37}, std::uint64_t{1000},
                                std::uint64_t{1} << 30}) {
      const backtrack::SplitPlan plan{target, probe};
      const auto split = backtrack::split_tree(problem, plan);
      if (split.siblings_from != backtrack::SplitTree<P>::no_siblings) ++kept_siblings;
      // Every prefix leads to a distinct node; the weights are the roots'.
      std::set<std::vector<Move>> prefixes;
      for (const auto& s : split.subtrees) EXPECT_TRUE(prefixes.insert(s.prefix).second);
      if (probe > whole.stats.nodes) {
        EXPECT_TRUE(split.subtrees.empty()) << "a tree within the probe is not split";
      }
      for (unsigned threads : {1u, 2u}) {
        SCOPED_TRACE("target " + std::to_string(target) + ", probe " + std::to_string(probe) + ", threads " +
                     std::to_string(threads));
        // Counting.
        backtrack::Progress progress;
        const auto counted = backtrack::run_subtrees(problem, split, threads, SearchLimits{}, &progress,
                                                     [&](const auto& p) { return backtrack::DepthFirstSearch<P>(p, {}); });
        EXPECT_EQ(counted.solutions, whole.stats.solutions);
        EXPECT_EQ(counted.representatives, whole.stats.representatives);
        EXPECT_EQ(counted.nodes, whole.stats.nodes);
        EXPECT_EQ(counted.failures, whole.stats.failures);
        EXPECT_EQ(counted.max_depth, whole.stats.max_depth);
        EXPECT_EQ(counted.stop, StopReason::none);
        EXPECT_EQ(progress.total.load(), split.subtrees.size());
        EXPECT_EQ(progress.done.load(), split.subtrees.size());
        // Enumerating, from the probe and several threads into one locked list.
        Recorded<P> got;
        std::mutex lock;
        auto sink = [&](const typename P::State&, std::span<const Move> path, std::uint64_t weight) {
          std::lock_guard guard(lock);
          got.paths.emplace_back(path.begin(), path.end());
          got.weights.push_back(weight);
        };
        const auto listing = backtrack::split_tree(problem, plan, {}, sink);
        ASSERT_EQ(listing.subtrees.size(), split.subtrees.size());
        const auto listed = backtrack::run_subtrees(problem, listing, threads, SearchLimits{}, nullptr, [&](const auto& p) {
          return backtrack::DepthFirstSearch<P, decltype(sink)>(p, {}, sink);
        });
        EXPECT_EQ(listed.nodes, whole.stats.nodes);
        EXPECT_EQ(listed.failures, whole.stats.failures);
        EXPECT_EQ(listed.solutions, whole.stats.solutions);
        EXPECT_EQ(sorted_solutions(got), sorted_solutions(whole));
        if (threads == 1) {
          EXPECT_EQ(got.paths, whole.paths) << "one thread keeps the depth-first order";
        }
      }
    }
  }
  if (whole.stats.nodes > 1000) {
    EXPECT_GT(kept_siblings, 0) << "no split of one or two subtrees kept siblings";
  }
}

// A state changed in place is built once per walk, not once per node: the split and
// the threads' searches reach each node from the last one (Cursor), so a count makes
// few more moves than one search does, and calls root() a few times.
class CountedMoves : public toy::SubsetSumUndo {
 public:
  CountedMoves(int k, int target, std::atomic<long>& roots, std::atomic<long>& applies)
      : SubsetSumUndo(k, target), roots_(&roots), applies_(&applies) {}
  State root() const {
    ++*roots_;
    return SubsetSumUndo::root();
  }
  void apply(State& s, Move m) const {
    ++*applies_;
    SubsetSumUndo::apply(s, m);
  }

 private:
  std::atomic<long>* roots_;
  std::atomic<long>* applies_;
};

TEST(Split, WalksInsteadOfRebuilding) {
  std::atomic<long> roots{0}, applies{0};
  const CountedMoves problem(16, 60, roots, applies);
  const auto one = backtrack::count_solutions(problem);
  const long one_roots = roots.exchange(0), one_applies = applies.exchange(0);
  for (unsigned threads : {1u, 2u}) {
    for (const backtrack::SplitPlan plan : {backtrack::SplitPlan{4096, 0}, backtrack::SplitPlan{4096, 1000}}) {
      roots = 0;
      applies = 0;
      const auto split = backtrack::split_tree(problem, plan);
      ASSERT_GT(split.subtrees.size(), 16u);
      const auto counted = backtrack::run_subtrees(problem, split, threads, SearchLimits{}, nullptr,
                                                   [&](const auto& p) { return backtrack::DepthFirstSearch<CountedMoves>(p, {}); });
      EXPECT_EQ(counted.nodes, one.nodes);
      EXPECT_LE(roots.load(), one_roots + 2 + static_cast<long>(threads)) << "probe, split, one per thread";
      EXPECT_LE(applies.load(), 2 * one_applies) << "the walks cost about the moves above the subtrees";
    }
  }
}

// A problem that notes which object each search reads (root() is called once a
// search), on which thread, and on which thread that object was made. Objects are told
// apart by a serial number (0: the original): two copies may lie at one address in turn.
class ReadsNoted : public toy::SubsetSumUndo {
 public:
  struct Read {
    int serial;
    std::thread::id made_on, read_on;
  };
  ReadsNoted(std::mutex& mutex, std::vector<Read>& reads) : SubsetSumUndo(14, 40), mutex_(&mutex), reads_(&reads) {}
  ReadsNoted(const ReadsNoted& other) : SubsetSumUndo(other), mutex_(other.mutex_), reads_(other.reads_) {
    static std::atomic<int> copies{0};
    serial_ = ++copies;
  }
  State root() const {
    std::lock_guard lock(*mutex_);
    reads_->push_back({serial_, made_on_, std::this_thread::get_id()});
    return SubsetSumUndo::root();
  }

 private:
  int serial_ = 0;
  std::thread::id made_on_ = std::this_thread::get_id();
  std::mutex* mutex_;
  std::vector<Read>* reads_;
};

// Threads do not share the problem they search: each reads a copy of its own, made on
// that thread, so that nothing it writes shares a cache line with what another reads.
// And no more threads start (each with its copy) than there are subtrees to take.
TEST(RunSubtrees, EachThreadSearchesACopyOfItsOwn) {
  std::mutex mutex;
  std::vector<ReadsNoted::Read> reads;
  const ReadsNoted problem(mutex, reads);
  const auto whole = backtrack::count_solutions(toy::SubsetSumUndo(14, 40));
  struct Case {
    unsigned threads;
    std::size_t subtrees;  // the split's plan
  };
  for (const Case c : {Case{1, 64}, Case{2, 64}, Case{8, 3}}) {
    SCOPED_TRACE("threads " + std::to_string(c.threads) + ", plan of " + std::to_string(c.subtrees) + " subtrees");
    const backtrack::SplitPlan plan{c.subtrees, 0};
    const auto split = backtrack::split_tree(problem, plan);
    const std::size_t takers = std::min<std::size_t>(c.threads, split.subtrees.size());
    ASSERT_GE(split.subtrees.size(), 2u);
    // The threads' reads: which objects, and each made by the thread that reads it.
    auto objects_read = [&] {
      std::set<int> serials;
      for (const auto& r : reads) {
        if (c.threads == 1) {
          EXPECT_EQ(r.serial, 0) << "one thread shares with nobody: no copy";
        } else if (r.serial != 0) {
          EXPECT_EQ(r.made_on, r.read_on) << "a copy is made by the thread that reads it";
        }
        serials.insert(r.serial);
      }
      reads.clear();
      return serials;
    };
    reads.clear();
    const auto counted = backtrack::run_subtrees(problem, split, c.threads, SearchLimits{}, nullptr, [&](const auto& p) {
      return backtrack::DepthFirstSearch<ReadsNoted>(p, {});
    });
    EXPECT_EQ(counted.nodes, whole.nodes);
    EXPECT_EQ(counted.solutions, whole.solutions);
    const auto searched = objects_read();
    EXPECT_EQ(searched.size(), takers) << "one search a thread";
    if (c.threads > 1) {
      EXPECT_EQ(searched.count(0), 0u) << "the threads read copies";
    }
    // The same for the first solutions: the split reads the problem itself, the threads copies.
    std::uint64_t found = 0;
    backtrack::first_solutions(problem, 1000000, c.threads, SearchLimits{},
                               [&](auto, std::uint64_t, const auto&) { return ++found > 0; }, plan);
    EXPECT_EQ(found, u64(whole.solutions));
    auto read = objects_read();
    if (c.threads > 1) read.erase(0);
    EXPECT_EQ(read.size(), takers);
  }
}

// The probe guesses what the subtrees it leaves will take: a time where it stopped past
// some of the tree, nothing (infinity) where it did not search or did not stop.
TEST(Split, GuessesWhatItLeaves) {
  const toy::SubsetSumUndo problem(14, 40);
  const auto whole = backtrack::count_solutions(problem);
  ASSERT_GT(whole.nodes, 1000u);
  const auto probed = backtrack::split_tree(problem, backtrack::SplitPlan{64, 1000});
  EXPECT_FALSE(probed.subtrees.empty());
  EXPECT_GE(probed.left_seconds, 0.0);
  EXPECT_LT(probed.left_seconds, 1e300);
  EXPECT_EQ(backtrack::split_tree(problem, backtrack::SplitPlan{64, 0}).left_seconds,
            std::numeric_limits<double>::infinity());
  EXPECT_EQ(backtrack::split_tree(problem, backtrack::SplitPlan{64, whole.nodes + 1}).left_seconds,
            std::numeric_limits<double>::infinity());
}

// Subtrees that the split guesses one thread finishes sooner than starting others would
// pay are taken by the calling thread alone; the others start when some are left after
// that time, so that a wrong guess costs little; without a guess they start at once.
TEST(RunSubtrees, StartsThreadsOnlyForWhatOneDoesNotFinishSoon) {
  std::atomic<int> searches{0};
  auto count = [&](const auto& problem, backtrack::SplitTree<std::decay_t<decltype(problem)>> split, double guess) {
    using P = std::decay_t<decltype(problem)>;
    split.left_seconds = guess;
    searches = 0;
    return backtrack::run_subtrees(problem, split, 2, SearchLimits{}, nullptr, [&](const P& p) {
      ++searches;
      return backtrack::DepthFirstSearch<P>(p, {});
    });
  };
  // Guessed small, and small: one search, unless this machine took longer than that.
  const toy::SubsetSumUndo small(8, 12);
  const auto small_split = backtrack::split_tree(small, backtrack::SplitPlan{16, 0});
  ASSERT_GE(small_split.subtrees.size(), 2u);
  const auto whole = backtrack::count_solutions(small);
  int quick_runs = 0;
  for (int run = 0; run < 20; ++run) {
    const auto start = backtrack::Clock::now();
    const auto counted = count(small, small_split, 0);
    const bool quick = seconds_since(start) < backtrack::detail::alone_seconds;
    EXPECT_EQ(counted.nodes, whole.nodes);
    EXPECT_EQ(counted.solutions, whole.solutions);
    if (quick) {
      ++quick_runs;
      EXPECT_EQ(searches.load(), 1) << "a quick count starts no thread";
    }
  }
  EXPECT_GT(quick_runs, 0) << "no count of " << whole.nodes << " nodes took less than "
                           << backtrack::detail::alone_seconds << " s";
  // The same unguessed: two threads, each with a search of its own.
  EXPECT_EQ(count(small, small_split, std::numeric_limits<double>::infinity()).nodes, whole.nodes);
  EXPECT_EQ(searches.load(), 2);
  // Guessed small, wrongly: each node takes longer than the guess, so after the first
  // subtree the calling thread starts the others (two searches of their own).
  const toy::SlowNodes<false> slow(2, 3, std::chrono::microseconds(300));
  const auto slow_split = backtrack::split_tree(slow, backtrack::SplitPlan{8, 0});
  ASSERT_EQ(slow_split.subtrees.size(), 8u);
  const auto counted = count(slow, slow_split, 0);
  EXPECT_EQ(counted.nodes, backtrack::count_solutions(slow).nodes);
  EXPECT_EQ(searches.load(), 3) << "one alone, then one on each thread";
}

// The first K solutions with threads: those of one search, in its order, whatever the
// thread count, the split and K (fewer, when the tree has fewer).
template <class P>
void expect_first_solutions_of_one_search(const P& problem) {
  using Move = typename P::Move;
  const auto whole = record(problem);
  for (const backtrack::SplitPlan plan : {backtrack::SplitPlan{64, 0}, backtrack::SplitPlan{7, 5},
                                          backtrack::SplitPlan{1000, 1}, backtrack::SplitPlan{}}) {
    for (std::uint64_t wanted : {1u, 2u, 5u, 100u, 1000000u}) {
      for (unsigned threads : {1u, 2u, 4u}) {
        SCOPED_TRACE("plan " + std::to_string(plan.subtrees) + "/" + std::to_string(plan.probe_nodes) + ", wanted " +
                     std::to_string(wanted) + ", threads " + std::to_string(threads));
        std::vector<std::vector<Move>> got;
        const auto stats = backtrack::first_solutions(
            problem, wanted, threads, SearchLimits{},
            [&](std::span<const Move> path, std::uint64_t, const backtrack::FoundAt&) {
              got.emplace_back(path.begin(), path.end());
              return true;
            },
            plan);
        const std::size_t expected = std::min<std::size_t>(wanted, whole.paths.size());
        ASSERT_EQ(got.size(), expected);
        EXPECT_TRUE(std::equal(got.begin(), got.end(), whole.paths.begin()));
        EXPECT_EQ(u64(stats.representatives), expected);
        EXPECT_EQ(stats.stop, whole.paths.size() > wanted ? StopReason::solution_limit : StopReason::none);
        if (whole.paths.size() <= wanted) {
          EXPECT_EQ(stats.nodes, whole.stats.nodes) << "all of the tree was searched";
        }
      }
    }
  }
}

TEST(FirstSolutions, SubsetSumUndo) { expect_first_solutions_of_one_search(toy::SubsetSumUndo(14, 40)); }
TEST(FirstSolutions, SubsetSumChild) { expect_first_solutions_of_one_search(toy::SubsetSumChild(14, 40)); }
TEST(FirstSolutions, WithoutSolutions) { expect_first_solutions_of_one_search(toy::SubsetSumChild(6, 1000)); }
TEST(FirstSolutions, RootsWithWeights) { expect_first_solutions_of_one_search(toy::PermutationsByComplement(7)); }

// The sink may refuse more (a closed pipe): nothing more is emitted.
TEST(FirstSolutions, SinkRefusal) {
  const toy::SubsetSumUndo problem(14, 40);
  int calls = 0;
  const auto stats = backtrack::first_solutions(
      problem, 100, 2, SearchLimits{}, [&](auto, std::uint64_t, const auto&) { return ++calls < 3; }, backtrack::SplitPlan{64, 0});
  EXPECT_EQ(calls, 3);
  EXPECT_EQ(stats.stop, StopReason::solution_limit);
}

TEST(FirstSolutions, StopFlagEndsThePartialAnswer) {
  const toy::SubsetSumUndo problem(14, 40);
  std::atomic<bool> stop{true};
  SearchLimits limits;
  limits.stop_requested = &stop;
  const auto stats = backtrack::first_solutions(
      problem, 100, 2, limits, [&](auto, std::uint64_t, const auto&) { return true; }, backtrack::SplitPlan{64, 0});
  EXPECT_EQ(stats.stop, StopReason::interrupted);
}

TEST(Split, SubsetSumUndo) { expect_split_matches_one_search(toy::SubsetSumUndo(14, 40)); }
TEST(Split, SubsetSumChild) { expect_split_matches_one_search(toy::SubsetSumChild(14, 40)); }
TEST(Split, SubsetSumWithoutSolutions) { expect_split_matches_one_search(toy::SubsetSumChild(6, 1000)); }
TEST(Split, SubsetSumTiny) { expect_split_matches_one_search(toy::SubsetSumUndo(3, 3)); }
TEST(Split, RootsWithWeights) { expect_split_matches_one_search(toy::PermutationsByComplement(8)); }
TEST(Split, SolutionWeight) { expect_split_matches_one_search(toy::PermutationsByReversal(8)); }
// The probe stops at its node limit by a jump here, by an exception in the others.
static_assert(backtrack::DepthFirstSearch<toy::PermutationsAsBits, backtrack::CountAlongPath>::jumps_at_node_limit);
static_assert(!backtrack::DepthFirstSearch<toy::PermutationsByReversal, backtrack::CountAlongPath>::jumps_at_node_limit);
TEST(Split, MovesAsBits) {
  EXPECT_EQ(u64(backtrack::count_solutions(toy::PermutationsAsBits(8)).solutions), toy::brute_permutations(8).size());
  expect_split_matches_one_search(toy::PermutationsAsBits(8));
  // A count stopped by its node limit, again and again in one search, each stop exact.
  const auto whole = backtrack::count_solutions(toy::PermutationsAsBits(8));
  for (std::uint64_t limit : {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{100}, whole.nodes - 1}) {
    SearchLimits limits;
    limits.max_nodes = limit;
    backtrack::DepthFirstSearch<toy::PermutationsAsBits, backtrack::CountAlongPath> search(toy::PermutationsAsBits(8),
                                                                                           limits);
    const auto stopped = search.run();
    EXPECT_EQ(stopped.stop, StopReason::node_limit) << limit;
    EXPECT_EQ(stopped.nodes, limit);
  }
}
TEST(Split, RootIsASolution) { expect_split_matches_one_search(toy::SubsetSumChild(0, 0)); }
TEST(Split, RootWithoutChild) { expect_split_matches_one_search(toy::SubsetSumUndo(0, 3)); }

// Enough subtrees are made when the tree has them, and the list does not depend on
// the thread count (it is made before any thread runs).
TEST(Split, ReachesTheTargetWhenTheTreeAllowsIt) {
  const toy::SubsetSumUndo problem(14, 40);
  const auto split = backtrack::split_tree(problem, {64, 0});
  EXPECT_GE(split.subtrees.size(), 64u);
  const auto again = backtrack::split_tree(problem, {64, 0});
  ASSERT_EQ(again.subtrees.size(), split.subtrees.size());
  for (std::size_t i = 0; i < split.subtrees.size(); ++i) EXPECT_EQ(again.subtrees[i].prefix, split.subtrees[i].prefix);
}

// Subtrees in proportion to what the probe left: about 32 for each share of the tree the
// size of the probe's. A probe that nearly finished the tree leaves a few (no more than
// the nodes it left unexpanded, some more), one that searched a fiftieth of it many.
TEST(Split, SubtreesFollowWhatTheProbeLeft) {
  const toy::SubsetSumUndo problem(14, 40);
  const std::uint64_t whole = backtrack::count_solutions(problem).nodes;
  const auto most = backtrack::split_tree(problem, {4096, whole * 9 / 10});
  const auto little = backtrack::split_tree(problem, {4096, whole / 50});
  EXPECT_LT(most.subtrees.size(), 32u) << "a tenth of the tree left";
  EXPECT_GT(little.subtrees.size(), 32u * 10) << "49 fiftieths left";
  for (const auto* split : {&most, &little}) {
    const auto counted = backtrack::run_subtrees(problem, *split, 1, SearchLimits{}, nullptr, [&](const auto& p) {
      return backtrack::DepthFirstSearch<toy::SubsetSumUndo>(p, {});
    });
    EXPECT_EQ(counted.nodes, whole);
  }
}

TEST(Split, StopFlagSkipsEverySubtree) {
  const toy::SubsetSumUndo problem(14, 40);
  const auto split = backtrack::split_tree(problem, {64, 0});
  std::atomic<bool> stop{true};
  SearchLimits limits;
  limits.stop_requested = &stop;
  for (unsigned threads : {1u, 2u}) {
    const auto s = backtrack::run_subtrees(problem, split, threads, limits, nullptr,
                                           [&](const auto& p) { return backtrack::DepthFirstSearch<std::decay_t<decltype(problem)>>(p, limits); });
    EXPECT_EQ(s.stop, StopReason::interrupted);
    EXPECT_EQ(s.nodes, split.above.nodes) << "no subtree was searched";
  }
}

TEST(Split, DeadlineInThePastSkipsEverySubtree) {
  const toy::SubsetSumChild problem(14, 40);
  const auto split = backtrack::split_tree(problem, {64, 0});
  SearchLimits limits;
  limits.deadline = backtrack::Clock::now() - std::chrono::seconds(1);
  for (unsigned threads : {1u, 2u}) {
    const auto s = backtrack::run_subtrees(problem, split, threads, limits, nullptr,
                                           [&](const auto& p) { return backtrack::DepthFirstSearch<std::decay_t<decltype(problem)>>(p, limits); });
    EXPECT_EQ(s.stop, StopReason::time_limit);
    EXPECT_EQ(u64(s.solutions), 0u);
  }
}

// A split honours the stop flag and the deadline itself: it runs before any thread,
// and on a large board expanding its levels takes long. A stopped split is marked, and
// nothing of it is counted as if it were the whole tree.
TEST(Split, StopFlagStopsTheSplitItself) {
  const toy::SubsetSumUndo problem(14, 40);
  std::atomic<bool> stop{true};
  SearchLimits limits;
  limits.stop_requested = &stop;
  const auto split = backtrack::split_tree(problem, {64, 0}, limits);
  EXPECT_TRUE(split.stopped());
  EXPECT_EQ(split.above.stop, StopReason::interrupted);
  const auto s = backtrack::run_subtrees(problem, split, 1, SearchLimits{}, nullptr, [&](const auto& p) {
    return backtrack::DepthFirstSearch<toy::SubsetSumUndo>(p, SearchLimits{});
  });
  EXPECT_EQ(s.stop, StopReason::interrupted) << "a stopped split is never searched as if whole";
  EXPECT_EQ(s.nodes, split.above.nodes);
  EXPECT_FALSE(backtrack::split_tree(problem, {64, 0}).stopped());
}

// A probe that stops 5,000 levels down lists the siblings of its path only while they
// are few and short; the first subtree keeps the others. Listing them all held 5,000
// prefixes of up to 5,000 moves (and 7 GB for bitset N-Queens at n = 2,000).
TEST(Split, DeepProbeListsFewSiblings) {
  constexpr int depth = 5000;
  const toy::SubsetSumChild problem(depth, 1 << 30);  // every sum fits: two children a node
  const backtrack::SplitPlan plan;
  const auto split = backtrack::split_tree(problem, plan);
  ASSERT_FALSE(split.stopped());
  ASSERT_NE(split.siblings_from, backtrack::SplitTree<toy::SubsetSumChild>::no_siblings);
  EXPECT_GT(split.subtrees.front().prefix.size(), std::size_t{depth} / 2) << "the probe went deep";
  std::size_t listed_moves = 0;
  for (std::size_t i = 1; i < split.subtrees.size(); ++i) listed_moves += split.subtrees[i].prefix.size();
  EXPECT_LE(split.subtrees.size(), plan.subtrees + 1);
  // 64 moves a subtree listed at most (split.hpp), and the shallowest ones then expanded
  // toward plan.subtrees one move deeper each: far from the 12.5 million of a full list.
  EXPECT_LE(listed_moves, 128 * plan.subtrees);
}

TEST(Split, DeadlineStopsASlowSplit) {
  // A node with 200 candidates of 500 us each: 0.1 s a node expanded, a split of
  // thousands of them far longer than the deadline.
  const toy::SlowNodes<true> problem(200, 4, std::chrono::microseconds(0), std::chrono::microseconds(500));
  SearchLimits limits;
  const auto start = backtrack::Clock::now();
  limits.deadline = start + std::chrono::milliseconds(100);
  const auto split = backtrack::split_tree(problem, {1'000'000, 0}, limits);
  EXPECT_LT(seconds_since(start), 1.0);
  EXPECT_TRUE(split.stopped());
  EXPECT_EQ(split.above.stop, StopReason::time_limit);
}

// Through a Solver, as the driver runs a count: stopped during the split, the result
// says so, and holds no solution.
TEST(Split, SolverCountStoppedDuringTheSplit) {
  const auto solver = backtrack::make_solver(toy::SlowNodes<true>(200, 4, std::chrono::microseconds(0),
                                                                  std::chrono::microseconds(500)),
                                             [](const auto&, auto) { return backtrack::Solution{}; },
                                             backtrack::Instance("slow", ""));
  backtrack::RunRequest request;
  request.limits.deadline = backtrack::Clock::now() + std::chrono::milliseconds(100);
  const auto start = backtrack::Clock::now();
  const auto result = solver->run(request, [](const backtrack::Solution&) { return true; });
  EXPECT_LT(seconds_since(start), 1.0);
  EXPECT_EQ(result.stats.stop, StopReason::time_limit);
  EXPECT_EQ(u64(result.stats.solutions), 0u);
}

// Through a Solver, each solution says when it was found: in one search in depth-first
// order (--limit K) the nodes are its place in that order; with a split on one thread,
// the nodes the run had entered, growing from one solution to the next, up to the run's;
// its seconds within the run's. A failure limit searches in order too, on any threads.
TEST(Split, SolverSolutionsSayWhereTheyWereFound) {
  const toy::SubsetSumChild problem(17, 50);  // 56,708 nodes: more than a probe's
  const auto solver = backtrack::make_solver(problem, [](const auto&, auto) { return backtrack::Solution{}; },
                                             backtrack::Instance("subset", ""));
  const auto all = record(problem);
  std::vector<std::uint64_t> in_order;  // the nodes entered by each solution of one search
  const auto note = [&](const auto&, auto, std::uint64_t, std::uint64_t entered) { in_order.push_back(entered); };
  backtrack::DepthFirstSearch<toy::SubsetSumChild, decltype(note)>(problem, {}, note).run();
  ASSERT_GT(in_order.size(), 10u);

  std::vector<backtrack::Solution> found;
  const auto keep = [&](backtrack::Solution&& s) {
    found.push_back(std::move(s));
    return true;
  };
  backtrack::RunRequest limited;
  limited.mode = backtrack::SearchMode::limit;
  limited.limits.max_solutions = 10;
  limited.threads = 1;
  const auto first = solver->run(limited, keep);
  ASSERT_EQ(found.size(), 10u);
  for (std::size_t i = 0; i < found.size(); ++i) {
    EXPECT_EQ(found[i].nodes, in_order[i]) << i;
    EXPECT_LE(found[i].seconds, first.stats.seconds);
    if (i > 0) {
      EXPECT_GE(found[i].seconds, found[i - 1].seconds);
    }
  }

  found.clear();
  backtrack::RunRequest every;
  every.mode = backtrack::SearchMode::all;
  every.threads = 1;
  const auto listed = solver->run(every, keep);
  ASSERT_EQ(found.size(), all.paths.size());
  EXPECT_GT(listed.subtrees, 0u);  // split, then searched subtree by subtree
  for (std::size_t i = 1; i < found.size(); ++i) EXPECT_GT(found[i].nodes, found[i - 1].nodes) << i;
  EXPECT_LE(found.back().nodes, listed.stats.nodes);
  EXPECT_GE(found.front().nodes, in_order.front());

  backtrack::RunRequest failing;
  failing.limits.max_failures = 50;
  failing.threads = 4;
  const auto stopped = solver->run(failing, keep);
  EXPECT_EQ(stopped.stats.stop, StopReason::failure_limit);
  EXPECT_EQ(stopped.stats.failures, 50u);
  EXPECT_EQ(stopped.subtrees, 0u);  // one search, not split
}

// A SubtreeSource shares the subtrees with "another process": here the even pending
// indices are searched by the run, the odd ones by a second run_subtrees() standing
// for another process, whose sum finish() hands back. Together: one whole count.
class EvenHereOddElsewhere final : public backtrack::SubtreeSource {
 public:
  explicit EvenHereOddElsewhere(std::function<SearchStats(std::span<const std::size_t>)> search_elsewhere)
      : search_elsewhere_(std::move(search_elsewhere)) {}
  void begin(std::span<const std::size_t> pending) override {
    for (const auto i : pending) (i % 2 == 0 ? here_ : elsewhere_).push_back(i);
  }
  std::optional<std::size_t> next() override {
    std::lock_guard lock(mutex_);
    if (cursor_ == here_.size()) return std::nullopt;
    return here_[cursor_++];
  }
  void searched(std::size_t index, const SearchStats& stats) override {
    std::lock_guard lock(mutex_);
    EXPECT_EQ(index % 2, 0u);
    EXPECT_TRUE(stats.complete());
    searched_.insert(index);
  }
  SearchStats finish() override { return search_elsewhere_(elsewhere_); }
  std::set<std::size_t> searched_here() const { return searched_; }

 private:
  std::function<SearchStats(std::span<const std::size_t>)> search_elsewhere_;
  std::vector<std::size_t> here_, elsewhere_;
  std::size_t cursor_ = 0;
  std::mutex mutex_;
  std::set<std::size_t> searched_;
};

// Hands out the given indices only (the "other process" of EvenHereOddElsewhere).
class TheseOnly final : public backtrack::SubtreeSource {
 public:
  explicit TheseOnly(std::span<const std::size_t> indices) : indices_(indices.begin(), indices.end()) {}
  void begin(std::span<const std::size_t>) override { all_.begin(indices_); }
  std::optional<std::size_t> next() override { return all_.next(); }

 private:
  std::vector<std::size_t> indices_;
  backtrack::PendingSubtrees all_;
};

TEST(Split, SourceSharesTheSubtreesWithAnotherProcess) {
  using P = toy::SubsetSumUndo;
  const P problem(14, 40);
  const auto whole = record(problem);
  const auto split = backtrack::split_tree(problem, {64, 0});
  const auto make = [&](const auto& p) { return backtrack::DepthFirstSearch<P>(p, {}); };
  for (unsigned threads : {1u, 2u}) {
    SCOPED_TRACE("threads " + std::to_string(threads));
    EvenHereOddElsewhere source([&](std::span<const std::size_t> odd) {
      TheseOnly other(odd);
      SearchStats s = backtrack::run_subtrees(problem, split, threads, SearchLimits{}, nullptr, make, nullptr, nullptr, &other);
      s.nodes -= split.above.nodes;  // the other process expanded the split too: count it once
      s.failures -= split.above.failures;
      return s;
    });
    const auto total = backtrack::run_subtrees(problem, split, threads, SearchLimits{}, nullptr, make, nullptr, nullptr, &source);
    EXPECT_EQ(total.solutions, whole.stats.solutions);
    EXPECT_EQ(total.nodes, whole.stats.nodes);
    EXPECT_EQ(total.failures, whole.stats.failures);
    EXPECT_EQ(total.max_depth, whole.stats.max_depth);
    EXPECT_TRUE(total.complete());
    EXPECT_EQ(source.searched_here().size(), (split.subtrees.size() + 1) / 2);
  }
}

// The set bits of a word, lowest first, each as a one-bit word.
TEST(SetBits, LowestFirst) {
  std::vector<std::uint64_t> bits;
  for (std::uint64_t b : backtrack::SetBits(0b1011'0010)) bits.push_back(b);
  EXPECT_EQ(bits, (std::vector<std::uint64_t>{0b10, 0b1'0000, 0b10'0000, 0b1000'0000}));
  EXPECT_EQ(std::ranges::distance(backtrack::SetBits(0)), 0);
  EXPECT_EQ(std::ranges::distance(backtrack::SetBits(~std::uint64_t{0})), 64);
  std::uint64_t top = 0;
  for (std::uint64_t b : backtrack::SetBits(std::uint64_t{1} << 63)) top = b;
  EXPECT_EQ(top, std::uint64_t{1} << 63);
}

// SearchStats add up field by field.
TEST(Stats, SumOfTwo) {
  SearchStats a;
  a.nodes = 3;
  a.failures = 1;
  a.solutions = 5;
  a.representatives = 2;
  a.max_depth = 4;
  SearchStats b;
  b.nodes = 10;
  b.failures = 2;
  b.solutions = 7;
  b.representatives = 7;
  b.max_depth = 2;
  b.stop = StopReason::node_limit;
  a += b;
  EXPECT_EQ(a.nodes, 13u);
  EXPECT_EQ(a.failures, 3u);
  EXPECT_EQ(u64(a.solutions), 12u);
  EXPECT_EQ(u64(a.representatives), 9u);
  EXPECT_EQ(a.max_depth, 4);
  EXPECT_EQ(a.stop, StopReason::node_limit);
}

TEST(Stats, Uint128ToString) {
  EXPECT_EQ(backtrack::to_string(uint128{0}), "0");
  EXPECT_EQ(backtrack::to_string(uint128{365596}), "365596");
  const uint128 big = (uint128{1} << 64) * 10 + 7;  // 184467440737095516167
  EXPECT_EQ(backtrack::to_string(big), "184467440737095516167");
  EXPECT_EQ(backtrack::to_string(~uint128{0}), "340282366920938463463374607431768211455");
}

TEST(Stats, StopReasonNames) {
  EXPECT_EQ(backtrack::to_string(StopReason::none), "complete");
  EXPECT_EQ(backtrack::to_string(StopReason::node_limit), "node_limit");
  EXPECT_EQ(backtrack::to_string(StopReason::time_limit), "time_limit");
  EXPECT_EQ(backtrack::to_string(StopReason::interrupted), "interrupted");
  EXPECT_EQ(backtrack::to_string(StopReason::solution_limit), "solution_limit");
}

}  // namespace
