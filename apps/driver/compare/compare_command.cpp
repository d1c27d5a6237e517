// backtrack compare: every strategy of a problem on every size of a range, one table.
#include <algorithm>
#include <boost/program_options.hpp>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>

#include "../commands/commands.hpp"
#include "../options/command_line.hpp"
#include "../options/exit_help.hpp"
#include "../options/search_options.hpp"
#include "../options/shared_options.hpp"
#include "../output/output_path.hpp"
#include "../output/progress_line.hpp"
#include "../program/interrupt.hpp"
#include "../program/log.hpp"
#include "../solve/instance_clock.hpp"
#include "../solve/instance_set.hpp"
#include "../solve/setup_watch.hpp"
#include "../watch/tree_drawing.hpp"
#include "../watch/watch_options.hpp"
#include "backtrack/cli.hpp"
#include "backtrack/did_you_mean.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/quoted.hpp"
#include "compare_plot.hpp"
#include "compare_report.hpp"

namespace backtrack {

namespace po = boost::program_options;

namespace {

using compare::Axis;
using compare::Config;
using compare::cut;
using compare::label;
using compare::Row;

const char* const compare_usage =
    "Usage: backtrack compare PROBLEM [-n RANGE] [--strategy S1,S2,...] [--vary OPTION=V1,V2,...]\n"
    "                         [--repeat R] [--first | --limit K] [options]\n"
    "\n"
    "Runs each strategy for each size in RANGE and each value of the varied options, and\n"
    "prints one table, a row as soon as it is done (the header first): n, strategy, the\n"
    "varied options, solutions, nodes, failures, the counters of the strategies' own work\n"
    "where some have them ('-' in rows without: the CSP layer's propagations, values removed\n"
    "from domains, and checks, of a value against a constraint; dancing links' updates,\n"
    "links changed by cover as Knuth counts them), times (setup: reading the options and\n"
    "building the instance, for the first row the command line too; search: splitting the\n"
    "tree, the search, merging; seconds: the row's total, so the rows add up to the command;\n"
    "cpu: the process's CPU time over seconds, every thread's together;\n"
    "with --repeat R, medians of R runs, and min and max of seconds), nodes per search\n"
    "second, and speed: the first row's search seconds at that size over this one's\n"
    "(--baseline: that row's, which then runs first at each size). A search under 0.1 s is\n"
    "run twice and timed the second time, the first run counted as set-up: it pays what the\n"
    "program does once (threads started, memory mapped). Every row runs with the same\n"
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

// --tree DIR: each row's tree as DIR/K-LABEL.svg, and all of them in DIR/index.html.
void write_trees(const std::filesystem::path& dir, const std::vector<std::optional<SearchTree>>& rows) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error) throw InputError("--tree " + dir.string() + ": cannot make the directory (" + error.message() + ")");
  std::vector<SearchTree> trees;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (!rows[i]) continue;  // not run (Ctrl-C)
    std::string name = std::to_string(i + 1) + "-";
    for (const char c : rows[i]->title) name += std::isalnum(static_cast<unsigned char>(c)) != 0 ? c : '-';
    write_tree(*rows[i], dir / (name + ".svg"));
    trees.push_back(*rows[i]);
  }
  const auto page = dir / "index.html";
  std::ofstream out(page);
  write_tree_comparison_html(trees, out);
  out.close();
  if (!out) throw InputError("--tree " + page.string() + ": cannot write the page");
  log::info("--tree: " + std::to_string(trees.size()) + " trees in " + dir.string() + ", side by side in " +
            page.string());
}

// A row's search shorter than this is run twice, and timed the second time (run_compare()).
constexpr double warm_up_below = 0.1;

// A row to run: its configuration, its options, and the instances of its input if many.
struct Plan {
  Config config;
  po::variables_map options;
  std::vector<std::string> set;  // empty: the input is one instance
};

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

