#pragma once
// Searching an IntModel: a Problem for the engine, by binary branching as Gecode does.
//
// A node chooses a variable (--order) and a value v of it (--values), and has two
// children: x = v and x != v, or for a split x <= v and x > v (the halves of the domain);
// or, with --branching values, one child x = v per value, in the value order.
// A variable without a bitset (wider than bitset_limit values, space.hpp) is always
// split, for removing one value inside its interval would change nothing; but learning
// (--learn lcg), by the smallest or largest value it is decided at that bound, x <= min
// or x > max - 1, as Chuffed decides on its lazily made literals: a conflict that rules
// out that one value then costs one node, not a split's levels above it. The state is
// a Space: apply() marks it, posts the decision and runs the propagators to a fixpoint;
// undo() takes everything back through the trail. A solution is a node where every
// decision variable is fixed.
//
// Optimisation (IntModel::minimize / maximize) is branch and bound, whose bound the search
// owns (incumbent.hpp): it calls constrain() on every node it makes, which posts "better
// than the best so far" and propagates, and counts a solution only when it beats that
// best; so each solution reported is better than the one before, and the last, when the
// search completes, is optimal. The problem itself keeps no bound: is_solution() and
// objective() only read the state.
//
// --prune (options.hpp) sets the strength of the all-differents the model leaves to the
// search, and at none and forward how many open variables a propagator may have to run
// (Propagation::run_when_open_at_most()).
//
// --order dom-wdeg, afc and afc-size weigh a variable by the failures of its propagators
// (failure_weights.hpp): what the search learned (learns()), taken back by forget() for
// each subtree of a split.
//
// --restarts on an optimisation, a count or a listing of every solution: the run's
// searches restart within it (restart_search.hpp); restart(k) makes a copy the problem
// of the k-th, with its values in a random order (after the best solution's, follow()),
// the failure weights learned so far (keep_learned()), and add_nogoods() leaves out of it what a
// search stopped at its budget had finished, as reduced nld-nogoods (Lecoutre, Sais,
// Tabary and Vidal 2007): for each decision on the path to where it stopped that took
// the second branch, the first-branch decisions above it and that node's first branch
// cannot all hold (the second branches above it need not be in it: the first branch
// of each was searched to the end, so they follow from the decisions above them).
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "backtrack/csp/failure_weights.hpp"
#include "backtrack/csp/int_model.hpp"
#include "backtrack/csp/last_conflict.hpp"
#include "backtrack/csp/learning/learning_search.hpp"
#include "backtrack/csp/options.hpp"
#include "backtrack/csp/propagators/nogood.hpp"
#include "backtrack/csp/value_order.hpp"
#include "backtrack/csp/variable_choice.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/limits_in_scope.hpp"
#include "backtrack/work_counters.hpp"

namespace backtrack::csp {

struct Decision {
  using Kind = DecisionKind;  // value_order.hpp: equal, not_equal, at_most, more_than
  int x = 0;
  Kind kind = Kind::equal;
  Value v = 0;
  friend bool operator==(const Decision&, const Decision&) = default;
};

class IntProblem {
 public:
  using Move = Decision;
  struct State {
    Space space;
    FailureWeights weights;  // of the propagators' failures, for the orders that learn
    LastConflict conflict;   // --last-conflict
  };
  // A node's children (none for a failed node or a solution): two listed moves (binary
  // branching, a split), or, branching on values, x = v for each value of x in the value
  // order (value_order.hpp), read from the node's domain as the engine asks for them (it
  // asks with the node's state restored: undo() before the next child).
  class Children {
   public:
    class iterator {
     public:
      using value_type = Decision;
      using difference_type = std::ptrdiff_t;
      iterator() = default;
      explicit iterator(const Children* c) : c_(c) {
        if (c_->domain_ != nullptr && c_->count_ > 0) value_ = c_->value_at(0, 0);
      }
      Decision operator*() const {
        if (c_->domain_ == nullptr) return c_->moves_[static_cast<std::size_t>(k_)];
        return {c_->x_, Decision::Kind::equal, value_};
      }
      iterator& operator++() {
        ++k_;
        if (c_->domain_ != nullptr && k_ < c_->count_) value_ = c_->value_at(k_, value_);
        return *this;
      }
      void operator++(int) { ++*this; }
      friend bool operator==(const iterator& it, std::default_sentinel_t) { return it.done(); }

     private:
      bool done() const { return k_ >= c_->count_; }
      const Children* c_ = nullptr;
      int k_ = 0;
      Value value_ = 0;
    };
    Children() = default;
    Children(Decision first, Decision second) : moves_{first, second}, count_(2) {}
    Children(const Space& d, int x, ValueOrder order, std::uint64_t draw)
        : count_(static_cast<int>(d.size(x))), x_(x), order_(order), draw_(draw), domain_(&d) {}
    iterator begin() const { return iterator(this); }
    std::default_sentinel_t end() const { return {}; }

