#include "report.hpp"

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <sstream>

namespace backtrack {

nlohmann::json instance_json(const std::string& description) {
  nlohmann::json instance = nlohmann::json::object();
  std::istringstream words(description);
  std::string word;
  while (words >> word) {
    const auto eq = word.find('=');
    if (eq != std::string::npos) instance[word.substr(0, eq)] = word.substr(eq + 1);
  }
  return instance;
}

double nodes_per_second(const RunResult& result, const InstanceTimes& times) {
  const std::uint64_t nodes = result.stats.nodes - std::min(result.resumed.nodes, result.stats.nodes);
  return times.search_seconds > 0 ? static_cast<double>(nodes) / times.search_seconds : 0.0;
}

nlohmann::json summary_json(const std::string& problem, const std::string& description, const RunResult& result,
                            unsigned threads, const InstanceTimes& times) {
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
      {"nodes_per_second", nodes_per_second(result, times)},
      {"status", std::string(to_string(s.stop))},
      {"partial", s.stop != StopReason::none && s.stop != StopReason::solution_limit},
  };
  if (result.reports_classes) j["classes"] = to_string(s.representatives);
  return j;
}

void write_summary_text(std::ostream& out, const std::string& problem, const std::string& description,
                        const RunResult& result, unsigned threads, const InstanceTimes& times) {
  const SearchStats& s = result.stats;
  auto six_digits = [](double seconds) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6f", seconds);
    return std::string(text);
  };
  char rate[32];
  std::snprintf(rate, sizeof rate, "%.4g", nodes_per_second(result, times));
  out << "problem: " << problem << ' ' << description << " threads=" << threads << '\n';
  out << "solutions: " << to_string(s.solutions) << '\n';
  if (result.reports_classes) out << "classes: " << to_string(s.representatives) << '\n';
  out << "nodes: " << s.nodes << '\n'
      << "failures: " << s.failures << '\n'
      << "max_depth: " << s.max_depth << '\n'
      << "setup_seconds: " << six_digits(times.setup_seconds) << '\n'
      << "search_seconds: " << six_digits(times.search_seconds) << '\n'
      << "seconds: " << six_digits(times.seconds) << '\n'
      << "nodes_per_second: " << rate << '\n'
      << "status: " << to_string(s.stop);
  if (s.stop != StopReason::none && s.stop != StopReason::solution_limit) out << " (partial: the search did not finish)";
  out << '\n';
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

}  // namespace backtrack
