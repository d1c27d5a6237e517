#pragma once
// The propagators of a model and the loop that runs them to a fixpoint.
//
// A propagator is a small value type (propagators/): its subscriptions (the variables it
// watches, with the weakest event that wakes it), an optional prepare(Space&) that takes
// reversible words or scratch in the space, and propagate(Space&), which narrows domains
// and returns false when the constraint cannot hold. One that reaches its own fixpoint in
// one run says idempotent, and is not woken by its own changes. They are kept in one
// std::variant: a run is a switch, not a virtual call.
//
// run(): the changed variables wake their subscribers onto first-in first-out queues, one
// per Cost a propagator says (space.hpp; linear when it says none), and the cheapest queue
// with work runs first, as Gecode orders its propagators by cost:
//   - a global constraint runs once on what many cheaper ones narrowed (Golomb rulers, 11
//     marks, took 1.3x the time without);
//   - a clause over Booleans runs before the linear constraints that set them, so that
//     when the clause forces a literal, the failure that follows is the linear
//     constraint's, the one over the variables a search branches on: the AFC orders
//     learn from it (job-shop ft06, afc-size: 915 nodes with clauses among the linear
//     ones, 487 before them).
// Until every queue is empty (a fixpoint) or a propagator fails. A propagator that says
// it is subsumed (basics.hpp's Outcome) is woken no more below the node: on a model of
// many reified constraints (a magic sequence's counts, 100 per variable) most of what is
// woken is already decided.
//
// --prune none and forward (run_when_open_at_most()): a woken propagator with more open
// variables than the level allows is skipped, not run; a fixed variable wakes every
// propagator that watches it, whatever event it asked for, so it runs once enough are
// fixed. The level is read once a run (two instances of the loop), so arc and stronger
// run the loop they always ran.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <variant>
#include <vector>

#include "backtrack/csp/propagators/arithmetic.hpp"
#include "backtrack/csp/propagators/basics.hpp"
#include "backtrack/csp/propagators/boolean.hpp"
#include "backtrack/csp/propagators/bin_packing.hpp"
#include "backtrack/csp/propagators/boxed.hpp"
#include "backtrack/csp/propagators/circuit.hpp"
#include "backtrack/csp/propagators/count.hpp"
#include "backtrack/csp/propagators/cumulative.hpp"
#include "backtrack/csp/propagators/diffn.hpp"
#include "backtrack/csp/propagators/disjunctive.hpp"
#include "backtrack/csp/propagators/distinct.hpp"
#include "backtrack/csp/propagators/element.hpp"
#include "backtrack/csp/propagators/global_cardinality.hpp"
#include "backtrack/csp/propagators/in_set.hpp"
#include "backtrack/csp/propagators/increasing.hpp"
#include "backtrack/csp/propagators/inverse.hpp"
#include "backtrack/csp/propagators/lex.hpp"
#include "backtrack/csp/propagators/linear.hpp"
#include "backtrack/csp/propagators/linear_domain.hpp"
#include "backtrack/csp/propagators/nogood.hpp"
#include "backtrack/csp/propagators/nvalue.hpp"
#include "backtrack/csp/propagators/regular.hpp"
#include "backtrack/csp/propagators/reified.hpp"
#include "backtrack/csp/propagators/table.hpp"
#include "backtrack/csp/space.hpp"
#include "backtrack/limits_in_scope.hpp"

namespace backtrack::csp {

// The wide and rare ones boxed (boxed.hpp): a slot is 64 bytes.
using Propagator = std::variant<LinearLessEqual, LinearEqual, LinearNotEqual, LinearReified, ValueReified, Distinct,
                                InSet, Boxed<Table>, Boxed<ForbiddenTable>, Clause, BoolAndOr, Parity, Times, Div, Mod,
                                Abs, MinMax, Boxed<ElementValues>, ElementVars, Boxed<Element2dVars>, Nogood, Boxed<Cumulative>,
                                Boxed<Disjunctive>, Boxed<Count>, Boxed<Regular>, LexLessEqual, Increasing,
                                Boxed<BinPackingLoad>, Circuit, Boxed<Inverse>, Boxed<LinearDomainEqual>,
                                Boxed<Nvalue>, Boxed<GlobalCardinality>, Boxed<Diffn>>;
static_assert(sizeof(Propagator) <= 64);

class Propagation {
 public:
  // Adds p to the model whose variables live in `space`; its number.
  int add(Propagator p, Space& space);
  int size() const { return static_cast<int>(propagators_.size()); }
  const Propagator& operator[](int id) const { return propagators_[static_cast<std::size_t>(id)]; }
  // Replaces propagator id by p, which watches the same variables, maybe for other events
  // (an all-different whose strength the search chose).
  void replace(int id, Propagator p);
  // The variables a propagator watches.
  std::vector<int> scope(int id) const;
  // Whether propagator id holds whatever its open variables take in s, as far as it can
  // tell (one without an entailed() never says so).
  bool entailed(int id, const Space& s) const;

  // From now on a propagator runs only once at most `open` variables of its scope are
  // open (0: generate and test, 1: forward checking), but those marked in `always` (an
  // all-different whose run is the forward checking of its != decomposition).
  void run_when_open_at_most(int open, std::vector<char> always);

  // Runs everything once (the root), then to a fixpoint.
  int run_all(Space& s) const;
  // The same, every propagator at its strength whatever the level (a solution's
  // auxiliaries are completed so: they are no decisions of the search).
  int run_all_ungated(Space& s) const;

  // To a fixpoint: -1, or the number of the propagator that failed (-2: a change
  // outside any propagator emptied a domain).
  int run(Space& s) const;
  int run_ungated(Space& s) const;

  // Whether propagator id said it is subsumed in s. A reversible bit per propagator in the
  // space: the search's undo() wakes it again.
  bool subsumed(const Space& s, int id) const {
    return ((s.word(subsumed_words_[static_cast<std::size_t>(id) / 64]) >> (id % 64)) & 1) != 0;
  }

 private:
  void wake_all(Space& s) const;
  void subsume(Space& s, int id) const;
  template <bool gated>
  int fixpoint(Space& s) const;
  bool more_open_than(const Space& s, int id, int open) const;

  struct Waker {
    int id;
    Event needs;
    int gate;  // in gates_, or -1
  };
  // A subscription's watched value and bit (basics.hpp).
  struct Gate {
    std::optional<Value> watch;
    std::size_t word;
    std::uint64_t bit;  // 0: no bit to look at
    bool opens(const Space& s, int x) const {
      if (bit != 0 && (s.word(word) & bit) == 0) return false;
      return !watch || !s.contains(x, *watch) || s.fixed(x);
    }
  };
  int gate(const Subscription& sub, const Space& s);
  static int give_up(Space& s, int id);

  std::vector<Propagator> propagators_;
  std::vector<char> idempotent_;
  std::vector<Cost> cost_;
  std::vector<std::vector<Waker>> subscribers_;
  std::vector<Gate> gates_;
  std::vector<std::size_t> subsumed_words_;  // in the space: one bit per propagator
  int max_open_ = -1;                     // -1: every woken propagator runs
  std::vector<char> always_;              // run whatever is open
  std::vector<std::vector<int>> scopes_;  // what the gate counts
};

}  // namespace backtrack::csp
