#pragma once
// Problems and their strategies, looked up by name at run time.
//
// A plugin describes itself with a ProblemInfo (its options, its strategies, and a
// factory that builds a Solver from the parsed options) and registers it once, e.g.
// with a static Registrar in one of its source files. The driver only reads the
// registry, so a new plugin needs no change to the driver.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "backtrack/solver_interface.hpp"

// The command line's types, passed on by reference: a plugin that reads them includes
// <boost/program_options.hpp>; the driver's files that only pass them on need not.
namespace boost::program_options {
class options_description;
class variables_map;
}  // namespace boost::program_options

namespace backtrack {

// An option of a problem, declared as data: the driver adds it to the command line
// (`vm["name"].as<T>()` reads it, T as `type` says), refuses a value outside `choices`,
// shows it in `list` and `--help`, and `compare` can range over it.
struct OptionInfo {
  enum class Type {
    integer,   // int
    unsigned_integer,  // unsigned long long (seeds, counts)
    real,      // double
    text,      // std::string
  };
  std::string name;  // the long name: --name
  std::string help;
  Type type = Type::text;
  // The values a text option accepts; empty: any.
  std::vector<std::string> choices = {};
  // The value when the option is not given, as it would be typed; empty: none (then
  // vm.count(name) is 0 and the plugin decides).
  std::string default_value = {};
  char short_name = 0;  // e.g. 'n' for -n; 0: none
  // The value names the file the instance's input is read from (--file): what was read
  // is the Instance's input, so a --checkpoint journal resumes for the same data under
  // any name, and compares the data, not this option.
  bool names_input_file = false;
  // The option's names in earlier releases: the driver still reads them as this one,
  // with a warning that names the new one (renamed_arguments()), for one release.
  std::vector<std::string> former_names = {};
  // Values of `choices` renamed: {former, current}, e.g. {"first", "static"}. A former
  // value is refused with the current one named, not taken as unknown.
  std::vector<std::pair<std::string, std::string>> former_choices = {};
  // Values of `choices` renamed in this release: {former, current}. A former value is
  // still read, with a warning that names the current one (renamed_choice_warnings());
  // the plugin's parser reads it as the current one. A release later it moves to
  // former_choices.
  std::vector<std::pair<std::string, std::string>> renamed_choices = {};
  // How --help names the value, e.g. "ROWSxCOLS"; empty: from the type or the choices
  // (N, X, FILE, a|b|c, TEXT).
  std::string value_name = {};
  // Taken only by the strategies that list it in StrategyInfo::options (the CSP layer's
  // --prune, --restarts, ...): given where the strategy run does not list it, it is
  // refused, also where no strategy of the problem lists it, for it would be ignored.
  bool only_where_listed = false;
};

// A strategy and what it offers. The driver checks a command line against these
// declarations before the plugin's make() is called, the same way for every plugin, and
// shows them in `list` and `--help`. A field left empty declares nothing and checks
// nothing, so plugins written before these fields keep working as they did.
struct StrategyInfo {
  std::string name;
  std::string summary;
  // The largest value of the problem's size option (ProblemInfo::size_option) it
  // handles; 0: any.
  int max_size = 0;
  // The values of the problem's --symmetry it implements, e.g. {"none", "mirror"}.
  std::vector<std::string> symmetries = {};
  // The modes it runs; empty: all of them.
  std::vector<SearchMode> modes = {};
  // The problem's options that only some strategies take, and this one does (e.g.
  // "prune" for strategy csp): any of them given to a strategy that does not list it is
  // refused, instead of ignored.
  std::vector<std::string> options = {};
};

// What the driver knows when it asks a plugin for a Solver.
struct SolveIntent {
  SearchMode mode = SearchMode::count;
  std::string strategy;  // empty: the plugin chooses the best for the mode
  bool force = false;    // the user accepted a very large output
  // Every strategy runs with the same settings (compare): no default may depend on the strategy.
  bool uniform = false;
  // The search is watched step by step (--trace, --tree): the defaults that read best,
  // e.g. no symmetry breaking unless asked.
  bool watched = false;
  // One instance of a set (ProblemInfo::instances), which make() builds instead of the
  // input the options name.
  std::optional<std::string> instance = std::nullopt;
  // The threads the run will search on: each holds a search's state and a copy of the
  // problem, which a plugin's estimate of memory counts (memory_limit.hpp).
  unsigned threads = 1;
  // Options the command reads itself (estimate's --seed, the probes'), which a problem
  // may declare too: given to a strategy that does not take them, they are not refused.
  std::vector<std::string> command_options = {};
};

// What `backtrack check` says about a solution it read: valid or not, and why.
struct CheckVerdict {
  bool valid = false;
  std::string message;  // one line: "valid: ..." or "invalid: <which rule, where>"
};

struct ProblemInfo;

// Throw UsageError where the command line asks `strategy` for what it does not declare:
// a size above its max_size, a --symmetry it lacks, a mode it does not run, an option
// of another strategy, a value outside a declared option's choices.
void check_declared(const ProblemInfo& problem, const StrategyInfo& strategy,
                    const boost::program_options::variables_map& vm, const SolveIntent& intent);
// Throw UsageError where an option declared only_where_listed is given and no strategy
// of the problem lists it (check_declared() does this too).
void check_listed_somewhere(const ProblemInfo& problem, const boost::program_options::variables_map& vm,
                            const SolveIntent& intent);
// Throw UsageError where a declared text option has a value outside its choices.
void check_choices(const ProblemInfo& problem, const boost::program_options::variables_map& vm);
// The same check of the size alone, for a plugin whose size comes from its input (a
// board file) rather than from the size option.
void check_size(const ProblemInfo& problem, const StrategyInfo& strategy, int size);

struct ProblemInfo {
  std::string name;
  std::string summary;
  std::vector<StrategyInfo> strategies;
  // The first plugins' way to add options, kept only so that they still compile
  // (tests/find_package/old_interface): Registry::add turns each option added here into
  // a declaration in `options` (declare_added_options()). Declare options in `options`.
  std::function<void(boost::program_options::options_description&)> add_options = {};
  // Builds the instance; throws UsageError or InputError with a message for the user.
  std::function<std::unique_ptr<Solver>(const boost::program_options::variables_map&, const SolveIntent&)> make;
  // The long name of the option that sets the problem's size, if any ("size", also
  // given as -n): `compare` runs the strategies over a range of it.
  std::string size_option = {};
  // Optional: reads a solution (the whole input; `source` names it in messages) and
  // judges it, for `backtrack check`; throws InputError when the input is unreadable.
  std::function<CheckVerdict(const std::string& input, const std::string& source)> check = {};
  // Optional: the strategy to run when none is given (the best one for the mode and the
  // size, say), so that the driver checks it as it checks a named one; "": make() decides.
  std::function<std::string(const boost::program_options::variables_map&, const SolveIntent&)> default_strategy = {};
  // The problem's own options (its size, its input, ...), declared. (Fields are added
  // last, so that plugins that list them in order keep compiling.)
  std::vector<OptionInfo> options = {};
  // The plugin's own version, for a plugin maintained apart from backtrack ("" for the
  // bundled problems): part of a checkpoint's identity, so a count is not resumed from
  // the journal of another version of the plugin.
  std::string version = {};
  // Optional, for an input that may hold many instances (a file of puzzles, one a line):
  // reads the input the options name and returns its instances, each as text that
  // make() takes from SolveIntent::instance; throws InputError for a bad one, naming its
  // line. Given more than one, `solve` and `compare` run each in turn and sum them up.
  std::function<std::vector<std::string>(const boost::program_options::variables_map&)> instances = {};

