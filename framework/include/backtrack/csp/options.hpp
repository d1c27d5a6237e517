#pragma once
// How a constraint model is searched: pruning, variable order, value order.
//   --prune, per layer:
//           none      generate and test: a constraint is checked once all its variables
//                     are fixed (integer models: a woken propagator with a variable open
//                     is skipped; bitset models: a value is checked against the variables
//                     already assigned, all-different as its binary !=)
//           forward   forward checking: a constraint narrows once at most one of its
//                     variables is open (integer models: a propagator runs only then, but
//                     all-different, which removes each fixed value from its peers at once:
//                     the forward checking of its != decomposition; bitset models:
//                     assigning x removes the conflicting values of x's unassigned
//                     neighbours); an emptied domain fails at once
//           arc       propagation to a fixpoint (integer models: every propagator at its
//                     strength, all-different by singletons: a fixed value leaves its
//                     peers; bitset models: AC-3 on the binary constraints, a variable
//                     left one value is assigned and its value leaves its all-different
//                     peers, custom constraints and propagators woken by their variables)
//           bounds    arc, and each constraint with a bounds-consistent form at it:
//                     all-different by Hall intervals (the other propagators of integer
//                     models have one strength, linear ones already bounds consistency)
//           domain    arc, and each constraint at its strongest: all-different at domain
//                     consistency (Régin's matching); tables are compact-table at every
//                     level from arc. Called gac until this release: gac is still read.
//                     Every level is honoured on both layers.
//   --order static    the first unassigned variable, in the model's order
//           mrv       fewest values left (minimum remaining values); ties: model order
//           dom-deg   fewest values per constraint neighbour (domain / static degree)
//           dom-wdeg  fewest values per failure weight: every constraint starts at 1 and
//                     gains 1 each time it empties a domain; a variable weighs the sum of
//                     its constraints' weights
//           largest   most values left; min-value: the smallest minimum; max-value: the
//                     largest maximum
//           afc       the largest accumulated failure count: every constraint starts at 1;
//                     at each failure every count decays (x 0.99), then the failing one
//                     gains 1; a variable weighs the sum over its constraints (Gecode's AFC)
//           afc-size  fewest values per accumulated failure count (Gecode's AFC/size, the
//                     default of fzn-backtrack as of Gecode's FlatZinc reader)
//           activity  the largest activity (Michel and Van Hentenryck 2012): every
//                     variable starts at 1; at each node every activity decays (x 0.99),
//                     then each variable the node's decision and propagation narrowed
//                     gains 1 (integer models; with --learn lcg, each variable of a
//                     nogood learnt gains 1 too, as VSIDS bumps a conflict's)
//           activity-size  fewest values per activity (Gecode's ACTIVITY_SIZE)
//   --values min      smallest first; mid: the median value first, then outward; random:
//                     a random order drawn from --seed, the variable and its bounds; max:
//                     largest first; split: the lower half of the domain, then the upper;
//                     reverse-split: the upper half first (value_order.hpp: one order for
//                     both layers)
//   --branching values  one child per value of the variable, in the value order (the
//                     default of bitset models, and of N-Queens on both layers)
//               binary  two children: x = v for the first value v, then x != v (the
//                     default of integer models, as Gecode's); split and reverse-split
//                     halve the domain, x <= m then x > m, whatever the branching
//   --restarts none   one search (the default)
//              luby   runs of a node budget of 100 times Luby's sequence (1 1 2 1 1 2 4
//                     ...), geometric: of 100, 150, 225, ... nodes (x 1.5); the first run
//                     with the options as given, every later one with --values random and
//                     the seed --seed + run (on an optimisation, after each variable's
//                     value in the best solution so far), from the failure weights and
//                     activities learned. --first, --limit K: until a run finds the
//                     solutions or exhausts its tree (restarts.hpp). An optimisation, a
//                     count or a listing of every solution (integer models): the runs
//                     share the bound, and each leaves out what the runs before it
//                     finished (their nogoods), until one exhausts its tree or a limit
//                     stops them (restart_search.hpp). With --learn lcg: runs of as many
//                     conflicts, each from the root with the values as given, keeping
//                     the nogoods, the bound and the weights (learning_search.hpp)
//   --learn none      look ahead only (the default)
//           cbj       conflict-directed backjumping (Prosser 1993; conflict_levels.hpp): a
//                     node whose subtree failed goes back to the deepest decision the
//                     failure depends on, past the nodes between; a subtree with a solution
//                     is left as usual, so counts stay exact (bitset models)
//   --lns P           an optimisation by large neighbourhood search (neighbourhoods.hpp):
//                     after a first solution, searches of 300 failures each with all but
//                     P% of the variables fixed as in the best solution, until a limit
//                     (--time-limit) stops it; finds good solutions in trees too large to
//                     search, and proves nothing unless the first search ends its tree
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "backtrack/errors.hpp"
#include "backtrack/restart_schedule.hpp"

