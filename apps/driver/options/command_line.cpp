#include "command_line.hpp"

#include "backtrack/did_you_mean.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/quoted.hpp"

namespace backtrack {

namespace po = boost::program_options;

namespace {

// Boost's "unrecognised option '--frist'", with the option that was likely meant.
[[noreturn]] void unknown_option(const po::unknown_option& error, const po::options_description& options) {
  const std::string typed = error.get_option_name();
  std::string message = error.what();
  // The program's own option, which no command takes: it loads plugins before the command is read.
  if (typed == "--plugin" || typed.starts_with("--plugin=")) {
    throw UsageError(message + ": --plugin goes before the command (backtrack --plugin FILE COMMAND ...)");
  }
  if (typed.starts_with("--")) {
    std::vector<std::string> known;
    for (const auto& option : options.options()) known.push_back(option->long_name());
    message += did_you_mean(typed.substr(2), known, "--", "");
  }
  throw UsageError(message + " (see --help)");
}

// Boost's "the argument ('0.5s') for option '--time-limit' is invalid", with what the
// value should look like.
[[noreturn]] void invalid_value(const po::validation_error& error, const po::options_description& options) {
  std::string name = error.get_option_name();
  while (name.starts_with("-")) name.erase(0, 1);
  std::string message = error.what();
  if (const po::option_description* option = options.find_nothrow(name, false)) {
    const po::value_semantic* value = option->semantic().get();
    const bool whole = dynamic_cast<const po::typed_value<int>*>(value) != nullptr ||
                       dynamic_cast<const po::typed_value<long long>*>(value) != nullptr ||
                       dynamic_cast<const po::typed_value<unsigned long long>*>(value) != nullptr;
    const bool number = dynamic_cast<const po::typed_value<double>*>(value) != nullptr;
    if (whole || number) {
      std::string shown = value->name();  // "N", or "N (=8)" with its default
      shown = shown.substr(0, shown.find(" (="));
      message += ": --" + option->long_name() + " takes " + shown +
                 (whole ? ", a whole number such as 12" : ", a number such as 2.5 (no unit)");
    }
  }
  throw UsageError(message + " (see --help)");
}

// `-size 8` is read by Boost as -s with the value "ize", and then fails on '8', far from
// the mistake: a word of one dash that is a long option's name is refused as such.
void refuse_one_dash_long_options(const Arguments& args, const po::options_description& options) {
  for (const std::string& word : args) {
    if (word == "--") return;
    if (word.size() < 3 || word[0] != '-' || word[1] == '-') continue;
    const std::string name = word.substr(1, word.find('=') - 1);
    for (const auto& option : options.options()) {
      if (option->long_name() != name) continue;
      throw UsageError("unknown option " + in_quotes(word) + ": a long option takes two dashes, did you mean --" +
                       name + word.substr(1 + name.size()) + "? (one dash reads each letter as a short option)");
    }
  }
}

}  // namespace

po::variables_map parse_options(const Arguments& args, const po::options_description& options,
                                const po::positional_options_description& positional) {
  refuse_one_dash_long_options(args, options);
  po::command_line_parser parser(args);
  parser.options(options);
  // With no positional slot at all, Boost would throw its own "too many positional
  // options"; without one, it marks the word, and the loop below names it.
  if (positional.max_total_count() != 0) parser.positional(positional);
  po::parsed_options parsed(nullptr);
  try {
    parsed = parser.run();
  } catch (const po::unknown_option& error) {
    unknown_option(error, options);
  }
  for (const auto& option : parsed.options) {
    // Boost keeps a word that no positional slot names, and store() then drops it.
    if (option.position_key != -1 && option.string_key.empty()) {
      const std::string word = option.original_tokens.empty() ? "" : option.original_tokens.front();
      throw UsageError("unexpected argument " + in_quotes(word) +
                       ": give every input by an option's name (see --help), e.g. -n 12 or --file F");
    }
  }
  po::variables_map vm;
  try {
    po::store(parsed, vm);
  } catch (const po::validation_error& error) {
    invalid_value(error, options);
  }
  po::notify(vm);
  return vm;
}

void add_verbosity_options(po::options_description& options) {
  options.add_options()
    ("quiet,q", "errors only, no progress line")
    ("verbose,v", "more detail on stderr (-vv: everything)");
}

int take_verbosity(Arguments& args) {
  int level = 0;
  for (auto it = args.begin(); it != args.end() && *it != "--";) {
    const std::string& a = *it;
    const bool short_run = a.size() >= 2 && a[0] == '-' && a.find_first_not_of(a[1], 1) == std::string::npos &&
                           (a[1] == 'q' || a[1] == 'v');
    if (a == "--quiet" || a == "--verbose" || short_run) {
      if (a == "--quiet") {
        --level;
      } else if (a == "--verbose") {
        ++level;
      } else {
        const int count = static_cast<int>(a.size()) - 1;
        level += a[1] == 'v' ? count : -count;
      }
      it = args.erase(it);
    } else {
      ++it;
    }
  }
  return level;
}

}  // namespace backtrack
