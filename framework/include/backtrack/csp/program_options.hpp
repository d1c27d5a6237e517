#pragma once
// The command-line options of a CSP strategy, shared by every plugin that offers one:
// --prune, --order, --values, --seed (see options.hpp).
#include <boost/program_options.hpp>
#include <string>

#include "backtrack/csp/options.hpp"
#include "backtrack/errors.hpp"

namespace backtrack::csp {

inline void add_search_options(boost::program_options::options_description& options) {
  namespace po = boost::program_options;
  options.add_options()
    ("prune", po::value<std::string>(), "strategy csp: none | forward | arc (forward checking; arc: AC-3 on binary constraints)")
    ("order", po::value<std::string>(), "strategy csp: variable order static | mrv | dom-deg")
    ("values", po::value<std::string>(), "strategy csp: value order min | mid | random")
    ("seed", po::value<unsigned long long>(), "strategy csp: the seed of --values random (default 1)");
}

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
