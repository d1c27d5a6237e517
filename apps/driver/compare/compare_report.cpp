#include "compare_report.hpp"

#include <algorithm>
#include <cmath>
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

namespace {

// `value` rounded to three significant digits, written without an exponent.
std::string three_digits(double value) {
  return fixed(value, value >= 100 ? 0 : value >= 10 ? 1 : 2);
}

// `value` (>= 0) as three significant digits of the largest unit it reaches, the
// smallest unit below that.
std::string with_unit(double value, const std::vector<std::pair<double, const char*>>& units) {
  if (value <= 0 || !std::isfinite(value)) {  // none: "0" in the unit of scale 1 (0s, 0 nodes/s)
    const auto one = std::find_if(units.begin(), units.end(), [](const auto& u) { return u.first == 1; });
    return "0" + std::string(one == units.end() ? "" : one->second);
  }
  // Rounded first, so that 999.7 ms reads 1.00 s, not 1000 ms.
  std::ostringstream rounding;
  rounding << std::setprecision(3) << value;
  const double rounded = std::stod(rounding.str());
  for (const auto& [scale, unit] : units) {
    if (rounded >= scale || scale == units.back().first) return three_digits(rounded / scale) + unit;
  }
  return "";
}

// A number for CSV: every digit, as JSON writes it.
std::string csv_number(double value) { return nlohmann::json(value).dump(); }

std::string count_text(std::uint64_t value) { return std::to_string(value); }

// The columns of the table and of the CSV, in their order.
std::vector<Column> table_columns(const Columns& c) {
  std::vector<Column> columns;
  auto both = [&](const std::string& name, std::size_t width, std::function<std::string(const Row&)> text,
                  std::function<std::string(const Row&)> csv = nullptr) {
    columns.push_back({name, name, width, false, text, csv ? csv : text});
  };
  std::size_t size_width = 1;
  std::size_t strategy_width = 1;
  for (const auto& config : c.configs) {
    size_width = std::max(size_width, config.size.size());
    strategy_width = std::max(strategy_width, config.strategy.size());
  }
  if (c.size) {
    columns.push_back({"n", "n", std::max<std::size_t>(size_width, 2), false,
                       [](const Row& r) { return r.config.size.empty() ? "-" : r.config.size; },
                       [](const Row& r) { return r.config.size; }});
  }
  columns.push_back({"strategy", "strategy", strategy_width, true, [](const Row& r) { return r.config.strategy; },
                     [](const Row& r) { return r.config.strategy; }});
  for (std::size_t a = 0; a < c.axes.size(); ++a) {
    std::size_t width = 1;
    for (const auto& value : c.axes[a].values) width = std::max(width, value.size());
    columns.push_back({c.axes[a].option, csv_field(c.axes[a].option), width, true,
                       [a](const Row& r) { return r.config.settings[a].empty() ? "-" : r.config.settings[a]; },
                       [a](const Row& r) { return csv_field(r.config.settings[a]); }});
  }
  const std::string threads = std::to_string(c.threads);
  columns.push_back({"", "threads", 0, false, nullptr, [threads](const Row&) { return threads; }});
  columns.push_back({"", "instance", 0, false, nullptr, [](const Row& r) { return csv_field(r.instance); }});
  const std::size_t instances_width = std::to_string(c.most_instances).size();
  if (c.per_instance) {
    auto index = [](const Row& r) { return r.config.instance == 0 ? std::string() : std::to_string(r.config.instance); };
    columns.push_back({"instance", "", instances_width, false,
                       [index](const Row& r) { return r.config.instance == 0 ? "-" : index(r); }, nullptr});
    columns.push_back({"", "instance_index", 0, false, nullptr, index});
  }
  if (c.sets) {
    for (const bool solved : {false, true}) {
      auto number = [solved](const Row& r) { return std::to_string(solved ? r.solved : r.instances); };
      columns.push_back({solved ? "solved" : "instances", solved ? "solved" : "instances", instances_width, false,
                         [number](const Row& r) { return r.instances == 0 ? "-" : number(r); },
                         [number](const Row& r) { return r.instances == 0 ? "" : number(r); }});
    }
    columns.push_back({"", "instance_median_seconds", 0, false, nullptr,
                       [](const Row& r) { return r.instances == 0 ? "" : csv_number(r.instance_seconds); }});
  }
  // Counts: generous widths, for the rows are not known when the header is written.
  constexpr std::size_t count_width = 11;
  both("solutions", count_width, [](const Row& r) { return to_string(r.result.stats.solutions); });
  if (c.classes) {
    columns.push_back({"classes", "classes", count_width, false,
                       [](const Row& r) { return r.result.reports_classes ? to_string(r.result.stats.representatives) : "-"; },
                       [](const Row& r) { return r.result.reports_classes ? to_string(r.result.stats.representatives) : ""; }});
  }
  if (c.objective) {
    // An optimisation's best value: optimal where the row's status is complete.
    auto best = [](const Row& r) { return r.result.objective ? r.result.objective->best : std::nullopt; };
    columns.push_back({"objective", "objective", count_width, false,
                       [best](const Row& r) { return best(r) ? std::to_string(*best(r)) : "-"; },
                       [best](const Row& r) { return best(r) ? std::to_string(*best(r)) : ""; }});
    columns.push_back({"", "optimal", 0, false, nullptr, [](const Row& r) {
                         return r.result.objective ? (r.result.objective->optimal() ? "true" : "false") : "";
                       }});
  }
  both("nodes", count_width + 1, [](const Row& r) { return count_text(r.result.stats.nodes); });
  both("failures", count_width + 1, [](const Row& r) { return count_text(r.result.stats.failures); });
  for (const auto& name : c.counters) {
    auto value = [name](const Row& r) { return counter(r.result, name); };
    columns.push_back({name, csv_field(name), count_width + 1, false,
                       [value](const Row& r) { return value(r) ? count_text(*value(r)) : "-"; },
                       [value](const Row& r) { return value(r) ? count_text(*value(r)) : ""; }});
  }
  // Times: "999ms" at most 6 characters, a few more where the seconds run into thousands.
  constexpr std::size_t time_width = 6;
  auto seconds = [&](const std::string& text_name, const std::string& csv_name, double Row::*value) {
    columns.push_back({text_name, csv_name, time_width, false, [value](const Row& r) { return seconds_text(r.*value); },
                       [value](const Row& r) { return csv_number(r.*value); }});
  };
  auto part = [&](const std::string& text_name, const std::string& csv_name, double InstanceTimes::*value) {
    columns.push_back({text_name, csv_name, time_width, false,
                       [value](const Row& r) { return seconds_text(r.times.*value); },
                       [value](const Row& r) { return csv_number(r.times.*value); }});
  };
  part("setup", "setup_seconds", &InstanceTimes::setup_seconds);
  seconds("warm-up", "warm_up_seconds", &Row::warm_up_seconds);
  part("search", "search_seconds", &InstanceTimes::search_seconds);
  part("seconds", "seconds", &InstanceTimes::seconds);
  if (c.repeated) {
    seconds("min", "seconds_min", &Row::min_seconds);
    seconds("max", "seconds_max", &Row::max_seconds);
  }
  part("cpu", "cpu_seconds", &InstanceTimes::cpu_seconds);
  columns.push_back({"", "runs", 0, false, nullptr, [](const Row& r) { return std::to_string(r.runs.size()); }});
  if (c.sets) {
    columns.push_back({"median/instance", "", 0, false,
                       [](const Row& r) { return r.instances == 0 ? "-" : seconds_text(r.instance_seconds); }, nullptr});
  }
  columns.push_back({"nodes/s", "nodes_per_second", 6, false,
                     [](const Row& r) { return rate_text(nodes_per_second(r.result, r.times)); },
                     [](const Row& r) { return csv_number(nodes_per_second(r.result, r.times)); }});
  auto speed = [](const Row& r) { return cut(r.result.stats) ? std::nullopt : r.speedup; };
  columns.push_back({"speed", "speed", 7, false,
                     [speed](const Row& r) { return speed(r) ? fixed(*speed(r), 2) + "x" : "-"; },
                     [speed](const Row& r) { return speed(r) ? csv_number(*speed(r)) : ""; }});
  columns.push_back({"status", "status", 0, true, [](const Row& r) { return status_text(r.result.stats); },
                     [](const Row& r) { return std::string(to_string(r.result.stats.stop)); }});
  for (auto& column : columns) column.width = std::max(column.width, column.text_name.size());
  return columns;
}

void write_text_line(const std::vector<Column>& columns, const std::vector<std::string>& cells) {
  std::string line;
  for (std::size_t i = 0; i < columns.size(); ++i) {
    const std::string& cell = cells[i];
    const std::size_t pad = columns[i].width > cell.size() ? columns[i].width - cell.size() : 0;
    if (i + 1 == columns.size()) {
      line += cell;  // the status, left-aligned: no padding at the end of the line
    } else {
      line += columns[i].words ? cell + std::string(pad, ' ') : std::string(pad, ' ') + cell;
      line += "  ";
    }
  }
  std::cout << line << '\n';
}

}  // namespace

