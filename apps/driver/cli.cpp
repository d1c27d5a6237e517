#include "backtrack/cli.hpp"

#include <iostream>
#include <string>
#include <vector>

#include "backtrack/did_you_mean.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/quoted.hpp"
#include "commands/commands.hpp"
#include "options/command_line.hpp"
#include "options/exit_help.hpp"
#include "plugins/plugin_loader.hpp"
#include "program/error_exit.hpp"
#include "program/finish_output.hpp"
#include "program/log.hpp"


namespace backtrack {
namespace {

int verbosity_level = 0;

const char* const top_help =
    "backtrack: a framework for backtracking search, with puzzles as plugins.\n"
    "\n"
    "Usage: backtrack [--help] [--version] [--plugin FILE]... COMMAND [ARGS...]\n"
    "\n"
    "Commands:\n"
    "  solve PROBLEM    count, list or find solutions (backtrack solve nqueens -n 12)\n"
    "  compare PROBLEM  run several strategies over a range of sizes, one table\n"
    "  estimate PROBLEM predict the nodes and time of a count from random probes\n"
    "  check PROBLEM    is this a solution? (backtrack check nqueens FILE; stdin without FILE)\n"
    "  list [PROBLEM]   the problems, one a line; PROBLEM's strategies and options\n"
    "  manual           the manual page backtrack(1), in roff (man -l <(backtrack manual))\n"
    "  complete I W...  what the shell completion scripts ask: the candidates for word I of W\n"
    "\n"
    "Plugins: --plugin FILE loads a plugin module (built with backtrack_add_plugin) before\n"
    "the command; so does every *.so in the directories of BACKTRACK_PLUGIN_PATH\n"
    "(colon-separated) and in the installed plugin directory (" BACKTRACK_INSTALLED_PLUGIN_DIR ").\n"
    "A module, or a directory above it, that anyone but root or you can write is refused\n"
    "(but for a sticky directory of root's, as /tmp, where the name in it is yours).\n"
    "\n"
    "`backtrack COMMAND --help` explains a command. Data goes to stdout, messages to\n"
    "stderr (-q: errors only, -v: more detail).\n\n";

}  // namespace

void set_verbosity(int level) {
  verbosity_level = level;
  log::set_verbosity(level);
}

bool quiet() { return verbosity_level < 0; }

namespace {

// --plugin FILE (or --plugin=FILE), any number of times before the command; taken out of `args`.
std::vector<std::string> take_plugins(Arguments& args) {
  std::vector<std::string> files;
  while (!args.empty()) {
    if (args[0] == "--plugin") {
      if (args.size() < 2) throw UsageError("--plugin needs a file (backtrack --plugin FILE COMMAND ...)");
      files.push_back(args[1]);
      args.erase(args.begin(), args.begin() + 2);
    } else if (args[0].starts_with("--plugin=")) {
      files.push_back(args[0].substr(9));
      args.erase(args.begin());
    } else {
      break;
    }
  }
  return files;
}

}  // namespace

int run_cli(int argc, const char* const* argv, Registry& registry) {
  log::use_stderr_logger();
  set_verbosity(0);
  int code = exit_ok;
  try {
    Arguments args(argv + 1, argv + argc);
    set_verbosity(take_verbosity(args));
    // Options before the command: --help, --version, --plugin.
    const std::vector<std::string> plugins = take_plugins(args);
    if (args.empty()) throw UsageError("no command given (see backtrack --help)");
    const std::string& first = args[0];
    if (first == "--help" || first == "-h" || first == "help") {
      std::cout << top_help << exit_code_help;
    } else if (first == "--version" || first == "-V") {
      std::cout << "backtrack " << BACKTRACK_VERSION << '\n';
    } else if (first.starts_with("-")) {
      throw UsageError("unknown option " + in_quotes(first) + " (see backtrack --help)");
    } else {
      load_plugins(plugins, registry);
      const Arguments rest(args.begin() + 1, args.end());
      if (first == "solve") {
        code = solve_command(rest, registry);
      } else if (first == "list") {
        code = list_command(rest, registry);
      } else if (first == "check") {
        code = check_command(rest, registry);
      } else if (first == "compare") {
        code = compare_command(rest, registry);
      } else if (first == "estimate") {
        code = estimate_command(rest, registry);
      } else if (first == "complete") {
        code = complete_command(rest, registry);
      } else if (first == "manual") {
        code = manual_command(rest, registry);
      } else {
        throw UsageError("unknown command " + in_quotes(first) +
                         did_you_mean(first, {"solve", "compare", "estimate", "check", "list", "manual"}) +
                         " (choose solve, compare, estimate, check or list)");
      }
    }
  } catch (...) {
    code = exit_code_for_current_exception();
  }
  return finish_output(code);
}

}  // namespace backtrack
