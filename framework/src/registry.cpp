#include "backtrack/registry.hpp"

#include <algorithm>
#include <any>
#include <boost/lexical_cast.hpp>
#include <boost/program_options.hpp>
#include <stdexcept>

#include "backtrack/did_you_mean.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/quoted.hpp"

namespace backtrack {

namespace {

namespace po = boost::program_options;

std::string flag_of(SearchMode mode) { return std::string("--") + to_string(mode); }

template <class T, class Name>
std::string joined(const std::vector<T>& items, Name name, const std::string& separator) {
  std::string text;
  for (const auto& item : items) text += (text.empty() ? "" : separator) + name(item);
  return text;
}

bool given(const boost::program_options::variables_map& vm, const std::string& option) {
  return vm.count(option) != 0 && !vm[option].defaulted();
}

bool takes(const StrategyInfo& strategy, const std::string& option) {
  return std::find(strategy.options.begin(), strategy.options.end(), option) != strategy.options.end();
}

// The strategies that take `option`, for a message.
std::string takers(const ProblemInfo& problem, const std::string& option) {
  std::vector<std::string> names;
  for (const auto& s : problem.strategies) {
    if (takes(s, option)) names.push_back(s.name);
  }
  return joined(names, [](const std::string& n) { return n; }, ", ");
}

// What --help shows for the value: FILE, the choices, or the kind of number.
std::string placeholder(const OptionInfo& option) {
  if (!option.value_name.empty()) return option.value_name;
  if (option.names_input_file) return "FILE";
  if (!option.choices.empty()) return joined(option.choices, [](const std::string& c) { return c; }, "|");
  switch (option.type) {
    case OptionInfo::Type::integer:
    case OptionInfo::Type::unsigned_integer: return "N";
    case OptionInfo::Type::real: return "X";
    case OptionInfo::Type::text: break;
  }
  return "TEXT";
}

template <class T>
po::typed_value<T>* typed(const OptionInfo& option) {
  auto* value = po::value<T>()->value_name(placeholder(option));
  if (option.default_value.empty()) return value;
  try {
    return value->default_value(boost::lexical_cast<T>(option.default_value), option.default_value);
  } catch (const boost::bad_lexical_cast&) {
    delete value;
    throw std::logic_error("option --" + option.name + " declares a default value of the wrong type: '" +
                           option.default_value + "'");
  }
}

po::value_semantic* semantic(const OptionInfo& option) {
  switch (option.type) {
    case OptionInfo::Type::integer: return typed<int>(option);
    case OptionInfo::Type::unsigned_integer: return typed<unsigned long long>(option);
    case OptionInfo::Type::real: return typed<double>(option);
    case OptionInfo::Type::text: break;
  }
  return typed<std::string>(option);
}

// The type and default of an option added through add_options, if a declaration can
// hold them: T is one of the declared types.
template <class T>
bool read_added(const po::value_semantic& semantic, OptionInfo::Type type, OptionInfo& option) {
  if (dynamic_cast<const po::typed_value<T>*>(&semantic) == nullptr) return false;
  option.type = type;
  boost::any value;
  if (semantic.apply_default(value)) option.default_value = boost::lexical_cast<std::string>(boost::any_cast<T>(value));
  return true;
}

}  // namespace

void declare_added_options(ProblemInfo& problem) {
  if (!problem.add_options) return;
  po::options_description added;
  problem.add_options(added);
  std::vector<OptionInfo> declared;
  for (const auto& o : added.options()) {
    OptionInfo option{.name = o->long_name(), .help = o->description()};
    const std::string shown = o->canonical_display_name(po::command_line_style::allow_dash_for_short);
    if (shown.size() == 2 && shown[0] == '-') option.short_name = shown[1];
    const po::value_semantic& semantic = *o->semantic();
    if (option.name.empty() || !(read_added<int>(semantic, OptionInfo::Type::integer, option) ||
                                 read_added<unsigned long long>(semantic, OptionInfo::Type::unsigned_integer, option) ||
                                 read_added<double>(semantic, OptionInfo::Type::real, option) ||
                                 read_added<std::string>(semantic, OptionInfo::Type::text, option))) {
      throw std::invalid_argument("problem " + problem.name + ": option " + in_quotes(o->format_name()) +
                                  ", added through add_options, is not one that ProblemInfo::options can declare "
                                  "(a long name, and a value of type int, unsigned long long, double or "
                                  "std::string): declare it in options");
    }
    declared.push_back(std::move(option));
  }
  problem.options.insert(problem.options.end(), declared.begin(), declared.end());
  problem.add_options = {};
}

void check_size(const ProblemInfo& problem, const StrategyInfo& strategy, int size) {
  if (strategy.max_size != 0 && size > strategy.max_size) {
    throw UsageError("strategy " + strategy.name + " of " + problem.name + " handles sizes up to " +
                     std::to_string(strategy.max_size) + ", got " + std::to_string(size));
  }
}

void check_listed_somewhere(const ProblemInfo& problem, const boost::program_options::variables_map& vm,
                            const SolveIntent& intent) {
  const auto& own = intent.command_options;
  for (const auto& option : problem.options) {
    if (!option.only_where_listed || !given(vm, option.name) || !takers(problem, option.name).empty() ||
        std::find(own.begin(), own.end(), option.name) != own.end()) {
      continue;
    }
    throw UsageError("--" + option.name + ": no strategy of " + problem.name +
                     " takes it (none lists it among its options), so it would be ignored");
  }
}

void check_declared(const ProblemInfo& problem, const StrategyInfo& strategy,
                    const boost::program_options::variables_map& vm, const SolveIntent& intent) {
  check_listed_somewhere(problem, vm, intent);
  if (!problem.size_option.empty() && vm.count(problem.size_option) != 0) {
    const std::any& size = vm[problem.size_option].value();
    if (const int* n = std::any_cast<int>(&size)) check_size(problem, strategy, *n);
  }
  if (!strategy.symmetries.empty() && given(vm, "symmetry")) {
    const auto& wanted = vm["symmetry"].as<std::string>();
    const auto& offered = strategy.symmetries;
    if (std::find(offered.begin(), offered.end(), wanted) == offered.end()) {
      throw UsageError("strategy " + strategy.name + " implements --symmetry " +
                       joined(offered, [](const std::string& s) { return s; }, " or ") + ", not " + wanted +
                       did_you_mean(wanted, offered));
    }
  }
  if (!strategy.modes.empty() && std::find(strategy.modes.begin(), strategy.modes.end(), intent.mode) == strategy.modes.end()) {
    throw UsageError("strategy " + strategy.name + " does not run " + flag_of(intent.mode) + " (it runs " +
                     joined(strategy.modes, flag_of, ", ") + ")");
  }
  // compare gives every strategy the same options: there they apply to those that take them.
  if (intent.uniform) return;
  for (const auto& other : problem.strategies) {
    for (const auto& option : other.options) {
      if (!given(vm, option) || takes(strategy, option)) continue;
      const auto& own = intent.command_options;
      if (std::find(own.begin(), own.end(), option) != own.end()) continue;
      throw UsageError("--" + option + " is not an option of strategy " + strategy.name +
                       " (strategies that take it: " + takers(problem, option) + ")");
    }
  }
}

void check_choices(const ProblemInfo& problem, const po::variables_map& vm) {
  for (const auto& option : problem.options) {
    if (option.choices.empty() || option.type != OptionInfo::Type::text || vm.count(option.name) == 0) continue;
    const auto& value = vm[option.name].as<std::string>();
    if (std::find(option.choices.begin(), option.choices.end(), value) != option.choices.end()) continue;
    if (std::any_of(option.renamed_choices.begin(), option.renamed_choices.end(),
                    [&](const auto& renamed) { return renamed.first == value; })) {
      continue;
    }
    for (const auto& [former, current] : option.former_choices) {
      if (value == former) throw UsageError("--" + option.name + " " + former + " is now --" + option.name + " " + current);
    }
    throw UsageError("unknown --" + option.name + " " + in_quotes(value) + did_you_mean(value, option.choices) + " (choose " +
                     joined(option.choices, [](const std::string& c) { return c; }, ", ") + ")");
  }
}

const StrategyInfo* ProblemInfo::find_strategy(const std::string& strategy) const {
  for (const auto& s : strategies) {
    if (s.name == strategy) return &s;
  }
  return nullptr;
}

std::vector<std::string> ProblemInfo::strategy_names() const {
  std::vector<std::string> names;
  for (const auto& s : strategies) names.push_back(s.name);
  return names;
}

const OptionInfo* ProblemInfo::find_option(const std::string& option) const {
  for (const auto& o : options) {
    if (o.name == option) return &o;
  }
  return nullptr;
}

void ProblemInfo::describe_options(po::options_description& description, const po::options_description* taken) const {
  for (const auto& option : options) {
    if (description.find_nothrow(option.name, false) != nullptr ||
        (taken != nullptr && taken->find_nothrow(option.name, false) != nullptr)) {
      continue;
    }
    const std::string names = option.short_name == 0 ? option.name : option.name + "," + option.short_name;
    description.add_options()(names.c_str(), semantic(option), option.help.c_str());
  }
}

std::unique_ptr<Solver> ProblemInfo::build(const po::variables_map& vm, SolveIntent intent) const {
  if (intent.strategy.empty() && default_strategy) intent.strategy = default_strategy(vm, intent);
  if (intent.mode == SearchMode::unique) {
    // --unique on a tree without symmetry would list every solution, as --all does: a
    // strategy runs it if it declares a symmetry or the mode (with no strategy named,
    // make() picks one, so some strategy must).
    const auto has_classes = [](const StrategyInfo& s) {
      return std::any_of(s.symmetries.begin(), s.symmetries.end(), [](const std::string& x) { return x != "none"; }) ||
             std::find(s.modes.begin(), s.modes.end(), SearchMode::unique) != s.modes.end();
    };
    const StrategyInfo* named = intent.strategy.empty() ? nullptr : find_strategy(intent.strategy);
    if (named != nullptr ? !has_classes(*named) : std::none_of(strategies.begin(), strategies.end(), has_classes)) {
      throw UsageError("--unique lists one solution of each class of symmetric ones, and " +
                       (named != nullptr ? "strategy " + named->name + " of " : std::string()) + name +
                       " declares no symmetry: --all lists every solution");
    }
  }
  if (!intent.strategy.empty()) {
    const StrategyInfo* strategy = find_strategy(intent.strategy);
    if (strategy == nullptr) {
      throw UsageError("unknown strategy " + in_quotes(intent.strategy) + " for " + name + did_you_mean(intent.strategy, strategy_names()) + " (choose " +
                       joined(strategies, [](const StrategyInfo& s) { return s.name; }, ", ") + ")");
    }
    check_declared(*this, *strategy, vm, intent);
  } else {
    check_listed_somewhere(*this, vm, intent);
  }
  check_choices(*this, vm);
  return make(vm, intent);
}

std::vector<std::string> renamed_choice_warnings(const ProblemInfo& problem, const po::variables_map& vm) {
  std::vector<std::string> warnings;
  for (const auto& option : problem.options) {
    if (option.type != OptionInfo::Type::text || vm.count(option.name) == 0) continue;
    const auto& value = vm[option.name].as<std::string>();
    for (const auto& [former, current] : option.renamed_choices) {
      if (value != former) continue;
      warnings.push_back("--" + option.name + " " + former + " is now --" + option.name + " " + current +
                         "; the old name will be refused in a later release");
    }
  }
  return warnings;
}

std::vector<FormerName> former_names(const ProblemInfo& problem) {
  std::vector<FormerName> renamed;
  for (const auto& option : problem.options) {
    for (const auto& former : option.former_names) renamed.push_back({former, option.name});
  }
  return renamed;
}

std::vector<std::string> renamed_arguments(std::vector<std::string> args, const std::vector<FormerName>& renamed,
                                           const std::function<void(const std::string&)>& warn) {
  for (auto& arg : args) {
    if (arg == "--") break;
    for (const auto& [former, current] : renamed) {
      const std::string old_flag = "--" + former;
      if (arg != old_flag && !arg.starts_with(old_flag + "=")) continue;
      arg = "--" + current + arg.substr(old_flag.size());
      warn(old_flag + " is now --" + current + "; the old name will be refused in a later release");
      break;
    }
  }
  return args;
}

Registry& Registry::global() {
  static Registry registry;
  return registry;
}

void Registry::add(ProblemInfo problem) {
  if (find(problem.name) != nullptr) throw std::logic_error("problem registered twice: " + problem.name);
  declare_added_options(problem);
  problems_.push_back(std::move(problem));
  std::sort(problems_.begin(), problems_.end(),
            [](const ProblemInfo& a, const ProblemInfo& b) { return a.name < b.name; });
}

const ProblemInfo* Registry::find(const std::string& name) const {
  for (const auto& problem : problems_) {
    if (problem.name == name) return &problem;
  }
  return nullptr;
}

}  // namespace backtrack
