// Every registered problem, every strategy, every combination of the choices its options
// declare, counted three ways: split on 1 thread, split on 2 threads, and as one search
// that nothing splits (a node limit the tree never reaches). Each must give the known
// total: published (OEIS, the pentomino rectangles) or a brute force written here.
//
// The instances are large enough that a count is split after its probe (more than
// SplitPlan::probe_nodes nodes for most strategies): the split is what this test is for.
#include <gtest/gtest.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "backtrack/csp/options.hpp"
#include "backtrack/registry.hpp"
#include "backtrack/solution.hpp"
#include "nqueens/reference.hpp"
#include "sudoku/reference.hpp"
#include "xcc/reference.hpp"

namespace {

namespace po = boost::program_options;
namespace csp = backtrack::csp;

struct Instance {
  std::string label;
  std::vector<std::string> args;  // the problem's options, as on the command line
  std::uint64_t total;            // every solution, whatever the symmetry option
};

// The counting tests' own Sudoku search: cell by cell, each value checked against its
// row, column and box.
std::uint64_t sudoku_brute_force(std::vector<int>& grid, std::size_t cell = 0) {
  while (cell < grid.size() && grid[cell] != 0) ++cell;
  if (cell == grid.size()) return 1;
  const std::size_t r = cell / 9, c = cell % 9;
  std::uint64_t found = 0;
  for (int v = 1; v <= 9; ++v) {
    bool free = true;
    for (std::size_t k = 0; k < 9 && free; ++k) {
      const std::size_t br = r / 3 * 3 + k / 3, bc = c / 3 * 3 + k % 3;
      free = grid[r * 9 + k] != v && grid[k * 9 + c] != v && grid[br * 9 + bc] != v;
    }
    if (!free) continue;
    grid[cell] = v;
    found += sudoku_brute_force(grid, cell + 1);
    grid[cell] = 0;
  }
  return found;
}

std::uint64_t sudoku_total(const std::string& puzzle) {
  std::vector<int> grid;
  for (char ch : puzzle) grid.push_back(ch == '.' ? 0 : ch - '0');
  return sudoku_brute_force(grid);
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A puzzle of many solutions: csp's dom-wdeg once counted 5,621 of the 5,736 of this
// one with three givens fewer, split.
const std::string many_solutions =
    ".....8....3..2...8..964.5.1..53..9...1..8...26....4...3......1..4......7..7...3..";

std::map<std::string, std::vector<Instance>> instances() {
  const std::string langford = std::string(XCC_EXAMPLES_DIR) + "/langford-7.xcc";
  const std::string squares = std::string(XCC_EXAMPLES_DIR) + "/word-square-3x3.xcc";
  return {
      {"nqueens",
       {{"n=6", {"-n", "6"}, reference::a000170[6]}, {"n=11", {"-n", "11"}, reference::a000170[11]}}},
      {"sudoku", {{"many", {"--puzzle", many_solutions}, sudoku_total(many_solutions)}}},
      // The pentomino 3x20 rectangle: 2 tilings up to its 4 symmetries.
      {"pentomino", {{"3x20", {"--shape", "3x20"}, 2 * 4}}},
      {"xcc",
       {{"langford-7", {"--file", langford}, xcc_reference::count(xcc_reference::read(read_text(langford)))},
        {"word-square", {"--file", squares}, xcc_reference::count(xcc_reference::read(read_text(squares)))}}},
  };
}

// Every combination of the choices of the options `strategy` takes: options some
// strategy lists as its own only for the strategies that list them, --symmetry only
// with the values the strategy declares. --branching and --last-conflict are not crossed
// with the rest (each doubled a product that binary trees of bad orders made long:
// Sudoku took minutes): each of their choices once, the other options at their
// defaults; value_order_test crosses branching with every value order on both layers,
// csp_test last conflict with every order.
std::vector<std::vector<std::string>> option_combinations(const backtrack::ProblemInfo& problem,
                                                          const backtrack::StrategyInfo& strategy) {
  std::set<std::string> strategy_specific;
  for (const auto& s : problem.strategies) strategy_specific.insert(s.options.begin(), s.options.end());
  std::vector<std::vector<std::string>> combinations{{}};
  std::vector<std::vector<std::string>> once_each;
  for (const auto& option : problem.options) {
    if (option.choices.empty()) continue;
    // Each value once, with the other options' defaults: csp_test.cpp and
    // backjumping_test.cpp cross them with every other option.
    if (option.name == "branching" || option.name == "last-conflict" || option.name == "learn") {
      if (std::find(strategy.options.begin(), strategy.options.end(), option.name) != strategy.options.end() ||
          strategy_specific.count(option.name) == 0) {
        for (const auto& value : option.choices) once_each.push_back({"--" + option.name, value});
      }
      continue;
    }
    const bool own = std::find(strategy.options.begin(), strategy.options.end(), option.name) != strategy.options.end();
    if (strategy_specific.count(option.name) != 0 && !own) continue;
    std::vector<std::string> values = option.choices;
    if (option.name == "symmetry" && !strategy.symmetries.empty()) values = strategy.symmetries;
    std::vector<std::vector<std::string>> next;
    for (const auto& before : combinations) {
      for (const auto& value : values) {
        auto with = before;
        with.push_back("--" + option.name);
        with.push_back(value);
        next.push_back(std::move(with));
      }
    }
    combinations = std::move(next);
  }
  combinations.insert(combinations.end(), once_each.begin(), once_each.end());
  return combinations;
}

std::unique_ptr<backtrack::Solver> make(const backtrack::ProblemInfo& problem, const std::string& strategy,
                                        const std::vector<std::string>& args, backtrack::SearchMode mode) {
  po::options_description options;
  problem.describe_options(options);
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(options).run(), vm);
  po::notify(vm);
  backtrack::SolveIntent intent;
  intent.mode = mode;
  intent.strategy = strategy;
  intent.uniform = true;
  return problem.build(vm, intent);
}

std::string joined(const std::vector<std::string>& args) {
  std::string s;
  for (const auto& a : args) s += (s.empty() ? "" : " ") + a;
  return s;
}

// The problems with instances above, one test each (ctest runs them side by side).
const std::vector<std::string> problems_with_totals = {"nqueens", "sudoku", "pentomino", "xcc"};

TEST(Differential, EveryRegisteredProblemHasInstancesWithKnownTotals) {
  const auto known = instances();
  for (const auto& problem : backtrack::Registry::global().problems()) {
    EXPECT_EQ(known.count(problem.name), 1u) << "no instance with a known total for problem " << problem.name;
    EXPECT_NE(std::find(problems_with_totals.begin(), problems_with_totals.end(), problem.name),
              problems_with_totals.end())
        << problem.name;
  }
}

class EveryCombination : public testing::TestWithParam<std::string> {};

TEST_P(EveryCombination, CountsTheKnownTotalSplitOnOneAndTwoThreadsAndAsOneSearch) {
  const auto* problem = backtrack::Registry::global().find(GetParam());
  ASSERT_NE(problem, nullptr);
  const auto known = instances().at(problem->name);
  int counted = 0;
  for (const auto& strategy : problem->strategies) {
    if (!strategy.modes.empty() &&
        std::find(strategy.modes.begin(), strategy.modes.end(), backtrack::SearchMode::count) == strategy.modes.end()) {
      continue;
    }
    for (const auto& instance : known) {
      for (const auto& options : option_combinations(*problem, strategy)) {
        auto args = instance.args;
        args.insert(args.end(), options.begin(), options.end());
        SCOPED_TRACE(problem->name + " " + instance.label + " --strategy " + strategy.name + " " + joined(options));
        std::unique_ptr<backtrack::Solver> solver;
        try {
          solver = make(*problem, strategy.name, args, backtrack::SearchMode::count);
        } catch (const backtrack::UsageError&) {
          continue;  // a combination the strategy refuses (e.g. its size limit)
        }
        for (const unsigned threads : {1u, 2u}) {
          backtrack::RunRequest split;
          split.threads = threads;
          const auto result = solver->run(split, [](backtrack::Solution&&) { return true; });
          EXPECT_EQ(static_cast<std::uint64_t>(result.stats.solutions), instance.total) << threads << " threads";
          EXPECT_TRUE(result.stats.complete());
        }
        backtrack::RunRequest whole;
        whole.limits.max_nodes = std::numeric_limits<std::uint64_t>::max();
        const auto one_search = solver->run(whole, [](backtrack::Solution&&) { return true; });
        EXPECT_EQ(static_cast<std::uint64_t>(one_search.stats.solutions), instance.total) << "one search";
        ++counted;
      }
    }
  }
  EXPECT_GE(counted, static_cast<int>(problem->strategies.size()));
}

INSTANTIATE_TEST_SUITE_P(Differential, EveryCombination, testing::ValuesIn(problems_with_totals));

// Listing on 2 threads hands over every solution once, for every csp combination: the
// boards of a split listing are the subtrees' and the probe's.
TEST(Differential, CspListsEverySolutionOnceOnTwoThreads) {
  const auto& problem = *backtrack::Registry::global().find("nqueens");
  const auto& strategy = *problem.find_strategy("csp");
  int listings = 0;
  for (const auto& options : option_combinations(problem, strategy)) {
    auto args = std::vector<std::string>{"-n", "11"};
    args.insert(args.end(), options.begin(), options.end());
    SCOPED_TRACE(joined(options));
    std::unique_ptr<backtrack::Solver> solver;
    try {
      solver = make(problem, "csp", args, backtrack::SearchMode::all);
    } catch (const backtrack::UsageError&) {
      continue;  // a symmetry that applies to counts only
    }
    ++listings;
    backtrack::RunRequest request;
    request.mode = backtrack::SearchMode::all;
    request.threads = 2;
    std::set<std::string> boards;
    std::uint64_t listed = 0;
    solver->run(request, [&](backtrack::Solution&& s) {
      ++listed;
      std::vector<int> columns = s.json["columns"].get<std::vector<int>>();
      EXPECT_TRUE(reference::valid(columns, 11)) << s.text;
      boards.insert(s.text);
      return true;
    });
    EXPECT_EQ(listed, reference::a000170[11]);
    EXPECT_EQ(boards.size(), reference::a000170[11]);
  }
  // every prune x order x values, then each branching, last conflict off and on and each
  // learning, without symmetry
  EXPECT_EQ(listings, static_cast<int>(csp::all_prunes.size() * csp::bitset_variable_orders.size() *
                                           csp::all_value_orders.size() +
                                       csp::all_branchings.size() + 2 + csp::bitset_learns.size()));
}

}  // namespace
