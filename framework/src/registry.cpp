#include "backtrack/registry.hpp"

#include <algorithm>
#include <any>
#include <stdexcept>

#include "backtrack/errors.hpp"

namespace backtrack {

namespace {

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

// The strategies that take `option`, for a message.
std::string takers(const ProblemInfo& problem, const std::string& option) {
  std::vector<std::string> names;
  for (const auto& s : problem.strategies) {
    if (std::find(s.options.begin(), s.options.end(), option) != s.options.end()) names.push_back(s.name);
  }
  return joined(names, [](const std::string& n) { return n; }, ", ");
}

}  // namespace

void check_size(const ProblemInfo& problem, const StrategyInfo& strategy, int size) {
  if (strategy.max_size != 0 && size > strategy.max_size) {
    throw UsageError("strategy " + strategy.name + " of " + problem.name + " handles sizes up to " +
                     std::to_string(strategy.max_size) + ", got " + std::to_string(size));
  }
}

void check_declared(const ProblemInfo& problem, const StrategyInfo& strategy,
                    const boost::program_options::variables_map& vm, const SolveIntent& intent) {
  if (!problem.size_option.empty() && vm.count(problem.size_option) != 0) {
    const std::any& size = vm[problem.size_option].value();
    if (const int* n = std::any_cast<int>(&size)) check_size(problem, strategy, *n);
  }
  if (!strategy.symmetries.empty() && given(vm, "symmetry")) {
    const auto& wanted = vm["symmetry"].as<std::string>();
    const auto& offered = strategy.symmetries;
    if (std::find(offered.begin(), offered.end(), wanted) == offered.end()) {
      throw UsageError("strategy " + strategy.name + " implements --symmetry " +
                       joined(offered, [](const std::string& s) { return s; }, " or ") + ", not " + wanted);
    }
  }
  if (!strategy.modes.empty() && std::find(strategy.modes.begin(), strategy.modes.end(), intent.mode) == strategy.modes.end()) {
    throw UsageError("strategy " + strategy.name + " does not run " + flag_of(intent.mode) + " (it runs " +
                     joined(strategy.modes, flag_of, ", ") + ")");
  }
  // compare gives every strategy the same options: there they apply to those that take them.
  for (const auto& option : problem.strategy_options) {
    if (intent.uniform || !given(vm, option)) continue;
    if (std::find(strategy.options.begin(), strategy.options.end(), option) != strategy.options.end()) continue;
    throw UsageError("--" + option + " is not an option of strategy " + strategy.name + " (strategies that take it: " +
                     takers(problem, option) + ")");
  }
}

const StrategyInfo* ProblemInfo::find_strategy(const std::string& strategy) const {
  for (const auto& s : strategies) {
    if (s.name == strategy) return &s;
  }
  return nullptr;
}

std::unique_ptr<Solver> ProblemInfo::build(const boost::program_options::variables_map& vm, SolveIntent intent) const {
  if (intent.strategy.empty() && default_strategy) intent.strategy = default_strategy(vm, intent);
  if (!intent.strategy.empty()) {
    const StrategyInfo* strategy = find_strategy(intent.strategy);
    if (strategy == nullptr) {
      throw UsageError("unknown strategy '" + intent.strategy + "' for " + name + " (choose " +
                       joined(strategies, [](const StrategyInfo& s) { return s.name; }, ", ") + ")");
    }
    check_declared(*this, *strategy, vm, intent);
  }
  return make(vm, intent);
}

Registry& Registry::global() {
  static Registry registry;
  return registry;
}

void Registry::add(ProblemInfo problem) {
  if (find(problem.name) != nullptr) throw std::logic_error("problem registered twice: " + problem.name);
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