namespace backtrack::csp {

// gac: domain's name until this release, kept for the plugins written with it.
enum class Prune { none, forward, arc, bounds, domain, gac = domain };
enum class VariableOrder {
  static_order,
  mrv,
  dom_deg,
  dom_wdeg,
  largest,
  min_value,
  max_value,
  afc,
  afc_size,
  activity,
  activity_size
};
enum class ValueOrder { min, mid, random, max, split, reverse_split };
enum class Restarts { none, luby, geometric };
enum class Learn { none, cbj, lcg };
enum class Branching { values, binary };
// How a model states a global constraint (cumulative, circuit, regular, ...; globals/):
// native, one propagator of its own at the consistency its file states; decomposed, the
// smaller constraints (linear, reified, clauses) a solver without it would post, so that
// the two can be compared node for node.
enum class Globals { native, decomposed };

struct SearchOptions {
  Prune prune = Prune::forward;
  VariableOrder variables = VariableOrder::mrv;
  ValueOrder values = ValueOrder::min;
  std::uint64_t seed = 1;
  Restarts restarts = Restarts::none;
  int lns = 0;  // large neighbourhood search: the percentage of variables freed (0: off)
  // One child per value, or x = v / x != v; none: the layer's own (bitset: values,
  // integer: binary), so that a model searches as it did before the choice existed.
  std::optional<Branching> branching = std::nullopt;
  bool last_conflict = false;  // last_conflict.hpp: the variable whose decision failed last first
  Learn learn = Learn::none;
  // Under --learn lcg with --restarts: every second run decides by activity (VSIDS) over
  // all the decision variables, the others by the orders (the model's annotations), as
  // Chuffed's free search alternates (fzn-backtrack -f).
  bool hybrid = false;
  // Under --learn lcg: the nogoods kept before the first reduction forgets half of them
  // (learning_search.hpp; 0: every one is kept), as Chuffed's --n-of-learnts.
  std::uint64_t nogoods_kept = 2000;
};

// --learn lcg runs a search of its own (learning/learning_search.hpp), which searches no
// neighbourhoods yet: refused with them rather than ignoring them.
inline void check_learning(const SearchOptions& o) {
  if (o.learn == Learn::lcg && o.lns != 0) throw UsageError("--learn lcg searches no neighbourhoods: use it without --lns");
  if (o.hybrid && (o.learn != Learn::lcg || o.restarts == Restarts::none)) {
    throw UsageError("a hybrid search alternates its orders at restarts of a learning search: it needs --learn lcg "
                     "and --restarts luby or geometric");
  }
}

inline constexpr std::array all_prunes{Prune::none, Prune::forward, Prune::arc, Prune::bounds, Prune::domain};
inline constexpr std::array all_variable_orders{VariableOrder::static_order, VariableOrder::mrv,
                                                VariableOrder::dom_deg,      VariableOrder::dom_wdeg,
                                                VariableOrder::largest,      VariableOrder::min_value,
                                                VariableOrder::max_value,    VariableOrder::afc,
                                                VariableOrder::afc_size,     VariableOrder::activity,
                                                VariableOrder::activity_size};
inline constexpr std::array all_value_orders{ValueOrder::min, ValueOrder::mid,   ValueOrder::random,
                                             ValueOrder::max, ValueOrder::split, ValueOrder::reverse_split};
// What the bitset layer (problem.hpp) offers of them on the command line. It chooses by
// every order (variable_choice.hpp: csp_test runs them all), but largest, min-value and
// max-value wander on Sudoku into trees the differential test does not finish, and so do
// afc and afc-size under --prune none (tens of millions of nodes where static takes
// 0.2 million: no constraint fails before a leaf, so nothing steers them). activity and
// activity-size need the integer layer's trail, which tells what a node narrowed.
inline constexpr std::array bitset_variable_orders{VariableOrder::static_order, VariableOrder::mrv,
                                                   VariableOrder::dom_deg, VariableOrder::dom_wdeg};
inline constexpr std::array all_branchings{Branching::values, Branching::binary};
inline constexpr std::array all_restarts{Restarts::none, Restarts::luby, Restarts::geometric};
inline constexpr std::array all_globals{Globals::native, Globals::decomposed};
inline constexpr std::array all_learns{Learn::none, Learn::cbj, Learn::lcg};
// What each layer offers of them: backjumping on the bitset layer, nogoods learnt by lazy
// clause generation on the integer one (program_options.hpp says why not the others).
inline constexpr std::array bitset_learns{Learn::none, Learn::cbj};
inline constexpr std::array integer_learns{Learn::none, Learn::lcg};

constexpr std::string_view to_string(Prune p) {
  constexpr std::string_view names[] = {"none", "forward", "arc", "bounds", "domain"};
  return names[static_cast<int>(p)];
}
constexpr std::string_view to_string(VariableOrder o) {
  constexpr std::string_view names[] = {"static",  "mrv",       "dom-deg",   "dom-wdeg", "largest",
                                           "min-value", "max-value", "afc", "afc-size", "activity", "activity-size"};
  return names[static_cast<int>(o)];
}
constexpr std::string_view to_string(ValueOrder o) {
  constexpr std::string_view names[] = {"min", "mid", "random", "max", "split", "reverse-split"};
  return names[static_cast<int>(o)];
}
constexpr std::string_view to_string(Branching b) { return b == Branching::values ? "values" : "binary"; }
constexpr std::string_view to_string(Globals g) { return g == Globals::native ? "native" : "decomposed"; }
constexpr std::string_view to_string(Learn l) {
  constexpr std::string_view names[] = {"none", "cbj", "lcg"};
  return names[static_cast<int>(l)];
}
constexpr std::string_view to_string(Restarts r) {
  constexpr std::string_view names[] = {"none", "luby", "geometric"};
  return names[static_cast<int>(r)];
}

// The budgets of --restarts, in nodes (Gecode's -restart luby and geometric count
// failures instead); none for Restarts::none.
inline constexpr std::uint64_t luby_unit = 100;
inline constexpr std::uint64_t geometric_first = 100;
inline constexpr double geometric_factor = 1.5;
inline std::optional<RestartSchedule> schedule_of(Restarts r) {
  switch (r) {
    case Restarts::none: return std::nullopt;
    case Restarts::luby: return RestartSchedule::luby_times(luby_unit);
    case Restarts::geometric: return RestartSchedule::geometric(geometric_first, geometric_factor);
  }
  return std::nullopt;
}

// The value named `s` among `all`, or none.
template <class E, std::size_t N>
std::optional<E> parse_choice(std::string_view s, const std::array<E, N>& all) {
  for (auto e : all) {
    if (s == to_string(e)) return e;
  }
  return std::nullopt;
}

// The level named `s`; gac, domain's old name, is read for one release.
inline std::optional<Prune> parse_prune(std::string_view s) {
  if (s == "gac") return Prune::domain;
  return parse_choice(s, all_prunes);
}

}  // namespace backtrack::csp
