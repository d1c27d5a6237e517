// backtrack compare: every strategy of a problem on every size of a range, one table.
#include <algorithm>
#include <cctype>
#include <boost/program_options.hpp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string_view>

#include <stdlib.h>
#include <unistd.h>

#include "backtrack/cli.hpp"
#include "backtrack/did_you_mean.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/quoted.hpp"
#include "command_line.hpp"
#include "commands.hpp"
#include "exit_help.hpp"
#include "gnuplot_string.hpp"
#include "instance_clock.hpp"
#include "instance_set.hpp"
#include "interrupt.hpp"
#include "log.hpp"
#include "search_options.hpp"
#include "setup_watch.hpp"
#include "shared_options.hpp"

namespace backtrack {

namespace po = boost::program_options;

namespace {

const char* const compare_usage =
    "Usage: backtrack compare PROBLEM [-n RANGE] [--strategies S1,S2,...] [--vary OPTION=V1,V2,...]\n"
    "                         [--repeat R] [--first | --limit K] [options]\n"
    "\n"
    "Runs each strategy for each size in RANGE and each value of the varied options, and\n"
    "prints one table: n, strategy, the varied options, solutions, nodes, failures, the\n"
    "strategy's own counters where it has them ('-' in rows without: the CSP layer's\n"
    "propagations, values removed from domains, and checks, of a value against a constraint;\n"
    "dancing links' updates, links changed by cover as Knuth counts them), times in\n"
    "seconds (setup: reading the options and building the instance, for the first row the\n"
    "command line too; search: splitting the tree, the search, merging; seconds: the row's\n"
    "total, so the rows add up to the command; with --repeat R, medians of R runs, and min\n"
    "and max of seconds), nodes per search second, and speed: the slowest row's seconds at\n"
    "that size over this one's. Every row runs with the same settings (e.g. the same\n"
    "--symmetry, none unless given or varied).\n"
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
    "RANGE is A..B, a list A,B,C, or one size. Examples:\n"
    "  backtrack compare nqueens -n 4..12 --strategies scan,arrays,bitset,word --plot times.svg\n"
    "  backtrack compare nqueens -n 10 --strategies csp --vary prune=none,forward,arc --repeat 5\n"
    "  backtrack compare nqueens -n 12 --strategies csp --vary prune=none,forward,arc --profile\n\n";

// An option of the problem that compare ranges over (--vary OPTION=V1,V2,...).
struct Axis {
  std::string option;
  std::vector<std::string> values;
  bool strategy_option = false;  // only some strategies take it
};

// What makes a row differ from the others.
struct Config {
  std::string size;  // empty for a problem without a size
  std::string strategy;
  std::vector<std::string> settings;  // one value per axis; "" where the strategy does not take it
  std::size_t instance = 0;  // with --per-instance, the instance of a set (from 1); 0: the whole input
};

struct Row {
  Config config;
  std::string instance;             // the solver's description: the full configuration
  RunResult result;                 // the last run's, or a cut run's if any was cut
  std::vector<InstanceTimes> runs;  // one per repeat done
  InstanceTimes times;              // medians over the runs
  double min_seconds = 0;
  double max_seconds = 0;
  double speedup = 1.0;  // slowest median seconds at this size / this median
  // An input of many instances (ProblemInfo::instances), run as one row: how many were
  // searched, how many have a solution, and the median seconds of one.
  std::size_t instances = 0;
  std::size_t solved = 0;
  double instance_seconds = 0;
};

// A row to run: its configuration, its options, and the instances of its input if many.
struct Plan {
  Config config;
  po::variables_map options;
  std::vector<std::string> set;  // empty: the input is one instance
};

// The row's counts are not totals: a limit, Ctrl-C or the system's memory stopped it.
bool cut(const SearchStats& s) {
  return s.stop == StopReason::node_limit || s.stop == StopReason::time_limit || s.stop == StopReason::interrupted ||
         s.stop == StopReason::out_of_memory;
}

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

// The label of a row's configuration beyond its size: "csp prune=arc".
std::string label(const Config& c, const std::vector<Axis>& axes) {
  std::string text = c.strategy;
  for (std::size_t a = 0; a < axes.size(); ++a) {
    if (!c.settings[a].empty()) text += " " + axes[a].option + "=" + c.settings[a];
  }
  return text;
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
                             cut(s) ? "-" : fixed(r.speedup, 2) + "x", status_text(s)});
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

// A row's name in the profile's tables and chart: its configuration, with its size and
// instance where rows differ in them.
// (The size is "n", as the table's column.)
std::string profile_label(const Row& r, const std::vector<Axis>& axes, bool sizes) {
  std::string text = label(r.config, axes);
  if (sizes && !r.config.size.empty()) text = "n=" + r.config.size + " " + text;
  if (r.config.instance != 0) text += " #" + std::to_string(r.config.instance);
  return text;
}

// With --profile: nodes per depth, then failures per depth, a column per row.
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

// A CSV field, quoted where it holds a comma, a quote or a line break (RFC 4180).
std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
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
        << fixed(nodes_per_second(r.result, r.times), 0) << ',' << (cut(s) ? "" : fixed(r.speedup, 3)) << ','
        << to_string(s.stop) << '\n';
  }
}

