#pragma once
// An input that holds many instances (ProblemInfo::instances: a file of Sudoku puzzles,
// one a line), searched one after the other as `solve` does one: a result line for each,
// then one summary of them all.
#include <boost/program_options.hpp>
#include <string>
#include <vector>

#include "../output/report.hpp"
#include "backtrack/registry.hpp"
#include "instance_clock.hpp"

namespace backtrack {

// One search of each instance of a set, as solve searches one.
struct InstanceSet {
  const ProblemInfo& problem;
  const boost::program_options::variables_map& vm;
  SolveIntent intent;
  const RunRequest& request;
  Format format;
  const InstanceClock& clock;  // the command's, for the summary's times
};

// Searches each of `instances`, solutions through `print` (tagged with the instance's
// number in JSON); once `print` refuses one, the summary says the listing stopped. Stops
// early on Ctrl-C, at the time limit and when `print` refuses; a node limit applies to
// each instance. Returns the summary's status.
StopReason solve_set(const InstanceSet& set, const std::vector<std::string>& instances, const SolutionSink& print);

}  // namespace backtrack
