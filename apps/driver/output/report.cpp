#include "report.hpp"

#include <algorithm>
#include <optional>
#include <cstdio>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "backtrack/solution.hpp"

namespace backtrack {

nlohmann::json value_json(const std::string& text) {
  if (text.empty()) return nullptr;
  const bool whole = text.size() <= 18 && text.find_first_not_of("0123456789") == std::string::npos &&
                     (text.size() == 1 || text[0] != '0');
  if (whole) return std::stoll(text);
  return text;
}

nlohmann::json instance_json(const std::string& description) {
  nlohmann::json instance = nlohmann::json::object();
  std::istringstream words(description);
  std::string word;
  while (words >> word) {
    const auto eq = word.find('=');
    if (eq != std::string::npos) instance[word.substr(0, eq)] = value_json(word.substr(eq + 1));
  }
  return instance;
}

double nodes_per_second(const RunResult& result, const InstanceTimes& times) {
  const std::uint64_t nodes = result.stats.nodes - std::min(result.resumed.nodes, result.stats.nodes);
  return times.search_seconds > 0 ? static_cast<double>(nodes) / times.search_seconds : 0.0;
}

namespace {
bool partial(const SearchStats& s, bool capped) {
  return capped || (s.stop != StopReason::none && s.stop != StopReason::solution_limit);
}
}  // namespace

nlohmann::json summary_json(const std::string& problem, const std::string& description, const RunResult& result,
                            unsigned threads, const InstanceTimes& times, bool capped) {
  const SearchStats& s = result.stats;
  nlohmann::json j = {
      {"type", "summary"},
      {"schema_version", json_schema_version},
      {"problem", problem},
      {"instance", instance_json(description)},
      {"threads", threads},
      {"subtrees", result.subtrees},
      {"solutions", to_string(s.solutions)},
      {"nodes", s.nodes},
      {"failures", s.failures},
      {"max_depth", s.max_depth},
      {"setup_seconds", times.setup_seconds},
      {"search_seconds", times.search_seconds},
      {"seconds", times.seconds},
      {"cpu_seconds", times.cpu_seconds},
      {"nodes_per_second", nodes_per_second(result, times)},
      {"status", std::string(to_string(s.stop))},
      {"partial", partial(s, capped)},
  };
  if (result.reports_classes) j["classes"] = to_string(s.representatives);
  if (const auto& o = result.objective) {
    j["objective"] = o->best ? nlohmann::json(*o->best) : nlohmann::json(nullptr);
    j["optimal"] = o->optimal();
  }
  if (const auto counters = counters_json(result); !counters.is_null()) j["counters"] = counters;
  if (result.profiled) j["profile"] = profile_json(result.profile);
  return j;
}

std::size_t profile_depths(const DepthProfile& profile) {
  std::size_t depths = profile.size();
  while (depths > 0 && profile[depths - 1] == DepthCount{}) --depths;
  return depths;
}

nlohmann::json profile_json(const DepthProfile& profile) {
  nlohmann::json entries = nlohmann::json::array();
  for (std::size_t d = 0; d < profile_depths(profile); ++d) {
    entries.push_back({{"depth", d}, {"nodes", profile[d].nodes}, {"failures", profile[d].failures}});
  }
  return entries;
}

void write_profile_text(std::ostream& out, const DepthProfile& profile) {
  const std::size_t depths = profile_depths(profile);
  std::size_t width = 8;
  for (std::size_t d = 0; d < depths; ++d) width = std::max(width, std::to_string(profile[d].nodes).size());
  const int w = static_cast<int>(width);
  out << "profile (nodes and failures per depth):\n"
      << std::setw(5) << "depth" << "  " << std::setw(w) << "nodes" << "  " << std::setw(w) << "failures" << '\n';
  for (std::size_t d = 0; d < depths; ++d) {
    out << std::setw(5) << d << "  " << std::setw(w) << profile[d].nodes << "  " << std::setw(w)
        << profile[d].failures << '\n';
  }
}

nlohmann::json counters_json(const RunResult& result) {
  if (result.counter_names.empty()) return nullptr;
  nlohmann::json counters = nlohmann::json::object();
  for (std::size_t i = 0; i < result.counter_names.size() && i < max_work_counters; ++i) {
    counters[result.counter_names[i]] = result.stats.counters.value[i];
  }
  return counters;
}

std::optional<std::uint64_t> counter(const RunResult& result, const std::string& name) {
  for (std::size_t i = 0; i < result.counter_names.size() && i < max_work_counters; ++i) {
    if (result.counter_names[i] == name) return result.stats.counters.value[i];
  }
  return std::nullopt;
}

void write_summary_text(std::ostream& out, const std::string& problem, const std::string& description,
                        const RunResult& result, unsigned threads, const InstanceTimes& times, bool capped) {
  const SearchStats& s = result.stats;
  auto six_digits = [](double seconds) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6f", seconds);
    return std::string(text);
  };
  // A whole number, whatever its size: %.4g wrote 1.998e+07 in one run and 3295 in another.
  char rate[32];
  std::snprintf(rate, sizeof rate, "%.0f", nodes_per_second(result, times));
  out << "problem: " << problem << ' ' << description << " threads=" << threads << '\n';
  out << "solutions: " << to_string(s.solutions) << '\n';
  if (result.reports_classes) out << "classes: " << to_string(s.representatives) << '\n';
  if (const auto& o = result.objective) {
    out << "objective: " << (o->best ? std::to_string(*o->best) : "none") << '\n';
    out << "optimal: " << (o->optimal() ? "true" : "false");
    if (o->best && !o->optimal()) out << " (the best found: the search stopped before it proved none better)";
    out << '\n';
  }
  out << "nodes: " << s.nodes << '\n'
      << "failures: " << s.failures << '\n';
  for (std::size_t i = 0; i < result.counter_names.size() && i < max_work_counters; ++i) {
    out << result.counter_names[i] << ": " << s.counters.value[i] << '\n';
  }
  out
      << "max_depth: " << s.max_depth << '\n'
      << "setup_seconds: " << six_digits(times.setup_seconds) << '\n'
      << "search_seconds: " << six_digits(times.search_seconds) << '\n'
      << "seconds: " << six_digits(times.seconds) << '\n'
      << "cpu_seconds: " << six_digits(times.cpu_seconds) << '\n'
      << "nodes_per_second: " << rate << '\n'
      << "status: " << to_string(s.stop);
  if (capped) {
    out << " (partial: the listing stopped at its cap)";
  } else if (partial(s, capped)) {
    out << " (partial: the search did not finish)";
  }
  out << '\n';
  if (result.resumed.subtrees > 0 && (!result.counter_names.empty() || result.profiled)) {
    out << "(the counters" << (result.profiled ? " and the profile" : "") << " are this run's: not the "
        << result.resumed.nodes << " nodes of the " << result.resumed.subtrees << " subtrees resumed)\n";
  }
  if (result.profiled) write_profile_text(out, result.profile);
}

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const std::size_t m = values.size() / 2;
  return values.size() % 2 == 1 ? values[m] : (values[m - 1] + values[m]) / 2;
}

std::string json_line(const nlohmann::json& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

SolutionSink ignore_solutions() {
  return [](const Solution&) { return true; };
}

}  // namespace backtrack
