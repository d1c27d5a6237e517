#pragma once
// solve --checkpoint FILE: the journal of a count, which keeps the count's identity (the
// plugin's Instance, the problem's options, the program's and the plugin's versions), so
// that the same command resumes from it and another count is refused.
#include <boost/program_options.hpp>
#include <memory>

#include "backtrack/journal.hpp"
#include "backtrack/registry.hpp"
#include "backtrack/solver_interface.hpp"

namespace backtrack {

// The journal --checkpoint names, opened for `solver`'s count in `mode` under `limits`
// (checked: a count, without node or failure limits); null without --checkpoint.
std::unique_ptr<Journal> open_checkpoint(const ProblemInfo& problem, const boost::program_options::variables_map& vm,
                                         const Solver& solver, SearchMode mode, const SearchLimits& limits);

}  // namespace backtrack