   private:
    // The k-th value to try; the one before it, `last`, saves min a walk from the start.
    Value value_at(int k, Value last) const {
      if (order_ == ValueOrder::min && k > 0) return domain_->next(x_, last);
      const auto m = static_cast<std::uint64_t>(count_);
      return nth_value(*domain_, x_, rank_to_try(order_, static_cast<std::uint64_t>(k), m, draw_));
    }
    std::array<Decision, 2> moves_{};
    int count_ = 0;
    int x_ = 0;
    ValueOrder order_ = ValueOrder::min;
    std::uint64_t draw_ = 0;
    const Space* domain_ = nullptr;  // branching on values: the node's domains
  };

  IntProblem(IntModel model, SearchOptions options);

  State root() const { return root_; }
  int max_depth() const { return depth_ + 1; }
  bool root_consistent() const { return !root_.space.failed(); }

  bool is_solution(const State& s) const;

  // The variable's children (--branching, --values: value_order.hpp): by default two,
  // x = v and x != v for the first value v of the order, as Gecode branches.
  // by_activity: the variable by activity over every phase's (hybrid(); the value by its
  // phase's order).
  Children candidates(const State& s, bool by_activity = false) const;

  void apply(State& s, Move m) const;
  // apply() of each move, but one propagation after them all (problem.hpp's HasApplyAll):
  // a mark per move, so that undo() takes each back as it takes back apply()'s.
  void apply_all(State& s, std::span<const Move> moves) const;
  // Branch and bound (incumbent.hpp): only what beats `best` from here on; taken back
  // with the move that made the state.
  void constrain(State& s, Value best) const;
  void undo(State& s, Move) const { s.space.undo(); }
  // A trace's words (watched_search.hpp): a move, and why a node has no child.
  static std::string describe(const Move& m) {
    static constexpr const char* relation[] = {" = ", " != ", " <= ", " > "};
    std::string words = "x";  // piece by piece: GCC 12 warns (stringop-overflow) on "x" + std::to_string()
    words += std::to_string(m.x);
    words += relation[static_cast<int>(m.kind)];
    words += std::to_string(m.v);
    return words;
  }
  static std::string why_dead_end(const State& s) { return s.space.failed() ? "propagation failed" : ""; }

  bool learns() const { return learned_.wdeg || learned_.afc || learned_.activity || options_.last_conflict; }
  void forget(State& s) const {
    if (learns()) s.weights = root_.weights;
    s.conflict = {};
  }
  // The objective (problem.hpp's HasObjective).
  bool optimises() const { return objective_.has_value(); }
  bool minimises() const { return !objective_ || objective_->minimise; }
  Value objective(const State& solution) const { return solution.space.value(objective_->x); }
  Value objective_value(std::span<const Move> path) const {
    return values(path)[static_cast<std::size_t>(objective_->x)];
  }
  // Large neighbourhood search (neighbourhoods.hpp, --lns): each decision variable but
  // the objective stays as `best` has it with probability 1 - lns%, drawn from the seed
  // and `draw`.
  int relaxed_share() const { return objective_ ? options_.lns : 0; }
  std::vector<Value> centre(std::span<const Move> best) const { return values(best); }
  std::vector<Move> neighbourhood(const std::vector<Value>& solution, std::uint64_t draw) const {
    std::mt19937_64 random(options_.seed * 0x9E3779B97F4A7C15ULL + draw);
    std::vector<Move> fixed;
    for (const int x : decisions_) {
      if (x == objective_->x || static_cast<int>(random() % 100) < options_.lns) continue;
      fixed.push_back({x, Decision::Kind::equal, solution[static_cast<std::size_t>(x)]});
    }
    return fixed;
  }

  static std::span<const std::string_view> counter_names() {
    static constexpr std::array<std::string_view, 1> names{"propagations"};
    return names;
  }
  WorkCounters counters(const State& s) const { return {{s.space.propagations}}; }

  // Every variable's value at the end of a path to a solution. The decisions are replayed;
  // an optimisation's leaf also had the bound then in force, which the replay lacks, so
  // variables that only the bound fixed may be open: the objective then goes to its best
  // value in the replayed domain that propagates (the values better than the solution's
  // fail at once: the leaf's state, a superset of theirs, fixed the objective), which
  // fixes the rest as at the leaf.
  std::vector<Value> values(std::span<const Move> path) const;
  const IntModel& model() const { return model_; }
  const SearchOptions& options() const { return options_; }
  const std::optional<Objective>& objective() const { return objective_; }
  void shuffle_values(std::uint64_t seed) {
    options_.values = ValueOrder::random;
    options_.seed = seed;
    for (Phase& p : phases_) p.values = ValueOrder::random;
  }
  // A portfolio's k-th other search (solver.hpp): the values in the random order of seed + k.
  // Its restarts draw their orders from seeds of their own too.
  void reorder(std::uint64_t k) {
    shuffle_values(options_.seed + k);
    restart_seed_ += k << 32;
  }

