// What the driver promises a plugin, checked in-process with a registry of its own: the
// plugin is built once per run, with the options as the user gave them (defaults
// included), and a count that found nothing does not search again for an example.
#include <gtest/gtest.h>

#include <boost/program_options.hpp>
#include <iostream>
#include <map>
#include <memory>
#include <new>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include "../framework/toy_problems.hpp"
#include "backtrack/cli.hpp"
#include "backtrack/csp/program_options.hpp"
#include "backtrack/registry.hpp"
#include "backtrack/solver.hpp"

namespace {

namespace po = boost::program_options;

int makes = 0;  // make() calls
int runs = 0;   // Solver::run() calls

// Passes every call through, counting the runs.
class CountedSolver final : public backtrack::Solver {
 public:
  explicit CountedSolver(std::unique_ptr<backtrack::Solver> inner) : inner_(std::move(inner)) {}
  backtrack::RunResult run(const backtrack::RunRequest& request, const backtrack::SolutionSink& sink) const override {
    ++runs;
    return inner_->run(request, sink);
  }
  const backtrack::Instance& instance() const override { return inner_->instance(); }

 private:
  std::unique_ptr<backtrack::Solver> inner_;
};

// Subset sum of 1..k with a target, as a plugin with options that have defaults and are
// read the natural way (vm[...].as<T>(), which throws if the option were missing).
backtrack::ProblemInfo subset_sum_plugin() {
  return backtrack::ProblemInfo{
      "subsetsum",
      "subsets of 1 .. k with a given sum",
      {{"undo", "apply/undo"}},
      [](po::options_description& options) {
        options.add_options()("size,n", po::value<int>()->default_value(6), "k")
                             ("target", po::value<int>()->default_value(10), "the sum")
                             ("symmetry", po::value<std::string>()->default_value("none"), "read, never used");
      },
      [](const po::variables_map& vm, const backtrack::SolveIntent&) {
        ++makes;
        const int k = vm["size"].as<int>();
        const int target = vm["target"].as<int>();
        const std::string symmetry = vm["symmetry"].as<std::string>();
        auto solver = backtrack::make_solver(
            toy::SubsetSumUndo(k, target),
            [](const toy::SubsetSumUndo&, std::span<const int> path) {
              backtrack::Solution s;
              for (std::size_t i = 0; i < path.size(); ++i) {
                if (path[i] == 1) s.text += std::to_string(i + 1) + ' ';
              }
              s.text += '\n';
              s.json = {{"taken", std::vector<int>(path.begin(), path.end())}};
              return s;
            },
            backtrack::Instance{"k=" + std::to_string(k) + " target=" + std::to_string(target) + " symmetry=" + symmetry, ""});
        return std::unique_ptr<backtrack::Solver>(std::make_unique<CountedSolver>(std::move(solver)));
      },
      "size",
  };
}

// The same plugin with its options declared as data, and a version of its own.
backtrack::ProblemInfo declared_subset_sum_plugin() {
  using Type = backtrack::OptionInfo::Type;
  auto plugin = subset_sum_plugin();
  plugin.add_options = {};
  plugin.options = {{.name = "size", .help = "k", .type = Type::integer, .default_value = "6", .short_name = 'n'},
                    {.name = "target", .help = "the sum", .type = Type::integer, .default_value = "10"},
                    {.name = "symmetry", .help = "read, never used", .choices = {"none"}, .default_value = "none"}};
  plugin.version = "2.1";
  return plugin;
}

struct Outcome {
  int exit_code;
  std::string out;
};

Outcome run(std::vector<const char*> args, const backtrack::ProblemInfo& plugin) {
  backtrack::Registry registry;
  registry.add(plugin);
  makes = runs = 0;
  args.insert(args.begin(), "backtrack");
  std::ostringstream out;
  auto* saved = std::cout.rdbuf(out.rdbuf());
  const int code = backtrack::run_cli(static_cast<int>(args.size()), args.data(), registry);
  std::cout.rdbuf(saved);
  return {code, out.str()};
}

Outcome solve(std::vector<const char*> args) {
  args.insert(args.begin(), {"solve", "subsetsum"});
  return run(std::move(args), subset_sum_plugin());
}

TEST(PluginContract, CountBuildsOnceAndFindsItsExampleWithOptionDefaults) {
  // 1..6 with sum 10: {1,2,3,4} {1,3,6} {1,4,5} {2,3,5} {4,6}: 5 subsets.
  const auto o = solve({"--count"});
  EXPECT_EQ(o.exit_code, 0) << o.out;
  EXPECT_NE(o.out.find("solutions: 5\n"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("example:\n1 2 3 4 \n"), std::string::npos) << o.out;
  EXPECT_EQ(makes, 1);
  EXPECT_EQ(runs, 2) << "the count, then the search for its example";
}

TEST(PluginContract, CountWithoutSolutionsSearchesOnce) {
  const auto o = solve({"--count", "--target", "100"});  // more than 1 + ... + 6 = 21
  EXPECT_EQ(o.exit_code, 0) << o.out;
  EXPECT_NE(o.out.find("solutions: 0\n"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("example: none\n"), std::string::npos) << o.out;
  EXPECT_EQ(makes, 1);
  EXPECT_EQ(runs, 1);
}

TEST(PluginContract, ListingStopsPastTheCapForEveryProblem) {
  // 1..24 with sum 150: 187,692 subsets, so the listing stops at 100,000; 1..6 with sum 10: 5.
  const auto capped = solve({"--all", "-n", "24", "--target", "150", "--format", "json"});
  EXPECT_EQ(capped.exit_code, 3);
  std::istringstream lines(capped.out);
  std::size_t solution_lines = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.find("\"type\":\"solution\"") != std::string::npos) ++solution_lines;
  }
  EXPECT_EQ(solution_lines, 100000u);
  EXPECT_NE(capped.out.find("\"status\":\"solution_limit\""), std::string::npos);

  const auto small = solve({"--all"});
  EXPECT_EQ(small.exit_code, 0);
}

TEST(PluginContract, DeclaredOptionsAreAddedTypedAndChecked) {
  const auto plugin = declared_subset_sum_plugin();
  const auto count = run({"solve", "subsetsum", "--count"}, plugin);
  EXPECT_EQ(count.exit_code, 0) << count.out;
  EXPECT_NE(count.out.find("solutions: 5\n"), std::string::npos) << count.out;
  EXPECT_EQ(makes, 1);
  const auto larger = run({"solve", "subsetsum", "-n", "7", "--target", "7"}, plugin);
  // 1..7 with sum 7: {7} {1,6} {2,5} {3,4} {1,2,4}.
  EXPECT_NE(larger.out.find("solutions: 5\n"), std::string::npos) << larger.out;

  // Outside the declared choices, or not of the declared type: refused before make().
  EXPECT_EQ(run({"solve", "subsetsum", "--symmetry", "full"}, plugin).exit_code, 64);
  EXPECT_EQ(makes, 0);
  EXPECT_EQ(run({"solve", "subsetsum", "--target", "ten"}, plugin).exit_code, 64);
  EXPECT_EQ(makes, 0);
}

TEST(PluginContract, ListDescribesDeclaredOptionsAndTheVersion) {
  const auto listed = run({"list", "--format", "json"}, declared_subset_sum_plugin());
  ASSERT_EQ(listed.exit_code, 0) << listed.out;
  const auto problem = nlohmann::json::parse(listed.out).at("problems").at(0);
  EXPECT_EQ(problem.at("version"), "2.1");
  std::map<std::string, nlohmann::json> options;
  for (const auto& option : problem.at("options")) options[option.at("name").get<std::string>()] = option;
  ASSERT_EQ(options.size(), 3u);
  EXPECT_EQ(options["target"].at("type"), "integer");
  EXPECT_EQ(options["target"].at("default"), "10");
  EXPECT_EQ(options["symmetry"].at("choices"), nlohmann::json::array({"none"}));
  EXPECT_TRUE(options["symmetry"].at("default") == "none");

  // Options added the first plugins' way are declarations too, listed the same way.
  const auto added = run({"list", "--format", "json"}, subset_sum_plugin());
  const auto target = nlohmann::json::parse(added.out).at("problems").at(0).at("options").at(1);
  EXPECT_EQ(target.at("name"), "target");
  EXPECT_EQ(target.at("type"), "integer");
  EXPECT_EQ(target.at("default"), "10");
}

TEST(PluginContract, AddedOptionsBecomeDeclarations) {
  using Type = backtrack::OptionInfo::Type;
  auto plugin = subset_sum_plugin();
  backtrack::declare_added_options(plugin);
  EXPECT_FALSE(plugin.add_options);
  ASSERT_EQ(plugin.options.size(), 3u);
  EXPECT_EQ(plugin.options[0].name, "size");
  EXPECT_EQ(plugin.options[0].short_name, 'n');
  EXPECT_EQ(plugin.options[0].type, Type::integer);
  EXPECT_EQ(plugin.options[0].default_value, "6");
  EXPECT_EQ(plugin.options[1].short_name, 0);
  EXPECT_EQ(plugin.options[2].type, Type::text);
  EXPECT_EQ(plugin.options[2].default_value, "none");
  EXPECT_EQ(plugin.options[2].help, "read, never used");

  // A value outside the type is refused before make(), as for a declared option.
  EXPECT_EQ(run({"solve", "subsetsum", "--target", "ten"}, subset_sum_plugin()).exit_code, 64);
  EXPECT_EQ(makes, 0);

  // A flag has no declared form: refused by name, at registration.
  auto flagged = subset_sum_plugin();
  flagged.add_options = [](po::options_description& options) { options.add_options()("verbose", "a flag"); };
  try {
    backtrack::declare_added_options(flagged);
    ADD_FAILURE() << "a flag was declared";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("--verbose"), std::string::npos) << e.what();
  }
}

