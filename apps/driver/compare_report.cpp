#include "compare_report.hpp"

#include <algorithm>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace backtrack::compare {

namespace {

// "complete" (or "solution_limit" for --first and --limit), or the reason the row was
// cut, marked partial.
std::string status_text(const SearchStats& s) {
  return std::string(to_string(s.stop)) + (cut(s) ? " (partial)" : "");
}

std::string fixed(double value, int digits) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(digits) << value;
  return out.str();
}

// Seconds for people: three significant digits, so that a row of microseconds does not
// read 0.0000 (CSV and JSON keep every digit).
std::string seconds_text(double seconds) {
  std::ostringstream out;
  out << std::setprecision(3) << seconds;
  return out.str();
}

// The problem's counters of its work that some row has (propagations, checks, updates),
// in the order they first appear: a column each.
std::vector<std::string> counter_columns(const std::vector<Row>& rows) {
  std::vector<std::string> names;
  for (const auto& r : rows) {
    for (const auto& name : r.result.counter_names) {
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    }
  }
  return names;
}

// A CSV field, quoted where it holds a comma, a quote or a line break (RFC 4180).
std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

}  // namespace

bool cut(const SearchStats& s) {
  return s.stop == StopReason::node_limit || s.stop == StopReason::failure_limit || s.stop == StopReason::time_limit ||
         s.stop == StopReason::interrupted || s.stop == StopReason::out_of_memory;
}

std::string label(const Config& c, const std::vector<Axis>& axes) {
  std::string text = c.strategy;
  for (std::size_t a = 0; a < axes.size(); ++a) {
    if (!c.settings[a].empty()) text += " " + axes[a].option + "=" + c.settings[a];
  }
  return text;
}

std::string profile_label(const Row& r, const std::vector<Axis>& axes, bool sizes) {
  std::string text = label(r.config, axes);
  if (sizes && !r.config.size.empty()) text = "n=" + r.config.size + " " + text;
  if (r.config.instance != 0) text += " #" + std::to_string(r.config.instance);
  return text;
}

void write_text(const std::vector<Row>& rows, const std::vector<Axis>& axes, bool classes, bool repeated) {
  const auto counters = counter_columns(rows);
  const bool per_instance = std::any_of(rows.begin(), rows.end(), [](const Row& r) { return r.config.instance != 0; });
  const bool sets = std::any_of(rows.begin(), rows.end(), [](const Row& r) { return r.instances != 0; });
  std::vector<std::string> header = {"n", "strategy"};
  for (const auto& axis : axes) header.push_back(axis.option);
  if (per_instance) header.push_back("instance");
  if (sets) header.insert(header.end(), {"instances", "solved"});
  for (const char* name : {"solutions", "nodes", "failures", "setup", "search", "seconds"}) header.push_back(name);
  header.insert(std::find(header.begin(), header.end(), "failures") + 1, counters.begin(), counters.end());
  if (classes) header.insert(std::find(header.begin(), header.end(), "solutions") + 1, "classes");
  if (repeated) header.insert(header.end(), {"min", "max"});
  if (sets) header.push_back("median/instance");
  header.insert(header.end(), {"nodes/s", "speed", "status"});
  std::vector<std::vector<std::string>> cells = {header};
  for (const auto& r : rows) {
    const SearchStats& s = r.result.stats;
    std::vector<std::string> line = {r.config.size.empty() ? "-" : r.config.size, r.config.strategy};
    for (const auto& setting : r.config.settings) line.push_back(setting.empty() ? "-" : setting);
    if (per_instance) line.push_back(r.config.instance == 0 ? "-" : std::to_string(r.config.instance));
    if (sets) {
      line.insert(line.end(), {r.instances == 0 ? "-" : std::to_string(r.instances),
                               r.instances == 0 ? "-" : std::to_string(r.solved)});
    }
    line.push_back(to_string(s.solutions));
    if (classes) line.push_back(r.result.reports_classes ? to_string(s.representatives) : "-");
    line.insert(line.end(), {std::to_string(s.nodes), std::to_string(s.failures)});
    for (const auto& name : counters) {
      const auto value = counter(r.result, name);
      line.push_back(value ? std::to_string(*value) : "-");
    }
    line.insert(line.end(), {seconds_text(r.times.setup_seconds), seconds_text(r.times.search_seconds),
                             seconds_text(r.times.seconds)});
    if (repeated) line.insert(line.end(), {seconds_text(r.min_seconds), seconds_text(r.max_seconds)});
    if (sets) line.push_back(r.instances == 0 ? "-" : seconds_text(r.instance_seconds));
    line.insert(line.end(), {fixed(nodes_per_second(r.result, r.times) / 1e6, 1) + "M",
                             cut(s) || !r.speedup ? "-" : fixed(*r.speedup, 2) + "x", status_text(s)});
    cells.push_back(line);
  }
  std::vector<std::size_t> width(header.size(), 0);
  for (const auto& line : cells) {
    for (std::size_t c = 0; c < line.size(); ++c) width[c] = std::max(width[c], line[c].size());
  }
  for (const auto& line : cells) {
    for (std::size_t c = 0; c < line.size(); ++c) {
      if (c + 1 == line.size()) {
        std::cout << line[c] << '\n';  // the status, left-aligned: no padding at the end of the line
        break;
      }
      const bool words = c == 1 || (c >= 2 && c < 2 + axes.size());  // strategy, varied options
      std::cout << (words ? std::left : std::right) << std::setw(static_cast<int>(width[c])) << line[c] << "  ";
    }
  }
}