// Without -n the problem chooses the size, as in solve (a board file sets it): a row's
// size is then the one its instance names (the size option's name or letter as a key of
// the description, "n=10"), else the option's default.
std::string size_named_by(const std::string& description, const ProblemInfo& problem, const std::string& fallback) {
  const OptionInfo* option = problem.find_option(problem.size_option);
  std::vector<std::string> keys = {problem.size_option};
  if (option != nullptr && option->short_name != 0) keys.emplace_back(1, option->short_name);
  std::istringstream words(description);
  std::string word;
  while (words >> word) {
    for (const auto& key : keys) {
      if (word.starts_with(key + "=")) return word.substr(key.size() + 1);
    }
  }
  return fallback;
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

// Every row's configuration: the sizes, then the strategies, then each axis in turn. A
// strategy that does not take a strategy's option runs once for all of its values.
std::vector<Config> configurations(const ProblemInfo& problem, const std::vector<std::string>& sizes,
                                   const std::vector<std::string>& strategies, const std::vector<Axis>& axes) {
  constexpr std::size_t max_rows = 10000;
  std::vector<Config> configs;
  for (const auto& size : sizes) {
    for (const auto& strategy : strategies) {
      const StrategyInfo& info = *problem.find_strategy(strategy);
      std::vector<Config> partial = {{size, strategy, {}}};
      for (const auto& axis : axes) {
        const bool takes = !axis.strategy_option ||
                           std::find(info.options.begin(), info.options.end(), axis.option) != info.options.end();
        std::vector<Config> next;
        for (const auto& c : partial) {
          for (const auto& value : takes ? axis.values : std::vector<std::string>{""}) {
            next.push_back(c);
            next.back().settings.push_back(value);
          }
        }
        partial = std::move(next);
        if (partial.size() > max_rows) break;
      }
      configs.insert(configs.end(), partial.begin(), partial.end());
      if (configs.size() > max_rows) {
        throw UsageError("the sizes, strategies and varied options make more than " + std::to_string(max_rows) +
                         " rows");
      }
    }
  }
  return configs;
}

// Medians over the runs, and the spread of their totals.
void summarise(Row& row) {
  auto of = [&](double InstanceTimes::*part) {
    std::vector<double> values;
    for (const auto& run : row.runs) values.push_back(run.*part);
    return values;
  };
  row.times = {median(of(&InstanceTimes::setup_seconds)), median(of(&InstanceTimes::search_seconds)),
               median(of(&InstanceTimes::seconds)), median(of(&InstanceTimes::cpu_seconds))};
  const auto totals = of(&InstanceTimes::seconds);
  row.min_seconds = *std::min_element(totals.begin(), totals.end());
  row.max_seconds = *std::max_element(totals.begin(), totals.end());
}

}  // namespace

po::options_description compare_options() {
  po::options_description common("Options of backtrack compare");
  add_help_option(common);
  add_strategy_option(common, "the strategies to run, comma-separated (default: all of the problem's)", "S1,S2,...");
  common.add_options()
    ("vary", po::value<std::vector<std::string>>()->composing()->value_name("OPTION=V1,V2,..."),
     "run every row with each value of this option of the problem (repeatable)")
    ("repeat", po::value<int>()->default_value(1)->value_name("R"), "run every row R times, in turn; times are medians")
    ("baseline", po::value<std::string>()->value_name("ROW"),
     "the row whose search seconds the others' speed divides, run first at each size: a strategy, with its "
     "varied options as the table names them (e.g. 'csp prune=none'); default: the first row of each size")
    ("per-instance", "an input of many instances (a Sudoku file, one puzzle a line): a row for each, not one for all");
  add_first_option(common, "time the search for the first solution, not the count");
  add_limit_option(common, "time the search for the first K solutions");
  add_profile_option(common, "count nodes and failures per depth for every row (tables after the table; \"profile\" "
                             "in JSON; with --plot a second chart, nodes per depth); --first and --limit then search "
                             "on one thread");
  common.add_options()
    ("plot", po::value<std::string>()->value_name("FILE"),
     "also draw search seconds vs n (log scale) into this file with gnuplot, in the format its extension names: "
     ".svg, .png or .pdf");
  add_watch_options(common, false,
                    "draw each row's search tree into DIR (made if missing): an .svg a row, and index.html, two rows "
                    "side by side (see above)");
  add_verbosity_options(common);
  add_threads_option(common, "worker threads for every run (default 1, for comparable times)", 1);
  add_time_limit_option(common, "stop each run after this many seconds (its row is then partial)");
  add_max_nodes_option(common, "stop each run after this many nodes (its row is then partial)");
  add_max_failures_option(common, "stop each run after this many failures (its row is then partial)");
  add_format_option(common, compare_formats);
  return common;
}

