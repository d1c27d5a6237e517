#include <algorithm>
#include <boost/program_options.hpp>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

#include "../options/command_line.hpp"
#include "../options/declarations.hpp"
#include "../options/exit_help.hpp"
#include "../options/search_options.hpp"
#include "../options/shared_options.hpp"
#include "../output/report.hpp"
#include "backtrack/cli.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/quoted.hpp"
#include "commands.hpp"

namespace backtrack {

namespace po = boost::program_options;

po::options_description list_options() {
  po::options_description options("Options of backtrack list");
  add_help_option(options);
  add_format_option(options, report_formats);
  add_verbosity_options(options);
  return options;
}

int list_command(const Arguments& args, const Registry& registry) {
  const po::options_description options = list_options();
  po::options_description hidden;
  hidden.add_options()("problem", po::value<std::string>())("more", po::value<std::vector<std::string>>());
  po::options_description all;
  all.add(options).add(hidden);
  po::positional_options_description positional;
  positional.add("problem", 1).add("more", -1);
  const po::variables_map vm = parse_options(args, all, positional);
  if (vm.count("more") != 0) {
    throw UsageError("unexpected argument " + in_quotes(vm["more"].as<std::vector<std::string>>().front()) +
                     ": list takes one problem name at most");
  }
  if (vm.count("help") != 0) {
    std::cout << "Usage: backtrack list [PROBLEM] [--format text|json]\n\nThe problems, one a line: its name and "
                 "what it solves. With PROBLEM, that problem's strategies\nand options. --format json gives every "
                 "problem's strategies and options (or PROBLEM's).\n\n"
              << options << '\n' << exit_code_help;
    return exit_ok;
  }
  const std::string format = read_format(vm, report_formats) == Format::json ? "json" : "text";
  std::vector<const ProblemInfo*> listed;
  if (vm.count("problem") != 0) {
    listed.push_back(&find_problem(registry, vm["problem"].as<std::string>()));
  } else {
    for (const auto& problem : registry.problems()) listed.push_back(&problem);
  }
  // Every option of every problem is hundreds of lines: the text names the problems,
  // and `list PROBLEM` tells one in full.
  if (format == "text" && vm.count("problem") == 0) {
    std::size_t width = 0;
    for (const ProblemInfo* const problem : listed) width = std::max(width, problem->name.size());
    for (const ProblemInfo* const problem : listed) {
      std::cout << problem->name << std::string(width - problem->name.size() + 2, ' ') << problem->summary << '\n';
    }
    return exit_ok;
  }

  nlohmann::json problems = nlohmann::json::array();
  for (const ProblemInfo* const named : listed) {
    const ProblemInfo& problem = *named;
    po::options_description problem_options("Options of " + problem.name);
    problem.describe_options(problem_options);
    if (format == "text") {
      std::cout << problem.name << (problem.version.empty() ? "" : " (version " + problem.version + ")") << ": "
                << problem.summary << '\n';
      if (problem.check) std::cout << "  checks solutions: backtrack check " << problem.name << " FILE\n";
      std::cout << "  strategies:\n";
      for (const auto& s : problem.strategies) {
        std::cout << "    " << s.name << "  " << s.summary << '\n';
        if (const auto declared = declared_text(problem, s); !declared.empty()) std::cout << "      (" << declared << ")\n";
      }
      std::cout << problem_options << '\n';
    } else {
      nlohmann::json strategies = nlohmann::json::array();
      for (const auto& s : problem.strategies) strategies.push_back(declared_json(s));
      nlohmann::json opts = nlohmann::json::array();
      for (const auto& o : problem.options) opts.push_back(option_json(o));
      problems.push_back({{"name", problem.name}, {"summary", problem.summary}, {"version", problem.version},
                          {"strategies", strategies}, {"options", opts}, {"checks", static_cast<bool>(problem.check)}});
    }
  }
  if (format == "json") {
    std::cout << nlohmann::json{{"type", "problems"}, {"schema_version", json_schema_version}, {"problems", problems}}
              << '\n';
  }
  return exit_ok;
}

}  // namespace backtrack
