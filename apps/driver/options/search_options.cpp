#include "search_options.hpp"

#include <algorithm>

#include "../program/interrupt.hpp"
#include "../program/log.hpp"
#include "backtrack/cli.hpp"
#include "backtrack/did_you_mean.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/quoted.hpp"
#include "backtrack/usable_cpus.hpp"
#include "command_line.hpp"
#include "shared_options.hpp"

namespace backtrack {

namespace po = boost::program_options;

void add_search_options(po::options_description& options) {
  add_threads_option(options, "worker threads (default and most: every hardware thread this process may use)");
  add_max_nodes_option(options, "stop after this many nodes (exit 3, partial statistics)");
  add_max_failures_option(options, "stop after this many failures, dead ends that are no solution (exit 3, "
                                   "partial statistics); one search in depth-first order, as --max-nodes");
  add_time_limit_option(options, "stop after this many seconds (exit 3, partial statistics)");
  add_profile_option(options, "also count nodes and failures per depth (a table after the summary; \"profile\" in "
                              "JSON); --first and --limit then search on one thread");
  add_format_option(options, solve_formats,
                    "text | json (JSON Lines, one object a line) | leetcode (the boards as one JSON array of rows, "
                    "[[\".Q..\",...],...]; a count prints the number alone)");
  options.add_options()
    ("print", po::value<std::string>()->default_value("both")->value_name("WHAT"),
     "solutions | summary | both: what goes to stdout. solutions: the solutions listed, nothing else; "
     "summary: the summary alone (a count without its example solution)");
}

Printed read_printed(const po::variables_map& vm, SearchMode mode) {
  const auto name = vm["print"].as<std::string>();
  if (name == "both") return Printed::both;
  if (name == "summary") return Printed::summary;
  if (name == "solutions") {
    if (mode == SearchMode::count) {
      throw UsageError("--print solutions: a count lists no solutions (list them with --all, --first or --limit K)");
    }
    return Printed::solutions;
  }
  throw UsageError("--print must be solutions, summary or both, got " + in_quotes(name) +
                   did_you_mean(name, print_choices));
}

// At most one thread a CPU: more only take turns, each with a copy of the problem, and
// thousands of them took seconds to start and to end (n = 16 on 4,096 threads: 1.7-22 s
// against 0.36 s on 2, here).
unsigned read_threads(const po::variables_map& vm) {
  const unsigned cpus = usable_cpus();
  const int threads = vm.count("threads") != 0 ? vm["threads"].as<int>() : 0;
  if (threads < 0 || threads > 4096) throw UsageError("--threads must be between 1 and 4096 (0: all), got " + std::to_string(threads));
  if (threads == 0) return cpus;
  if (static_cast<unsigned>(threads) <= cpus) return static_cast<unsigned>(threads);
  const std::string plural = cpus == 1 ? "" : "s";
  log::warn("--threads " + std::to_string(threads) + ": this process may run on " + std::to_string(cpus) + " CPU" +
            plural + ", so it searches on " + std::to_string(cpus) + " thread" + plural);
  return cpus;
}

SearchLimits read_limits(const po::variables_map& vm) {
  SearchLimits limits;
  if (vm.count("max-nodes") != 0) {
    const long long nodes = vm["max-nodes"].as<long long>();
    if (nodes < 1) throw UsageError("--max-nodes must be at least 1, got " + std::to_string(nodes));
    limits.max_nodes = static_cast<std::uint64_t>(nodes);
  }
  if (vm.count("max-failures") != 0) {
    const long long failures = vm["max-failures"].as<long long>();
    if (failures < 1) throw UsageError("--max-failures must be at least 1, got " + std::to_string(failures));
    limits.max_failures = static_cast<std::uint64_t>(failures);
  }
  if (vm.count("time-limit") != 0) {
    const double seconds = vm["time-limit"].as<double>();
    if (!(seconds > 0) || seconds > 1e9) {
      throw UsageError("--time-limit must be a number of seconds above 0 and at most 1e9, got " + log::number(seconds));
    }
    limits.deadline = SearchLimits::deadline_after(seconds);
  }
  limits.stop_requested = &interrupt::install();
  return limits;
}

Format read_format(const po::variables_map& vm, const std::vector<std::string>& allowed) {
  const auto name = vm["format"].as<std::string>();
  if (std::find(allowed.begin(), allowed.end(), name) == allowed.end()) {
    std::string choices;
    for (std::size_t i = 0; i < allowed.size(); ++i) {
      choices += (i == 0 ? "" : i + 1 == allowed.size() ? " or " : ", ") + allowed[i];
    }
    throw UsageError("--format must be " + choices + ", got " + in_quotes(name) + did_you_mean(name, allowed));
  }
  if (name == "json") return Format::json;
  if (name == "csv") return Format::csv;
  if (name == "leetcode") return Format::leetcode;
  return Format::text;
}

const ProblemInfo& find_problem(const Registry& registry, const std::string& name) {
  if (const ProblemInfo* problem = registry.find(name)) return *problem;
  std::string known;
  std::vector<std::string> names;
  for (const auto& p : registry.problems()) {
    known += (known.empty() ? "" : ", ") + p.name;
    names.push_back(p.name);
  }
  throw UsageError("unknown problem " + in_quotes(name) + did_you_mean(name, names) + " (known: " + known +
                   "; a plugin's problem is loaded with --plugin FILE.so, or from the directories in "
                   "BACKTRACK_PLUGIN_PATH)");
}

ProblemCommand parse_problem_command(const Arguments& args, const Registry& registry,
                                     const boost::program_options::options_description& common, PrintHelp print_help,
                                     const std::string& missing_problem) {
  if (args.empty() || args[0].starts_with("-")) {
    if (parse_options(args, common).count("help") != 0) {
      print_help(common, nullptr);
      return {};
    }
    throw UsageError(missing_problem);
  }
  const ProblemInfo& problem = find_problem(registry, args[0]);
  boost::program_options::options_description own("Options of " + problem.name);
  problem.describe_options(own, &common);
  boost::program_options::options_description all;
  all.add(common).add(own);
  const Arguments renamed = renamed_arguments(Arguments(args.begin() + 1, args.end()), former_names(problem),
                                              [](const std::string& message) { log::warn(message); });
  ProblemCommand command{&problem, parse_options(renamed, all)};
  for (const auto& warning : renamed_choice_warnings(problem, command.vm)) log::warn(warning);
  if (command.vm.count("help") != 0) {
    print_help(common, &problem);
    command.problem = nullptr;
  }
  return command;
}

int exit_code_for(StopReason reason) {
  switch (reason) {
    case StopReason::interrupted: return interrupt::exit_code();
    case StopReason::node_limit:
    case StopReason::failure_limit:
    case StopReason::time_limit: return exit_stopped_by_limit;
    case StopReason::out_of_memory: return exit_out_of_memory;
    default: return exit_ok;
  }
}

}  // namespace backtrack