int compare_command(const Arguments& raw_args, const Registry& registry) {
  // Each row's clock starts where the last one stopped: the rows add up to the command.
  Clock::time_point row_start = Clock::now();
  const po::options_description common = compare_options();

  if (raw_args.empty() || raw_args[0].starts_with("-")) {
    const po::variables_map vm = parse_options(raw_args, common);
    if (vm.count("help") != 0) {
      std::cout << compare_usage << common << '\n' << exit_code_help;
      return exit_ok;
    }
    throw UsageError("compare needs a problem name first, e.g. backtrack compare nqueens -n 4..12");
  }
  const ProblemInfo& problem = find_problem(registry, raw_args[0]);
  std::vector<FormerName> renamed = former_names(problem);
  renamed.push_back({"strategies", "strategy"});  // compare's first spelling
  Arguments args = renamed_arguments(Arguments(raw_args.begin() + 1, raw_args.end()), renamed,
                                     [](const std::string& message) { log::warn(message); });
  const std::optional<std::string> range =
      problem.size_option.empty() ? std::nullopt : take_size(args, problem.size_option);
  po::options_description own("Options of " + problem.name);
  problem.describe_options(own);
  po::options_description all;
  all.add(common).add(own);

  const po::variables_map vm = parse_options(args, all);
  for (const auto& warning : renamed_choice_warnings(problem, vm)) log::warn(warning);
  if (vm.count("help") != 0) {
    std::cout << compare_usage << common << '\n' << own << '\n' << exit_code_help;
    return exit_ok;
  }
  const Format format = read_format(vm, compare_formats);
  std::vector<std::string> strategies;
  if (vm.count("strategy") != 0) {
    strategies = split_list(vm["strategy"].as<std::string>());
  } else {
    for (const auto& s : problem.strategies) strategies.push_back(s.name);
  }
  for (const auto& s : strategies) {
    if (problem.find_strategy(s) == nullptr) {
      throw UsageError("unknown strategy " + in_quotes(s) + " for " + problem.name + did_you_mean(s, problem.strategy_names()) +
                       " (see backtrack list)");
    }
  }
  std::vector<std::string> sizes = range ? parse_range(*range) : std::vector<std::string>{""};
  const std::string default_size =
      problem.size_option.empty() ? "" : std::to_string(vm[problem.size_option].as<int>());
  const std::vector<Axis> axes = read_axes(problem, vm);
  const int repeat = vm["repeat"].as<int>();
  if (repeat < 1 || repeat > 1000) throw UsageError("--repeat must be between 1 and 1000, got " + std::to_string(repeat));
  SolveIntent intent;
  intent.uniform = true;
  if (vm.count("first") != 0 && vm.count("limit") != 0) throw UsageError("choose one of --first, --limit K");
  if (vm.count("first") != 0) intent.mode = SearchMode::first;
  RunRequest request;
  request.threads = read_threads(vm);
  intent.threads = request.threads;
  request.profile = vm.count("profile") != 0;
  const SearchLimits limits = read_limits(vm);
  if (vm.count("limit") != 0) {
    const long long k = vm["limit"].as<long long>();
    if (k < 1) throw UsageError("--limit must be at least 1, got " + std::to_string(k));
    intent.mode = SearchMode::limit;
  }
  request.mode = intent.mode;
  const std::size_t tree_nodes = read_tree_nodes(vm);
  std::optional<std::filesystem::path> tree_dir;
  if (vm.count("tree") != 0) {
    tree_dir = vm["tree"].as<std::string>();
    if (tree_dir->empty()) throw UsageError("--tree needs a directory name");
    check_output_directory("--tree", tree_dir->string());
    if (request.profile) throw UsageError("--tree: not with --profile (the tree shows the nodes per depth)");
    if (request.threads > 1) log::info("--tree watches one search in depth-first order: each row on one thread");
    request.threads = 1;
    intent.threads = 1;
    intent.watched = true;
  }
  compare::PlotTerminal terminal;
  if (vm.count("plot") != 0) {
    check_output_file("--plot", vm["plot"].as<std::string>());
    terminal = compare::plot_terminal(vm["plot"].as<std::string>());
    if (!terminal.unavailable.empty()) {
      log::error(terminal.unavailable);
      return exit_unavailable;
    }
    // Asking gnuplot takes a third of a second: the first row's set-up, which counts the
    // command line, would look slow for it. Drawing is not in the rows either.
    row_start = Clock::now();
  }

  // Every row's options, parsed and checked before the first run: a mistake in the last
  // row does not cost the time of the others. So is every instance of a set.
  std::vector<Plan> plans;
  for (const auto& c : configurations(problem, sizes, strategies, axes)) {
    Arguments row_args = args;
    if (!c.size.empty()) row_args.insert(row_args.end(), {"--" + problem.size_option, c.size});
    for (std::size_t a = 0; a < axes.size(); ++a) {
      if (!c.settings[a].empty()) row_args.push_back("--" + axes[a].option + "=" + c.settings[a]);
    }
    Plan plan{c, parse_options(row_args, all), {}};
    SolveIntent row_intent = intent;
    row_intent.strategy = c.strategy;
    check_declared(problem, *problem.find_strategy(c.strategy), plan.options, row_intent);
    check_choices(problem, plan.options);
    if (problem.instances) {
      SearchLimits reading;  // a row's time limit is the search's, not the input's
      reading.stop_requested = limits.stop_requested;
      plan.set = instances_watched(problem, plan.options, reading);
      if (plan.set.size() <= 1) plan.set.clear();
    }
    if (vm.count("per-instance") == 0 || plan.set.empty()) {
      plans.push_back(std::move(plan));
      continue;
    }
    for (std::size_t k = 0; k < plan.set.size(); ++k) {
      Plan one{c, plan.options, {plan.set[k]}};
      one.config.instance = k + 1;
      plans.push_back(std::move(one));
    }
  }
  if (vm.count("per-instance") != 0 && std::none_of(plans.begin(), plans.end(), [](const Plan& p) { return p.config.instance != 0; })) {
    throw UsageError("--per-instance: the input holds one instance (a set has one a line, or blank lines between them)");
  }

  const std::string baseline = vm.count("baseline") != 0 ? vm["baseline"].as<std::string>() : "";
  if (!baseline.empty()) {
    std::vector<std::string> labels;
    for (const auto& p : plans) {
      if (const auto l = label(p.config, axes); std::find(labels.begin(), labels.end(), l) == labels.end()) labels.push_back(l);
    }
    if (std::find(labels.begin(), labels.end(), baseline) == labels.end()) {
      std::string rows_named;
      for (const auto& l : labels) rows_named += (rows_named.empty() ? "" : ", ") + in_quotes(l);
      throw UsageError("--baseline " + in_quotes(baseline) + " names no row" + did_you_mean(baseline, labels) +
                       " (the rows: " + rows_named + ")");
    }
  }

  // Rows are printed as they finish, so each row's speed must be known then: the baseline
  // of a size (and instance) runs before the other rows of that size. It is the first
  // of them, or the one --baseline names, moved to the front of its size.
  if (!baseline.empty()) {
    for (auto first = plans.begin(); first != plans.end();) {
      const std::string size = first->config.size;
      const auto end = std::find_if(first, plans.end(), [&](const Plan& p) { return p.config.size != size; });
      std::stable_partition(first, end, [&](const Plan& p) { return label(p.config, axes) == baseline; });
      first = end;
    }
  }
  std::vector<std::optional<std::size_t>> baseline_of(plans.size());
  {
    std::map<std::pair<std::string, std::size_t>, std::size_t> first_of;  // by size and instance
    for (std::size_t i = 0; i < plans.size(); ++i) {
      const auto key = std::make_pair(plans[i].config.size, plans[i].config.instance);
      if (first_of.count(key) == 0 && (baseline.empty() || label(plans[i].config, axes) == baseline)) first_of[key] = i;
      if (const auto found = first_of.find(key); found != first_of.end()) baseline_of[i] = found->second;
    }
  }

  const SolutionSink ignore = ignore_solutions();
  compare::Columns columns;
  columns.size = !problem.size_option.empty();
  columns.axes = axes;
  columns.per_instance = vm.count("per-instance") != 0;
  columns.repeated = repeat > 1;
  columns.threads = request.threads;
  for (const auto& plan : plans) {
    columns.configs.push_back(plan.config);
    columns.sets = columns.sets || plan.set.size() > 1;
    columns.most_instances = std::max(columns.most_instances, plan.set.size());
  }
  // The header comes before the first row, and only a run tells which counters a
  // strategy keeps and whether it counts symmetry classes: the first row of each
  // configuration is built and searched for one node. Like asking gnuplot, this is in no
  // row's time.
  const auto probes_begin = Clock::now();
  std::vector<std::string> probed;
  for (const auto& plan : plans) {
    const std::string configuration = label(plan.config, axes);
    if (std::find(probed.begin(), probed.end(), configuration) != probed.end()) continue;
    probed.push_back(configuration);
    SolveIntent probe_intent = intent;
    probe_intent.strategy = plan.config.strategy;
    if (!plan.set.empty()) probe_intent.instance = plan.set.front();
    RunRequest one_node;
    one_node.mode = intent.mode;
    one_node.limits = limits;
    one_node.limits.max_nodes = 1;
    const RunResult probe = make_watched(problem, plan.options, probe_intent, one_node.limits)->run(one_node, ignore);
    if (probe.stats.stop == StopReason::interrupted) return exit_code_for(StopReason::interrupted);
    columns.classes = columns.classes || probe.reports_classes;
    columns.objective = columns.objective || probe.objective.has_value();
    for (const auto& name : probe.counter_names) {
      if (std::find(columns.counters.begin(), columns.counters.end(), name) == columns.counters.end()) {
        columns.counters.push_back(name);
      }
    }
  }
  row_start += Clock::now() - probes_begin;
  const compare::Report report(format, problem.name, columns);
  report.header();

  std::vector<Row> rows(plans.size());
  std::vector<bool> printed(plans.size(), false);
  std::vector<std::optional<SearchTree>> trees(plans.size());  // --tree
  auto print = [&](std::size_t i) {
    Row& row = rows[i];
    const double base = baseline_of[i] ? rows[*baseline_of[i]].times.search_seconds : 0;
    row.speedup = base > 0 && row.times.search_seconds > 0 ? std::optional<double>(base / row.times.search_seconds)
                                                            : std::nullopt;
    report.row(row);
    printed[i] = true;
  };
  bool interrupted = false;
  const bool show_progress = !quiet() && ProgressLine::stderr_is_terminal();
  // One run of a row: its instances in turn; the times from `start` (the end of the
  // previous row), so that the rows add up to the command.
  struct RowRun {
    RunResult total;
    InstanceTimes times;
    std::vector<double> instance_seconds;
    std::size_t solved = 0;
    std::optional<SearchTree> tree;  // --tree
  };
  auto run_row = [&](const Plan& plan, Row& row, Clock::time_point start) {
    RowRun run;
    InstanceClock clock(start);
    SolveIntent row_intent = intent;
    row_intent.strategy = plan.config.strategy;
    request.limits = limits;
    if (vm.count("time-limit") != 0) request.limits.deadline = SearchLimits::deadline_after(vm["time-limit"].as<double>());
    if (vm.count("limit") != 0) request.limits.max_solutions = static_cast<std::uint64_t>(vm["limit"].as<long long>());
    const std::size_t count = std::max<std::size_t>(1, plan.set.size());
    StopReason status = StopReason::none;
    double search_seconds = 0;
    std::optional<TreeRecorder> recorder;
    if (tree_dir) recorder.emplace(tree_nodes);
    request.watcher = recorder ? &*recorder : nullptr;
    for (std::size_t k = 0; k < count && !interrupted; ++k) {
      if (!plan.set.empty()) row_intent.instance = plan.set[k];
      const auto begin = Clock::now();
      auto solver = make_watched(problem, plan.options, row_intent, request.limits);
      if (log::debug_enabled()) log::debug("running " + problem.name + " " + solver->description());
      row.instance = solver->description();
      if (!range && !problem.size_option.empty()) {
        row.config.size = size_named_by(row.instance, problem, default_size);
      }
      RunResult result;
      {
        // solve's progress line, named by the row; no estimate of the tree for its time
        // left, which would take a row's set-up time only where stderr is a terminal.
        Progress progress;
        request.progress = show_progress ? &progress : nullptr;
        request.limits.nodes_seen = show_progress ? &progress.nodes_seen : nullptr;
        const ProgressLine line(progress, compare::profile_label(row, axes, true), request.mode == SearchMode::count,
                                show_progress);
        const auto search_begin = Clock::now();
        result = solver->run(request, ignore);
        search_seconds += std::chrono::duration<double>(Clock::now() - search_begin).count();
        request.progress = nullptr;
        request.limits.nodes_seen = nullptr;
      }
      solver.reset();  // freeing the instance is part of its row, not of the next one's set-up
      run.instance_seconds.push_back(std::chrono::duration<double>(Clock::now() - begin).count());
      run.total.stats += result.stats;
      run.total.reports_classes = result.reports_classes;
      run.total.objective = result.objective;
      run.total.counter_names = result.counter_names;
      run.total.profiled = result.profiled;
      add_profile(run.total.profile, result.profile);
      run.total.subtrees += result.subtrees;
      status = worse(status, result.stats.stop);
      if (result.stats.representatives > 0) ++run.solved;
      interrupted = result.stats.stop == StopReason::interrupted;
      if (result.stats.stop == StopReason::time_limit) break;
    }
    run.total.stats.stop = status;
    if (recorder) run.tree = recorder->finish(compare::profile_label(row, axes, true), run.total.stats);
    run.times = clock.stop(Clock::now());
    run.times.search_seconds = search_seconds;
    run.times.setup_seconds = run.times.seconds - search_seconds;  // all but the searches: set-up, freeing
    return run;
  };
  for (int round = 0; round < repeat && !interrupted; ++round) {
    for (std::size_t i = 0; i < plans.size() && !interrupted; ++i) {
      const Plan& plan = plans[i];
      Row& row = rows[i];
      row.config = plan.config;
      RowRun run = run_row(plan, row, row_start);
      // A short search is run again, and timed the second time: the first run pays what
      // the process does once (threads started, memory mapped), which a search of a few
      // milliseconds must not carry against the others. The first run counts as the
      // row's set-up, so that the rows still add up to the command.
      if (round == 0 && !interrupted && !cut(run.total.stats) && run.times.search_seconds < warm_up_below) {
        const double warm_up_cpu = run.times.cpu_seconds;
        run = run_row(plan, row, row_start);
        run.times.cpu_seconds += warm_up_cpu;  // over the same span as its seconds
      }
      row.runs.push_back(run.times);
      if (run.tree) trees[i] = std::move(*run.tree);
      if (row.runs.size() == 1 || !cut(row.result.stats)) row.result = run.total;  // a cut run stays visible
      if (plan.set.size() > 1) {
        row.instances = run.instance_seconds.size();
        row.solved = run.solved;
        row.instance_seconds = median(run.instance_seconds);
        row.instance = "instances=" + std::to_string(plan.set.size()) + " strategy=" + plan.config.strategy;
      }
      summarise(row);
      if (round + 1 == repeat && !interrupted) print(i);
      // Writing waits for the reader of a pipe: no row's time.
      row_start = Clock::now();
    }
  }
  // Ctrl-C: the row it cut, and in an earlier round of --repeat the rows run so far, in
  // their order.
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (!printed[i] && !rows[i].runs.empty()) print(i);
  }
  if (tree_dir) write_trees(*tree_dir, trees);
  std::erase_if(rows, [](const Row& r) { return r.runs.empty(); });  // not reached before Ctrl-C

  // Agreement: rows of the same size and the same instance options (those no strategy
  // alone takes) count the same tree.
  bool agree = true;
  auto same_tree = [&](const Row& a, const Row& b) {
    if (a.config.size != b.config.size || a.config.instance != b.config.instance) return false;
    for (std::size_t x = 0; x < axes.size(); ++x) {
      if (!axes[x].strategy_option && a.config.settings[x] != b.config.settings[x]) return false;
    }
    return true;
  };
  if (intent.mode == SearchMode::count) {
    for (std::size_t i = 0; i < rows.size() && agree; ++i) {
      for (std::size_t j = i + 1; j < rows.size() && agree; ++j) {
        const auto& a = rows[i].result.stats;
        const auto& b = rows[j].result.stats;
        if (!same_tree(rows[i], rows[j]) || !a.complete() || !b.complete()) continue;
        // An optimisation's improvements on the way depend on the search order: the
        // rows agree on the optimum.
        const auto& oa = rows[i].result.objective;
        const auto& ob = rows[j].result.objective;
        if (oa && ob) {
          if (oa->best == ob->best) continue;
          agree = false;
          auto best = [](const ObjectiveResult& o) { return o.best ? std::to_string(*o.best) : "none"; };
          log::error("DISAGREEMENT: " + label(rows[i].config, axes) + " (" + rows[i].instance + ") proves the optimum " +
                     best(*oa) + " but " + label(rows[j].config, axes) + " (" + rows[j].instance + ") proves " +
                     best(*ob));
          continue;
        }
        if (a.solutions == b.solutions) continue;
        agree = false;
        log::error("DISAGREEMENT: " + label(rows[i].config, axes) + " (" + rows[i].instance + ") counts " +
                   to_string(a.solutions) + " solutions but " + label(rows[j].config, axes) + " (" + rows[j].instance +
                   ") counts " + to_string(b.solutions));
      }
    }
  }
  report.finish(rows, agree, request.profile, sizes.size() > 1);
  if (vm.count("plot") != 0 && !interrupted) {
    const std::string threads = std::to_string(request.threads) + (request.threads == 1 ? " thread" : " threads");
    std::vector<std::string> drawn;  // the rows' sizes: without -n, the ones the problem chose
    for (const auto& r : rows) {
      if (std::find(drawn.begin(), drawn.end(), r.config.size) == drawn.end()) drawn.push_back(r.config.size);
    }
    const std::string drawn_sizes =
        drawn.empty() ? default_size : drawn.size() == 1 ? drawn.front() : drawn.front() + ".." + drawn.back();
    const std::string sizes_drawn = problem.size_option.empty() ? "" : problem.size_option + " = " + drawn_sizes + ", ";
    compare::plot(rows, axes, "backtrack compare " + problem.name + ", " + sizes_drawn + threads +
             (repeat > 1 ? ", median of " + std::to_string(repeat) + " runs" : ""),
         problem.size_option, vm["plot"].as<std::string>(), terminal.name, request.profile, sizes.size() > 1);
  }
  if (!agree) return exit_disagreement;
  if (interrupted) return exit_code_for(StopReason::interrupted);
  const bool partial = std::any_of(rows.begin(), rows.end(), [](const Row& r) { return cut(r.result.stats); });
  return partial ? exit_stopped_by_limit : exit_ok;
}

}  // namespace backtrack
