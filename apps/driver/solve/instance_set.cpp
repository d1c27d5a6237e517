#include "instance_set.hpp"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "backtrack/solution.hpp"
#include "setup_watch.hpp"
#include "stop_reason.hpp"

namespace backtrack {

namespace {

std::string six_digits(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6f", seconds);
  return text;
}

}  // namespace

StopReason solve_set(const InstanceSet& set, const std::vector<std::string>& instances, const SolutionSink& print) {
  const ProblemInfo& problem = set.problem;
  const RunRequest& request = set.request;
  SolveIntent intent = set.intent;
  bool listing_stopped = false;
  RunResult total;
  StopReason status = StopReason::none;
  std::vector<double> seconds;
  double search_seconds = 0;
  std::size_t solved = 0;
  std::string strategy;
  for (std::size_t i = 0; i < instances.size(); ++i) {
    const std::size_t number = i + 1;
    InstanceClock one;
    intent.instance = instances[i];
    auto solver = make_watched(problem, set.vm, intent, request.limits);
    if (strategy.empty()) strategy = instance_json(solver->description()).value("strategy", "");
    const SolutionSink tagged = [&](Solution&& solution) {
      solution.json["instance_index"] = number;
      listing_stopped = !print(std::move(solution));
      return !listing_stopped;
    };
    const RunResult result = one.time_search([&] { return solver->run(request, tagged); });
    solver.reset();
    const InstanceTimes times = one.stop();
    const SearchStats& s = result.stats;
    total.stats += s;
    total.reports_classes = result.reports_classes;
    total.counter_names = result.counter_names;
    total.profiled = result.profiled;
    add_profile(total.profile, result.profile);
    status = worse(status, s.stop);
    seconds.push_back(times.seconds);
    search_seconds += times.search_seconds;
    if (s.representatives > 0) ++solved;
    if (set.format == Format::json) {
      nlohmann::json line = {{"type", "instance"},         {"schema_version", json_schema_version},
                             {"instance_index", number},    {"solutions", to_string(s.solutions)},
                             {"nodes", s.nodes},            {"failures", s.failures},
                             {"seconds", times.seconds},    {"status", std::string(to_string(s.stop))}};
      std::cout << json_line(line) << '\n';
    } else {
      std::cout << "instance " << number << ": solutions " << to_string(s.solutions) << ", nodes " << s.nodes
                << ", failures " << s.failures << ", seconds " << six_digits(times.seconds) << ", "
                << to_string(s.stop) << '\n';
    }
    if (s.stop == StopReason::interrupted || s.stop == StopReason::time_limit || listing_stopped) break;
  }
  total.stats.stop = status;
  // The searches, and all the rest (reading the set, building each instance) as set-up.
  InstanceTimes times = set.clock.stop();
  times.search_seconds = search_seconds;
  times.setup_seconds = times.seconds - search_seconds;
  const std::string description = "instances=" + std::to_string(instances.size()) + " strategy=" + strategy;
  if (set.format == Format::json) {
    auto summary = summary_json(problem.name, description, total, request.threads, times, listing_stopped);
    summary["instances"] = instances.size();
    summary["searched"] = seconds.size();
    summary["solved"] = solved;
    summary["instance_median_seconds"] = median(seconds);
    std::cout << json_line(summary) << '\n';
  } else {
    write_summary_text(std::cout, problem.name, description, total, request.threads, times, listing_stopped);
    std::cout << "instances: " << instances.size() << ", searched " << seconds.size() << ", " << solved
              << " with a solution\ninstance_median_seconds: " << six_digits(median(seconds)) << '\n';
  }
  std::cout.flush();
  return status;
}

}  // namespace backtrack