// JSON Lines: a "row" line for each row, then one "compare" line for the table.
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
                          {"speed", cut(s) ? nlohmann::json(nullptr) : nlohmann::json(r.speedup)},
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

// The gnuplot terminal that draws the picture --plot names, by its extension: SVG, or
// PNG where this gnuplot has a PNG terminal (cairo's first, for its anti-aliasing).
// Checked before any run, as the path is: the table is not thrown away because the
// picture cannot be drawn.
struct PlotTerminal {
  std::string name;         // as gnuplot's `set terminal` takes it
  std::string unavailable;  // why this machine cannot draw it (exit 69); "" if it can
};

PlotTerminal plot_terminal(const std::string& file) {
  std::string extension = std::filesystem::path(file).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (extension != ".svg" && extension != ".png") {
    throw UsageError("--plot " + in_quotes(file) + ": the picture's format is named by its extension, .svg or .png");
  }
  // A fixed command, no user text: GPVAL_TERMINALS lists the terminals this gnuplot has.
  const PlotTerminal no_gnuplot{"", "--plot needs gnuplot, which is not installed (Debian: apt-get install gnuplot-nox)"};
  FILE* pipe = popen("gnuplot -e 'print GPVAL_TERMINALS' 2>&1", "r");
  if (pipe == nullptr) return no_gnuplot;
  std::string listed;
  char buffer[4096];
  for (std::size_t got; (got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) listed.append(buffer, got);
  if (pclose(pipe) != 0) return no_gnuplot;
  std::istringstream words(listed);
  const std::vector<std::string> terminals{std::istream_iterator<std::string>(words), {}};
  auto has = [&](const char* name) { return std::find(terminals.begin(), terminals.end(), name) != terminals.end(); };
  for (const char* name : extension == ".svg" ? std::vector<const char*>{"svg"} : std::vector<const char*>{"pngcairo", "png"}) {
    if (has(name)) return {name, ""};
  }
  return {"", "--plot " + in_quotes(file) + ": this gnuplot cannot draw " + extension.substr(1) +
                  " (it has no terminal for it); use .svg"};
}

// A path the picture can be written to: a new file or a regular file we may write, in a
// directory we may write into (not a device such as /dev/null, which copying would refuse
// only after every run).
void check_plot_path(const std::filesystem::path& file) {
  const std::string name = in_quotes(file.string());
  std::error_code ec;
  const auto status = std::filesystem::status(file, ec);
  if (std::filesystem::is_directory(status)) throw UsageError("--plot " + name + " is a directory");
  if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) {
    throw UsageError("--plot " + name + " is not a regular file");
  }
  const auto parent = file.has_parent_path() ? file.parent_path() : std::filesystem::path(".");
  if (!std::filesystem::is_directory(parent, ec) || ::access(parent.c_str(), W_OK) != 0) {
    throw UsageError("--plot " + name + ": cannot write into " + in_quotes(parent.string()) + ": " +
                     std::strerror(ec ? ec.value() : errno));
  }
  if (std::filesystem::exists(status) && ::access(file.c_str(), W_OK) != 0) {
    throw UsageError("--plot " + name + ": " + std::strerror(errno));
  }
}

