#pragma once
// compare's rows before any runs: every row's options parsed and checked (a mistake in
// the last row does not cost the time of the others), each size's baseline first, and
// the table's columns, some of which only a one-node probe of each configuration tells.
#include <boost/program_options.hpp>
#include <optional>
#include <string>
#include <vector>

#include "compare_report.hpp"
#include "compare_settings.hpp"

namespace backtrack::compare {

// A row to run: its configuration, its options, and the instances of its input if many.
struct Plan {
  Config config;
  boost::program_options::variables_map options;
  std::vector<std::string> set;         // empty: the input is one instance
  std::optional<std::size_t> baseline;  // the row whose search seconds this one's speed divides
};

std::vector<Plan> plan_rows(const Settings& settings);

// The columns of the table; none when Ctrl-C stopped a probe.
std::optional<Columns> probe_columns(const Settings& settings, const std::vector<Plan>& plans);

}  // namespace backtrack::compare
