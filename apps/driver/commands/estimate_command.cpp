// backtrack estimate: how many nodes a full count will visit, and how long it will take.
#include <atomic>
#include <boost/program_options.hpp>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "../options/command_line.hpp"
#include "../options/exit_help.hpp"
#include "../options/search_options.hpp"
#include "../options/shared_options.hpp"
#include "../output/progress_line.hpp"
#include "../output/report.hpp"
#include "../program/interrupt.hpp"
#include "../program/log.hpp"
#include "../solve/setup_watch.hpp"
#include "backtrack/cli.hpp"
#include "backtrack/errors.hpp"
#include "commands.hpp"

namespace backtrack {

// The seconds an estimate takes at most unless --time-limit says otherwise.
constexpr double default_estimate_seconds = 10;

namespace po = boost::program_options;

namespace {

const char* const estimate_usage =
    "Usage: backtrack estimate PROBLEM [problem options] [--strategy S] [--samples K] [--seed S]\n"
    "\n"
    "Predicts the nodes and the time of `backtrack solve PROBLEM ... --count` without running it.\n"
    "Knuth's estimator: K random walks from the root to a leaf, each multiplying the numbers\n"
    "of children it meets; their mean converges to the true number of nodes. The time comes\n"
    "from a short calibration: the same strategy counting random subtrees on this machine.\n"
    "The spread is the standard error of the mean and a 95% interval (mean +- 1.96 SE); the\n"
    "time assumes the threads scale linearly. A tree so small that the probes have walked a\n"
    "tenth of its nodes stops probing early (from 1000 probes on) and says so: counting it\n"
    "costs little more. Ctrl-C stops the probes (within one, between its nodes) and prints\n"
    "the estimate of those finished, marked interrupted (exit 130).\n"
    "Example: backtrack estimate nqueens -n 20\n\n";

constexpr double z95 = 1.96;

std::string number(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", x);
  return text;
}

std::string duration(double seconds) {
  char text[48];
  if (seconds < 120) {
    std::snprintf(text, sizeof text, "%.3g s", seconds);
  } else if (seconds < 2 * 3600) {
    std::snprintf(text, sizeof text, "%.3g min", seconds / 60);
  } else if (seconds < 2 * 86400) {
    std::snprintf(text, sizeof text, "%.3g h", seconds / 3600);
  } else if (seconds < 2 * 365.25 * 86400) {
    std::snprintf(text, sizeof text, "%.3g days", seconds / 86400);
  } else {
    std::snprintf(text, sizeof text, "%.3g years", seconds / (365.25 * 86400));
  }
  return text;
}

// Past the range of a double a tree has no useful estimate: JSON says so with nulls and
// "beyond_double_range", text in words.
nlohmann::json interval_json(const Estimate& e) {
  if (!std::isfinite(e.mean)) {
    return {{"mean", nullptr}, {"standard_error", nullptr}, {"low", nullptr}, {"high", nullptr},
            {"beyond_double_range", true}};
  }
  return {{"mean", e.mean},
          {"standard_error", e.standard_error},
          {"low", std::max(0.0, e.mean - z95 * e.standard_error)},
          {"high", e.mean + z95 * e.standard_error}};
}

void print_help(const po::options_description& common, const ProblemInfo* problem) {
  std::cout << estimate_usage << common << '\n';
  if (problem != nullptr) {
    po::options_description own("Options of " + problem->name);
    problem->describe_options(own, &common);
    std::cout << own << '\n';
  }
  std::cout << exit_code_help;
}

}  // namespace

po::options_description estimate_options() {
  po::options_description common("Options of backtrack estimate");
  add_help_option(common);
  add_strategy_option(common, "the strategy whose count is predicted (default: the one solve --count uses)");
  common.add_options()
    ("samples", po::value<long long>()->default_value(200000)->value_name("N"), "random probes")
    ("seed", po::value<unsigned long long>()->default_value(1)->value_name("N"),
     "the seed of the random probes (same seed, same estimate), and of the strategy's own randomness where it "
     "has any (--values random, --order random)")
    ("calibration", po::value<double>()->default_value(0.2, "0.2")->value_name("SECONDS"), "seconds of timed counting to measure the speed (0: no time prediction)");
  add_threads_option(common, "threads the count would use (default and most: every hardware thread this process "
                             "may use)");
  add_time_limit_option(common, "stop the probes and the calibration after this many seconds (default 10), and "
                                "estimate from the probes made");
  add_format_option(common, report_formats);
  add_verbosity_options(common);
  return common;
}

int estimate_command(const Arguments& args, const Registry& registry) {
  const po::options_description common = estimate_options();

  const ProblemCommand command = parse_problem_command(
      renamed_arguments(args, {{"probe-seed", "seed"}}, [](const std::string& message) { log::warn(message); }),
      registry, common, print_help, "estimate needs a problem name first, e.g. backtrack estimate nqueens -n 20");
  if (command.problem == nullptr) return exit_ok;  // --help
  const ProblemInfo& problem = *command.problem;
  const po::variables_map& vm = command.vm;

  EstimateRequest request;
  const long long samples = vm["samples"].as<long long>();
  if (samples < 1) throw UsageError("--samples must be at least 1, got " + std::to_string(samples));
  request.samples = static_cast<std::uint64_t>(samples);
  request.stop_when_small = true;
  request.seed = vm["seed"].as<unsigned long long>();
  request.calibration_seconds = vm["calibration"].as<double>();
  if (!(request.calibration_seconds >= 0) || request.calibration_seconds > 3600) {
    throw UsageError("--calibration must be between 0 and 3600 seconds");
  }
  request.stop_requested = &interrupt::install();
  // A budget by default: a probe of a large instance takes long (n = 1000 on bitset
  // took 605 s for half the probes), and an estimate is asked for before a long count.
  const double budget = vm.count("time-limit") != 0 ? vm["time-limit"].as<double>() : default_estimate_seconds;
  if (!(budget > 0) || budget > 1e6) throw UsageError("--time-limit must be above 0 and at most 1e6 seconds");
  request.deadline = SearchLimits::deadline_after(budget);
  const unsigned threads = read_threads(vm);
  const Format format = read_format(vm, report_formats);

  SolveIntent intent;
  intent.mode = SearchMode::count;
  intent.strategy = vm.count("strategy") != 0 ? vm["strategy"].as<std::string>() : "";
  intent.command_options = {"seed"};
  SearchLimits setup_limits;
  setup_limits.stop_requested = request.stop_requested;
  const auto solver = make_watched(problem, vm, intent, setup_limits);
  std::atomic<std::uint64_t> probes{0};
  request.probes_made = &probes;
  EstimateResult result;
  {
    // The probes made, and the time against the budget: no share done, since a small
    // tree stops the probes early.
    const auto text = [&](double seconds) {
      char line[128];
      std::snprintf(line, sizeof line, "%llu of %llu probes, %.1fs elapsed (at most %gs)",
                    static_cast<unsigned long long>(probes.load()), static_cast<unsigned long long>(request.samples),
                    seconds, budget);
      return std::string(line);
    };
    ProgressLine line("estimate " + problem.name + " " + solver->description(), text,
                      !quiet() && ProgressLine::stderr_is_terminal());
    result = solver->estimate(request);
  }
  const TreeEstimate& tree = result.tree;
  const double rate = result.calibration.nodes_per_second();
  // Seconds of the count on `threads` threads: nodes / (rate * threads).
  Estimate seconds;
  if (rate > 0) {
    seconds.mean = tree.nodes.mean / rate / threads;
    seconds.standard_error = tree.nodes.standard_error / rate / threads;
  }
  const bool interrupted = request.stop_requested->load();
  const bool out_of_time = !interrupted && Clock::now() >= request.deadline;
  const char* const status = interrupted ? "interrupted" : out_of_time ? "time_limit" : "complete";

  if (format == Format::json) {
    nlohmann::json j = {
        {"type", "estimate"},
        {"schema_version", json_schema_version},
        {"problem", problem.name},
        {"instance", instance_json(solver->description())},
        {"samples", tree.samples},
        {"probe_seed", request.seed},
        {"probe_seconds", tree.seconds},
        {"nodes", interval_json(tree.nodes)},
        {"solutions", interval_json(tree.solutions)},
        {"nodes_per_depth", tree.nodes_per_depth},
        {"threads", threads},
        {"status", status},
        {"small_tree", tree.small_tree},
    };
    if (rate > 0) {
      j["calibration"] = {{"nodes", result.calibration.nodes},
                          {"seconds", result.calibration.seconds},
                          {"subtrees", result.calibration.subtrees},
                          {"nodes_per_second", rate}};
      j["seconds"] = interval_json(seconds);
    }
    std::cout << json_line(j) << '\n';
  } else {
    auto line = [&tree](const Estimate& e, auto show) -> std::string {
      if (tree.samples == 0) return "unknown: no probe finished";
      if (!std::isfinite(e.mean)) return "beyond the range of a double (over 1.8e308): too large to estimate";
      const double low = std::max(0.0, e.mean - z95 * e.standard_error);
      const double high = e.mean + z95 * e.standard_error;
      const double relative = e.mean > 0 ? 100 * e.standard_error / e.mean : 0;
      char pct[32];
      std::snprintf(pct, sizeof pct, "%.2g%%", relative);
      return show(e.mean) + " (standard error " + pct + ", 95% interval " + show(low) + " .. " + show(high) + ")";
    };
    std::cout << "problem: " << problem.name << ' ' << solver->description() << '\n'
              << "samples: " << tree.samples << " random probes (seed " << request.seed << ", "
              << number(tree.seconds) << " s" << (tree.small_tree ? "; stopped early: a small tree, count it" : "")
              << (out_of_time && tree.samples < request.samples ? "; stopped at the time limit" : "") << ")\n"
              << "nodes: " << line(tree.nodes, number) << '\n'
              << "solutions: " << line(tree.solutions, number) << '\n';
    if (rate > 0) {
      const std::string sample = result.subtrees == 0
                                     ? "the whole tree, which the split's probe searched alone"
                                     : std::to_string(result.calibration.subtrees) + " random subtrees of " +
                                           std::to_string(result.subtrees);
      std::cout << "speed: " << number(rate) << " nodes/s on one thread (calibration: " << sample << ", "
                << number(result.calibration.seconds) << " s)\n"
                << "time: " << line(seconds, duration) << " on " << threads << " thread" << (threads == 1 ? "" : "s")
                << '\n';
    }
    if (log::debug_enabled()) {
      std::cout << "nodes per depth:";
      for (const double d : tree.nodes_per_depth) std::cout << ' ' << number(d);
      std::cout << '\n';
    }
    if (interrupted) std::cout << "status: interrupted (the estimate uses the probes made so far)\n";
    if (out_of_time) std::cout << "status: time_limit (the estimate uses the probes made so far)\n";
  }
  std::cout.flush();
  return exit_code_for(interrupted ? StopReason::interrupted : out_of_time ? StopReason::time_limit : StopReason::none);
}

}  // namespace backtrack
