#pragma once
// Reading a subcommand's arguments the same way in every command: options by name only
// (a stray word is a usage error, not silently dropped), and -q / -v taken once for all.
#include <boost/program_options.hpp>

#include "arguments.hpp"

namespace backtrack {

// Parses `args` against `options` (and `positional`, for the commands that take words),
// stores and notifies. A word that no option and no positional slot takes is a
// UsageError: `solve nqueens 12` must not count n = 8.
boost::program_options::variables_map parse_options(
    const Arguments& args, const boost::program_options::options_description& options,
    const boost::program_options::positional_options_description& positional = {});

// -q and -v for a command's --help; run_cli() takes them out of the arguments before any
// command parses them, so they may stand anywhere and be repeated (-vv).
void add_verbosity_options(boost::program_options::options_description& options);

// How many -v (positive) or -q (negative) were given, anywhere before "--"; they are
// removed from `args`. -vv counts two.
int take_verbosity(Arguments& args);

}  // namespace backtrack
