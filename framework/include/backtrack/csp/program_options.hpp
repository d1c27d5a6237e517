#pragma once
// The command-line options of a CSP strategy, shared by every plugin that offers one:
// --prune, --order, --last-conflict, --values, --branching, --seed, --restarts, --lns, --learn (see
// options.hpp).
#include <boost/program_options.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "backtrack/csp/options.hpp"
#include "backtrack/csp/value_order.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/quoted.hpp"
#include "backtrack/registry.hpp"

namespace backtrack::csp {

namespace detail {
template <class E, std::size_t N>
std::vector<std::string> names_of(const std::array<E, N>& all) {
  std::vector<std::string> names;
  for (auto e : all) names.emplace_back(to_string(e));
  return names;
}

template <class E, std::size_t N>
E read_choice(const boost::program_options::variables_map& vm, const char* option, const std::array<E, N>& all, E value) {
  if (vm.count(option) == 0) return value;
  const auto name = vm[option].as<std::string>();
  if (const auto e = parse_choice(name, all)) return *e;
  std::string choices;
  for (const auto& n : names_of(all)) choices += (choices.empty() ? "" : ", ") + n;
  throw UsageError("unknown --" + std::string(option) + " " + in_quotes(name) + " (choose " + choices + ")");
}
}  // namespace detail

// Declared for the problem (ProblemInfo::options); a strategy on the CSP layer lists
// their names in its StrategyInfo::options, and a strategy that does not is refused them.
inline std::vector<OptionInfo> search_options() {
  using Type = OptionInfo::Type;
  OptionInfo prune{
      "prune",
      "strategy csp: none, generate and test: a constraint is checked once its variables are fixed (bitset "
      "models: a value against the assigned ones); forward: forward checking, a constraint narrows once one of its "
      "variables is open (all-different: a fixed value leaves its peers); arc: propagation to a fixpoint (bitset "
      "models: AC-3 and singletons; integer models: every propagator, all-different by value); bounds: and "
      "all-different and global_cardinality at bounds consistency, disjunctive's detectable precedences; domain "
      "(formerly gac): and all-different and global_cardinality at domain consistency, cumulative's "
      "timetable-edge-finding",
      Type::text, detail::names_of(all_prunes)};
  prune.renamed_choices = {{"gac", "domain"}};
  std::vector<OptionInfo> options{
      std::move(prune),
      {"order",
       "strategy csp: the variable order: static, the first unassigned variable in the model's order; mrv, the "
       "fewest values left; dom-deg, dom-wdeg: fewest values per constraint neighbour (weighted by failures); "
       "largest, the most values; min-value, max-value: the smallest minimum, the largest maximum; afc: the largest "
       "accumulated failure count (decayed by 0.99 at each failure, Gecode's AFC); afc-size: the fewest values per "
       "AFC; activity (integer models): the variable most often narrowed lately (decayed by 0.99 at each node); "
       "activity-size: the fewest values per activity",
       Type::text, detail::names_of(all_variable_orders)},
      {"last-conflict",
       "strategy csp: on: over any --order, the variable whose decision failed last is chosen again first, until a "
       "decision assigns it (last-conflict reasoning, Lecoutre et al. 2009); off (the default)",
       Type::text, {"off", "on"}},
      {"values",
       "strategy csp: the value order: min, smallest first; max, largest first; mid, the median first, then "
       "outward; random, an order drawn from --seed; split, reverse-split: the lower (upper) half of the domain "
       "first",
       Type::text, detail::names_of(all_value_orders)},
      {"branching",
       "strategy csp: values, one child per value, in the value order (bitset models, N-Queens); binary, x = v "
       "then x != v (integer models); --values split halves the domain either way",
       Type::text, detail::names_of(all_branchings)},
      {"seed", "strategy csp: the search's random seed: that of --values random (default 1)", Type::unsigned_integer},
      {"restarts",
       "strategy csp: none (the default); luby: runs of 100 nodes times Luby's sequence (1 1 2 1 1 2 4 ...), "
       "geometric: of 100, 150, 225, ... nodes; each run after the first with a random value order of seed "
       "--seed + run; complete: the budgets grow until a run exhausts its tree. --first, --limit K: until "
       "enough solutions are found. An optimisation, a count or --all (integer models): the runs share the best "
       "solution's bound and leave out what the runs before them finished (nogoods), so the last run proves the "
       "optimum, and each solution is counted once. With --learn lcg: runs of as many conflicts, each from the "
       "root, keeping the nogoods, the bound and the failure weights",
       Type::text, detail::names_of(all_restarts)},
      {"learn",
       "strategy csp: none, look ahead only (the default); cbj, conflict-directed backjumping: a node whose "
       "subtree failed goes back to the deepest decision the failure depends on, past the nodes between (bitset "
       "models; a subtree with a solution is left as usual, so counts stay exact); lcg, lazy clause generation: "
       "each failure is explained and a nogood learnt that prunes the rest of the search (integer models; finds a "
       "solution, --first, or an optimum, on one thread)",
       Type::text, detail::names_of(all_learns)},
      {"lns",
       "strategy csp, an optimisation: large neighbourhood search freeing this percentage (1-99) of the variables "
       "around the best solution in each of many short searches, until --time-limit or another limit stops it; "
       "proves nothing unless its first search ends (default 0: one search)",
       Type::integer},
  };
  for (auto& option : options) option.only_where_listed = true;
  return options;
}

// For a strategy's StrategyInfo::options: the names of search_options(), --restarts
// apart. Only a solver built through with_restarts() (restarting_solver.hpp) restarts
// --first and --limit K; a strategy listing these alone has --restarts refused, as
// ignored it would be.
inline const std::vector<std::string> search_option_names = {"prune", "order", "last-conflict", "values",
                                                              "branching", "seed", "lns", "learn"};
// search_option_names and --restarts: for a strategy whose make() builds its solver
// through with_restarts().
inline const std::vector<std::string> restarting_search_option_names = [] {
  std::vector<std::string> names = search_option_names;
  names.push_back("restarts");
  return names;
}();

// Which layer searches the model: the bitset one (model.hpp, problem.hpp) offers fewer
// variable orders than the integer one (int_model.hpp, int_problem.hpp).
enum class Layer { bitset, integer };

// The options given, over `defaults`; throws UsageError for an unknown name, or one the
// layer does not offer.
inline SearchOptions read_search_options(const boost::program_options::variables_map& vm, SearchOptions defaults,
                                         Layer layer = Layer::bitset) {
  if (vm.count("prune") != 0) {  // read_choice() knows no former name: gac is read first
    const auto prune = parse_prune(vm["prune"].as<std::string>());
    defaults.prune = prune ? *prune : detail::read_choice(vm, "prune", all_prunes, defaults.prune);
  }
  defaults.variables = detail::read_choice(vm, "order", all_variable_orders, defaults.variables);
  if (vm.count("last-conflict") != 0) defaults.last_conflict = vm["last-conflict"].as<std::string>() == "on";
  defaults.values = detail::read_choice(vm, "values", all_value_orders, defaults.values);
  if (vm.count("branching") != 0) {
    defaults.branching = detail::read_choice(vm, "branching", all_branchings, Branching::values);
    if (*defaults.branching == Branching::values && halves(defaults.values)) {
      throw UsageError("--values " + std::string(to_string(defaults.values)) +
                       " halves the domain, two children a node: it is no order of values to branch on one by "
                       "one (use --branching binary, or leave --branching out)");
    }
  }
  if (layer == Layer::bitset) {
    auto offered = [](auto choice, const auto& offers) {
      return std::find(offers.begin(), offers.end(), choice) != offers.end();
    };
    if (!offered(defaults.variables, bitset_variable_orders)) {
      throw UsageError("--order " + std::string(to_string(defaults.variables)) +
                       " is for integer models; this strategy's model has bitset domains (choose static, mrv, "
                       "dom-deg, dom-wdeg)");
    }
    if (vm.count("lns") != 0) {
      throw UsageError("--lns improves an objective; this strategy's model has bitset domains and none");
    }
  }
  defaults.learn = detail::read_choice(vm, "learn", all_learns, defaults.learn);
  if (layer == Layer::integer && defaults.learn == Learn::cbj) {
    throw UsageError("--learn cbj is offered on bitset models only (strategy csp of nqueens up to n = 64, sudoku, ...); "
                     "this strategy's model has integer domains, whose propagators read whole scopes: use --learn lcg, "
                     "which learns nogoods from failures, or --learn none");
  }
  if (layer == Layer::bitset && defaults.learn == Learn::lcg) {
    throw UsageError("--learn lcg is offered on integer models (FlatZinc, golomb, magic-square, nqueens csp beyond "
                     "n = 64); this strategy's model has bitset domains: use --learn cbj or --learn none");
  }
  if (vm.count("seed") != 0) defaults.seed = vm["seed"].as<unsigned long long>();
  defaults.restarts = detail::read_choice(vm, "restarts", all_restarts, defaults.restarts);
  // A count or a listing of every solution searches the whole tree whatever the order:
  // on the bitset layer, which records no nogoods, a restart would search part of it
  // again. The integer layer's runs leave out what the runs before them finished
  // (restart_search.hpp).
  if (layer == Layer::bitset && defaults.restarts != Restarts::none && vm.count("first") == 0 &&
      vm.count("limit") == 0) {
    throw UsageError("--restarts " + std::string(to_string(defaults.restarts)) +
                     " finds solutions sooner, for --first or --limit K; a count or a listing searches the whole "
                     "tree, and this strategy's model (bitset domains) records no nogoods to restart it (use "
                     "--restarts none)");
  }
  if (vm.count("lns") != 0) {
    const int percent = vm["lns"].as<int>();  // signed: -5 is refused as -5, not as 2^64 - 5
    if (percent < 1 || percent > 99) {
      throw UsageError("--lns frees a percentage of the variables in each neighbourhood: 1 to 99, got " +
                       std::to_string(percent));
    }
    defaults.lns = percent;
  }
  check_learning(defaults);
  return defaults;
}

// "prune=forward order=mrv values=min" (and the seed when it matters), for descriptions.
inline std::string describe(const SearchOptions& o) {
  std::string s = "prune=" + std::string(to_string(o.prune)) + " order=" + std::string(to_string(o.variables)) +
                  " values=" + std::string(to_string(o.values));
  if (o.values == ValueOrder::random || o.restarts != Restarts::none || o.lns != 0) s += " seed=" + std::to_string(o.seed);
  if (o.restarts != Restarts::none) s += " restarts=" + std::string(to_string(o.restarts));
  if (o.lns != 0) s += " lns=" + std::to_string(o.lns);
  if (o.branching) s += " branching=" + std::string(to_string(*o.branching));
  if (o.last_conflict) s += " last-conflict=on";
  if (o.learn != Learn::none) s += " learn=" + std::string(to_string(o.learn));
  if (o.hybrid) s += " hybrid=on";
  return s;
}

}  // namespace backtrack::csp
