// Shell completion and the manual page, both read off the same declarations as --help:
// the commands' options, and the problems with their strategies and options, plugins'
// included. The shell scripts (apps/completion/) only ask `backtrack complete`.
#include <boost/program_options.hpp>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "../options/exit_help.hpp"
#include "../options/search_options.hpp"
#include "backtrack/cli.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/quoted.hpp"
#include "commands.hpp"

namespace backtrack {

namespace po = boost::program_options;

namespace {

struct CommandInfo {
  const char* name;
  const char* summary;
  bool takes_problem;
  po::options_description (*options)();
  const std::vector<std::string>& formats;
};

const std::vector<CommandInfo>& commands() {
  static const std::vector<CommandInfo> all = {
      {"solve", "count, list or find solutions of PROBLEM", true, solve_options, solve_formats},
      {"compare", "run several strategies (and option values) over a range of sizes: one table", true,
       compare_options, compare_formats},
      {"estimate", "predict the nodes and time of a count from random probes", true, estimate_options,
       report_formats},
      {"check", "is this a solution of PROBLEM? (a file, or standard input)", true, check_options, report_formats},
      {"list", "the problems, one a line; with PROBLEM, its strategies and options", false, list_options,
       report_formats},
  };
  return all;
}

const CommandInfo* find_command(const std::string& name) {
  for (const auto& c : commands()) {
    if (name == c.name) return &c;
  }
  return nullptr;
}

// "--name" of every option in `options`, "-x" too where it has a short name.
std::vector<std::string> option_words(const po::options_description& options) {
  std::vector<std::string> words;
  for (const auto& option : options.options()) {
    words.push_back("--" + option->long_name());
    const std::string short_name = option->canonical_display_name(po::command_line_style::allow_dash_for_short);
    if (short_name.size() == 2 && short_name[0] == '-') words.push_back(short_name);
  }
  return words;
}

// The values an option takes, where they are known: strategies, declared choices, formats.
std::vector<std::string> option_values(const std::string& option, const CommandInfo& command,
                                       const ProblemInfo* problem) {
  const std::string name = option.starts_with("--") ? option.substr(2) : option;
  if (name == "format") return command.formats;
  if (name == "print") return print_choices;
  if (problem == nullptr) return {};
  if (name == "strategy" || name == "s" || name == "strategies") return problem->strategy_names();
  if (const OptionInfo* declared = problem->find_option(name)) return declared->choices;
  return {};
}

// After --vary: the problem's options as "NAME=", then, once the name is typed, its
// choices after what was typed up to the last comma ("prune=none," -> "prune=none,arc").
std::vector<std::string> vary_values(const std::string& typed, const ProblemInfo& problem) {
  std::vector<std::string> words;
  const auto equals = typed.find('=');
  if (equals == std::string::npos) {
    for (const auto& option : problem.options) {
      if (option.name != problem.size_option) words.push_back(option.name + "=");
    }
    return words;
  }
  const OptionInfo* option = problem.find_option(typed.substr(0, equals));
  if (option == nullptr) return words;
  const auto comma = typed.rfind(',');
  const std::string before = typed.substr(0, comma == std::string::npos || comma < equals ? equals + 1 : comma + 1);
  for (const auto& choice : option->choices) words.push_back(before + choice);
  return words;
}

bool takes_value(const std::string& word, const po::options_description& options) {
  const std::string name = word.starts_with("--") ? word.substr(2) : word.starts_with("-") ? word.substr(1) : "";
  if (name.empty()) return false;
  const po::option_description* option = options.find_nothrow(name, false, false, false);
  if (option == nullptr && word.size() == 2) option = options.find_nothrow(name, false, false, true);
  return option != nullptr && option->semantic()->max_tokens() > 0;
}

// Candidates for word `current` of `words` (the words after "backtrack"), before
// filtering by what was typed. Empty: let the shell complete file names.
std::vector<std::string> candidates(const std::vector<std::string>& words, std::size_t current,
                                    const Registry& registry) {
  std::size_t i = 0;
  while (i < current && (words[i] == "--plugin" || words[i].starts_with("-"))) i += words[i] == "--plugin" ? 2 : 1;
  if (i > current) return {};  // the file of --plugin
  if (i == current) {
    std::vector<std::string> first = {"--help", "--version", "--plugin"};
    for (const auto& c : commands()) first.emplace_back(c.name);
    first.emplace_back("manual");
    return first;
  }
  const CommandInfo* command = find_command(words[i]);
  if (command == nullptr) return {};
  po::options_description options = command->options();
  const ProblemInfo* problem = nullptr;
  if (command->takes_problem) {
    if (i + 1 == current) {
      std::vector<std::string> names;
      for (const auto& p : registry.problems()) names.push_back(p.name);
      return names;
    }
    problem = registry.find(words[i + 1]);
    if (problem != nullptr) problem->describe_options(options);
  }
  const std::string& previous = words[current - 1];
  if (previous == "--vary") return problem == nullptr ? std::vector<std::string>{} : vary_values(words[current], *problem);
  if (takes_value(previous, options)) return option_values(previous, *command, problem);
  std::vector<std::string> words_here = option_words(options);
  if (command->name == std::string("list") && i + 1 == current) {  // list PROBLEM
    for (const auto& p : registry.problems()) words_here.push_back(p.name);
  }
  return words_here;
}

void write_options_roff(std::ostream& out, const po::options_description& options) {
  out << ".PP\n.nf\n" << options << ".fi\n";
}

}  // namespace

// backtrack complete INDEX WORD...: the candidates for WORD number INDEX (0: the first
// word after "backtrack"), one a line, those that start with what was typed.
int complete_command(const Arguments& args, const Registry& registry) {
  if (args.empty()) throw UsageError("complete needs the index of the word to complete, then the words");
  if (args[0] == "--help" || args[0] == "-h") {
    std::cout << "Usage: backtrack complete I WORD...\n\n"
                 "What the shell completion scripts ask (apps/completion/): the candidates for word I\n"
                 "(0-based) of the words after `backtrack`, one a line, those that start with what word I\n"
                 "holds so far.\n"
                 "Example: backtrack complete 1 solve nq   prints nqueens\n\n"
              << exit_code_help;
    return exit_ok;
  }
  std::size_t current = 0;
  try {
    current = std::stoul(args[0]);
  } catch (const std::exception&) {
    throw UsageError("complete: " + in_quotes(args[0]) + " is no word index");
  }
  std::vector<std::string> words(args.begin() + 1, args.end());
  if (current > words.size()) throw UsageError("complete: word " + args[0] + " is past the words given");
  if (current == words.size()) words.emplace_back();
  const std::string& typed = words[current];
  for (const auto& word : candidates(words, current, registry)) {
    if (word.starts_with(typed)) std::cout << word << '\n';
  }
  return exit_ok;
}

// backtrack manual: the manual page backtrack(1), in roff.
int manual_command(const Arguments& args, const Registry& registry) {
  if (args.size() == 1 && (args[0] == "--help" || args[0] == "-h")) {
    std::cout << "Usage: backtrack manual\n\nWrites the manual page backtrack(1), in roff: man -l <(backtrack "
                 "manual) reads it.\n\n"
              << exit_code_help;
    return exit_ok;
  }
  if (!args.empty()) throw UsageError("manual takes no arguments (man -l <(backtrack manual) reads it)");
  std::ostream& out = std::cout;
  out << ".TH BACKTRACK 1 \"\" \"backtrack " BACKTRACK_VERSION "\" \"User Commands\"\n"
      << ".SH NAME\nbacktrack \\- a framework for backtracking search, with puzzles as plugins\n"
      << ".SH SYNOPSIS\n.B backtrack\n[\\-\\-plugin FILE]... COMMAND PROBLEM [OPTIONS]\n"
      << ".SH DESCRIPTION\nOne generic search engine solves every problem; what a puzzle knows lives in "
         "its plugin, and a plugin may keep its constraints in several ways (strategies) that can be "
         "compared side by side. Results go to standard output (text, JSON Lines, CSV), messages to "
         "standard error (\\-q: errors only, \\-v: more).\n"
      << ".SH COMMANDS\n";
  for (const auto& c : commands()) {
    out << ".TP\n.B " << c.name << (c.takes_problem ? " PROBLEM" : "") << "\n" << c.summary << "\n";
  }
  for (const auto& c : commands()) {
    out << ".SH OPTIONS OF " << c.name << "\n";
    write_options_roff(out, c.options());
  }
  out << ".SH PROBLEMS\n";
  for (const auto& p : registry.problems()) {
    out << ".SS " << p.name << "\n" << p.summary << "\n.PP\nStrategies:\n";
    for (const auto& s : p.strategies) out << ".TP\n.B " << s.name << "\n" << s.summary << "\n";
    po::options_description own("Options of " + p.name);
    p.describe_options(own);
    write_options_roff(out, own);
  }
  out << ".SH EXIT STATUS\n.nf\n" << exit_code_help << ".fi\n"
      << ".SH ENVIRONMENT\n.TP\n.B BACKTRACK_PLUGIN_PATH\ncolon-separated directories whose *.so plugin "
         "modules are loaded before the command, as are those of the installed plugin directory ("
      << BACKTRACK_INSTALLED_PLUGIN_DIR
      << "); a module, or a directory above it, that anyone but root or you can write is refused (but for a "
         "sticky directory of root's, as /tmp, where the name in it is yours)\n"
      << ".SH EXAMPLES\n.nf\nbacktrack solve nqueens \\-n 12\nbacktrack solve nqueens \\-n 4 \\-\\-all "
         "\\-\\-format leetcode\nbacktrack compare nqueens \\-n 4..12 \\-\\-strategies scan,arrays,bitset,word\n"
         "backtrack estimate nqueens \\-n 20\n.fi\n"
      << ".SH SEE ALSO\nbacktrack COMMAND \\-\\-help; the README of the project.\n";
  return exit_ok;
}

}  // namespace backtrack
