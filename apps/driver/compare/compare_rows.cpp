#include "compare_rows.hpp"

#include <algorithm>
#include <sstream>

#include "../commands/commands.hpp"
#include "../output/progress_line.hpp"
#include "../program/log.hpp"
#include "../solve/setup_watch.hpp"
#include "../solve/stop_reason.hpp"

namespace backtrack::compare {

namespace {

// A row's search shorter than this is run twice, and timed the second time.
constexpr double warm_up_below = 0.1;

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

// One run of a row: its instances in turn; the times from `start` (the end of the
// previous row), so that the rows add up to the command.
struct RowRun {
  RunResult total;
  InstanceTimes times;
  std::vector<double> instance_seconds;
  std::size_t solved = 0;
  std::optional<SearchTree> tree;  // --tree
};

class RowRunner {
 public:
  explicit RowRunner(Settings& settings) : s_(settings) {}

  RowRun run(const Plan& plan, Row& row, Clock::time_point start);
  bool interrupted() const { return interrupted_; }

 private:
  Settings& s_;
  const bool show_progress_ = !quiet() && ProgressLine::stderr_is_terminal();
  const SolutionSink ignore_ = ignore_solutions();
  bool interrupted_ = false;
};

RowRun RowRunner::run(const Plan& plan, Row& row, Clock::time_point start) {
  const ProblemInfo& problem = *s_.problem;
  RowRun run;
  InstanceClock clock(start);
  SolveIntent row_intent = s_.intent;
  row_intent.strategy = plan.config.strategy;
  RunRequest request;
  request.mode = s_.intent.mode;
  request.threads = s_.intent.threads;
  request.profile = s_.profile;
  request.limits = s_.limits;
  if (s_.vm.count("time-limit") != 0) request.limits.deadline = SearchLimits::deadline_after(s_.vm["time-limit"].as<double>());
  if (s_.vm.count("limit") != 0) request.limits.max_solutions = static_cast<std::uint64_t>(s_.vm["limit"].as<long long>());
  request.watcher = s_.watching->watcher();
  const std::size_t count = std::max<std::size_t>(1, plan.set.size());
  StopReason status = StopReason::none;
  double search_seconds = 0;
  for (std::size_t k = 0; k < count && !interrupted_; ++k) {
    if (!plan.set.empty()) row_intent.instance = plan.set[k];
    const auto begin = Clock::now();
    auto solver = make_watched(problem, plan.options, row_intent, request.limits);
    if (log::debug_enabled()) log::debug("running " + problem.name + " " + solver->description());
    row.instance = solver->description();
    if (!s_.sizes_given && !problem.size_option.empty()) {
      row.config.size = size_named_by(row.instance, problem, s_.default_size);
    }
    RunResult result;
    {
      // solve's progress line, named by the row; no estimate of the tree for its time
      // left, which would take a row's set-up time only where stderr is a terminal.
      Progress progress;
      request.progress = show_progress_ ? &progress : nullptr;
      request.limits.nodes_seen = show_progress_ ? &progress.nodes_seen : nullptr;
      const ProgressLine line(progress, profile_label(row, s_.axes, true), request.mode == SearchMode::count,
                              show_progress_);
      const auto search_begin = Clock::now();
      result = solver->run(request, ignore_);
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
    interrupted_ = result.stats.stop == StopReason::interrupted;
    if (result.stats.stop == StopReason::time_limit) break;
  }
  run.total.stats.stop = status;
  run.tree = s_.watching->take_tree(profile_label(row, s_.axes, true), run.total.stats);
  run.times = clock.stop(Clock::now());
  run.times.search_seconds = search_seconds;
  run.times.setup_seconds = run.times.seconds - search_seconds;  // all but the searches: set-up, freeing
  return run;
}

}  // namespace

RowsRun run_rows(Settings& s, const std::vector<Plan>& plans, const Report& report, Clock::time_point start) {
  RowRunner runner(s);
  RowsRun out;
  out.rows.resize(plans.size());
  out.trees.resize(plans.size());
  std::vector<bool> printed(plans.size(), false);
  auto print = [&](std::size_t i) {
    Row& row = out.rows[i];
    const auto baseline = plans[i].baseline;
    const double base = baseline ? out.rows[*baseline].times.search_seconds : 0;
    row.speedup = base > 0 && row.times.search_seconds > 0 ? std::optional<double>(base / row.times.search_seconds)
                                                            : std::nullopt;
    report.row(row);
    printed[i] = true;
  };
  for (int round = 0; round < s.repeat && !runner.interrupted(); ++round) {
    for (std::size_t i = 0; i < plans.size() && !runner.interrupted(); ++i) {
      const Plan& plan = plans[i];
      Row& row = out.rows[i];
      row.config = plan.config;
      RowRun run = runner.run(plan, row, start);
      // A short search is run again, and timed the second time: the first run pays what
      // the process does once (threads started, memory mapped), which a search of a few
      // milliseconds must not carry against the others. Its search is the row's warm-up,
      // in neither its set-up nor its search; the rest of it is set-up, as the second
      // run's is, so that the row still adds up.
      if (round == 0 && !runner.interrupted() && !cut(run.total.stats) && run.times.search_seconds < warm_up_below) {
        const InstanceTimes warm_up = run.times;
        run = runner.run(plan, row, Clock::now());
        row.warm_up_seconds = warm_up.search_seconds;
        run.times.setup_seconds += warm_up.setup_seconds;
        run.times.seconds += warm_up.seconds;
        run.times.cpu_seconds += warm_up.cpu_seconds;  // over the same span as its seconds
      }
      row.runs.push_back(run.times);
      if (run.tree) out.trees[i] = std::move(*run.tree);
      if (row.runs.size() == 1 || !cut(row.result.stats)) row.result = run.total;  // a cut run stays visible
      if (plan.set.size() > 1) {
        row.instances = run.instance_seconds.size();
        row.solved = run.solved;
        row.instance_seconds = median(run.instance_seconds);
        row.instance = "instances=" + std::to_string(plan.set.size()) + " strategy=" + plan.config.strategy;
      }
      summarise(row);
      if (round + 1 == s.repeat && !runner.interrupted()) print(i);
      // Writing waits for the reader of a pipe: no row's time.
      start = Clock::now();
    }
  }
  // Ctrl-C: the row it cut, and in an earlier round of --repeat the rows run so far, in
  // their order.
  for (std::size_t i = 0; i < out.rows.size(); ++i) {
    if (!printed[i] && !out.rows[i].runs.empty()) print(i);
  }
  out.interrupted = runner.interrupted();
  std::erase_if(out.rows, [](const Row& r) { return r.runs.empty(); });
  return out;
}

}  // namespace backtrack::compare
