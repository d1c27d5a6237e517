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

// The more serious of two reasons to stop, for a summary of many searches: a cut one
// (interrupted, time, nodes) over a finished one.
StopReason worse(StopReason a, StopReason b);

// Searches each of `instances` with `request`, solutions through `print` (tagged with the
// instance's number in JSON); `listing_stopped` tells it that `print` refuses more. Stops
// early on Ctrl-C and at the time limit; a node limit applies to each instance. Returns
// the summary's status.
StopReason solve_set(const ProblemInfo& problem, const boost::program_options::variables_map& vm,
                     SolveIntent intent, const RunRequest& request, Format format,
                     const std::vector<std::string>& instances, const SolutionSink& print, const bool& listing_stopped,
                     const InstanceClock& clock);

}  // namespace backtrack
