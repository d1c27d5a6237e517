#include "compare_plan.hpp"

#include <algorithm>
#include <map>

#include "../options/command_line.hpp"
#include "../solve/setup_watch.hpp"
#include "backtrack/did_you_mean.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/quoted.hpp"

namespace backtrack::compare {

namespace po = boost::program_options;

namespace {

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

// --baseline names a row of the table.
void check_baseline(const Settings& s, const std::vector<Plan>& plans) {
  std::vector<std::string> labels;
  for (const auto& p : plans) {
    if (const auto l = label(p.config, s.axes); std::find(labels.begin(), labels.end(), l) == labels.end()) {
      labels.push_back(l);
    }
  }
  if (std::find(labels.begin(), labels.end(), s.baseline) == labels.end()) {
    std::string rows_named;
    for (const auto& l : labels) rows_named += (rows_named.empty() ? "" : ", ") + in_quotes(l);
    throw UsageError("--baseline " + in_quotes(s.baseline) + " names no row" + did_you_mean(s.baseline, labels) +
                     " (the rows: " + rows_named + ")");
  }
}

// Rows are printed as they finish, so each row's speed must be known then: the baseline
// of a size (and instance) runs before the other rows of that size. It is the first
// of them, or the one --baseline names, moved to the front of its size.
void order_baselines(const Settings& s, std::vector<Plan>& plans) {
  if (!s.baseline.empty()) {
    for (auto first = plans.begin(); first != plans.end();) {
      const std::string size = first->config.size;
      const auto end = std::find_if(first, plans.end(), [&](const Plan& p) { return p.config.size != size; });
      std::stable_partition(first, end, [&](const Plan& p) { return label(p.config, s.axes) == s.baseline; });
      first = end;
    }
  }
  std::map<std::pair<std::string, std::size_t>, std::size_t> first_of;  // by size and instance
  for (std::size_t i = 0; i < plans.size(); ++i) {
    const auto key = std::make_pair(plans[i].config.size, plans[i].config.instance);
    if (first_of.count(key) == 0 && (s.baseline.empty() || label(plans[i].config, s.axes) == s.baseline)) {
      first_of[key] = i;
    }
    if (const auto found = first_of.find(key); found != first_of.end()) plans[i].baseline = found->second;
  }
}

}  // namespace

std::vector<Plan> plan_rows(const Settings& s) {
  const ProblemInfo& problem = *s.problem;
  std::vector<Plan> plans;
  for (const auto& c : configurations(problem, s.sizes, s.strategies, s.axes)) {
    Arguments row_args = s.args;
    if (!c.size.empty()) row_args.insert(row_args.end(), {"--" + problem.size_option, c.size});
    for (std::size_t a = 0; a < s.axes.size(); ++a) {
      if (!c.settings[a].empty()) row_args.push_back("--" + s.axes[a].option + "=" + c.settings[a]);
    }
    Plan plan{c, parse_options(row_args, s.options), {}, {}};
    SolveIntent row_intent = s.intent;
    row_intent.strategy = c.strategy;
    check_declared(problem, *problem.find_strategy(c.strategy), plan.options, row_intent);
    check_choices(problem, plan.options);
    if (problem.instances) {
      SearchLimits reading;  // a row's time limit is the search's, not the input's
      reading.stop_requested = s.limits.stop_requested;
      plan.set = instances_watched(problem, plan.options, reading);
      if (plan.set.size() <= 1) plan.set.clear();
    }
    if (!s.per_instance || plan.set.empty()) {
      plans.push_back(std::move(plan));
      continue;
    }
    for (std::size_t k = 0; k < plan.set.size(); ++k) {
      Plan one{c, plan.options, {plan.set[k]}, {}};
      one.config.instance = k + 1;
      plans.push_back(std::move(one));
    }
  }
  if (s.per_instance && std::none_of(plans.begin(), plans.end(), [](const Plan& p) { return p.config.instance != 0; })) {
    throw UsageError("--per-instance: the input holds one instance (a set has one a line, or blank lines between them)");
  }
  if (!s.baseline.empty()) check_baseline(s, plans);
  order_baselines(s, plans);
  return plans;
}

std::optional<Columns> probe_columns(const Settings& s, const std::vector<Plan>& plans) {
  Columns columns;
  columns.size = !s.problem->size_option.empty();
  columns.axes = s.axes;
  columns.per_instance = s.per_instance;
  columns.repeated = s.repeat > 1;
  columns.threads = s.intent.threads;
  for (const auto& plan : plans) {
    columns.configs.push_back(plan.config);
    columns.sets = columns.sets || plan.set.size() > 1;
    columns.most_instances = std::max(columns.most_instances, plan.set.size());
  }
  // The header comes before the first row, and only a run tells which counters a
  // strategy keeps and whether it counts symmetry classes: the first row of each
  // configuration is built and searched for one node.
  const SolutionSink ignore = ignore_solutions();
  std::vector<std::string> probed;
  for (const auto& plan : plans) {
    const std::string configuration = label(plan.config, s.axes);
    if (std::find(probed.begin(), probed.end(), configuration) != probed.end()) continue;
    probed.push_back(configuration);
    SolveIntent probe_intent = s.intent;
    probe_intent.strategy = plan.config.strategy;
    if (!plan.set.empty()) probe_intent.instance = plan.set.front();
    RunRequest one_node;
    one_node.mode = s.intent.mode;
    one_node.limits = s.limits;
    one_node.limits.max_nodes = 1;
    const RunResult probe =
        make_watched(*s.problem, plan.options, probe_intent, one_node.limits)->run(one_node, ignore);
    if (probe.stats.stop == StopReason::interrupted) return std::nullopt;
    columns.classes = columns.classes || probe.reports_classes;
    columns.objective = columns.objective || probe.objective.has_value();
    for (const auto& name : probe.counter_names) {
      if (std::find(columns.counters.begin(), columns.counters.end(), name) == columns.counters.end()) {
        columns.counters.push_back(name);
      }
    }
  }
  return columns;
}

}  // namespace backtrack::compare
