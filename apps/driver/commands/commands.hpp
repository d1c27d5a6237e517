#pragma once
// The subcommands of `backtrack`. Each parses its own arguments (everything after its
// name) and returns the exit code; usage and data errors are thrown as UsageError and
// InputError and turned into exit codes by run_cli().
#include <boost/program_options/options_description.hpp>
#include "../options/arguments.hpp"
#include "backtrack/registry.hpp"

namespace backtrack {

int solve_command(const Arguments& args, const Registry& registry);
int list_command(const Arguments& args, const Registry& registry);
int compare_command(const Arguments& args, const Registry& registry);
int check_command(const Arguments& args, const Registry& registry);
int estimate_command(const Arguments& args, const Registry& registry);
// Hidden helpers of the shell completion scripts and the manual page (completion.cpp).
int complete_command(const Arguments& args, const Registry& registry);
int manual_command(const Arguments& args, const Registry& registry);

// Each command's own options, without a problem's: for its parser and --help, and for
// completion and the manual, which show the same.
boost::program_options::options_description solve_options();
boost::program_options::options_description compare_options();
boost::program_options::options_description estimate_options();
boost::program_options::options_description check_options();
boost::program_options::options_description list_options();

// Logging level from -q / -v, shared by every subcommand: below 0 errors only, 0 the
// default, 1 debug, 2 and more trace.
void set_verbosity(int level);
bool quiet();

}  // namespace backtrack
