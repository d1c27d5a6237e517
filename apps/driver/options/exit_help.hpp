#pragma once
// The exit-code table, printed by every --help: the one place that lists them all
// (the codes themselves are ExitCode in backtrack/cli.hpp).
namespace backtrack {
inline constexpr const char* exit_code_help =
    "Exit codes:\n"
    "  0    success (also when there are no solutions)\n"
    "  1    check: the solution is not valid\n"
    "  3    stopped by --max-nodes, --max-failures or --time-limit: the statistics are partial\n"
    "  4    compare: strategies disagree on a count\n"
    "  64   usage error: unknown command, problem, strategy or option, bad value, size too large\n"
    "  65   bad input data (a file that cannot be read, a malformed puzzle, a journal of another count)\n"
    "  69   a plugin module cannot be used (missing, not a plugin, another version of backtrack,\n"
    "       a problem registered twice); compare --plot: no gnuplot, or none that draws PNG\n"
    "  70   internal error\n"
    "  71   out of memory: the system refused an allocation or a thread (the message says how much\n"
    "       this process may use: the machine's memory, ulimit -v or -d, its cgroup's limit)\n"
    "  74   the results could not be written (e.g. a full disk); a closed pipe ends quietly\n"
    "  75   the --checkpoint journal is in use by another process: try again when it ends\n"
    "  130  interrupted by Ctrl-C (143: SIGTERM): the statistics are partial\n";
}  // namespace backtrack
