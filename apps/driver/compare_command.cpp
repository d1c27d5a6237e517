// backtrack compare: every strategy of a problem on every size of a range, one table.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

#include <stdlib.h>
#include <unistd.h>

#include "backtrack/cli.hpp"
#include "backtrack/errors.hpp"
#include "command_line.hpp"
#include "commands.hpp"
#include "exit_help.hpp"
#include "instance_clock.hpp"
#include "interrupt.hpp"
#include "search_options.hpp"
#include "setup_watch.hpp"

namespace backtrack {

namespace po = boost::program_options;

namespace {

const char* const compare_usage =
    "Usage: backtrack compare PROBLEM [-n RANGE] [--strategies S1,S2,...] [options]\n"
    "\n"
    "Counts the solutions of PROBLEM with each strategy for each size in RANGE and prints\n"
    "one table: n, strategy, solutions, nodes, failures, times in seconds (setup: reading\n"
    "the options and building the instance, for the first row the command line too; search:\n"
    "splitting the tree, the search, merging; seconds: the row's total, so the rows add up to\n"
    "the command), nodes per search second, and speed: the slowest strategy's seconds at that\n"
    "size over this one's. Every strategy runs with the same settings (e.g. the same\n"
    "--symmetry, none unless given). If two strategies count differently, compare says so\n"
    "on stderr and exits with 4. A row cut short by --time-limit says so in its status\n"
    "column (partial: its count is not a total) and compare then exits with 3.\n"
    "RANGE is A..B, a list A,B,C, or one size. Example:\n"
    "  backtrack compare nqueens -n 4..12 --strategies scan,arrays,bitset,word --plot times.svg\n\n";

struct Row {
  std::string size;  // empty for a problem without a size
  std::string strategy;
  RunResult result;
  InstanceTimes times;
  double speedup = 1.0;  // slowest seconds at this size / these seconds (totals)
};

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> items;
  std::stringstream stream(text);
  std::string item;
  while (std::getline(stream, item, ',')) {
    if (item.empty()) throw UsageError("empty item in list '" + text + "'");
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
  if (used != text.size() || text.empty()) throw UsageError("size '" + text + "' is not a whole number");
  return value;
}

std::vector<std::string> parse_range(const std::string& text) {
  std::vector<std::string> sizes;
  if (const auto dots = text.find(".."); dots != std::string::npos) {
    const long long from = parse_size(text.substr(0, dots));
    const long long to = parse_size(text.substr(dots + 2));
    if (to < from) throw UsageError("empty range '" + text + "'");
    if (to - from > 1000) throw UsageError("range '" + text + "' has more than 1000 sizes");
    for (long long v = from; v <= to; ++v) sizes.push_back(std::to_string(v));
  } else {
    for (const auto& item : split_list(text)) sizes.push_back(std::to_string(parse_size(item)));
  }
  return sizes;
}

// Takes "-n X", "-nX", "--size X", "--size=X" out of args; returns X, or "" if absent.
std::string take_size(Arguments& args, const std::string& long_name) {
  std::string value;
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

// "complete", or the reason the row stopped, marked partial.
std::string status_text(const SearchStats& s) {
  return s.complete() ? "complete" : std::string(to_string(s.stop)) + " (partial)";
}

std::string fixed(double value, int digits) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(digits) << value;
  return out.str();
}

void write_text(const std::vector<Row>& rows, bool classes) {
  std::vector<std::vector<std::string>> cells = {
      {"n", "strategy", "solutions", "nodes", "failures", "setup", "search", "seconds", "nodes/s", "speed", "status"}};
  if (classes) cells[0].insert(cells[0].begin() + 3, "classes");
  for (const auto& r : rows) {
    const SearchStats& s = r.result.stats;
    std::vector<std::string> line = {r.size.empty() ? "-" : r.size, r.strategy, to_string(s.solutions),
                                     std::to_string(s.nodes), std::to_string(s.failures),
                                     fixed(r.times.setup_seconds, 4), fixed(r.times.search_seconds, 4),
                                     fixed(r.times.seconds, 4),
                                     fixed(nodes_per_second(r.result, r.times) / 1e6, 1) + "M",
                                     s.complete() ? fixed(r.speedup, 2) + "x" : "-", status_text(s)};
    if (classes) line.insert(line.begin() + 3, r.result.reports_classes ? to_string(s.representatives) : "-");
    cells.push_back(line);
  }
  std::vector<std::size_t> width(cells[0].size(), 0);
  for (const auto& line : cells) {
    for (std::size_t c = 0; c < line.size(); ++c) width[c] = std::max(width[c], line[c].size());
  }
  for (const auto& line : cells) {
    for (std::size_t c = 0; c < line.size(); ++c) {
      if (c == 1) {
        std::cout << std::left << std::setw(static_cast<int>(width[c])) << line[c];
      } else {
        std::cout << std::right << std::setw(static_cast<int>(width[c])) << line[c];
      }
      std::cout << (c + 1 < line.size() ? "  " : "\n");
    }
  }
}

void write_csv(std::ostream& out, const std::vector<Row>& rows) {
  out << "n,strategy,solutions,classes,nodes,failures,setup_seconds,search_seconds,seconds,nodes_per_second,speedup,"
         "status\n";
  for (const auto& r : rows) {
    const SearchStats& s = r.result.stats;
    out << r.size << ',' << r.strategy << ',' << to_string(s.solutions) << ','
        << (r.result.reports_classes ? to_string(s.representatives) : "") << ',' << s.nodes << ',' << s.failures << ','
        << fixed(r.times.setup_seconds, 6) << ',' << fixed(r.times.search_seconds, 6) << ','
        << fixed(r.times.seconds, 6) << ',' << fixed(nodes_per_second(r.result, r.times), 0) << ','
        << (s.complete() ? fixed(r.speedup, 3) : "") << ',' << to_string(s.stop) << '\n';
  }
}

void write_json(const std::string& problem, const std::vector<Row>& rows, bool agree) {
  nlohmann::json table = nlohmann::json::array();
  for (const auto& r : rows) {
    const SearchStats& s = r.result.stats;
    nlohmann::json row = {{"n", r.size}, {"strategy", r.strategy}, {"solutions", to_string(s.solutions)},
                          {"nodes", s.nodes}, {"failures", s.failures},
                          {"setup_seconds", r.times.setup_seconds}, {"search_seconds", r.times.search_seconds},
                          {"seconds", r.times.seconds}, {"nodes_per_second", nodes_per_second(r.result, r.times)},
                          {"speedup", r.speedup},
                          {"status", std::string(to_string(s.stop))}};
    if (r.result.reports_classes) row["classes"] = to_string(s.representatives);
    table.push_back(row);
  }
  std::cout << json_line({{"type", "compare"}, {"schema_version", json_schema_version}, {"problem", problem},
                          {"agree", agree}, {"rows", table}})
            << '\n';
}

// A path gnuplot may write to, checked before any run: the table is not thrown away
// because the picture cannot be saved.
void check_plot_path(const std::filesystem::path& file) {
  std::error_code ec;
  if (std::filesystem::is_directory(file, ec)) throw UsageError("--plot " + file.string() + " is a directory");
  const auto parent = file.has_parent_path() ? file.parent_path() : std::filesystem::path(".");
  if (!std::filesystem::is_directory(parent, ec) || ::access(parent.c_str(), W_OK) != 0) {
    throw UsageError("--plot " + file.string() + ": cannot write into " + parent.string() + ": " +
                     std::strerror(ec ? ec.value() : errno));
  }
  if (std::filesystem::exists(file, ec) && ::access(file.c_str(), W_OK) != 0) {
    throw UsageError("--plot " + file.string() + ": " + std::strerror(errno));
  }
}

// gnuplot's single-quoted string: only the quote itself is special, written twice.
std::string gnuplot_quoted(const std::string& text) {
  std::string quoted = "'";
  for (const char c : text) quoted += c == '\'' ? std::string("''") : std::string(1, c);
  return quoted + "'";
}

// Draws seconds against size, log scale, one line per strategy, with gnuplot. gnuplot
// writes into a private directory of ours, and the picture is then copied to `file`:
// the user's file name never enters the script, so no name can run gnuplot commands,
// and gnuplot never falls back to writing the SVG to stdout.
int plot(const std::vector<Row>& rows, const std::vector<std::string>& strategies, const std::string& file) {
  if (std::system("command -v gnuplot >/dev/null 2>&1") != 0) {
    spdlog::error("--plot needs gnuplot, which is not installed (Debian: apt-get install gnuplot-nox); "
                  "the table above is complete");
    return exit_unavailable;
  }
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
  {
    std::ofstream out(directory / "times.dat");
    for (const auto& strategy : strategies) {
      out << "# " << strategy << '\n';
      for (const auto& r : rows) {
        if (r.strategy == strategy && r.times.seconds > 0) out << r.size << ' ' << r.times.seconds << '\n';
      }
      out << "\n\n";
    }
  }
  std::ostringstream script;
  script << "set terminal svg size 800,500 dynamic background rgb 'white'\n"
         << "set output " << gnuplot_quoted((directory / "plot.svg").string()) << '\n'
         << "set logscale y\nset xlabel 'n'\nset ylabel 'seconds'\nset key left top\nset grid\n"
         << "set title 'backtrack compare'\nplot ";
  for (std::size_t i = 0; i < strategies.size(); ++i) {
    script << (i ? ", " : "") << gnuplot_quoted((directory / "times.dat").string()) << " index " << i
           << " using 1:2 with linespoints title " << gnuplot_quoted(strategies[i]);
  }
  script << '\n';
  FILE* gnuplot = popen("gnuplot", "w");
  if (gnuplot == nullptr) throw std::runtime_error("cannot start gnuplot");
  std::fputs(script.str().c_str(), gnuplot);
  const int status = pclose(gnuplot);
  std::error_code ec;
  if (status != 0 || !std::filesystem::exists(directory / "plot.svg", ec)) {
    throw InputError("gnuplot could not draw the plot (exit status " + std::to_string(status) + ")");
  }
  std::filesystem::copy_file(directory / "plot.svg", file, std::filesystem::copy_options::overwrite_existing, ec);
  if (ec) throw InputError("--plot " + file + ": " + ec.message());
  spdlog::info("wrote {}", file);
  return exit_ok;
}

}  // namespace

int compare_command(const Arguments& raw_args, const Registry& registry) {
  // Each row's clock starts where the last one stopped: the rows add up to the command.
  Clock::time_point row_start = Clock::now();
  po::options_description common("Options of backtrack compare");
  common.add_options()
    ("help,h", "this help")
    ("strategies", po::value<std::string>(), "comma-separated strategies (default: all of the problem's)")
    ("plot", po::value<std::string>(), "also draw seconds vs n (log scale) into this SVG file, with gnuplot");
  add_verbosity_options(common);
  common.add_options()
    ("threads,j", po::value<int>()->default_value(1), "worker threads for every run (default 1, for comparable times)")
    ("time-limit", po::value<double>(), "stop each run after this many seconds (its row is then partial)")
    ("format", po::value<std::string>()->default_value("text"), "text | csv | json");

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
  const std::string range = problem.size_option.empty() ? "" : take_size(args, problem.size_option);
  po::options_description own("Options of " + problem.name);
  problem.describe_options(own);
  po::options_description all;
  all.add(common).add(own);

  auto parse = [&](const std::string& size) {
    Arguments with_size = args;
    if (!size.empty()) with_size.insert(with_size.end(), {"--" + problem.size_option, size});
    return parse_options(with_size, all);
  };
  const po::variables_map vm = parse("");
  if (vm.count("help") != 0) {
    std::cout << compare_usage << common << '\n' << own << '\n' << exit_code_help;
    return exit_ok;
  }
  const Format format = read_format(vm, true);
  if (vm.count("plot") != 0) check_plot_path(vm["plot"].as<std::string>());
  std::vector<std::string> strategies;
  if (vm.count("strategies") != 0) {
    strategies = split_list(vm["strategies"].as<std::string>());
  } else {
    for (const auto& s : problem.strategies) strategies.push_back(s.name);
  }
  for (const auto& s : strategies) {
    const bool known = std::any_of(problem.strategies.begin(), problem.strategies.end(),
                                   [&](const StrategyInfo& info) { return info.name == s; });
    if (!known) throw UsageError("unknown strategy '" + s + "' for " + problem.name + " (see backtrack list)");
  }
  std::vector<std::string> sizes = range.empty() ? std::vector<std::string>{""} : parse_range(range);
  if (!problem.size_option.empty() && range.empty()) {
    sizes = {std::to_string(vm[problem.size_option].as<int>())};
  }

  RunRequest request;
  request.threads = read_threads(vm);
  const SolutionSink ignore_solutions = [](const Solution&) { return true; };
  SearchLimits limits = read_limits(vm);
  std::vector<Row> rows;
  bool agree = true;
  bool interrupted = false;
  for (const auto& size : sizes) {
    const auto size_vm = parse(size);
    const std::size_t first_row = rows.size();
    for (const auto& strategy : strategies) {
      InstanceClock clock(row_start);
      SolveIntent intent;
      intent.strategy = strategy;
      intent.uniform = true;
      request.limits = limits;
      if (size_vm.count("time-limit") != 0) {
        request.limits.deadline = SearchLimits::deadline_after(size_vm["time-limit"].as<double>());
      }
      auto solver = make_watched(problem, size_vm, intent, request.limits);
      spdlog::debug("running {} {}", problem.name, solver->description());
      Row row{size, strategy, clock.time_search([&] { return solver->run(request, ignore_solutions); }), {}, 1.0};
      solver.reset();  // freeing the instance is part of its row, not of the next one's set-up
      row_start = Clock::now();
      row.times = clock.stop(row_start);
      if (row.result.stats.stop == StopReason::interrupted) interrupted = true;
      rows.push_back(row);
      if (interrupted) break;
    }
    double slowest = 0;
    for (std::size_t i = first_row; i < rows.size(); ++i) slowest = std::max(slowest, rows[i].times.seconds);
    for (std::size_t i = first_row; i < rows.size(); ++i) {
      const double s = rows[i].times.seconds;
      rows[i].speedup = s > 0 ? slowest / s : 1.0;
      const auto& a = rows[first_row].result.stats;
      const auto& b = rows[i].result.stats;
      if (a.complete() && b.complete() && a.solutions != b.solutions) {
        agree = false;
        spdlog::error("DISAGREEMENT at {}={}: {} counts {} solutions but {} counts {}", problem.size_option, size,
                      rows[first_row].strategy, to_string(a.solutions), rows[i].strategy, to_string(b.solutions));
      }
    }
    if (interrupted) break;
  }

  if (format == Format::text) {
    write_text(rows, std::any_of(rows.begin(), rows.end(), [](const Row& r) { return r.result.reports_classes; }));
  } else if (format == Format::csv) {
    write_csv(std::cout, rows);
  } else {
    write_json(problem.name, rows, agree);
  }
  std::cout.flush();
  int code = exit_ok;
  if (vm.count("plot") != 0 && !interrupted) code = plot(rows, strategies, vm["plot"].as<std::string>());
  if (!agree) return exit_disagreement;
  if (interrupted) return exit_code_for(rows.back().result.stats);
  if (code != exit_ok) return code;
  const bool partial = std::any_of(rows.begin(), rows.end(), [](const Row& r) { return !r.result.stats.complete(); });
  return partial ? exit_stopped_by_limit : exit_ok;
}

}  // namespace backtrack
