#pragma once
// The backtrack command line, as a library: the executable is one call to run_cli(),
// and a project with plugins of its own can call it with its own registry.
#include "backtrack/registry.hpp"

namespace backtrack {

// sysexits(3) codes, plus the ones for a search that did not finish.
enum ExitCode : int {
  exit_ok = 0,
  exit_invalid = 1,           // check: the solution breaks a rule
  exit_stopped_by_limit = 3,  // --max-nodes or --time-limit ended the search: partial result
  exit_disagreement = 4,      // compare: two strategies counted differently
  exit_usage = 64,            // EX_USAGE: bad command line
  exit_data = 65,             // EX_DATAERR: bad input data
  exit_unavailable = 69,      // EX_UNAVAILABLE: a plugin module or a tool (gnuplot) is unusable
  exit_internal = 70,         // EX_SOFTWARE: a bug
  exit_out_of_memory = 71,    // EX_OSERR: the system refused memory
  exit_io = 74,               // EX_IOERR: the results could not be written
  exit_busy = 75,             // EX_TEMPFAIL: another process uses the journal; try again later
  exit_interrupted = 130,     // SIGINT (SIGTERM: 143): partial result printed
};

// Plugin modules (--plugin, BACKTRACK_PLUGIN_PATH, the installed plugin directory) add
// their problems to `registry` before the command runs.
int run_cli(int argc, const char* const* argv, Registry& registry = Registry::global());

}  // namespace backtrack