  const StrategyInfo* find_strategy(const std::string& strategy) const;
  std::vector<std::string> strategy_names() const;
  const OptionInfo* find_option(const std::string& option) const;
  // Adds every option the problem declares to `description`, but those `taken` holds
  // already (a command's own --seed, which the problem's --seed then shares).
  void describe_options(boost::program_options::options_description& description,
                        const boost::program_options::options_description* taken = nullptr) const;
  // What the driver runs: the strategy `intent` names (or the default one) is checked
  // against its declarations (UsageError for an unknown name or an undeclared use),
  // then make() builds it.
  std::unique_ptr<Solver> build(const boost::program_options::variables_map& vm, SolveIntent intent) const;
};

// A renamed option: `former` given is read as `current`.
struct FormerName {
  std::string former;
  std::string current;
};
// Every former name of the problem's options.
std::vector<FormerName> former_names(const ProblemInfo& problem);
// `args` with each former name (--former, --former=VALUE) spelled as its current one,
// up to "--"; warn(message) is called once for each that was given ("--board is now
// --file; ...").
std::vector<std::string> renamed_arguments(std::vector<std::string> args, const std::vector<FormerName>& renamed,
                                           const std::function<void(const std::string&)>& warn);

// "--prune gac is now --prune domain; ..." for each renamed value given in vm.
std::vector<std::string> renamed_choice_warnings(const ProblemInfo& problem, const boost::program_options::variables_map& vm);

// Moves the options that problem.add_options adds into problem.options, as declarations
// (the driver knows no other kind); throws std::invalid_argument for one that a
// declaration cannot hold, such as a flag without a value.
void declare_added_options(ProblemInfo& problem);

class Registry {
 public:
  // The registry that static Registrars fill, and that the backtrack executable uses.
  static Registry& global();

  void add(ProblemInfo problem);
  const ProblemInfo* find(const std::string& name) const;
  const std::vector<ProblemInfo>& problems() const { return problems_; }

 private:
  std::vector<ProblemInfo> problems_;
};

#ifdef BACKTRACK_PLUGIN_MODULE
// In a loadable module (backtrack_add_plugin) the Registrars only collect the module's
// problems, and the program adds them to its own registry once it has checked them all:
// a module that offers a name registered already is refused whole (plugin_module.hpp).
std::vector<ProblemInfo>& module_problems();
#endif

struct Registrar {
#ifdef BACKTRACK_PLUGIN_MODULE
  explicit Registrar(ProblemInfo problem) { module_problems().push_back(std::move(problem)); }
#else
  explicit Registrar(ProblemInfo problem) { Registry::global().add(std::move(problem)); }
#endif
};

}  // namespace backtrack