std::string seconds_text(double seconds) {
  return with_unit(seconds, {{1, "s"}, {1e-3, "ms"}, {1e-6, "us"}, {1e-9, "ns"}});
}

std::string rate_text(double per_second) {
  return with_unit(per_second, {{1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}, {1, ""}});
}

Report::Report(Format format, std::string problem, const Columns& columns)
    : format_(format), problem_(std::move(problem)), threads_(columns.threads), axes_(columns.axes), columns_(table_columns(columns)) {
  const bool text = format_ == Format::text;
  std::erase_if(columns_, [text](const Column& c) { return (text ? c.text_name : c.csv_name).empty(); });
}

void Report::header() const {
  if (format_ == Format::text) {
    std::vector<std::string> names;
    for (const auto& c : columns_) names.push_back(c.text_name);
    write_text_line(columns_, names);
  } else if (format_ == Format::csv) {
    std::string line;
    for (const auto& c : columns_) line += (line.empty() ? "" : ",") + c.csv_name;
    std::cout << line << '\n';
  }
  std::cout.flush();
}

void Report::row(const Row& r) const {
  if (format_ == Format::text) {
    std::vector<std::string> cells;
    for (const auto& c : columns_) cells.push_back(c.text(r));
    write_text_line(columns_, cells);
  } else if (format_ == Format::csv) {
    std::string line;
    for (std::size_t i = 0; i < columns_.size(); ++i) line += (i == 0 ? "" : ",") + columns_[i].csv(r);
    std::cout << line << '\n';
  } else {
    const SearchStats& s = r.result.stats;
    nlohmann::json row = {{"type", "row"}, {"schema_version", json_schema_version}, {"problem", problem_},
                          {"n", value_json(r.config.size)}, {"strategy", r.config.strategy},
                          {"instance", instance_json(r.instance)}, {"threads", threads_}, {"partial", cut(s)},
                          {"solutions", to_string(s.solutions)},
                          {"nodes", s.nodes}, {"failures", s.failures}, {"counters", counters_json(r.result)},
                          {"setup_seconds", r.times.setup_seconds}, {"warm_up_seconds", r.warm_up_seconds},
                          {"search_seconds", r.times.search_seconds},
                          {"seconds", r.times.seconds}, {"cpu_seconds", r.times.cpu_seconds},
                          {"seconds_min", r.min_seconds},
                          {"seconds_max", r.max_seconds}, {"runs", r.runs.size()},
                          {"nodes_per_second", nodes_per_second(r.result, r.times)},
                          {"speed", cut(s) || !r.speedup ? nlohmann::json(nullptr) : nlohmann::json(*r.speedup)},
                          {"status", std::string(to_string(s.stop))}};
    for (std::size_t a = 0; a < axes_.size(); ++a) {
      row[axes_[a].option] = r.config.settings[a].empty() ? nlohmann::json(nullptr) : nlohmann::json(r.config.settings[a]);
    }
    if (r.result.reports_classes) row["classes"] = to_string(s.representatives);
    if (const auto& o = r.result.objective) {
      row["objective"] = o->best ? nlohmann::json(*o->best) : nlohmann::json(nullptr);
      row["optimal"] = o->optimal();
    }
    if (r.result.profiled) row["profile"] = profile_json(r.result.profile);
    if (r.config.instance != 0) row["instance_index"] = r.config.instance;
    if (r.instances != 0) {
      row["instances"] = r.instances;
      row["solved"] = r.solved;
      row["instance_median_seconds"] = r.instance_seconds;
    }
    std::cout << json_line(row) << '\n';
  }
  std::cout.flush();
}

void Report::finish(const std::vector<Row>& rows, bool agree, bool profile, bool sizes) const {
  if (format_ == Format::text && profile && !rows.empty()) write_profile_tables(rows, axes_, sizes);
  if (format_ == Format::json) {
    StopReason status = StopReason::none;
    for (const auto& r : rows) {
      if (status == StopReason::none && cut(r.result.stats)) status = r.result.stats.stop;
    }
    nlohmann::json varied = nlohmann::json::array();
    for (const auto& axis : axes_) varied.push_back(axis.option);
    std::cout << json_line({{"type", "compare"}, {"schema_version", json_schema_version}, {"problem", problem_},
                            {"varied", varied}, {"agree", agree}, {"rows", rows.size()},
                            {"status", std::string(to_string(status))}, {"partial", status != StopReason::none}})
              << '\n';
  }
  std::cout.flush();
}

}  // namespace backtrack::compare