  // Restarts within a run (problem.hpp's HasRestarts and HasNogoods).
  std::optional<RestartSchedule> restart_schedule() const { return schedule_of(options_.restarts); }
  void restart(std::uint64_t k) { shuffle_values(restart_seed_ + k); }
  // What the searches learned from failures goes on to the next (problem.hpp's
  // CarriesLearning): a restart changes where the search goes, not what it knows.
  FailureWeights learned(const State& s) const { return s.weights; }
  void keep_learned(FailureWeights learned) {
    if (!learns()) return;
    for (auto c = static_cast<std::size_t>(learned.constraints()); c < propagator_scopes_.size(); ++c) {
      learned.add_constraint(propagator_scopes_[c]);  // the nogoods added since
    }
    root_.weights = std::move(learned);
  }
  // Phase saving from solutions (problem.hpp's FollowsSolutions): after a restart, each
  // variable tries first its value in the best solution so far (centre()), where its
  // domain still holds it, as Chuffed and OR-tools restart an optimisation; the
  // restart's own order comes after.
  void follow(std::vector<Value> best) { guide_ = std::move(best); }
  void add_nogoods(std::span<const Move> path, std::span<const std::uint8_t> branches);
  static_assert(static_cast<int>(Decision::Kind::more_than) == static_cast<int>(Nogood::Literal::Kind::more_than) &&
                static_cast<int>(Decision::Kind::at_most) == static_cast<int>(Nogood::Literal::Kind::at_most) &&
                static_cast<int>(Decision::Kind::not_equal) == static_cast<int>(Nogood::Literal::Kind::not_equal));
  // The nogoods added so far.
  int nogoods() const { return nogoods_; }

  // Lazy clause generation (--learn lcg): the solver runs search_learning() in place of
  // the engine's search (problem.hpp's HasClauseLearning).
  bool learns_clauses() const { return options_.learn == Learn::lcg; }
  template <class Emit, class Watch = Unwatched>
  SearchStats search_learning(const SearchLimits& limits, Emit& emit, Watch watch = {}) const {
    using Search = LearningSearch<IntProblem, Watch>;
    return Search(*this, options_.nogoods_kept, restart_schedule(), std::move(watch)).run(limits, emit);
  }
  static std::span<const std::string_view> learning_counters() { return learning_counter_names; }
  bool hybrid() const { return options_.hybrid; }
  // What the orders that weigh failures (failure_weights.hpp) are told, by apply() and by
  // the learning search: a decision's node, narrowed since its mark; a failure of
  // propagator `broken` (negative: of none of the model's).
  void weigh_node(State& s) const {
    if (!learned_.activity) return;
    s.weights.next_node();
    s.space.for_each_changed_since_mark([&](int x) { s.weights.narrowed(x); });
  }
  // And a conflict of the learning search, by the nogood learnt from it: under the
  // activity orders each of its variables gains as a narrowed one does (VSIDS's bump).
  void weigh_conflict(State& s, std::span<const Nogood::Literal> nogood) const {
    if (!learned_.activity) return;
    for (const Nogood::Literal& l : nogood) s.weights.narrowed(l.x);
  }
  void weigh_failure(State& s, int broken) const {
    if (broken >= 0 && learns()) s.weights.fail(broken, propagator_scopes_[static_cast<std::size_t>(broken)]);
  }

  // A decision posted in s; false when it empties a domain.
  static bool post(Space& s, const Move& m) {
    switch (m.kind) {
      case Decision::Kind::equal: return s.fix(m.x, m.v);
      case Decision::Kind::not_equal: return s.remove(m.x, m.v);
      case Decision::Kind::at_most: return s.set_max(m.x, m.v);
      case Decision::Kind::more_than: return s.set_min(m.x, m.v + 1);
    }
    return false;
  }

