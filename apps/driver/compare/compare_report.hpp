#pragma once
// What `compare` reports: its rows, and the writer of its table (and the profile's
// tables), its CSV and its JSON Lines, beside report.hpp's writers of the other commands.
// Rows are written as they finish, so the columns are decided before the first run.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "../output/report.hpp"

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
  // The search of a first run that is not timed (a short search is run twice): in none
  // of the times above but `seconds`.
  double warm_up_seconds = 0;
  double min_seconds = 0;
  double max_seconds = 0;
  // The baseline row's median search seconds over this one's; none without a baseline
  // at this size.
  std::optional<double> speedup;
  // An input of many instances (ProblemInfo::instances), run as one row: how many were
  // searched, how many have a solution, and the median seconds of one.
  std::size_t instances = 0;
  std::size_t solved = 0;
  double instance_seconds = 0;
};

// What the rows will hold, known before the first run: which columns there are.
struct Columns {
  bool size = true;  // the problem has a size option
  std::vector<Axis> axes;
  bool per_instance = false;          // --per-instance: the instance's number
  bool sets = false;                  // some row's input is a set of instances
  bool classes = false;               // some strategy counts symmetry classes
  bool objective = false;             // some strategy optimises: the best value found
  std::vector<std::string> counters;  // the strategies' own counters of their work
  bool repeated = false;              // --repeat: min and max seconds
  unsigned threads = 1;
  // The text table's widths, for the columns whose values are known up front.
  std::vector<Config> configs;
  std::size_t most_instances = 0;
};

// The row's counts are not totals: a limit, Ctrl-C or the system's memory stopped it.
bool cut(const SearchStats& s);

// The label of a row's configuration beyond its size: "csp prune=arc".
std::string label(const Config& c, const std::vector<Axis>& axes);
// A row's name in the profile's tables and chart: its configuration, with its size and
// instance where rows differ in them (the size is "n", as the table's column).
std::string profile_label(const Row& r, const std::vector<Axis>& axes, bool sizes);

// Numbers for people, one style per kind: seconds with three significant digits and a
// unit (7.47ms, 38.4us, 1.20s), rates with an SI prefix (2.80M). CSV and JSON keep
// every digit.
std::string seconds_text(double seconds);
std::string rate_text(double per_second);

// One column of the table and of the CSV: a new column is one more of these.
struct Column {
  std::string text_name;  // its header in the table; "": not in the table
  std::string csv_name;   // its header in CSV; "": not in CSV
  std::size_t width = 0;  // in the table, at least the header's
  bool words = false;     // left-aligned (names), not right-aligned (numbers)
  std::function<std::string(const Row&)> text;
  std::function<std::string(const Row&)> csv;
};

// Writes the header at once and each row as it finishes, flushed, so that a long
// experiment can be watched and piped: the table (text), CSV, or JSON Lines (a "row"
// line for each row, then one "compare" line for the table).
class Report {
 public:
  Report(Format format, std::string problem, const Columns& columns);
  void header() const;
  void row(const Row& r) const;
  // After the last row: JSON's "compare" line; with --profile, the text's tables of
  // nodes and failures per depth (`sizes`: the rows differ in size).
  void finish(const std::vector<Row>& rows, bool agree, bool profile, bool sizes) const;

 private:
  Format format_;
  std::string problem_;
  unsigned threads_;
  std::vector<Axis> axes_;
  std::vector<Column> columns_;
};

// Nodes per depth, then failures per depth, a column per row.
void write_profile_tables(const std::vector<Row>& rows, const std::vector<Axis>& axes, bool sizes);

}  // namespace backtrack::compare
