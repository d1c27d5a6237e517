#pragma once
// The options that more than one command takes, each declared once: its names, its
// letter and the type of its value are the same in every command, so that -j is
// --threads everywhere and the readers (read_threads(), read_limits(), read_format())
// read the type that was declared. What the option does differs by command (every
// run of compare, the count estimate predicts), so each command says it in `help`.
#include <boost/program_options/options_description.hpp>
#include <optional>
#include <string>
#include <vector>

namespace backtrack {

// --help, -h.
void add_help_option(boost::program_options::options_description& options);
// --format: one of `formats`, "text" by default; without `help`, the help lists them
// ("text | json").
void add_format_option(boost::program_options::options_description& options, const std::vector<std::string>& formats,
                       const std::string& help = "");
// --strategy NAME, -s.
// PLACEHOLDER names the value in --help: NAME for one strategy, S1,S2,... for a list.
void add_strategy_option(boost::program_options::options_description& options, const char* help,
                         const char* placeholder = "NAME");
// --threads N, -j; absent (or 0) is every CPU this process may use, unless the command
// has a default of its own.
void add_threads_option(boost::program_options::options_description& options, const char* help,
                        std::optional<int> default_threads = std::nullopt);
// --first, and --limit K.
void add_first_option(boost::program_options::options_description& options, const char* help);
void add_limit_option(boost::program_options::options_description& options, const char* help);
// --max-nodes N, --max-failures N and --time-limit SECONDS (read_limits()).
void add_max_nodes_option(boost::program_options::options_description& options, const char* help);
void add_max_failures_option(boost::program_options::options_description& options, const char* help);
void add_time_limit_option(boost::program_options::options_description& options, const char* help);
// --profile: nodes and failures per depth.
void add_profile_option(boost::program_options::options_description& options, const char* help);

}  // namespace backtrack