void write_profile_tables(const std::vector<Row>& rows, const std::vector<Axis>& axes, bool sizes) {
  std::size_t depths = 0;
  for (const auto& r : rows) depths = std::max(depths, r.result.profile.size());
  for (const bool failures : {false, true}) {
    std::vector<std::vector<std::string>> cells = {{"depth"}};
    for (const auto& r : rows) cells[0].push_back(profile_label(r, axes, sizes));
    for (std::size_t d = 0; d < depths; ++d) {
      std::vector<std::string> line = {std::to_string(d)};
      bool any = false;
      for (const auto& r : rows) {
        const auto& p = r.result.profile;
        if (d < p.size() && (p[d].nodes != 0 || p[d].failures != 0)) any = true;
        line.push_back(d < p.size() ? std::to_string(failures ? p[d].failures : p[d].nodes) : "0");
      }
      if (any) cells.push_back(std::move(line));
    }
    std::vector<std::size_t> width(cells[0].size(), 0);
    for (const auto& line : cells) {
      for (std::size_t c = 0; c < line.size(); ++c) width[c] = std::max(width[c], line[c].size());
    }
    std::cout << '\n' << (failures ? "failures" : "nodes") << " per depth:\n";
    for (const auto& line : cells) {
      for (std::size_t c = 0; c < line.size(); ++c) {
        std::cout << std::right << std::setw(static_cast<int>(width[c])) << line[c]
                  << (c + 1 == line.size() ? "\n" : "  ");
      }
    }
  }
}

void write_csv(std::ostream& out, const std::vector<Row>& rows, const std::vector<Axis>& axes) {
  const auto counters = counter_columns(rows);
  out << "n,strategy,";
  for (const auto& axis : axes) out << axis.option << ',';
  out << "instance,instance_index,instances,solved,instance_median_seconds,";
  out << "solutions,classes,nodes,failures,";
  for (const auto& name : counters) out << csv_field(name) << ',';
  out << "setup_seconds,search_seconds,seconds,seconds_min,seconds_max,runs,nodes_per_second,speed,status\n";
  for (const auto& r : rows) {
    const SearchStats& s = r.result.stats;
    out << r.config.size << ',' << r.config.strategy << ',';
    for (const auto& setting : r.config.settings) out << csv_field(setting) << ',';
    out << csv_field(r.instance) << ',' << (r.config.instance == 0 ? "" : std::to_string(r.config.instance)) << ','
        << (r.instances == 0 ? "" : std::to_string(r.instances)) << ','
        << (r.instances == 0 ? "" : std::to_string(r.solved)) << ','
        << (r.instances == 0 ? "" : fixed(r.instance_seconds, 6)) << ',' << to_string(s.solutions) << ',' << (r.result.reports_classes ? to_string(s.representatives) : "") << ','
        << s.nodes << ',' << s.failures << ',';
    for (const auto& name : counters) {
      const auto value = counter(r.result, name);
      out << (value ? std::to_string(*value) : "") << ',';
    }
    out << fixed(r.times.setup_seconds, 6) << ','
        << fixed(r.times.search_seconds, 6) << ',' << fixed(r.times.seconds, 6) << ',' << fixed(r.min_seconds, 6)
        << ',' << fixed(r.max_seconds, 6) << ',' << r.runs.size() << ','
        << fixed(nodes_per_second(r.result, r.times), 0) << ',' << (cut(s) || !r.speedup ? "" : fixed(*r.speedup, 3)) << ','
        << to_string(s.stop) << '\n';
  }
}

void write_json(const std::string& problem, const std::vector<Row>& rows, const std::vector<Axis>& axes, bool agree) {
  StopReason status = StopReason::none;
  for (const auto& r : rows) {
    const SearchStats& s = r.result.stats;
    if (status == StopReason::none && cut(s)) status = s.stop;
    nlohmann::json row = {{"type", "row"}, {"schema_version", json_schema_version}, {"problem", problem},
                          {"n", value_json(r.config.size)}, {"strategy", r.config.strategy},
                          {"instance", instance_json(r.instance)}, {"partial", cut(s)},
                          {"solutions", to_string(s.solutions)},
                          {"nodes", s.nodes}, {"failures", s.failures}, {"counters", counters_json(r.result)},
                          {"setup_seconds", r.times.setup_seconds}, {"search_seconds", r.times.search_seconds},
                          {"seconds", r.times.seconds}, {"seconds_min", r.min_seconds},
                          {"seconds_max", r.max_seconds}, {"runs", r.runs.size()},
                          {"nodes_per_second", nodes_per_second(r.result, r.times)},
                          {"speed", cut(s) || !r.speedup ? nlohmann::json(nullptr) : nlohmann::json(*r.speedup)},
                          {"status", std::string(to_string(s.stop))}};
    for (std::size_t a = 0; a < axes.size(); ++a) {
      row[axes[a].option] = r.config.settings[a].empty() ? nlohmann::json(nullptr) : nlohmann::json(r.config.settings[a]);
    }
    if (r.result.reports_classes) row["classes"] = to_string(s.representatives);
    if (r.result.profiled) row["profile"] = profile_json(r.result.profile);
    if (r.config.instance != 0) row["instance_index"] = r.config.instance;
    if (r.instances != 0) {
      row["instances"] = r.instances;
      row["solved"] = r.solved;
      row["instance_median_seconds"] = r.instance_seconds;
    }
    std::cout << json_line(row) << '\n';
  }
  nlohmann::json varied = nlohmann::json::array();
  for (const auto& axis : axes) varied.push_back(axis.option);
  std::cout << json_line({{"type", "compare"}, {"schema_version", json_schema_version}, {"problem", problem},
                          {"varied", varied}, {"agree", agree}, {"rows", rows.size()},
                          {"status", std::string(to_string(status))}, {"partial", status != StopReason::none}})
            << '\n';
}

}  // namespace backtrack::compare