 private:
  bool auxiliaries_fixed(const Space& d) const {
    for (int x : model_.auxiliaries()) {
      if (!d.fixed(x)) return false;
    }
    return true;
  }
  // A leaf's auxiliaries fixed, as fix_auxiliaries() does; at none and forward every
  // propagator runs first, at full strength: the test of a leaf is no search, and
  // enumerating an auxiliary unpropagated could take 2^32 leaves.
  bool complete(Space& d) const;
  // none and forward hold a propagator back while too many of its variables are open.
  bool gated() const { return options_.prune == Prune::none || options_.prune == Prune::forward; }
  // One way to fix the auxiliaries that propagates, from the first open one up, smallest
  // value first; false when there is none (the space is then failed).
  bool fix_auxiliaries(Space& d, std::size_t from = 0) const;
  // The phases' variables one after another (one variable may be in several phases).
  struct Phase {
    std::size_t begin, end;  // in decisions_
    VariableOrder order;
    ValueOrder values;
  };

  bool all_fixed(const Space& d) const {
    for (int x : decisions_) {
      if (!d.fixed(x)) return false;
    }
    return true;
  }

  // A propagator of the search's own, after construction (a nogood).
  void add_propagator(Propagator p);
  // What the root (and so every node) already says of a nogood's literals: one false
  // there satisfies it everywhere (false: not worth adding); one true there need not be
  // tested (dropped, but the last: all true at the root fails the root).
  bool simplify_at_root(Nogood& nogood) const;
  static Nogood::Literal::Kind refuted(Nogood::Literal::Kind k) {
    using K = Nogood::Literal::Kind;
    switch (k) {
      case K::equal: return K::not_equal;
      case K::not_equal: return K::equal;
      case K::at_most: return K::more_than;
      case K::more_than: return K::at_most;
    }
    return k;
  }

  void failed(State& s, int propagator) const {
    s.space.fail();
    s.space.clear_changes();
    weigh_failure(s, propagator);
  }

  void build_root();

  // The variable to branch on, and its phase: of the first phase with a variable open, the
  // first of its variables, in their order, that is best by the phase's order; -1 when all
  // are fixed.
  std::pair<int, const Phase*> choose_variable(const State& s, bool by_activity) const;
  // Of p's open variables, the first that is best by p's order; -1: none open.
  int first_best(const State& s, const Phase& p) const;
  // What variable_choice.hpp reads of the domains.
  struct DomainView {
    const Space& d;
    const IntProblem& problem;
    std::uint64_t size(int x) const { return d.size(x); }
    Value min(int x) const { return d.min(x); }
    Value max(int x) const { return d.max(x); }
    std::int64_t degree(int x) const { return problem.degree(x); }
    std::int64_t heaviest_degree() const { return problem.heaviest_degree_; }
    const std::vector<int>& constraints_of(int x) const { return problem.scopes_[static_cast<std::size_t>(x)]; }
    bool binds(int c, int x) const {
      const auto& scope = problem.propagator_scopes_[static_cast<std::size_t>(c)];
      return std::any_of(scope.begin(), scope.end(), [&](int y) { return y != x && !d.fixed(y); }) &&
             !entailed(c);
    }
    // Whether propagator c holds whatever its open variables take, as far as it can tell
    // (one without an entailed() never says so): it binds none of them then, as Gecode
    // unsubscribes a subsumed propagator (job-shop ft06, afc-size: 13,023 nodes, against
    // 23,803 with the open variables alone).
    bool entailed(int c) const { return problem.model_.propagation().entailed(c, d); }
  };
  std::int64_t degree(int x) const { return std::max<std::int64_t>(static_cast<std::int64_t>(scopes_[static_cast<std::size_t>(x)].size()), 1); }

  // The value of rank k (0: the smallest) in x's domain.
  static Value nth_value(const Space& d, int x, std::uint64_t k) {
    if (!d.has_holes(x)) return d.min(x) + static_cast<Value>(k);
    Value v = d.min(x);
    for (; k > 0; --k) v = d.next(x, v);
    return v;
  }

  IntModel model_;
  SearchOptions options_;
  bool binary_ = options_.branching.value_or(Branching::binary) == Branching::binary;  // --branching
  std::vector<int> decisions_;
  std::vector<Phase> phases_;
  std::vector<std::vector<int>> scopes_;             // variable -> the propagators watching it
  std::vector<std::vector<int>> propagator_scopes_;  // propagator -> the variables it watches
  std::optional<Objective> objective_;
  int depth_ = 0;
  FailureWeights::Kept learned_;  // by the phases' orders
  std::int64_t heaviest_degree_ = 1;
  State root_;
  std::uint64_t restart_seed_;  // --seed: run k of restarts shuffles with restart_seed_ + k
  int nogoods_ = 0;
  std::vector<Value> guide_;  // follow(): a value per variable, or empty
  std::vector<int> phase_of_;  // variable -> the first phase deciding it, or -1
};

// The learning search of a run without a trace, compiled once (int_problem.cpp).
extern template class LearningSearch<IntProblem, Unwatched>;

}  // namespace backtrack::csp
