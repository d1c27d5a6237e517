// Branch and bound on the Golomb ruler: every --prune, --order and --values, split as the
// threads split it (after a probe, with subtrees made again once the bound tightened) on
// 1 and 2 threads, and as one search, must find the shortest ruler that a brute force
// written here finds. The magic square of order 3, the integer layer's other plugin,
// must count the squares a brute force counts under every search too.
//
// none and forward hold the propagators back (generate and test, forward checking): their
// trees grow as the textbook's do, so they are searched where that takes a second, not
// hours (7 marks at forward: 61 million nodes).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <span>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "../csp/int_solutions.hpp"
#include "backtrack/csp/options.hpp"
#include "backtrack/engine.hpp"
#include "backtrack/incumbent.hpp"
#include "backtrack/golomb/csp.hpp"
#include "backtrack/magic_square/csp.hpp"
#include "backtrack/neighbourhoods.hpp"
#include "backtrack/solver.hpp"
#include "backtrack/split.hpp"

namespace {

using backtrack::golomb::CspGolomb;

// Whether marks 0 = m[0] < ... < m[k-1] can be extended to `marks` marks, all within
// `length`, every pairwise difference distinct (`used`), the last mark at `length`.
bool ruler_fits(std::vector<int>& m, std::vector<bool>& used, int marks, int length) {
  if (static_cast<int>(m.size()) == marks) return m.back() == length;
  for (int next = m.back() + 1; next <= length; ++next) {
    bool distinct = true;
    std::size_t added = 0;
    for (; added < m.size(); ++added) {
      const int d = next - m[added];
      if (used[static_cast<std::size_t>(d)]) {
        distinct = false;
        break;
      }
      used[static_cast<std::size_t>(d)] = true;
    }
    if (distinct) {
      m.push_back(next);
      if (ruler_fits(m, used, marks, length)) return true;
      m.pop_back();
    }
    for (std::size_t i = 0; i < added; ++i) used[static_cast<std::size_t>(next - m[i])] = false;
  }
  return false;
}

// The length of the shortest ruler of `marks` marks: the first length some ruler fits.
int shortest_ruler(int marks) {
  for (int length = marks - 1;; ++length) {
    std::vector<int> m{0};
    std::vector<bool> used(static_cast<std::size_t>(length) + 1, false);
    if (marks == 1 || ruler_fits(m, used, marks, length)) return length;
  }
}

class EverySearch : public testing::TestWithParam<int> {};

TEST_P(EverySearch, FindsTheShortestRulerSplitOrNot) {
  const int marks = GetParam();
  const backtrack::csp::Value shortest = shortest_ruler(marks);
  // A probe that stops early (rulers of 4 marks take some 40 nodes) and one as the
  // threads make it, which stops in the trees of 8 marks.
  const backtrack::SplitPlan small{.subtrees = 32, .probe_nodes = 20};
  const backtrack::SplitPlan threads_plan{};
  // 8 marks, as the threads split it, only where the tree was once cut wrong: the rest
  // takes minutes.
  using backtrack::csp::VariableOrder, backtrack::csp::ValueOrder;
  const std::vector<VariableOrder> orders(backtrack::csp::all_variable_orders.begin(),
                                          backtrack::csp::all_variable_orders.end());
  const std::vector<ValueOrder> value_orders(backtrack::csp::all_value_orders.begin(),
                                             backtrack::csp::all_value_orders.end());
  using backtrack::csp::Prune;
  for (const auto prune : backtrack::csp::all_prunes) {
    if ((prune == Prune::none || prune == Prune::forward) && marks > 5) continue;
    for (const auto order : marks < 8 ? orders : std::vector{VariableOrder::mrv, VariableOrder::dom_deg}) {
      for (const auto values : marks < 8 ? value_orders : std::vector{ValueOrder::reverse_split}) {
        const CspGolomb problem(marks, {.prune = prune, .variables = order, .values = values});
        SCOPED_TRACE("golomb -n " + std::to_string(marks) + " --prune " + std::string(to_string(prune)) +
                     " --order " + std::string(to_string(order)) + " --values " + std::string(to_string(values)));
        if (marks < 8) {
          EXPECT_EQ(backtrack::csp::optimum_of_one_search(problem), shortest) << "one search";
          const CspGolomb conflicts(marks, {.prune = prune, .variables = order, .values = values, .last_conflict = true});
          EXPECT_EQ(backtrack::csp::optimum_of_one_search(conflicts), shortest) << "one search, last conflict";
          // Searches of 100 times Luby's sequence, or 100 x 1.5^k nodes, sharing the
          // bound and leaving out what the ones before finished (restart_search.hpp).
          for (const auto restarts : {backtrack::csp::Restarts::luby, backtrack::csp::Restarts::geometric}) {
            const CspGolomb restarting(marks, {.prune = prune, .variables = order, .values = values, .restarts = restarts});
            EXPECT_EQ(backtrack::csp::optimum_with_restarts(restarting, *restarting.restart_schedule()), shortest)
                << "restarts " << to_string(restarts);
          }
        }
        for (const unsigned threads : {1U, 2U}) {
          EXPECT_EQ(backtrack::csp::optimum_split(problem, marks < 8 ? small : threads_plan, threads), shortest)
              << "split, " << threads << " threads";
        }
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Golomb, EverySearch, testing::Range(4, 9),
                         [](const auto& info) { return "marks_" + std::to_string(info.param); });

// The bound is the search's (incumbent.hpp): on two threads, every solution handed on
// beats the one before it, none is counted without being handed on, and the last is the
// shortest ruler; the problem keeps nothing, so a second run finds them all again.
TEST(Golomb, ThreadsHandOnEveryImprovementInOrderAndTheProblemKeepsNoBound) {
  const CspGolomb problem(8, {.prune = backtrack::csp::Prune::bounds,
                              .variables = backtrack::csp::VariableOrder::static_order});
  const backtrack::SplitPlan plan{.subtrees = 64, .probe_nodes = 50};
  for (int run = 0; run < 2; ++run) {
    backtrack::Incumbent incumbent(problem.minimises());
    backtrack::SearchLimits limits;
    limits.incumbent = &incumbent;
    std::vector<std::int64_t> handed_on;  // under the incumbent's lock
    auto take = [&](std::span<const backtrack::csp::Decision> path, std::uint64_t, const backtrack::FoundAt&) {
      handed_on.push_back(problem.objective_value(path));
      return true;
    };
    using Search = backtrack::DepthFirstSearch<CspGolomb, backtrack::PathSink<CspGolomb>>;
    const auto sink = backtrack::path_sink<CspGolomb>(take);
    const auto split = backtrack::split_tree(problem, plan, limits, sink);
    const auto stats = backtrack::run_subtrees(problem, split, 2, limits, nullptr,
                                               [&](const CspGolomb& p) { return Search(p, limits, sink); });
    ASSERT_TRUE(stats.complete());
    ASSERT_FALSE(handed_on.empty());
    EXPECT_EQ(static_cast<std::size_t>(stats.representatives), handed_on.size());
    EXPECT_TRUE(std::adjacent_find(handed_on.begin(), handed_on.end(), std::less_equal<>()) == handed_on.end())
        << "not strictly decreasing";
    EXPECT_EQ(handed_on.back(), shortest_ruler(8));
    EXPECT_EQ(incumbent.best(), handed_on.back());
    // A bound left behind by the first run would leave the second nothing to find.
    EXPECT_GT(handed_on.size(), 1U) << "run " << run;
  }
}

// Large neighbourhood search (neighbourhoods.hpp) within a node budget: every solution
// it hands on is a ruler (checked here, from the marks), shorter than the one before;
// the budget holds; and on 6 marks it reaches the shortest ruler, though it cannot prove it.
TEST(Golomb, NeighbourhoodSearchHandsOnShorterRulersWithinItsBudget) {
  for (const int percent : {30, 60}) {
    SCOPED_TRACE("--lns " + std::to_string(percent));
    const int marks = 6;
    const CspGolomb problem(marks, {.prune = backtrack::csp::Prune::bounds, .lns = percent});
    backtrack::Incumbent incumbent(problem.minimises());
    backtrack::SearchLimits limits;
    limits.incumbent = &incumbent;
    limits.max_nodes = 50000;
    std::vector<std::int64_t> lengths;
    auto take = [&](std::span<const backtrack::csp::Decision> path, std::uint64_t, const backtrack::FoundAt&) {
      const auto values = problem.values(path);
      const std::vector<backtrack::csp::Value> m(values.begin(), values.begin() + marks);
      std::vector<bool> used(static_cast<std::size_t>(m.back()) + 1, false);
      EXPECT_EQ(m.front(), 0);
      for (int i = 0; i < marks; ++i) {
        for (int j = i + 1; j < marks; ++j) {
          const auto d = m[static_cast<std::size_t>(j)] - m[static_cast<std::size_t>(i)];
          EXPECT_GT(d, 0);
          if (d > 0) {
            EXPECT_FALSE(used[static_cast<std::size_t>(d)]) << "difference " << d << " twice";
            used[static_cast<std::size_t>(d)] = true;
          }
        }
      }
      lengths.push_back(m.back());
      EXPECT_EQ(problem.objective_value(path), m.back());
      return true;
    };
    const auto stats = backtrack::search_neighbourhoods(problem, limits, take);
    EXPECT_EQ(stats.stop, backtrack::StopReason::node_limit);
    EXPECT_LE(stats.nodes, limits.max_nodes);
    ASSERT_FALSE(lengths.empty());
    EXPECT_TRUE(std::adjacent_find(lengths.begin(), lengths.end(), std::less_equal<>()) == lengths.end());
    EXPECT_EQ(lengths.back(), shortest_ruler(marks));
    EXPECT_EQ(static_cast<std::size_t>(stats.representatives), lengths.size());
  }
}

// The same through the solver on two threads (a portfolio of neighbourhood searches
// sharing the bound): the rulers handed on shorten, and the shortest is reached; the run
// is stopped there.
TEST(Golomb, NeighbourhoodSearchOnTwoThreadsReachesTheShortestRuler) {
  const int marks = 6;
  const CspGolomb problem(marks, {.prune = backtrack::csp::Prune::bounds, .lns = 50});
  std::atomic<bool> stop{false};
  const auto solver = backtrack::make_solver(
      problem, [](const CspGolomb&, std::span<const backtrack::csp::Decision>) { return backtrack::Solution{}; },
      backtrack::Instance{"test", ""});
  backtrack::RunRequest request;
  request.mode = backtrack::SearchMode::all;
  request.threads = 2;
  request.limits.stop_requested = &stop;
  request.limits.deadline = backtrack::SearchLimits::deadline_after(120);  // not reached: a safeguard
  std::vector<std::int64_t> lengths;
  const auto result = solver->run(request, [&](backtrack::Solution&& s) {
    lengths.push_back(s.objective.value_or(-1));
    if (lengths.back() == shortest_ruler(marks)) stop = true;
    return true;
  });
  ASSERT_FALSE(lengths.empty());
  EXPECT_TRUE(std::adjacent_find(lengths.begin(), lengths.end(), std::less_equal<>()) == lengths.end());
  EXPECT_EQ(lengths.back(), shortest_ruler(marks));
  ASSERT_TRUE(result.objective.has_value());
  EXPECT_EQ(result.objective->best, shortest_ruler(marks));
  // Each thread's first search is complete under the shared bound: one that starts once
  // the other has the shortest ruler may exhaust its tree before the stop, a proof.
  EXPECT_EQ(result.stats.stop,
            result.objective->proved ? backtrack::StopReason::none : backtrack::StopReason::interrupted);
}

// The magic squares of order 3: every arrangement of 1..9 whose rows, columns and
// diagonals sum to 15.
std::uint64_t magic_squares_of_order_3() {
  std::array<int, 9> v{};
  std::iota(v.begin(), v.end(), 1);
  std::uint64_t found = 0;
  do {
    const auto line = [&](int a, int b, int c) { return v[a] + v[b] + v[c] == 15; };
    found += line(0, 1, 2) && line(3, 4, 5) && line(6, 7, 8) && line(0, 3, 6) && line(1, 4, 7) && line(2, 5, 8) &&
             line(0, 4, 8) && line(2, 4, 6);
  } while (std::next_permutation(v.begin(), v.end()));
  return found;
}

TEST(MagicSquare, EverySearchCountsTheSquaresOfABruteForceSplitOrNot) {
  using backtrack::magic_square::CspMagicSquare;
  const std::uint64_t squares = magic_squares_of_order_3();
  EXPECT_EQ(squares, 8U);
  const backtrack::SplitPlan small{.subtrees = 32, .probe_nodes = 10};
  for (const bool one_per_class : {false, true}) {
    for (const auto prune : backtrack::csp::all_prunes) {
      for (const auto order : backtrack::csp::all_variable_orders) {
        // largest, min-value, max-value keep choosing a cell whose domain nothing narrows:
        // millions of nodes unpropagated.
        using backtrack::csp::Prune, backtrack::csp::VariableOrder;
        const bool unpropagated = prune == Prune::none || prune == Prune::forward;
        if (unpropagated && (order == VariableOrder::largest || order == VariableOrder::min_value ||
                             order == VariableOrder::max_value)) {
          continue;
        }
        for (const auto values : backtrack::csp::all_value_orders) {
          const CspMagicSquare problem(3, {.prune = prune, .variables = order, .values = values}, one_per_class);
          SCOPED_TRACE(std::string("magic-square -n 3 --prune ") + std::string(to_string(prune)) + " --order " +
                       std::string(to_string(order)) + " --values " + std::string(to_string(values)) +
                       (one_per_class ? " --symmetry full" : ""));
          const auto one_search = backtrack::DepthFirstSearch<CspMagicSquare>(problem, {}).run();
          EXPECT_EQ(static_cast<std::uint64_t>(one_search.solutions), squares) << "one search";
          for (const unsigned threads : {1U, 2U}) {
            const auto split = backtrack::split_tree(problem, small);
            const auto stats = backtrack::run_subtrees(problem, split, threads, {}, nullptr, [](const CspMagicSquare& p) {
              return backtrack::DepthFirstSearch<CspMagicSquare>(p, {});
            });
            EXPECT_EQ(static_cast<std::uint64_t>(stats.solutions), squares) << "split, " << threads << " threads";
          }
        }
      }
    }
  }
}

}  // namespace
