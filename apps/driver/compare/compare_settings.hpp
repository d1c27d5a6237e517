#pragma once
// compare's command line, read and checked once, before any run: the problem, the sizes,
// strategies and varied options the rows range over, how every row runs, and what is
// drawn after the table.
#include <boost/program_options.hpp>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "../options/arguments.hpp"
#include "../output/report.hpp"
#include "../watch/watch_options.hpp"
#include "backtrack/registry.hpp"
#include "compare_plot.hpp"
#include "compare_report.hpp"

namespace backtrack::compare {

struct Settings {
  const ProblemInfo* problem = nullptr;
  Arguments args;  // after the problem's name, without -n RANGE: every row's arguments begin with these
  boost::program_options::options_description options;  // compare's and the problem's
  boost::program_options::variables_map vm;
  Format format = Format::text;
  std::vector<std::string> strategies;
  bool sizes_given = false;        // -n RANGE; without it the problem chooses each row's size
  std::vector<std::string> sizes;  // {""} without -n
  std::string default_size;        // the size option's default, "" without one
  std::vector<Axis> axes;
  int repeat = 1;
  bool per_instance = false;
  std::string baseline;  // the row --baseline names, "" for the first of each size
  // Every row's intent but its strategy and instance; its threads are every run's.
  SolveIntent intent;
  bool profile = false;
  SearchLimits limits;   // a run's --time-limit and --limit K are added as it starts
  std::unique_ptr<Watching> watching;  // --tree DIR
  std::string plot_file;               // --plot, "" without it
  PlotTerminal terminal;               // the one that draws plot_file
};

// The --help text's first part: what compare does, before the list of its options.
extern const char* const usage;

// Null where --help was asked for (and printed).
std::unique_ptr<Settings> read_settings(const Arguments& raw_args, const Registry& registry,
                                        const boost::program_options::options_description& common);

// "A,B,C", checked: no empty item.
std::vector<std::string> split_list(const std::string& text);

}  // namespace backtrack::compare
