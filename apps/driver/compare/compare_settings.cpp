#include "compare_settings.hpp"

#include <algorithm>
#include <iostream>
#include <sstream>

#include "../options/command_line.hpp"
#include "../options/exit_help.hpp"
#include "../options/search_options.hpp"
#include "../options/shared_options.hpp"
#include "../output/output_path.hpp"
#include "../program/log.hpp"
#include "backtrack/did_you_mean.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/quoted.hpp"

namespace backtrack::compare {

namespace po = boost::program_options;

const char* const usage =
    "Usage: backtrack compare PROBLEM [-n RANGE] [--strategy S1,S2,...] [--vary OPTION=V1,V2,...]\n"
    "                         [--repeat R] [--first | --limit K] [options]\n"
    "\n"
    "A search under 0.1 s is timed on its second run: the first run's search is the row's\n"
    "warm-up column, in neither setup nor search (it pays what the program does once).\n"
    "Runs each strategy for each size in RANGE and each value of the varied options, and\n"
    "prints one table, a row as soon as it is done (the header first): n, strategy, the\n"
    "varied options, solutions, nodes, failures, the counters of the strategies' own work\n"
    "where some have them ('-' in rows without: the CSP layer's propagations, values removed\n"
    "from domains, and checks, of a value against a constraint; dancing links' updates,\n"
    "links changed by cover as Knuth counts them), times (setup: reading the options and\n"
    "building the instance, for the first row the command line too; warm-up: see above;\n"
    "search: splitting the tree, the search, merging; seconds: the row's total, warm-up\n"
    "included, so the rows add up to the command;\n"
    "cpu: the process's CPU time over seconds, every thread's together;\n"
    "with --repeat R, medians of R runs, and min and max of seconds), nodes per search\n"
    "second, and speed: the first row's search seconds at that size over this one's\n"
    "(--baseline: that row's, which then runs first at each size). Every row runs with the same\n"
    "settings (e.g. the same --symmetry, none unless given or varied). On a terminal, stderr\n"
    "shows the row being run and its progress, as solve does. CSV has full precision and a\n"
    "column only for what the problem has (its counters, sets of instances), and threads.\n"
    "--vary ranges over an option the problem declares (see backtrack list), e.g.\n"
    "--vary prune=none,forward,arc; rows are every combination with the strategies and sizes.\n"
    "An option that only some strategies take (--prune: csp) varies for those; the others\n"
    "run once, '-' in its column. --repeat runs the rows in turn R times, so that drift\n"
    "affects them alike. --first and --limit K time the search for the first K solutions.\n"
    "Counts that should agree (the same size and instance, any strategy and strategy option)\n"
    "are compared: if they differ, compare says so on stderr and exits with 4. A row cut\n"
    "short by --time-limit or --max-nodes says so in its status column (partial: its count\n"
    "is not a total) and compare then exits with 3; Ctrl-C prints the rows finished so far,\n"
    "the cut one marked, and exits with 130.\n"
    "--profile adds nodes and failures per depth of each row: two tables after the table (a\n"
    "column per row), \"profile\" in each JSON row (CSV has none), and with --plot a second\n"
    "chart, nodes per depth, so that two strategies' trees can be seen side by side.\n"
    "--tree DIR draws them: each row's search tree (row K as DIR/K-LABEL.svg), and\n"
    "DIR/index.html, a page that shows two chosen rows side by side at one scale, the nodes\n"
    "only one of them visits marked. Each row is then searched on one thread and watched\n"
    "node by node, which its times include.\n"
    "RANGE is A..B, a list A,B,C, or one size. Examples:\n"
    "  backtrack compare nqueens -n 4..12 --strategy scan,arrays,bitset,word --plot times.svg\n"
    "  backtrack compare nqueens -n 10 --strategy csp --vary prune=none,forward,arc --repeat 5\n"
    "  backtrack compare nqueens -n 12 --strategy csp --vary prune=none,forward,arc --profile\n\n";

std::vector<std::string> split_list(const std::string& text) {
  // getline() yields nothing for "" and drops the empty item after a trailing comma.
  if (text.empty() || text.back() == ',') throw UsageError("empty item in list " + in_quotes(text));
  std::vector<std::string> items;
  std::stringstream stream(text);
  std::string item;
  while (std::getline(stream, item, ',')) {
    if (item.empty()) throw UsageError("empty item in list " + in_quotes(text));
    items.push_back(item);
  }
  return items;
}

namespace {

long long parse_size(const std::string& text) {
  std::size_t used = 0;
  long long value = 0;
  try {
    value = std::stoll(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || text.empty()) throw UsageError("size " + in_quotes(text) + " is not a whole number");
  return value;
}

std::vector<std::string> parse_range(const std::string& text) {
  if (text.empty()) throw UsageError("-n is empty: give a size, a range A..B or a list A,B,C");
  std::vector<std::string> sizes;
  if (const auto dots = text.find(".."); dots != std::string::npos) {
    const long long from = parse_size(text.substr(0, dots));
    const long long to = parse_size(text.substr(dots + 2));
    if (to < from) throw UsageError("empty range " + in_quotes(text));
    if (to - from > 1000) throw UsageError("range " + in_quotes(text) + " has more than 1000 sizes");
    for (long long v = from; v <= to; ++v) sizes.push_back(std::to_string(v));
  } else {
    for (const auto& item : split_list(text)) sizes.push_back(std::to_string(parse_size(item)));
  }
  return sizes;
}

// Takes "-n X", "-nX", "--size X", "--size=X" out of args; returns X, or nothing if absent
// (an empty X is given, and refused by parse_range()).
std::optional<std::string> take_size(Arguments& args, const std::string& long_name) {
  std::optional<std::string> value;
  for (std::size_t i = 0; i < args.size();) {
    const std::string& a = args[i];
    const std::string long_flag = "--" + long_name;
    if ((a == "-n" || a == long_flag) && i + 1 < args.size()) {
      value = args[i + 1];
      args.erase(args.begin() + static_cast<std::ptrdiff_t>(i), args.begin() + static_cast<std::ptrdiff_t>(i) + 2);
    } else if (a.starts_with(long_flag + "=")) {
      value = a.substr(long_flag.size() + 1);
      args.erase(args.begin() + static_cast<std::ptrdiff_t>(i));
    } else if (a.starts_with("-n") && a.size() > 2 && !a.starts_with("--")) {
      value = a.substr(2);
      args.erase(args.begin() + static_cast<std::ptrdiff_t>(i));
    } else {
      ++i;
    }
  }
  return value;
}

// The options compare ranges over, checked before any run.
std::vector<Axis> read_axes(const ProblemInfo& problem, const po::variables_map& vm) {
  // Keys of a JSON row, which a varied option must not shadow.
  static const std::vector<std::string> row_keys = {
      "n", "strategy", "instance", "solutions", "classes", "nodes", "failures", "counters", "profile",
      "setup_seconds", "search_seconds",
      "seconds", "seconds_min", "seconds_max", "runs", "nodes_per_second", "speed", "status", "instance_index", "type",
      "schema_version", "problem", "partial",
      "instances", "solved", "instance_median_seconds"};
  std::vector<Axis> axes;
  if (vm.count("vary") == 0) return axes;
  for (const auto& spec : vm["vary"].as<std::vector<std::string>>()) {
    const auto equals = spec.find('=');
    if (equals == std::string::npos || equals == 0 || equals + 1 == spec.size()) {
      throw UsageError("--vary takes OPTION=V1,V2,..., got " + in_quotes(spec));
    }
    Axis axis{spec.substr(0, equals), split_list(spec.substr(equals + 1))};
    for (const auto& [former, current] : former_names(problem)) {
      if (axis.option != former) continue;
      log::warn("--vary " + former + " is now --vary " + current + "; the old name will be refused in a later release");
      axis.option = current;
    }
    if (axis.option == problem.size_option) throw UsageError("the size is varied with -n RANGE, not --vary");
    const OptionInfo* declared = problem.find_option(axis.option);
    if (declared == nullptr || std::find(row_keys.begin(), row_keys.end(), axis.option) != row_keys.end()) {
      std::string names;
      for (const auto& o : problem.options) {
        if (o.name != problem.size_option) names += (names.empty() ? "" : ", ") + o.name;
      }
      throw UsageError("--vary " + in_quotes(axis.option) + ": not an option " + problem.name + " declares" +
                       (names.empty() ? "" : " (it declares " + names + ")"));
    }
    if (vm.count(axis.option) != 0 && !vm[axis.option].defaulted()) {
      throw UsageError("--" + axis.option + " is both given and varied: give it one way");
    }
    for (const auto& other : axes) {
      if (other.option == axis.option) throw UsageError("--vary " + axis.option + " is given twice");
    }
    // A renamed value is varied, and labels its row, under its current name.
    for (auto& value : axis.values) {
      for (const auto& [former, current] : declared->renamed_choices) {
        if (value != former) continue;
        log::warn("--vary " + axis.option + "=" + former + " is now " + current +
                  "; the old name will be refused in a later release");
        value = current;
      }
    }
    for (std::size_t i = 0; i < axis.values.size(); ++i) {
      const auto& value = axis.values[i];
      if (std::find(axis.values.begin(), axis.values.begin() + static_cast<std::ptrdiff_t>(i), value) !=
          axis.values.begin() + static_cast<std::ptrdiff_t>(i)) {
        throw UsageError("--vary " + axis.option + ": " + in_quotes(value) + " is listed twice");
      }
    }
    axis.strategy_option = std::any_of(problem.strategies.begin(), problem.strategies.end(), [&](const StrategyInfo& s) {
      return std::find(s.options.begin(), s.options.end(), axis.option) != s.options.end();
    });
    axes.push_back(std::move(axis));
  }
  return axes;
}

}  // namespace

std::unique_ptr<Settings> read_settings(const Arguments& raw_args, const Registry& registry,
                                        const po::options_description& common) {
  if (raw_args.empty() || raw_args[0].starts_with("-")) {
    const po::variables_map vm = parse_options(raw_args, common);
    if (vm.count("help") != 0) {
      std::cout << usage << common << '\n' << exit_code_help;
      return nullptr;
    }
    throw UsageError("compare needs a problem name first, e.g. backtrack compare nqueens -n 4..12");
  }
  auto settings = std::make_unique<Settings>();
  Settings& s = *settings;
  s.problem = &find_problem(registry, raw_args[0]);
  const ProblemInfo& problem = *s.problem;
  std::vector<FormerName> renamed = former_names(problem);
  renamed.push_back({"strategies", "strategy"});  // compare's first spelling
  s.args = renamed_arguments(Arguments(raw_args.begin() + 1, raw_args.end()), renamed,
                             [](const std::string& message) { log::warn(message); });
  const std::optional<std::string> range =
      problem.size_option.empty() ? std::nullopt : take_size(s.args, problem.size_option);
  po::options_description own("Options of " + problem.name);
  problem.describe_options(own);
  s.options.add(common).add(own);

  s.vm = parse_options(s.args, s.options);
  const po::variables_map& vm = s.vm;
  for (const auto& warning : renamed_choice_warnings(problem, vm)) log::warn(warning);
  if (vm.count("help") != 0) {
    std::cout << usage << common << '\n' << own << '\n' << exit_code_help;
    return nullptr;
  }
  s.format = read_format(vm, compare_formats);
  if (vm.count("strategy") != 0) {
    s.strategies = split_list(vm["strategy"].as<std::string>());
  } else {
    for (const auto& strategy : problem.strategies) s.strategies.push_back(strategy.name);
  }
  for (const auto& name : s.strategies) {
    if (problem.find_strategy(name) == nullptr) {
      throw UsageError("unknown strategy " + in_quotes(name) + " for " + problem.name +
                       did_you_mean(name, problem.strategy_names()) + " (see backtrack list)");
    }
  }
  s.sizes_given = range.has_value();
  s.sizes = range ? parse_range(*range) : std::vector<std::string>{""};
  s.default_size = problem.size_option.empty() ? "" : std::to_string(vm[problem.size_option].as<int>());
  s.axes = read_axes(problem, vm);
  s.repeat = vm["repeat"].as<int>();
  if (s.repeat < 1 || s.repeat > 1000) {
    throw UsageError("--repeat must be between 1 and 1000, got " + std::to_string(s.repeat));
  }
  s.per_instance = vm.count("per-instance") != 0;
  s.baseline = vm.count("baseline") != 0 ? vm["baseline"].as<std::string>() : "";
  s.intent.uniform = true;
  if (vm.count("first") != 0 && vm.count("limit") != 0) throw UsageError("choose one of --first, --limit K");
  if (vm.count("first") != 0) s.intent.mode = SearchMode::first;
  s.intent.threads = read_threads(vm);
  s.profile = vm.count("profile") != 0;
  s.limits = read_limits(vm);
  if (vm.count("limit") != 0) {
    const long long k = vm["limit"].as<long long>();
    if (k < 1) throw UsageError("--limit must be at least 1, got " + std::to_string(k));
    s.intent.mode = SearchMode::limit;
  }
  s.watching = std::make_unique<Watching>(vm, std::cout, false, Watching::Trees::a_directory);
  if (s.watching->watcher() != nullptr) s.watching->on_one_thread(s.intent, s.profile, s.intent.threads > 1);
  if (vm.count("plot") != 0) {
    s.plot_file = vm["plot"].as<std::string>();
    check_output_file("--plot", s.plot_file);
    s.terminal = plot_terminal(s.plot_file);
  }
  return settings;
}

}  // namespace backtrack::compare
