#pragma once
// The command-line options of a CSP strategy, shared by every plugin that offers one:
// --prune, --order, --values, --seed (see options.hpp).
#include <boost/program_options.hpp>
#include <string>
#include <vector>

#include "backtrack/csp/options.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/registry.hpp"

namespace backtrack::csp {

// Declared for the problem (ProblemInfo::options); a strategy on the CSP layer lists
// their names in its StrategyInfo::options.
inline std::vector<OptionInfo> search_options() {
  using Type = OptionInfo::Type;
  return {
      {"prune", "strategy csp: forward checking; arc: AC-3 on binary constraints", Type::text,
       {"none", "forward", "arc"}},
      {"order", "strategy csp: the variable order", Type::text, {"static", "mrv", "dom-deg"}},
      {"values", "strategy csp: the value order", Type::text, {"min", "mid", "random"}},
      {"seed", "strategy csp: the seed of --values random (default 1)", Type::unsigned_integer},
  };
}

inline const std::vector<std::string> search_option_names = {"prune", "order", "values", "seed"};

// The options given, over `defaults`; throws UsageError for an unknown name.
inline SearchOptions read_search_options(const boost::program_options::variables_map& vm, SearchOptions defaults) {
  if (vm.count("prune") != 0) {
    const auto name = vm["prune"].as<std::string>();
    const auto p = parse_prune(name);
    if (!p) throw UsageError("unknown --prune '" + name + "' (choose none, forward or arc)");
    defaults.prune = *p;
  }
  if (vm.count("order") != 0) {
    const auto name = vm["order"].as<std::string>();
    const auto o = parse_variable_order(name);
    if (!o) throw UsageError("unknown --order '" + name + "' (choose static, mrv or dom-deg)");
    defaults.variables = *o;
  }
  if (vm.count("values") != 0) {
    const auto name = vm["values"].as<std::string>();
    const auto o = parse_value_order(name);
    if (!o) throw UsageError("unknown --values '" + name + "' (choose min, mid or random)");
    defaults.values = *o;
  }
  if (vm.count("seed") != 0) defaults.seed = vm["seed"].as<unsigned long long>();
  return defaults;
}

// "prune=forward order=mrv values=min" (and the seed when it matters), for descriptions.
inline std::string describe(const SearchOptions& o) {
  std::string s = "prune=" + std::string(to_string(o.prune)) + " order=" + std::string(to_string(o.variables)) +
                  " values=" + std::string(to_string(o.values));
  if (o.values == ValueOrder::random) s += " seed=" + std::to_string(o.seed);
  return s;
}

}  // namespace backtrack::csp
