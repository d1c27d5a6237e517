// `backtrack check PROBLEM [FILE]`: is this a solution? The reading and the rules are
// the plugin's (ProblemInfo::check); the driver only finds the input and maps the
// verdict to an exit code.
#include <boost/program_options.hpp>
#include <iostream>
#include <nlohmann/json.hpp>

#include "../options/command_line.hpp"
#include "../options/exit_help.hpp"
#include "../options/search_options.hpp"
#include "../options/shared_options.hpp"
#include "../output/report.hpp"
#include "backtrack/cli.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/input_file.hpp"
#include "commands.hpp"

namespace backtrack {

namespace po = boost::program_options;

namespace {

const char* const check_usage =
    "Usage: backtrack check PROBLEM [FILE] [--format text|json]\n"
    "\n"
    "Reads a solution of PROBLEM from FILE (stdin when FILE is absent or '-'; without FILE,\n"
    "a terminal is refused rather than waited on) and says whether it is valid, and if\n"
    "not, which rule it breaks. For nqueens: 0-based columns\n"
    "separated by spaces or commas, the output of `backtrack solve` (its first\n"
    "\"columns:\" line), or a board of 'Q' and '.'. For sudoku: a filled grid, as one line\n"
    "or as rows (the first grid of `backtrack solve sudoku`). For pentomino: rows of piece\n"
    "letters, ' ' a hole (the first tiling of `backtrack solve pentomino`). The input may\n"
    "hold up to 64 MiB.\n"
    "Example: backtrack solve nqueens -n 10000 --first | backtrack check nqueens\n"
    "Exit codes here: 0 valid, 1 invalid, 65 unreadable input, 64 usage error.\n\n";

}  // namespace

po::options_description check_options() {
  po::options_description options("Options of backtrack check");
  add_help_option(options);
  add_format_option(options, report_formats);
  add_verbosity_options(options);
  return options;
}

int check_command(const Arguments& args, const Registry& registry) {
  const po::options_description options = check_options();
  po::options_description hidden;
  hidden.add_options()("problem", po::value<std::string>())("file", po::value<std::string>());
  po::options_description all;
  all.add(options).add(hidden);
  po::positional_options_description positional;
  positional.add("problem", 1).add("file", 1);
  const po::variables_map vm = parse_options(args, all, positional);
  if (vm.count("help") != 0) {
    std::cout << check_usage << options << '\n' << exit_code_help;
    return exit_ok;
  }
  if (vm.count("problem") == 0) throw UsageError("check needs a problem name, e.g. backtrack check nqueens FILE");
  const ProblemInfo& problem = find_problem(registry, vm["problem"].as<std::string>());
  if (!problem.check) throw UsageError("problem " + problem.name + " has no solution checker");
  const Format format = read_format(vm, report_formats);

  if (vm.count("file") == 0) {
    require_redirected_stdin("check reads a solution from FILE or a pipe (backtrack solve " + problem.name +
                             " ... | backtrack check " + problem.name + ")");
  }
  const std::string path = vm.count("file") != 0 ? vm["file"].as<std::string>() : "-";
  const std::string source = input_name(path);
  const std::string input = read_input_file(path);

  const CheckVerdict verdict = problem.check(input, source);
  if (format == Format::json) {
    std::cout << json_line({{"type", "check"},
                            {"schema_version", json_schema_version},
                            {"problem", problem.name},
                            {"valid", verdict.valid},
                            {"message", verdict.message}})
              << '\n';
  } else {
    std::cout << verdict.message << '\n';
  }
  return verdict.valid ? exit_ok : exit_invalid;
}

}  // namespace backtrack
