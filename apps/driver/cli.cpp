#include "backtrack/cli.hpp"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <iostream>
#include <string>

#include "backtrack/errors.hpp"
#include "commands.hpp"
#include "error_exit.hpp"
#include "exit_help.hpp"

#ifndef BACKTRACK_VERSION
#define BACKTRACK_VERSION "unknown"
#endif

namespace backtrack {
namespace {

bool quiet_mode = false;

const char* const top_help =
    "backtrack: a framework for backtracking search, with puzzles as plugins.\n"
    "\n"
    "Usage: backtrack [--help] [--version] COMMAND [ARGS...]\n"
    "\n"
    "Commands:\n"
    "  solve PROBLEM    count, list or find solutions (backtrack solve nqueens -n 12)\n"
    "  compare PROBLEM  run several strategies over a range of sizes, one table\n"
    "  estimate PROBLEM predict the nodes and time of a count from random probes\n"
    "  check PROBLEM    is this a solution? (backtrack check nqueens FILE; stdin without FILE)\n"
    "  list             the problems, their strategies and options\n"
    "\n"
    "`backtrack COMMAND --help` explains a command. Data goes to stdout, messages to\n"
    "stderr (-q: errors only, -v: more detail).\n\n";

}  // namespace

void set_verbosity(bool quiet, bool verbose) {
  quiet_mode = quiet;
  spdlog::set_level(quiet ? spdlog::level::err : verbose ? spdlog::level::debug : spdlog::level::info);
}

bool quiet() { return quiet_mode; }

int run_cli(int argc, const char* const* argv, const Registry& registry) {
  auto logger = spdlog::stderr_color_mt("backtrack");
  logger->set_pattern("backtrack: %^%l%$: %v");
  spdlog::set_default_logger(logger);
  set_verbosity(false, false);
  try {
    Arguments args(argv + 1, argv + argc);
    // Options before the command: --help, --version, -q, -v.
    std::size_t i = 0;
    bool quiet_flag = false;
    bool verbose_flag = false;
    for (; i < args.size() && args[i].starts_with("-"); ++i) {
      const std::string& a = args[i];
      if (a == "--help" || a == "-h") {
        std::cout << top_help << exit_code_help;
        return exit_ok;
      }
      if (a == "--version" || a == "-V") {
        std::cout << "backtrack " << BACKTRACK_VERSION << '\n';
        return exit_ok;
      }
      if (a == "-q" || a == "--quiet") {
        quiet_flag = true;
      } else if (a == "-v" || a == "--verbose") {
        verbose_flag = true;
      } else {
        throw UsageError("unknown option '" + a + "' (see backtrack --help)");
      }
    }
    set_verbosity(quiet_flag, verbose_flag);
    if (i == args.size()) throw UsageError("no command given (see backtrack --help)");
    const std::string command = args[i];
    Arguments rest(args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
    if (quiet_flag) rest.push_back("-q");
    if (verbose_flag) rest.push_back("-v");
    if (command == "solve") return solve_command(rest, registry);
    if (command == "list") return list_command(rest, registry);
    if (command == "check") return check_command(rest, registry);
    if (command == "compare") return compare_command(rest, registry);
    if (command == "estimate") return estimate_command(rest, registry);
    if (command == "help") {
      std::cout << top_help << exit_code_help;
      return exit_ok;
    }
    throw UsageError("unknown command '" + command + "' (choose solve, compare, estimate or list)");
  } catch (...) {
    return exit_code_for_current_exception();
  }
}

}  // namespace backtrack