// A plugin (or the search) that runs out of memory past the estimates ends with the
// exit code that says so, not as an internal error.
TEST(PluginContract, RunningOutOfMemoryIsNotAnInternalError) {
  auto plugin = subset_sum_plugin();
  plugin.make = [](const po::variables_map&, const backtrack::SolveIntent&) -> std::unique_ptr<backtrack::Solver> {
    throw std::bad_alloc();
  };
  EXPECT_EQ(run({"solve", "subsetsum"}, plugin).exit_code, backtrack::exit_out_of_memory);
  plugin.make = [](const po::variables_map&, const backtrack::SolveIntent&) -> std::unique_ptr<backtrack::Solver> {
    throw std::system_error(std::make_error_code(std::errc::resource_unavailable_try_again), "a thread");
  };
  EXPECT_EQ(run({"solve", "subsetsum"}, plugin).exit_code, backtrack::exit_out_of_memory);
  plugin.make = [](const po::variables_map&, const backtrack::SolveIntent&) -> std::unique_ptr<backtrack::Solver> {
    throw std::system_error(std::make_error_code(std::errc::invalid_argument), "a bug");
  };
  EXPECT_EQ(run({"solve", "subsetsum"}, plugin).exit_code, backtrack::exit_internal);
  plugin.make = [](const po::variables_map&, const backtrack::SolveIntent&) -> std::unique_ptr<backtrack::Solver> {
    throw std::runtime_error("a bug");
  };
  EXPECT_EQ(run({"solve", "subsetsum"}, plugin).exit_code, backtrack::exit_internal);
}

