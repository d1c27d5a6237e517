#include <boost/program_options.hpp>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "backtrack/cli.hpp"
#include "backtrack/errors.hpp"
#include "command_line.hpp"
#include "declarations.hpp"
#include "commands.hpp"
#include "exit_help.hpp"
#include "report.hpp"
#include "search_options.hpp"
#include "shared_options.hpp"

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
  const po::variables_map vm = parse_options(args, options);
  if (vm.count("help") != 0) {
    std::cout << "Usage: backtrack list [--format text|json]\n\nThe problems, their strategies and options.\n\n"
              << options << '\n' << exit_code_help;
    return exit_ok;
  }
  const std::string format = read_format(vm, report_formats) == Format::json ? "json" : "text";

  nlohmann::json problems = nlohmann::json::array();
  for (const auto& problem : registry.problems()) {
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
