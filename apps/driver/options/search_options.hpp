#pragma once
// Options shared by the commands that run searches (solve, compare).
#include <boost/program_options.hpp>
#include <string>
#include <vector>

#include "arguments.hpp"
#include "../output/report.hpp"
#include "backtrack/registry.hpp"

namespace backtrack {

void add_search_options(boost::program_options::options_description& options);
// --threads, 0 or absent meaning every hardware thread this process may use.
unsigned read_threads(const boost::program_options::variables_map& vm);
// --max-nodes, --max-failures (when the command has them), --time-limit, and the Ctrl-C flag.
SearchLimits read_limits(const boost::program_options::variables_map& vm);
// The --format values of each command, and the --print values of solve: read by the
// commands, offered by shell completion.
inline const std::vector<std::string> solve_formats{"text", "json", "leetcode"};
inline const std::vector<std::string> compare_formats{"text", "csv", "json"};
inline const std::vector<std::string> report_formats{"text", "json"};  // estimate, check, list
inline const std::vector<std::string> print_choices{"solutions", "summary", "both"};
// --format, one of `allowed`.
Format read_format(const boost::program_options::variables_map& vm, const std::vector<std::string>& allowed);
// What `solve` writes to stdout (--print).
enum class Printed { both, solutions, summary };
Printed read_printed(const boost::program_options::variables_map& vm, SearchMode mode);
// The problem named by the first argument, or a UsageError listing the known ones.
const ProblemInfo& find_problem(const Registry& registry, const std::string& name);
// `backtrack COMMAND PROBLEM [options]` (solve, estimate): the problem, and the command's
// options parsed together with the problem's own. With --help, print_help(common,
// the problem or null) has printed the help and `problem` is null; without a problem
// name first, a UsageError says `missing_problem`.
struct ProblemCommand {
  const ProblemInfo* problem = nullptr;
  boost::program_options::variables_map vm;
};
using PrintHelp = void (*)(const boost::program_options::options_description& common, const ProblemInfo* problem);
ProblemCommand parse_problem_command(const Arguments& args, const Registry& registry,
                                     const boost::program_options::options_description& common, PrintHelp print_help,
                                     const std::string& missing_problem);
// 130 or 143 after a signal, 3 after a node, failure or time limit, else 0.
int exit_code_for(StopReason reason);
inline int exit_code_for(const SearchStats& stats) { return exit_code_for(stats.stop); }

}  // namespace backtrack
