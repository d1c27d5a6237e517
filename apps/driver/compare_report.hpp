#pragma once
// What `compare` reports: its rows, and the writers of its table (and the profile's
// tables), its CSV and its JSON Lines, beside report.hpp's writers of the other commands.
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "report.hpp"

namespace backtrack::compare {

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
  // The baseline row's median search seconds over this one's (run_compare()); none
  // without a baseline at this size.
  std::optional<double> speedup;
  // An input of many instances (ProblemInfo::instances), run as one row: how many were
  // searched, how many have a solution, and the median seconds of one.
  std::size_t instances = 0;
  std::size_t solved = 0;
  double instance_seconds = 0;
};

// The row's counts are not totals: a limit, Ctrl-C or the system's memory stopped it.
bool cut(const SearchStats& s);

// The label of a row's configuration beyond its size: "csp prune=arc".
std::string label(const Config& c, const std::vector<Axis>& axes);
// A row's name in the profile's tables and chart: its configuration, with its size and
// instance where rows differ in them (the size is "n", as the table's column).
std::string profile_label(const Row& r, const std::vector<Axis>& axes, bool sizes);

// The table on stdout; `classes`: a column for them, `repeated`: min and max seconds.
void write_text(const std::vector<Row>& rows, const std::vector<Axis>& axes, bool classes, bool repeated);
// With --profile: nodes per depth, then failures per depth, a column per row.
void write_profile_tables(const std::vector<Row>& rows, const std::vector<Axis>& axes, bool sizes);
void write_csv(std::ostream& out, const std::vector<Row>& rows, const std::vector<Axis>& axes);
// JSON Lines: a "row" line for each row, then one "compare" line for the table.
void write_json(const std::string& problem, const std::vector<Row>& rows, const std::vector<Axis>& axes, bool agree);

}  // namespace backtrack::compare