// Draws seconds against size, log scale, one line per configuration, with gnuplot; with
// --profile, below it a second chart: nodes per depth, log scale, one line per row.
// gnuplot writes into a private directory of ours, and the picture is then copied to
// `file`: the user's file name never enters the script, and gnuplot never falls back to
// writing the picture to stdout. Every other text enters it as gnuplot_string().
void plot(const std::vector<Row>& rows, const std::vector<Axis>& axes, const std::string& title,
          const std::string& size_name, const std::string& file, const std::string& terminal, bool profile,
          bool sizes) {
  std::string pattern = (std::filesystem::temp_directory_path() / "backtrack-plot-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) throw InputError("cannot create a temporary directory: " + std::string(std::strerror(errno)));
  const std::filesystem::path directory = pattern;
  struct RemoveDirectory {
    std::filesystem::path path;
    ~RemoveDirectory() {
      std::error_code ignored;
      std::filesystem::remove_all(path, ignored);
    }
  } cleanup{directory};
  std::vector<std::string> lines;  // the configurations, in the table's order
  for (const auto& r : rows) {
    if (std::find(lines.begin(), lines.end(), label(r.config, axes)) == lines.end()) lines.push_back(label(r.config, axes));
  }
  {
    std::ofstream out(directory / "times.dat");
    for (const auto& line : lines) {
      for (const auto& r : rows) {
        if (label(r.config, axes) == line && r.times.seconds > 0) out << r.config.size << ' ' << r.times.seconds << '\n';
      }
      out << "\n\n";
    }
  }
  if (profile) {
    std::ofstream out(directory / "profile.dat");
    for (const auto& r : rows) {
      for (std::size_t d = 0; d < r.result.profile.size(); ++d) {
        if (r.result.profile[d].nodes > 0) out << d << ' ' << r.result.profile[d].nodes << '\n';
      }
      out << "\n\n";
    }
  }
  std::ostringstream script;
  script << "set terminal " << terminal << " size 800," << (profile ? 1000 : 500)
         << (terminal == "svg" ? " dynamic" : "") << " enhanced background rgb 'white'\n"
         << "set output " << gnuplot_string((directory / "plot").string()) << '\n'
         << (profile ? "set multiplot layout 2,1\n" : "")
         << "set logscale y\nset format y '10^{%L}'\nset xlabel " << gnuplot_string(size_name)
         << "\nset ylabel 'seconds (log scale)'\nset key left top noenhanced\nset grid\n"
         << "set title " << gnuplot_string(title) << " noenhanced\nplot ";
  for (std::size_t i = 0; i < lines.size(); ++i) {
    script << (i ? ", " : "") << gnuplot_string((directory / "times.dat").string()) << " index " << i
           << " using 1:2 with linespoints title " << gnuplot_string(lines[i]);
  }
  script << '\n';
  if (profile) {
    script << "set xlabel 'depth'\nset ylabel 'nodes (log scale)'\nset key right top noenhanced\n"
           << "set title 'nodes per depth' noenhanced\nplot ";
    for (std::size_t i = 0; i < rows.size(); ++i) {
      script << (i ? ", " : "") << gnuplot_string((directory / "profile.dat").string()) << " index " << i
             << " using 1:2 with linespoints title " << gnuplot_string(profile_label(rows[i], axes, sizes));
    }
    script << "\nunset multiplot\n";
  }
  FILE* gnuplot = popen("gnuplot", "w");
  if (gnuplot == nullptr) throw std::runtime_error("cannot start gnuplot");
  std::fputs(script.str().c_str(), gnuplot);
  const int status = pclose(gnuplot);
  std::error_code ec;
  if (status != 0 || !std::filesystem::exists(directory / "plot", ec)) {
    throw InputError("gnuplot could not draw the plot (exit status " + std::to_string(status) + ")");
  }
  std::filesystem::copy_file(directory / "plot", file, std::filesystem::copy_options::overwrite_existing, ec);
  if (ec) throw InputError("--plot " + in_quotes(file) + ": " + ec.message());
  log::info("wrote " + shown(file, std::string_view::npos));  // one line, whatever the name
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
               median(of(&InstanceTimes::seconds))};
  const auto totals = of(&InstanceTimes::seconds);
  row.min_seconds = *std::min_element(totals.begin(), totals.end());
  row.max_seconds = *std::max_element(totals.begin(), totals.end());
}

}  // namespace

