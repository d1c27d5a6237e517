// N-Queens through the registry, as the driver reaches it: parse options, make a
// Solver, run it with 1 and 2 threads and every symmetry mode.
#include <gtest/gtest.h>

#include <cstdlib>
#include <mutex>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "backtrack/engine.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/registry.hpp"
#include "backtrack/solution.hpp"
#include "driver_made.hpp"
#include "reference.hpp"
#include "strategies.hpp"

namespace {

using backtrack::SearchMode;
using backtrack::StopReason;
using backtrack::nqueens::Symmetry;

std::vector<std::string> size_and_symmetry(int n, const std::string& symmetry) {
  std::vector<std::string> args{"-n", std::to_string(n)};
  if (!symmetry.empty()) {
    args.push_back("--symmetry");
    args.push_back(symmetry);
  }
  return args;
}

// The columns of a solution as the plugin hands it to the driver.
reference::Board board_of(const backtrack::Solution& solution) {
  return solution.json.at("columns").get<reference::Board>();
}

TEST(Registry, NqueensIsRegisteredWithItsStrategies) {
  const auto& info = nqueens_info();
  EXPECT_EQ(info.name, "nqueens");
  EXPECT_FALSE(info.summary.empty());
  std::set<std::string> names;
  for (const auto& s : info.strategies) names.insert(s.name);
  for (const char* name : strategies::all_names) EXPECT_TRUE(names.count(name)) << name;
  ASSERT_NE(info.find_option("size"), nullptr);
  EXPECT_EQ(info.find_option("size")->default_value, "8");
  EXPECT_TRUE(info.make);
  EXPECT_EQ(backtrack::Registry::global().find("no such problem"), nullptr);
}

TEST(Registry, RegisteringTwiceIsRefused) {
  backtrack::Registry registry;
  registry.add(backtrack::ProblemInfo{"b", "", {}, {}, {}, ""});
  registry.add(backtrack::ProblemInfo{"a", "", {}, {}, {}, ""});
  EXPECT_THROW(registry.add(backtrack::ProblemInfo{"b", "", {}, {}, {}, ""}), std::logic_error);
  ASSERT_EQ(registry.problems().size(), 2u);
  EXPECT_EQ(registry.problems()[0].name, "a");  // sorted by name
  EXPECT_NE(registry.find("b"), nullptr);
}

class RegistryCounts : public ::testing::TestWithParam<std::tuple<std::string, std::string, unsigned>> {};

// Every strategy, every symmetry it offers, 1 and 2 threads, n = 1..13.
TEST_P(RegistryCounts, OeisUpTo13) {
  const auto [strategy, symmetry, threads] = GetParam();
  for (int n = 1; n <= 13; ++n) {
    const auto solver = make(size_and_symmetry(n, symmetry), SearchMode::count, strategy);
    const auto result = count(*solver, threads);
    EXPECT_EQ(u64(result.stats.solutions), reference::a000170[n]) << "n = " << n;
    EXPECT_EQ(result.stats.stop, StopReason::none);
    // A tree the split's probe searches alone is not split; a larger one is.
    if (result.stats.nodes < backtrack::SplitPlan{}.probe_nodes) {
      EXPECT_EQ(result.subtrees, 0u) << "n = " << n;
    } else {
      EXPECT_GE(result.subtrees, 1u) << "n = " << n;
    }
    const bool full = symmetry == "full" || (symmetry.empty() && strategy == "word");
    EXPECT_EQ(result.reports_classes, full);
    if (full) {
      EXPECT_EQ(u64(result.stats.representatives), reference::a002562[n]) << "n = " << n;
    }
    if (symmetry == "none") {
      EXPECT_EQ(u64(result.stats.representatives), reference::a000170[n]) << "n = " << n;
    }
    const std::string description = solver->description();
    EXPECT_NE(description.find("n=" + std::to_string(n)), std::string::npos) << description;
    EXPECT_NE(description.find("strategy=" + strategy), std::string::npos) << description;
  }
}

// The split run walks the same tree as one search: nodes and failures add up, for both
// thread counts (n = 10, small enough for the engine directly).
TEST_P(RegistryCounts, StatsMatchOneSearch) {
  const auto [strategy, symmetry, threads] = GetParam();
  if (symmetry == "full" || symmetry.empty()) GTEST_SKIP() << "compared with the plain strategies only";
  const int n = 10;
  const Symmetry sym = symmetry == "none" ? Symmetry::none : Symmetry::mirror;
  strategies::with_strategy(strategy, [&, threads = threads](auto s) {
    using S = decltype(s);
    const auto one = backtrack::count_solutions(typename S::P(n, sym));
    const auto result = count(*make(size_and_symmetry(n, symmetry), SearchMode::count, strategy), threads);
    EXPECT_EQ(result.stats.nodes, one.nodes);
    EXPECT_EQ(result.stats.failures, one.failures);
    EXPECT_EQ(result.stats.solutions, one.solutions);
    EXPECT_EQ(result.stats.representatives, one.representatives);
    EXPECT_EQ(result.stats.max_depth, one.max_depth);
  });
}

INSTANTIATE_TEST_SUITE_P(
    Modes, RegistryCounts,
    ::testing::Values(
        std::tuple{"scan", "none", 1u}, std::tuple{"scan", "none", 2u}, std::tuple{"scan", "mirror", 1u},
        std::tuple{"scan", "mirror", 2u}, std::tuple{"arrays", "none", 1u}, std::tuple{"arrays", "none", 2u},
        std::tuple{"arrays", "mirror", 1u}, std::tuple{"arrays", "mirror", 2u}, std::tuple{"bitset", "none", 1u},
        std::tuple{"bitset", "none", 2u}, std::tuple{"bitset", "mirror", 1u}, std::tuple{"bitset", "mirror", 2u},
        std::tuple{"word", "none", 1u}, std::tuple{"word", "none", 2u}, std::tuple{"word", "mirror", 1u},
        std::tuple{"word", "mirror", 2u}, std::tuple{"word", "full", 1u}, std::tuple{"word", "full", 2u},
        // no --symmetry: the plugin's default for counting
        std::tuple{"word", "", 2u}, std::tuple{"bitset", "", 2u}),
    [](const auto& info) {
      std::string name = std::get<0>(info.param);
      name += '_';
      name += std::get<1>(info.param).empty() ? std::string("default") : std::get<1>(info.param);
      name += "_threads";
      name += std::to_string(std::get<2>(info.param));
      return name;
    });

// Listing every board through the Solver, several threads at once: each board valid,
// none twice, all of them.
TEST(RegistryListing, AllBoardsWithTwoThreads) {
  for (const char* strategy : strategies::all_names) {
    for (int n : {1, 4, 6, 8}) {
      const auto solver = make({"-n", std::to_string(n)}, SearchMode::all, strategy);
      std::set<reference::Board> boards;
      std::size_t calls = 0;
      backtrack::RunRequest request;
      request.mode = SearchMode::all;
      request.threads = 2;
      const auto result = solver->run(request, [&](const backtrack::Solution& solution) {
        ++calls;
        const auto board = board_of(solution);
        EXPECT_TRUE(reference::valid(board, n)) << strategy;
        boards.insert(board);
        EXPECT_NE(solution.text.find('Q'), std::string::npos);
        return true;
      });
      EXPECT_EQ(calls, reference::a000170[n]) << strategy << " n = " << n;
      EXPECT_EQ(boards.size(), reference::a000170[n]) << strategy << " n = " << n;
      EXPECT_EQ(u64(result.stats.solutions), reference::a000170[n]);
    }
  }
}

// --unique: one board per class, through the Solver; the classes are A002562 and the
// orbits of the boards cover every solution exactly once.
TEST(RegistryListing, UniqueBoardsCoverEverySolution) {
  for (int n = 1; n <= 10; ++n) {
    for (unsigned threads : {1u, 2u}) {
      const auto solver = make({"-n", std::to_string(n)}, SearchMode::unique, "");
      std::vector<reference::Board> boards;
      backtrack::RunRequest request;
      request.mode = SearchMode::unique;
      request.threads = threads;
      const auto result = solver->run(request, [&](const backtrack::Solution& solution) {
        boards.push_back(board_of(solution));
        return true;
      });
      EXPECT_TRUE(result.reports_classes);
      ASSERT_EQ(boards.size(), reference::a002562[n]) << "n = " << n;
      std::set<reference::Board> covered;
      std::size_t sum = 0;
      for (const auto& b : boards) {
        EXPECT_TRUE(reference::valid(b, n));
        const auto members = reference::orbit(b);
        sum += members.size();
        covered.insert(members.begin(), members.end());
      }
      EXPECT_EQ(sum, reference::a000170[n]) << "orbits overlap, n = " << n;
      EXPECT_EQ(covered.size(), reference::a000170[n]) << "n = " << n;
      const auto all = reference::full_tree(n).solutions;
      EXPECT_EQ(covered, std::set<reference::Board>(all.begin(), all.end()));
    }
  }
}

TEST(RegistryListing, FirstAndLimit) {
  for (const char* strategy : strategies::all_names) {
    backtrack::RunRequest request;
    request.mode = SearchMode::first;
    request.threads = 2;
    std::vector<reference::Board> boards;
    auto keep = [&](const backtrack::Solution& s) {
      boards.push_back(board_of(s));
      return true;
    };
    auto result = make({"-n", "10"}, SearchMode::first, strategy)->run(request, keep);
    ASSERT_EQ(boards.size(), 1u) << strategy;
    EXPECT_TRUE(reference::valid(boards[0], 10));
    EXPECT_EQ(boards[0], reference::full_tree(10).solutions.front()) << "depth-first, lowest column first";
    EXPECT_EQ(result.stats.stop, StopReason::solution_limit);

    boards.clear();
    request.mode = SearchMode::limit;
    request.limits.max_solutions = 5;
    result = make({"-n", "10"}, SearchMode::limit, strategy)->run(request, keep);
    ASSERT_EQ(boards.size(), 5u) << strategy;
    const auto all = reference::full_tree(10).solutions;
    EXPECT_TRUE(std::equal(boards.begin(), boards.end(), all.begin())) << "the first five, in order";
    EXPECT_EQ(result.stats.stop, StopReason::solution_limit);
  }
}

// Solver::run documents "Returning false stops the search": once the sink says no, it
// is not called again (with two threads, at most once more, by a thread that was
// already past the check), and the run reports solution_limit.
TEST(RegistryListing, SinkReturningFalseStops) {
  for (unsigned threads : {1u, 2u}) {
    backtrack::RunRequest request;
    request.mode = SearchMode::all;
    request.threads = threads;
    std::size_t calls = 0;
    const auto result = make({"-n", "9"}, SearchMode::all, "word")->run(request, [&](const backtrack::Solution&) {
      return ++calls < 3;
    });
    EXPECT_EQ(result.stats.stop, StopReason::solution_limit) << threads << " thread(s)";
    EXPECT_LE(calls, 3u + (threads - 1)) << threads << " thread(s): the sink was called after it returned false";
  }
}

TEST(RegistryLimits, NodeLimitIsExact) {
  for (const char* strategy : strategies::all_names) {
    backtrack::RunRequest request;
    request.threads = 2;
    request.limits.max_nodes = 1000;
    const auto result = count(*make({"-n", "12"}, SearchMode::count, strategy), 2);
    EXPECT_EQ(result.stats.stop, StopReason::none);
    const auto limited = make({"-n", "12"}, SearchMode::count, strategy)->run(request, [](const auto&) { return true; });
    EXPECT_EQ(limited.stats.stop, StopReason::node_limit) << strategy;
    EXPECT_EQ(limited.stats.nodes, 1000u) << strategy;
  }
}

TEST(RegistryLimits, StopFlagAndDeadline) {
  std::atomic<bool> stop{true};
  backtrack::RunRequest request;
  request.threads = 2;
  request.limits.stop_requested = &stop;
  auto result = make({"-n", "12"}, SearchMode::count, "bitset")->run(request, [](const auto&) { return true; });
  EXPECT_EQ(result.stats.stop, StopReason::interrupted);
  EXPECT_LT(u64(result.stats.solutions), reference::a000170[12]);

  backtrack::RunRequest late;
  late.threads = 1;
  late.limits.deadline = backtrack::Clock::now() - std::chrono::seconds(1);
  result = make({"-n", "12"}, SearchMode::count, "word")->run(late, [](const auto&) { return true; });
  EXPECT_EQ(result.stats.stop, StopReason::time_limit);
}

// What the plugin refuses, with a UsageError (exit 64 in the driver).
TEST(RegistryErrors, BadRequestsAreUsageErrors) {
  using backtrack::UsageError;
  EXPECT_THROW(make({"-n", "0"}, SearchMode::count, "word"), UsageError);
  EXPECT_THROW(make({"--size=-3"}, SearchMode::count, "scan"), UsageError);
  EXPECT_THROW(make({"-n", "65"}, SearchMode::count, "word"), UsageError);
  EXPECT_THROW(make({"-n", "8"}, SearchMode::count, "nosuch"), UsageError);
  EXPECT_THROW(make({"-n", "8", "--symmetry", "sideways"}, SearchMode::count, "word"), UsageError);
  for (const char* strategy : {"scan", "arrays", "bitset"}) {
    EXPECT_THROW(make({"-n", "8", "--symmetry", "full"}, SearchMode::count, strategy), UsageError) << strategy;
  }
  EXPECT_THROW(make({"-n", "8", "--symmetry", "mirror"}, SearchMode::unique, "word"), UsageError);
  EXPECT_THROW(make({"-n", "8", "--symmetry", "mirror"}, SearchMode::all, "word"), UsageError);
  EXPECT_NO_THROW(make({"-n", "13"}, SearchMode::all, "word"));  // the driver stops a listing past 100,000
  EXPECT_NO_THROW(make({"-n", "64"}, SearchMode::count, "word"));
  EXPECT_NO_THROW(make({"-n", "65"}, SearchMode::count, "bitset"));
  EXPECT_NO_THROW(make({"-n", "100"}, SearchMode::count, ""));  // the default beyond 64 is bitset
}

// Every strategy the plugin registers (the four above and any added since), with the
// plugin's default symmetry and with none: counts, listings and first solutions, all
// through the Solver and checked by the reference.
class EveryRegisteredStrategy : public ::testing::TestWithParam<std::string> {};

std::vector<std::string> registered_strategies() {
  std::vector<std::string> names;
  for (const auto& s : nqueens_info().strategies) names.push_back(s.name);
  return names;
}

TEST_P(EveryRegisteredStrategy, CountsUpTo10) {
  const std::string strategy = GetParam();
  for (const std::string symmetry : {"", "none"}) {
    for (unsigned threads : {1u, 2u}) {
      for (int n = 1; n <= 10; ++n) {
        const auto result = count(*make(size_and_symmetry(n, symmetry), SearchMode::count, strategy), threads);
        EXPECT_EQ(u64(result.stats.solutions), reference::a000170[n])
            << strategy << " symmetry '" << symmetry << "' threads " << threads << " n = " << n;
        EXPECT_EQ(result.stats.stop, StopReason::none);
      }
    }
  }
}

TEST_P(EveryRegisteredStrategy, ListsEveryBoardUpTo8) {
  const std::string strategy = GetParam();
  for (unsigned threads : {1u, 2u}) {
    for (int n = 1; n <= 8; ++n) {
      backtrack::RunRequest request;
      request.mode = SearchMode::all;
      request.threads = threads;
      std::vector<reference::Board> boards;
      std::mutex lock;
      make({"-n", std::to_string(n)}, SearchMode::all, strategy)->run(request, [&](const backtrack::Solution& s) {
        std::lock_guard guard(lock);
        boards.push_back(board_of(s));
        return true;
      });
      std::set<reference::Board> distinct(boards.begin(), boards.end());
      EXPECT_EQ(boards.size(), distinct.size()) << strategy << ": a board twice, n = " << n;
      for (const auto& b : boards) EXPECT_TRUE(reference::valid(b, n)) << strategy << " n = " << n;
      const auto all = reference::full_tree(n).solutions;
      EXPECT_EQ(distinct, std::set<reference::Board>(all.begin(), all.end())) << strategy << " n = " << n;
    }
  }
}

TEST_P(EveryRegisteredStrategy, FirstSolutionIsValid) {
  const std::string strategy = GetParam();
  for (int n : {1, 4, 5, 8, 12, 20}) {
    backtrack::RunRequest request;
    request.mode = SearchMode::first;
    std::vector<reference::Board> boards;
    const auto result = make({"-n", std::to_string(n)}, SearchMode::first, strategy)
                            ->run(request, [&](const backtrack::Solution& s) {
                              boards.push_back(board_of(s));
                              return true;
                            });
    ASSERT_EQ(boards.size(), 1u) << strategy << " n = " << n;
    EXPECT_TRUE(reference::valid(boards[0], n)) << strategy << " n = " << n;
    EXPECT_EQ(result.stats.stop, StopReason::solution_limit);
  }
}

INSTANTIATE_TEST_SUITE_P(Nqueens, EveryRegisteredStrategy, ::testing::ValuesIn(registered_strategies()),
                         [](const auto& info) { return info.param; });

// Opt-in: n = 15..17, word with full and mirror symmetry on two threads.
TEST(SlowCounts, Word15To17) {
  const char* slow = std::getenv("BACKTRACK_SLOW_TESTS");
  if (slow == nullptr || std::string(slow) != "1") GTEST_SKIP() << "set BACKTRACK_SLOW_TESTS=1 to run";
  for (int n = 15; n <= 17; ++n) {
    for (const char* symmetry : {"full", "mirror"}) {
      const auto result = count(*make(size_and_symmetry(n, symmetry), SearchMode::count, "word"), 2);
      EXPECT_EQ(u64(result.stats.solutions), reference::a000170[n]) << symmetry << " n = " << n;
      if (std::string(symmetry) == "full") {
        EXPECT_EQ(u64(result.stats.representatives), reference::a002562[n]) << "n = " << n;
      }
    }
  }
}

}  // namespace
