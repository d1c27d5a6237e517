#pragma once
// Building an instance (a plugin's make()) runs no search, so nothing in it checks the
// limits: dancing links for a large board take seconds to build. While make_watched()
// builds one, a signal or the deadline ends the program at once, with the exit code it
// would have had (130/143, or 3) and a message: nothing has been computed yet, so
// nothing is lost, and the user does not wait for a set-up whose result is no longer
// wanted.
#include <boost/program_options.hpp>
#include <memory>
#include <string>
#include <vector>

#include "backtrack/registry.hpp"
#include "backtrack/search_limits.hpp"

namespace backtrack {

// problem.build(vm, intent), watched for the stop flag and the deadline of `limits`: how
// every command builds its instance.
std::unique_ptr<Solver> make_watched(const ProblemInfo& problem, const boost::program_options::variables_map& vm,
                                     const SolveIntent& intent, const SearchLimits& limits);
// problem.instances(vm), watched the same way: it reads the input, which may be a pipe
// that stays open (Ctrl-C while `cat | backtrack solve sudoku` waits is exit 130).
std::vector<std::string> instances_watched(const ProblemInfo& problem, const boost::program_options::variables_map& vm,
                                           const SearchLimits& limits);

}  // namespace backtrack
