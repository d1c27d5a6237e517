#pragma once
// The exit-code table, printed by every --help.
namespace backtrack {
inline constexpr const char* exit_code_help =
    "Exit codes:\n"
    "  0    success (also when there are no solutions)\n"
    "  3    stopped by --max-nodes or --time-limit: the statistics are partial\n"
    "  4    compare: strategies disagree on a count\n"
    "  64   usage error: unknown command, problem, strategy or option, bad value\n"
    "  65   bad input data\n"
    "  70   internal error\n"
    "  75   the --checkpoint journal is in use by another process: try again when it ends\n"
    "  130  interrupted by Ctrl-C (143: SIGTERM): the statistics are partial\n";
}  // namespace backtrack