po::options_description compare_options() {
  po::options_description common("Options of backtrack compare");
  add_help_option(common);
  common.add_options()
    ("strategies", po::value<std::string>(), "comma-separated strategies (default: all of the problem's)")
    ("vary", po::value<std::vector<std::string>>()->composing(),
     "OPTION=V1,V2,...: run every row with each value of this option of the problem (repeatable)")
    ("repeat", po::value<int>()->default_value(1), "run every row R times, in turn; times are medians")
    ("per-instance", "an input of many instances (a Sudoku file, one puzzle a line): a row for each, not one for all");
  add_first_option(common, "time the search for the first solution, not the count");
  add_limit_option(common, "time the search for the first K solutions");
  add_profile_option(common, "count nodes and failures per depth for every row (tables after the table; \"profile\" "
                             "in JSON; with --plot a second chart, nodes per depth); --first and --limit then search "
                             "on one thread");
  common.add_options()
    ("plot", po::value<std::string>(), "also draw seconds vs n (log scale) into this file, .svg or .png, with gnuplot");
  add_verbosity_options(common);
  add_threads_option(common, "worker threads for every run (default 1, for comparable times)", 1);
  add_time_limit_option(common, "stop each run after this many seconds (its row is then partial)");
  add_max_nodes_option(common, "stop each run after this many nodes (its row is then partial)");
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
  Arguments args(raw_args.begin() + 1, raw_args.end());
  const std::optional<std::string> range =
      problem.size_option.empty() ? std::nullopt : take_size(args, problem.size_option);
  po::options_description own("Options of " + problem.name);
  problem.describe_options(own);
  po::options_description all;
  all.add(common).add(own);

  const po::variables_map vm = parse_options(args, all);
  if (vm.count("help") != 0) {
    std::cout << compare_usage << common << '\n' << own << '\n' << exit_code_help;
    return exit_ok;
  }
  const Format format = read_format(vm, compare_formats);
  std::vector<std::string> strategies;
  if (vm.count("strategies") != 0) {
    strategies = split_list(vm["strategies"].as<std::string>());
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
  PlotTerminal terminal;
  if (vm.count("plot") != 0) {
    if (problem.size_option.empty()) {
      throw UsageError("--plot draws seconds against the size, and " + problem.name + " has no size option");
    }
    check_plot_path(vm["plot"].as<std::string>());
    terminal = plot_terminal(vm["plot"].as<std::string>());
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
      plan.set = problem.instances(plan.options);
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

  const SolutionSink ignore_solutions = [](const Solution&) { return true; };
  std::vector<Row> rows(plans.size());
  bool interrupted = false;
  for (int round = 0; round < repeat && !interrupted; ++round) {
    for (std::size_t i = 0; i < plans.size() && !interrupted; ++i) {
      const Plan& plan = plans[i];
      InstanceClock clock(row_start);
      SolveIntent row_intent = intent;
      row_intent.strategy = plan.config.strategy;
      request.limits = limits;
      if (vm.count("time-limit") != 0) request.limits.deadline = SearchLimits::deadline_after(vm["time-limit"].as<double>());
      if (vm.count("limit") != 0) request.limits.max_solutions = static_cast<std::uint64_t>(vm["limit"].as<long long>());
      Row& row = rows[i];
      row.config = plan.config;
      // The instances this row runs: the one its options name, or each of a set in turn.
      const std::size_t count = std::max<std::size_t>(1, plan.set.size());
      RunResult total;
      StopReason status = StopReason::none;
      double search_seconds = 0;
      std::vector<double> instance_seconds;
      std::size_t solved = 0;
      for (std::size_t k = 0; k < count && !interrupted; ++k) {
        if (!plan.set.empty()) row_intent.instance = plan.set[k];
        const auto begin = Clock::now();
        auto solver = make_watched(problem, plan.options, row_intent, request.limits);
        if (log::debug_enabled()) log::debug("running " + problem.name + " " + solver->description());
        row.instance = solver->description();
        if (!range && !problem.size_option.empty()) {
          row.config.size = size_named_by(row.instance, problem, default_size);
        }
        const auto search_begin = Clock::now();
        const RunResult result = solver->run(request, ignore_solutions);
        search_seconds += std::chrono::duration<double>(Clock::now() - search_begin).count();
        solver.reset();  // freeing the instance is part of its row, not of the next one's set-up
        instance_seconds.push_back(std::chrono::duration<double>(Clock::now() - begin).count());
        total.stats += result.stats;
        total.reports_classes = result.reports_classes;
        total.counter_names = result.counter_names;
        total.profiled = result.profiled;
        add_profile(total.profile, result.profile);
        total.subtrees += result.subtrees;
        status = worse(status, result.stats.stop);
        if (result.stats.representatives > 0) ++solved;
        interrupted = result.stats.stop == StopReason::interrupted;
        if (result.stats.stop == StopReason::time_limit) break;
      }
      total.stats.stop = status;
      row_start = Clock::now();
      InstanceTimes times = clock.stop(row_start);
      times.search_seconds = search_seconds;
      times.setup_seconds = times.seconds - search_seconds;  // all but the searches: set-up, freeing
      row.runs.push_back(times);
      if (row.runs.size() == 1 || !cut(row.result.stats)) row.result = total;  // a cut run stays visible
      if (plan.set.size() > 1) {
        row.instances = instance_seconds.size();
        row.solved = solved;
        row.instance_seconds = median(instance_seconds);
        row.instance = "instances=" + std::to_string(plan.set.size()) + " strategy=" + plan.config.strategy;
      }
    }
  }
  std::erase_if(rows, [](const Row& r) { return r.runs.empty(); });  // not reached before Ctrl-C
  for (auto& row : rows) summarise(row);

  // Speed: against the slowest row of the same size. Agreement: rows of the same size and
  // the same instance options (those no strategy alone takes) count the same tree.
  bool agree = true;
  for (auto& row : rows) {
    double slowest = 0;
    for (const auto& other : rows) {
      if (other.config.size == row.config.size && other.config.instance == row.config.instance) {
        slowest = std::max(slowest, other.times.seconds);
      }
    }
    row.speedup = row.times.seconds > 0 ? slowest / row.times.seconds : 1.0;
  }
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
        if (!same_tree(rows[i], rows[j]) || !a.complete() || !b.complete() || a.solutions == b.solutions) continue;
        agree = false;
        log::error("DISAGREEMENT: " + label(rows[i].config, axes) + " (" + rows[i].instance + ") counts " +
                   to_string(a.solutions) + " solutions but " + label(rows[j].config, axes) + " (" + rows[j].instance +
                   ") counts " + to_string(b.solutions));
      }
    }
  }

  if (format == Format::text) {
    write_text(rows, axes, std::any_of(rows.begin(), rows.end(), [](const Row& r) { return r.result.reports_classes; }),
               repeat > 1);
    if (request.profile && !rows.empty()) write_profile_tables(rows, axes, sizes.size() > 1);
  } else if (format == Format::csv) {
    write_csv(std::cout, rows, axes);
  } else {
    write_json(problem.name, rows, axes, agree);
  }
  std::cout.flush();
  if (vm.count("plot") != 0 && !interrupted) {
    const std::string threads = std::to_string(request.threads) + (request.threads == 1 ? " thread" : " threads");
    std::vector<std::string> drawn;  // the rows' sizes: without -n, the ones the problem chose
    for (const auto& r : rows) {
      if (std::find(drawn.begin(), drawn.end(), r.config.size) == drawn.end()) drawn.push_back(r.config.size);
    }
    const std::string drawn_sizes =
        drawn.empty() ? default_size : drawn.size() == 1 ? drawn.front() : drawn.front() + ".." + drawn.back();
    plot(rows, axes,
         "backtrack compare " + problem.name + ", " + problem.size_option + " = " + drawn_sizes + ", " + threads +
             (repeat > 1 ? ", median of " + std::to_string(repeat) + " runs" : ""),
         problem.size_option, vm["plot"].as<std::string>(), terminal.name, request.profile, sizes.size() > 1);
  }
  if (!agree) return exit_disagreement;
  if (interrupted) return exit_code_for(StopReason::interrupted);
  const bool partial = std::any_of(rows.begin(), rows.end(), [](const Row& r) { return cut(r.result.stats); });
  return partial ? exit_stopped_by_limit : exit_ok;
}

}  // namespace backtrack