// A plugin on the CSP layer declares the layer's options; a strategy whose solver does
// not restart (no csp::with_restarts) lists them without --restarts, which is then
// refused, where it was once taken and ignored.
TEST(PluginContract, AnOptionNoStrategyTakesIsRefused) {
  auto plugin = declared_subset_sum_plugin();
  for (auto& option : backtrack::csp::search_options()) plugin.options.push_back(std::move(option));
  plugin.strategies[0].options = backtrack::csp::search_option_names;
  for (const auto& strategy : {std::vector<const char*>{}, std::vector<const char*>{"--strategy", "undo"}}) {
    std::vector<const char*> args = {"solve", "subsetsum", "--first", "--restarts", "luby"};
    args.insert(args.end(), strategy.begin(), strategy.end());
    testing::internal::CaptureStderr();
    const auto refused = run(args, plugin);
    const std::string err = testing::internal::GetCapturedStderr();
    EXPECT_EQ(refused.exit_code, 64) << refused.out;
    EXPECT_EQ(makes, 0);
    EXPECT_NE(err.find("--restarts: no strategy of subsetsum takes it"), std::string::npos) << err;
  }
  // The options it lists stay its own.
  EXPECT_EQ(run({"solve", "subsetsum", "--first", "--seed", "3"}, plugin).exit_code, 0);
  EXPECT_EQ(makes, 1);

  plugin.strategies[0].options = backtrack::csp::restarting_search_option_names;
  EXPECT_EQ(run({"solve", "subsetsum", "--first", "--restarts", "luby"}, plugin).exit_code, 0);
  EXPECT_EQ(makes, 1);
}

TEST(PluginContract, ADefaultOfTheWrongTypeIsTheAuthorsMistake) {
  auto plugin = declared_subset_sum_plugin();
  plugin.options[1].default_value = "ten";
  boost::program_options::options_description description;
  EXPECT_THROW(plugin.describe_options(description), std::logic_error);
}

}  // namespace
