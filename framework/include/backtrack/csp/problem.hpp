#pragma once
// Searching a constraint Model: a Problem for the engine.
//
// State: the current domain of every variable, its value once decided, and a trail.
// Every domain change pushes (variable, old domain) on the trail; a move pushes a mark
// first, and undo() pops the trail back to that mark, so undo is exact and costs what
// the move changed, not the size of the model. A move that empties a domain (or breaks
// a constraint) marks the state failed: the engine enters it, finds no candidates,
// counts a failure and undoes it. So `nodes` counts moves tried.
//
// Pruning (options.hpp). none and forward work from the move alone: forward checking
// narrows the neighbours of the assigned variable once. arc, bounds and gac propagate:
// a changed variable goes on a queue; running it revises its binary neighbours (AC-3),
// and, once it is down to one value, decides it (a variable left one value counts as
// assigned) and takes that value from its all-different peers; then it wakes the n-ary
// constraints that watch it (a queue of constraints, after the variables: the cheap
// work first), until both queues are empty or a domain is. Both queues and the trail are
// preallocated (the trail to the sum of the domains: every entry removes a value), so a
// node allocates nothing.
//
// The variable to branch on (--order, each order's merit from variable_choice.hpp):
// static scans for the first unassigned one; mrv, dom-deg and dom-wdeg, on models of more
// than 64 variables, read the undecided variables bucketed by domain size
// (size_buckets.hpp), kept up to date as domains change and are restored (on smaller ones
// a scan costs less); the other orders scan. The children (--branching, --values): one
// per value still in its domain, in the value order (value_order.hpp), or two, x = v and
// x != v (or a split's halves, x <= v and x > v). Variables whose domain is one value at
// the root (givens) are assigned there.
//
// Backjumping (--learn cbj, conflict_levels.hpp): each domain change also gives the
// changed variable the decision levels of what the change read, settled from the trail
// whenever the cause changes (so narrow() does no more than without it); the engine
// asks backjump() where a failed node's search goes on (engine.hpp).
//
// Counters (work_counters.hpp): propagations, the values that pruning removed from the
// domains of other variables than the one assigned; checks, the tests of a value (or of
// a domain, one bitmask) against one constraint: an all-different's or a propagator's
// filter checks every domain of its scope once. Both count the search, not the root.
// With backjumping, backjumps and the levels they jumped too.
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "backtrack/csp/all_different.hpp"
#include "backtrack/csp/conflict_levels.hpp"
#include "backtrack/csp/failure_weights.hpp"
#include "backtrack/csp/last_conflict.hpp"
#include "backtrack/csp/model.hpp"
#include "backtrack/csp/options.hpp"
#include "backtrack/csp/size_buckets.hpp"
#include "backtrack/csp/value_order.hpp"
#include "backtrack/csp/variable_choice.hpp"
#include "backtrack/csp/work_queue.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/work_counters.hpp"

namespace backtrack::csp {

// A move: x = value, or, branching binary, the other child x != value (a split's: x <=
// value, x > value).
struct Assignment {
  int var = 0;
  int value = 0;
  DecisionKind kind = DecisionKind::equal;
  friend bool operator==(const Assignment&, const Assignment&) = default;
};

class CspProblem {
 public:
  using Move = Assignment;
  struct State {
    std::vector<Domain> domain;
    std::vector<int> value;  // -1 while undecided
    std::vector<std::pair<int, Domain>> trail;
    std::vector<std::size_t> marks;
    SizeBuckets open;           // the undecided variables by domain size (not for --order static)
    WorkQueue variables;        // changed, waiting to be propagated (arc, bounds, gac)
    std::vector<int> cause;     // per queued variable: the all-different that alone changed it, or -1
    int running = -1;           // the all-different whose filter is narrowing, or -1
    WorkQueue constraints;      // n-ary constraints woken, waiting to run
    std::vector<int> matching;  // gac: every all-different's last matching, kept across nodes
    FailureWeights weights;     // of the constraints' failures, for the orders that learn
    LastConflict conflict;      // --last-conflict
    mutable ConflictLevels levels;  // --learn cbj (allowed() and candidates() tell it of refusals and branchings)
    std::size_t settled = 0;        // --learn cbj: the trail's entries whose levels are up to date
    // Scratch for custom constraints and propagators (allowed() runs on a const state).
    mutable std::vector<int> scratch_values;
    mutable std::vector<Domain> scratch_domains;
    int unassigned = 0;
    bool failed = false;
    std::uint64_t propagations = 0;
    mutable std::uint64_t checks = 0;  // allowed() checks a const state
    std::uint64_t backjumps = 0;       // --learn cbj: jumps past at least one node
    std::uint64_t jumped = 0;          // the nodes they passed
  };

  // A node's children. Branching on values: the values still in its variable's domain
  // (snapshotted when the node is entered: applying a child changes domains, undoing it
  // restores them), smallest first bit by bit (the fast path: min, N-Queens' default), or
  // the k-th by its rank in the value order (value_order.hpp). Branching binary or
  // halving: two listed moves (one when the domain has one value).
  class Values {
   public:
    class iterator {
     public:
      using value_type = Assignment;
      using difference_type = std::ptrdiff_t;
      iterator() = default;
      explicit iterator(const Values* v) : v_(v), rest_(v->kind_ == Kind::smallest_first ? v->domain_ : 0) {}
      Assignment operator*() const {
        if (v_->kind_ == Kind::smallest_first) return {v_->var_, std::countr_zero(rest_)};
        return v_->at(k_);
      }
      iterator& operator++() {
        if (v_->kind_ == Kind::smallest_first) {
          rest_ &= rest_ - 1;
        } else {
          ++k_;
        }
        return *this;
      }
      void operator++(int) { ++*this; }
      friend bool operator==(const iterator& it, std::default_sentinel_t) { return it.done(); }

     private:
      bool done() const { return v_->kind_ == Kind::smallest_first ? rest_ == 0 : k_ >= v_->count_; }
      const Values* v_ = nullptr;
      Domain rest_ = 0;
      int k_ = 0;
    };
    Values() = default;  // no children
    static Values smallest_first(int var, Domain domain) { return {Kind::smallest_first, var, domain, 0, 0}; }
    static Values ranked(int var, Domain domain, ValueOrder order, std::uint64_t draw) {
      Values v{Kind::ranked, var, domain, std::popcount(domain), 0};
      v.order_ = order;
      v.draw_ = draw;
      return v;
    }
    // `first`, then its opposite (x != v after x = v, x > v after x <= v and back); or
    // `first` alone (count 1).
    static Values listed(Assignment first, int count) {
      Values v{Kind::listed, first.var, 0, count, first.value};
      v.first_ = first.kind;
      return v;
    }
    iterator begin() const { return iterator(this); }
    std::default_sentinel_t end() const { return {}; }

   private:
    enum class Kind : std::uint8_t { smallest_first, ranked, listed };
    Values(Kind kind, int var, Domain domain, int count, int value)
        : kind_(kind), var_(var), count_(count), value_(value), domain_(domain) {}
    // Out of line: the fast path's loop stays small.
    [[gnu::noinline]] Assignment at(int k) const {
      if (kind_ == Kind::listed) {
        constexpr DecisionKind opposite[] = {DecisionKind::not_equal, DecisionKind::equal, DecisionKind::more_than,
                                             DecisionKind::at_most};
        return {var_, value_, k == 0 ? first_ : opposite[static_cast<int>(first_)]};
      }
      const auto rank = rank_to_try(order_, static_cast<std::uint64_t>(k), static_cast<std::uint64_t>(count_), draw_);
      Domain rest = domain_;
      for (auto r = rank; r > 0; --r) rest &= rest - 1;  // the value of that rank
      return {var_, std::countr_zero(rest)};
    }
    Kind kind_ = Kind::listed;  // with count_ 0: no children
    DecisionKind first_ = DecisionKind::equal;
    ValueOrder order_ = ValueOrder::min;
    int var_ = 0;
    int count_ = 0;
    int value_ = 0;
    Domain domain_ = 0;
    std::uint64_t draw_ = 0;
  };

  CspProblem(Model model, SearchOptions options) : model_(std::move(model)), options_(options) {
    const int n = model_.variables();
    binary_ = options_.branching == Branching::binary;
    smallest_first_ = options_.values == ValueOrder::min && !binary_;
    propagating_ = options_.prune == Prune::arc || options_.prune == Prune::bounds || options_.prune == Prune::gac;
    if (options_.learn == Learn::lcg) {
      throw UsageError("--learn lcg learns nogoods on integer models; this model has bitset domains (use --learn cbj)");
    }
    jumps_ = options_.learn == Learn::cbj;
    // Up to 64 variables a scan is cheaper than keeping buckets: it reads a few cache
    // lines once a node, where buckets cost two bit moves for every domain change and
    // its undo (N-Queens at n = 14, forward checking with MRV: 1.8x the time per node).
    buckets_ = options_.variables != VariableOrder::static_order && is_size_per_weight(options_.variables) &&
               n > scan_limit;
    tracked_ = buckets_ || propagating_;
    for (int v = 0; v < n; ++v) {
      max_degree_ = std::max<std::int64_t>(max_degree_, std::max(model_.degree(v), 1));
      values_in_domains_ += std::popcount(model_.domains()[static_cast<std::size_t>(v)]);
    }
    if (learned_.afc) {
      constraints_of_.resize(static_cast<std::size_t>(n));
      for (std::size_t c = 0; c < model_.constraints().size(); ++c) {
        for (int v : model_.constraints()[c].scope) constraints_of_[static_cast<std::size_t>(v)].push_back(static_cast<int>(c));
      }
    }
    build_root();
  }

  State root() const { return root_; }
  bool is_solution(const State& s) const { return s.unassigned == 0 && !s.failed; }
  // A move per variable; branching binary or halving, a move may only remove values:
  // one per value at most.
  int max_depth() const { return binary_ || halves(options_.values) ? values_in_domains_ : model_.variables(); }

  Values candidates(const State& s) const {
    if (s.failed) return {};
    const int var = choose_variable(s);
    if (var < 0) return {};
    const Domain d = s.domain[static_cast<std::size_t>(var)];
    if (jumps_) [[unlikely]] s.levels.branching(depth(s), var);
    if (smallest_first_) return Values::smallest_first(var, d);
    return branch(var, d);
  }

  // Without pruning, values are checked here against the assigned variables (x != v and
  // a split's halves assign nothing).
  bool allowed(const State& s, Move m) const {
    return options_.prune != Prune::none || m.kind != DecisionKind::equal || consistent(s, m);
  }

  void apply(State& s, Move m) const {
    if (jumps_) [[unlikely]] {
      s.levels.decide(depth(s));
      s.settled = s.trail.size();
    }
    s.marks.push_back(s.trail.size());
    if (m.kind == DecisionKind::equal) [[likely]] {
      assign(s, m);
    } else {
      exclude(s, m);
    }
    if (jumps_) [[unlikely]] settle_levels(s);
    if (options_.last_conflict) [[unlikely]] {
      s.conflict.decided(m.var, s.failed, std::popcount(s.domain[static_cast<std::size_t>(m.var)]) == 1);
    }
  }

  void undo(State& s, Move m) const {
    const std::size_t mark = s.marks.back();
    s.marks.pop_back();
    if (jumps_) [[unlikely]] s.levels.undo();
    if (!tracked_) {  // forward checking, the static order: nothing else to restore
      while (s.trail.size() > mark) {
        const auto [var, old] = s.trail.back();
        s.trail.pop_back();
        s.domain[static_cast<std::size_t>(var)] = old;
      }
    } else {
      restore_to(s, mark);
    }
    if (!propagating_ && m.kind == DecisionKind::equal) {
      s.value[static_cast<std::size_t>(m.var)] = -1;
      ++s.unassigned;
      if (buckets_) s.open.add(m.var, std::popcount(s.domain[static_cast<std::size_t>(m.var)]));
    }
    s.failed = false;
  }

  // A trace's words (watched_search.hpp): a move, and why a node has no child.
  static std::string describe(Move m) {
    static constexpr const char* relation[] = {" = ", " != ", " <= ", " > "};
    // Appended piece by piece: GCC 12 warns (stringop-overflow) on "x" + std::to_string().
    std::string words = "x";
    words += std::to_string(m.var);
    words += relation[static_cast<int>(m.kind)];
    words += std::to_string(m.value);
    return words;
  }
  std::string why_dead_end(const State& s) const {
    for (std::size_t x = 0; x < s.domain.size(); ++x) {
      if (s.domain[x] == 0) return describe_variable(x) + " has no value left";
    }
    return s.failed ? "a constraint fails" : "";
  }
  static std::string describe_variable(std::size_t x) {
    std::string words = "x";
    words += std::to_string(x);
    return words;
  }

  // The failure weights are what the search learned (see learns() in problem.hpp).
  bool learns() const { return learned_.wdeg || learned_.afc || options_.last_conflict; }
  void forget(State& s) const {
    if (learns()) s.weights = root_.weights;
    s.conflict = {};
  }

  // Conflict-directed backjumping (--learn cbj): the node at `depth` failed; the depth to
  // go back to (conflict_levels.hpp).
  bool backjumps() const { return jumps_; }
  int backjump(State& s, int depth) const {
    const int target = s.levels.backjump(depth, s.failed);
    if (target < depth - 1) {
      ++s.backjumps;
      s.jumped += static_cast<std::uint64_t>(depth - 1 - target);
    }
    return target;
  }

  static std::span<const std::string_view> counter_names() {
    static constexpr std::array<std::string_view, 4> names{"propagations", "checks", "backjumps", "jumped"};
    return names;
  }
  // The backjumps' counters are shown where the search jumps.
  std::size_t counted() const { return jumps_ ? 4 : 2; }
  WorkCounters counters(const State& s) const { return {{s.propagations, s.checks, s.backjumps, s.jumped}}; }

  // Every variable's value, for a path of moves from root() to a solution.
  std::vector<int> values(std::span<const Move> path) const {
    if (!propagating_) {
      std::vector<int> values = root_.value;
      for (const Move& m : path) {
        if (m.kind == DecisionKind::equal) values[static_cast<std::size_t>(m.var)] = m.value;
      }
      return values;
    }
    State s = root_;  // propagation decided the rest
    for (const Move& m : path) apply(s, m);
    return s.value;
  }
  const Model& model() const { return model_; }
  const SearchOptions& options() const { return options_; }
  // From now on the values in a random order drawn from `seed` (a restart's new order,
  // without building the model again).
  void shuffle_values(std::uint64_t seed) {
    options_.values = ValueOrder::random;
    options_.seed = seed;
    smallest_first_ = false;
  }
  // False when the root already fails (a given breaks a constraint): no solutions.
  bool root_consistent() const { return !root_.failed; }

 private:
  // The children of a node on `var` but the fast path's: its values in the value order,
  // or two (value_order.hpp).
  [[gnu::noinline]] Values branch(int var, Domain d) const {
    const ValueOrder order = options_.values;
    const int lo = std::countr_zero(d);
    const int hi = 63 - std::countl_zero(d);
    if (halves(order) && lo < hi) {
      const int cut = split_point(lo, hi);
      return Values::listed({var, cut, order == ValueOrder::split ? DecisionKind::at_most : DecisionKind::more_than}, 2);
    }
    const std::uint64_t draw = order == ValueOrder::random ? value_draw(options_.seed, var, lo, hi) : 0;
    if (!binary_) return Values::ranked(var, d, order, draw);
    const Values all = Values::ranked(var, d, order, draw);
    const int v = (*all.begin()).value;
    return Values::listed({var, v, DecisionKind::equal}, lo < hi ? 2 : 1);
  }

  // A binary branching's x != v, or a split's half: the domain narrows, and propagation
  // (arc, bounds, gac) follows; forward checking acts on assignments alone, and the
  // variable, when one value is left, is chosen next (by mrv, or static) and assigned then.
  [[gnu::noinline]] void exclude(State& s, Move m) const {
    const Domain d = s.domain[static_cast<std::size_t>(m.var)];
    const Domain bit = Domain{1} << m.value;
    const Domain up_to = bit | (bit - 1);  // the values <= m.value
    const Domain kept = m.kind == DecisionKind::not_equal ? d & ~bit
                        : m.kind == DecisionKind::at_most ? d & up_to
                                                          : d & ~up_to;
    if (kept == d) return;
    if (!narrow(s, m.var, kept)) return fail(s, -1);
    if (propagating_) propagate(s);
  }

  void build_root() {
    const int n = model_.variables();
    const auto& constraints = model_.constraints();
    State& s = root_;
    s.domain = model_.domains();
    s.value.assign(static_cast<std::size_t>(n), -1);
    s.unassigned = n;
    std::size_t total_values = 0;
    std::size_t widest = 0;
    for (int v = 0; v < n; ++v) {
      const Domain d = s.domain[static_cast<std::size_t>(v)];
      total_values += static_cast<std::size_t>(std::popcount(d));
      if (d == 0) s.failed = true;
    }
    s.trail.reserve(total_values + static_cast<std::size_t>(n));
    if (jumps_) s.levels.reset(n, max_depth() + 1);
    s.marks.reserve(static_cast<std::size_t>(n) + 1);
    s.variables.reset(n);
    s.cause.assign(static_cast<std::size_t>(n), -1);
    s.constraints.reset(static_cast<int>(constraints.size()));
    s.weights = FailureWeights(n, learned_, [&](auto add) {
      for (const auto& c : constraints) add(c.scope);
    });
    for (const auto& c : constraints) widest = std::max(widest, c.scope.size());
    s.scratch_values.resize(widest);
    s.scratch_domains.resize(widest);
    for (const auto& vars : model_.all_differents()) {
      matching_offset_.push_back(static_cast<int>(s.matching.size()));
      s.matching.insert(s.matching.end(), vars.size(), -1);
    }
    for (std::size_t c = 0; c < constraints.size(); ++c) {
      if (constraints[c].kind == Model::Kind::all_different) all_different_constraint_.push_back(static_cast<int>(c));
    }
    int widest_domain = 1;
    for (int v = 0; v < n; ++v) widest_domain = std::max(widest_domain, model_.size_of(v));
    if (buckets_) s.open.reset(n, widest_domain);
    if (s.failed) return;
    if (propagating_) {
      for (int v = 0; v < n; ++v) {
        const Domain d = s.domain[static_cast<std::size_t>(v)];
        if (buckets_) s.open.add(v, std::popcount(d));
        if (std::has_single_bit(d)) decide(s, v);
        s.variables.push(v);
      }
      for (std::size_t c = 0; c < constraints.size(); ++c) wake(s, static_cast<int>(c));
      propagate(s);
    } else {
      if (buckets_) {
        for (int v = 0; v < n; ++v) s.open.add(v, std::popcount(s.domain[static_cast<std::size_t>(v)]));
      }
      // Givens: variables with one value are assigned before the search starts.
      for (int v = 0; v < n && !s.failed; ++v) {
        const Domain d = s.domain[static_cast<std::size_t>(v)];
        if (std::has_single_bit(d) && s.value[static_cast<std::size_t>(v)] < 0) {
          const Move m{v, std::countr_zero(d)};
          if (options_.prune == Prune::none && !consistent(s, m)) s.failed = true;
          assign(s, m);
        }
      }
    }
    s.trail.clear();
    s.levels.forget_trail();
    s.propagations = 0;
    s.checks = 0;
  }

  // The depth of the node at `s`: its moves so far, each a mark.
  static int depth(const State& s) { return static_cast<int>(s.marks.size()); }

  int choose_variable(const State& s) const {
    if (options_.last_conflict) [[unlikely]] {
      const int x = s.conflict.choice([&](int y) { return s.value[static_cast<std::size_t>(y)] < 0; });
      if (x >= 0) return x;
    }
    if (options_.variables == VariableOrder::static_order) {
      const int n = model_.variables();
      const int* value = s.value.data();
      for (int v = 0; v < n; ++v) {
        if (value[v] < 0) return v;
      }
      return -1;
    }
    if (!buckets_) return scan(s);
    return choose_from_buckets(s);
  }

  // Out of line: the scan of small models stays a small loop in the node's code.
  [[gnu::noinline]] int choose_from_buckets(const State& s) const {
    const int smallest = s.open.smallest();
    if (smallest < 0) return -1;
    if (options_.variables == VariableOrder::mrv) return s.open.first(smallest);
    // Sizes in increasing order, until even the best merit of the next size (its
    // heaviest variable) could not do better; ties: the lowest number.
    return with_merit<std::int64_t>(options_.variables, DomainView{s, *this}, s.weights, [&](const auto& merit) {
      int best = -1;
      decltype(merit(0)) best_merit{};
      for (int size = smallest; size >= 0; size = s.open.next_size(size)) {
        if (best >= 0) {
          const auto bound = merit.best_of_size(size);
          if (bound && best_merit < *bound) break;
        }
        s.open.for_each(size, [&](int v) {
          const auto m = merit(v);
          if (best < 0 || m < best_merit || (m == best_merit && v < best)) {
            best = v;
            best_merit = m;
          }
        });
      }
      return best;
    });
  }

  // What variable_choice.hpp reads of the domains.
  // Raw pointers: the scan reads them once per variable, and a reference to the state
  // would have it reload the vectors' data (dom-wdeg, N-Queens 15: 6% slower).
  struct DomainView {
    const Domain* domain;
    const int* value;
    const CspProblem& problem;
    DomainView(const State& s, const CspProblem& p) : domain(s.domain.data()), value(s.value.data()), problem(p) {}
    int size(int x) const { return std::popcount(domain[x]); }
    int min(int x) const { return std::countr_zero(domain[x]); }
    int max(int x) const { return 63 - std::countl_zero(domain[x]); }
    std::int64_t degree(int x) const { return std::max(problem.model_.degree(x), 1); }
    std::int64_t heaviest_degree() const { return problem.max_degree_; }
    const std::vector<int>& constraints_of(int x) const { return problem.constraints_of_[static_cast<std::size_t>(x)]; }
    bool binds(int c, int x) const {
      const auto& scope = problem.model_.constraints()[static_cast<std::size_t>(c)].scope;
      return std::any_of(scope.begin(), scope.end(), [&](int y) { return y != x && value[y] < 0; });
    }
  };

  // The same choice by a scan of every variable (small models, and the orders that
  // buckets by size do not help).
  int scan(const State& s) const {
    const int n = model_.variables();
    const int* value = s.value.data();
    const Domain* domain = s.domain.data();
    if (options_.variables == VariableOrder::mrv) {  // its own loop: it stops at a size of 1
      int best = -1;
      int best_size = 65;
      for (int v = 0; v < n; ++v) {
        if (value[v] >= 0) continue;
        const int size = std::popcount(domain[v]);
        if (size < best_size) {
          best = v;
          best_size = size;
          if (size <= 1) break;
        }
      }
      return best;
    }
    return with_merit<std::int64_t>(options_.variables, DomainView{s, *this}, s.weights, [&](const auto& merit) {
      int best = -1;
      decltype(merit(0)) best_merit{};
      for (int v = 0; v < n; ++v) {
        if (value[v] >= 0) continue;
        const auto m = merit(v);
        if (best < 0 || m < best_merit) {
          best = v;
          best_merit = m;
        }
      }
      return best;
    });
  }

  // x = a agrees with every assigned variable (the check of --prune none).
  bool consistent(const State& s, Move m) const {
    const Domain* supports = model_.supports().data();
    for (const auto& arc : model_.arcs(m.var)) {
      const int b = s.value[static_cast<std::size_t>(arc.other)];
      if (b < 0) continue;
      ++s.checks;
      if (((supports[arc.support + m.value] >> b) & 1) == 0) return refuse(s, arc.other);
    }
    for (int id : model_.all_different_of(m.var)) {
      for (int y : model_.all_differents()[static_cast<std::size_t>(id)]) {
        if (y == m.var || s.value[static_cast<std::size_t>(y)] < 0) continue;
        ++s.checks;
        if (s.value[static_cast<std::size_t>(y)] == m.value) return refuse(s, y);
      }
    }
    for (int c : model_.watchers(m.var)) {
      const auto& constraint = model_.constraints()[static_cast<std::size_t>(c)];
      if (constraint.kind == Model::Kind::all_different) continue;
      const auto& scope = constraint.scope;
      bool complete = true;
      for (std::size_t i = 0; i < scope.size(); ++i) {
        const int v = scope[i] == m.var ? m.value : s.value[static_cast<std::size_t>(scope[i])];
        if (v < 0) complete = false;
        s.scratch_values[i] = v;
        s.scratch_domains[i] = v < 0 ? 0 : Domain{1} << v;
      }
      if (!complete) continue;
      ++s.checks;
      if (constraint.kind == Model::Kind::custom) {
        const auto& check = model_.customs()[static_cast<std::size_t>(constraint.index)].check;
        if (!check(std::span<const int>(s.scratch_values.data(), scope.size()))) return refuse(s, scope, m.var);
      } else if (!run_filter(s, constraint)) {
        return refuse(s, scope, m.var);
      }
    }
    return true;
  }

  // A value refused by the check against the assigned variables: with --learn cbj, its
  // node's failure depends on theirs. False, for consistent() to return.
  bool refuse(const State& s, int other) const {
    if (jumps_) s.levels.refused(depth(s), other);
    return false;
  }
  bool refuse(const State& s, std::span<const int> scope, int var) const {
    for (int y : scope) {
      if (y != var) refuse(s, y);
    }
    return false;
  }

  // A propagator's filter on the scratch copy of its domains: false when it fails.
  bool run_filter(const State& s, const Model::Constraint& constraint) const {
    const std::span<Domain> domains(s.scratch_domains.data(), constraint.scope.size());
    if (!model_.propagators()[static_cast<std::size_t>(constraint.index)].filter(domains)) return false;
    for (Domain d : domains) {
      if (d == 0) return false;
    }
    return true;
  }

  // Sets a domain, remembering the old one; false when it became empty. Propagating,
  // the variable goes on the queue, and is decided once it has one value left. Always
  // inlined: GCC had kept it out of line once track() joined it, and a call per domain
  // change cost forward checking 4-5% a node (N-Queens, n = 13, MRV).
  [[gnu::always_inline]] bool narrow(State& s, int var, Domain d) const {
    Domain& slot = s.domain[static_cast<std::size_t>(var)];
    s.trail.emplace_back(var, slot);
    if (tracked_) track(s, var, slot, d);
    slot = d;
    return d != 0;
  }

  // What a domain change means beyond the trail: the variable's bucket, and, propagating,
  // the queue and its decision. Out of line: forward checking's loop stays small.
  [[gnu::noinline]] void track(State& s, int var, Domain old, Domain d) const {
    const auto x = static_cast<std::size_t>(var);
    const bool open = s.value[x] < 0;
    if (buckets_ && open) s.open.move(var, std::popcount(old), std::popcount(d));
    if (!propagating_ || d == 0) return;
    s.domain[x] = d;
    if (open && std::has_single_bit(d)) decide(s, var);
    // An all-different's filters reach their own fixpoint: its own changes need not
    // wake it again.
    int& cause = s.cause[x];
    if (!s.variables.contains(var)) {
      cause = s.running;
      s.variables.push(var);
    } else if (cause != s.running) {
      cause = -1;
    }
  }

  // --learn cbj. What narrows next reads `scope` (or `var`): the narrowings since the
  // last cause changed are first given theirs. So narrow() itself does nothing more,
  // and the loops of forward checking stay as they were.
  void reads(State& s, std::span<const int> scope) const {
    if (jumps_) [[unlikely]] {
      settle_levels(s);
      s.levels.cause_is(scope);
    }
  }
  void reads(State& s, int var) const {
    if (jumps_) [[unlikely]] {
      settle_levels(s);
      s.levels.cause_is(var);
    }
  }
  // A constraint failed with its domains whole.
  void failed_whole(State& s) const {
    if (jumps_) [[unlikely]] s.levels.failed(-1);
  }
  // The domains narrowed since the last call (the trail's entries since then) depend on
  // the current cause; an emptied one is the failure's.
  [[gnu::noinline]] void settle_levels(State& s) const {
    for (std::size_t i = s.settled; i < s.trail.size(); ++i) {
      const int var = s.trail[i].first;
      s.levels.narrowed(var);
      if (s.domain[static_cast<std::size_t>(var)] == 0) s.levels.failed(var);
    }
    s.settled = s.trail.size();
  }

  [[gnu::noinline]] void restore_to(State& s, std::size_t mark) const {
    while (s.trail.size() > mark) {
      const auto [var, old] = s.trail.back();
      s.trail.pop_back();
      restore(s, var, old);
    }
  }

  // Undoes one entry of the trail: the domain back, and the variable back in its bucket
  // (or open again, when the move had decided it).
  void restore(State& s, int var, Domain old) const {
    const auto x = static_cast<std::size_t>(var);
    if (s.value[x] < 0) {
      if (buckets_) s.open.move(var, std::popcount(s.domain[x]), std::popcount(old));
    } else if (propagating_ && !std::has_single_bit(old)) {
      s.value[x] = -1;
      ++s.unassigned;
      if (buckets_) s.open.add(var, std::popcount(old));
    }
    s.domain[x] = old;
  }

  void decide(State& s, int var) const {
    const auto x = static_cast<std::size_t>(var);
    s.value[x] = std::countr_zero(s.domain[x]);
    --s.unassigned;
    if (buckets_) s.open.remove(var, 1);
  }

  // The state fails; `constraint` (when known) gains failure weight.
  void fail(State& s, int constraint) const {
    s.failed = true;
    if (constraint >= 0 && (learned_.wdeg || learned_.afc)) {
      s.weights.fail(constraint, model_.constraints()[static_cast<std::size_t>(constraint)].scope);
    }
    s.variables.clear();
    s.constraints.clear();
  }

  void assign(State& s, Move m) const {
    const Domain bit = Domain{1} << m.value;
    // A decision's value depends on its level alone (a given's, at the root, on none).
    if (jumps_ && !s.marks.empty()) [[unlikely]] s.levels.assigned(m.var, depth(s) - 1);
    if (propagating_) {
      narrow(s, m.var, bit);
      propagate(s);
      return;
    }
    narrow(s, m.var, bit);
    s.value[static_cast<std::size_t>(m.var)] = m.value;
    --s.unassigned;
    if (buckets_) s.open.remove(m.var, 1);
    if (options_.prune == Prune::none) return;
    // Forward checking on the binary constraints: one AND per neighbour.
    const Domain* supports = model_.supports().data();
    Domain* domain = s.domain.data();
    const int* value = s.value.data();
    // Counted in locals: the state's counters would be read and written at every step.
    std::uint64_t checks = 0;
    std::uint64_t removed = 0;
    for (const auto& a : model_.arcs(m.var)) {
      if (value[a.other] >= 0) continue;
      ++checks;
      const Domain before = domain[a.other];
      const Domain after = before & supports[a.support + m.value];
      if (after != before) {
        removed += static_cast<std::uint64_t>(std::popcount(before & ~after));
        if (!narrow(s, a.other, after)) {
          s.checks += checks;
          s.propagations += removed;
          return fail(s, a.constraint);
        }
      }
    }
    s.checks += checks;
    s.propagations += removed;
    const int broken = remove_from_peers(s, m.var, m.value);
    if (broken >= 0) return fail(s, broken);
    // The n-ary constraints of the variable, once each.
    for (int c : model_.watchers(m.var)) {
      if (!forward_check(s, c)) return fail(s, c);
    }
  }

  // All-different: the value of `var` leaves its peers. The all-different that empties
  // a domain, or -1.
  int remove_from_peers(State& s, int var, int v) const {
    const Domain bit = Domain{1} << v;
    reads(s, var);
    // Counted in a local: the state's counter, written at every peer, made a chain of
    // stores through memory (25x25 Sudoku, gac: 10-15% of the search's time).
    std::uint64_t checks = 0;
    for (int id : model_.all_different_of(var)) {
      for (int y : model_.all_differents()[static_cast<std::size_t>(id)]) {
        const Domain d = s.domain[static_cast<std::size_t>(y)];
        if (y == var) continue;
        // A decided peer is looked at too: propagating, two variables may have been
        // left the same value before either was run.
        checks += s.value[static_cast<std::size_t>(y)] < 0 ? 1 : 0;
        if ((d & bit) == 0) continue;
        ++s.propagations;
        if (!narrow(s, y, d & ~bit)) {
          s.checks += checks;
          return all_different_constraint_[static_cast<std::size_t>(id)];
        }
      }
    }
    s.checks += checks;
    return -1;
  }

  // A custom constraint or a propagator after an assignment (forward checking): a custom
  // one is checked when complete and filters its last free variable; a propagator runs once.
  bool forward_check(State& s, int c) const {
    const auto& constraint = model_.constraints()[static_cast<std::size_t>(c)];
    if (constraint.kind == Model::Kind::custom) return filter_custom(s, constraint, [&](int y) {
      return s.value[static_cast<std::size_t>(y)] >= 0;
    });
    if (constraint.kind == Model::Kind::propagator) return run_propagator(s, constraint);
    return true;
  }

  // A custom constraint: checked once every variable of its scope is `fixed`, and
  // filtering the one variable left when all the others are.
  template <class Fixed>
  bool filter_custom(State& s, const Model::Constraint& constraint, Fixed fixed) const {
    const auto& scope = constraint.scope;
    const auto& check = model_.customs()[static_cast<std::size_t>(constraint.index)].check;
    reads(s, scope);
    int* values = s.scratch_values.data();
    const std::span<const int> all(values, scope.size());
    int free = -1;
    for (std::size_t i = 0; i < scope.size(); ++i) {
      const int y = scope[i];
      if (fixed(y)) {
        values[i] = std::countr_zero(s.domain[static_cast<std::size_t>(y)]);
      } else {
        if (free >= 0) return true;  // two free variables: nothing to do yet
        free = static_cast<int>(i);
      }
    }
    if (free < 0) {
      ++s.checks;
      if (check(all)) return true;
      failed_whole(s);
      return false;
    }
    const int y = scope[static_cast<std::size_t>(free)];
    const Domain d = s.domain[static_cast<std::size_t>(y)];
    Domain kept = 0;
    for (Domain rest = d; rest != 0; rest &= rest - 1) {
      values[free] = std::countr_zero(rest);
      ++s.checks;
      if (check(all)) kept |= rest & (~rest + 1);
    }
    if (kept == d) return true;
    s.propagations += static_cast<std::uint64_t>(std::popcount(d & ~kept));
    return narrow(s, y, kept);
  }

  // Copies the scope's domains to scratch, runs `filter` on them, and narrows what it changed.
  template <class Filter>
  bool filter_domains(State& s, const std::vector<int>& scope, Filter filter) const {
    const std::span<Domain> domains(s.scratch_domains.data(), scope.size());
    for (std::size_t i = 0; i < scope.size(); ++i) domains[i] = s.domain[static_cast<std::size_t>(scope[i])];
    s.checks += scope.size();
    reads(s, scope);
    if (!filter(domains)) {
      failed_whole(s);
      return false;
    }
    for (std::size_t i = 0; i < scope.size(); ++i) {
      const Domain old = s.domain[static_cast<std::size_t>(scope[i])];
      const Domain now = domains[i] & old;
      if (now == old) continue;
      s.propagations += static_cast<std::uint64_t>(std::popcount(old & ~now));
      if (!narrow(s, scope[i], now)) return false;
    }
    return true;
  }

  bool run_propagator(State& s, const Model::Constraint& constraint) const {
    const auto& filter = model_.propagators()[static_cast<std::size_t>(constraint.index)].filter;
    return filter_domains(s, constraint.scope, [&](std::span<Domain> d) { return filter(d); });
  }

  // Puts an n-ary constraint on the queue, when this pruning runs it.
  void wake(State& s, int c) const {
    const auto kind = model_.constraints()[static_cast<std::size_t>(c)].kind;
    if (kind == Model::Kind::binary) return;
    if (kind == Model::Kind::all_different && options_.prune == Prune::arc) return;  // the singletons do it
    s.constraints.push(c);
  }

  // Runs the queues to a fixpoint (arc, bounds, gac).
  [[gnu::noinline]] void propagate(State& s) const {
    for (;;) {
      if (!s.variables.empty()) {
        const int broken = propagate_variable(s, s.variables.pop());
        if (broken >= 0) return fail(s, broken);
      } else if (!s.constraints.empty()) {
        const int c = s.constraints.pop();
        if (!run_constraint(s, c)) return fail(s, c);
      } else {
        return;
      }
    }
  }

  // A changed variable: AC-3 on its binary neighbours, its value (once decided) out of
  // its all-different peers, and its n-ary constraints woken. The constraint that empties
  // a domain, or -1.
  int propagate_variable(State& s, int y) const {
    const auto uy = static_cast<std::size_t>(y);
    reads(s, y);
    const Domain dy = s.domain[uy];
    const int decided = s.value[uy];
    const Domain* supports = model_.supports().data();
    for (const auto& a : model_.arcs(y)) {
      const int z = a.other;
      const Domain dz = s.domain[static_cast<std::size_t>(z)];
      Domain kept = 0;
      if (decided >= 0) {
        ++s.checks;
        kept = dz & supports[a.support + decided];
      } else {
        for (Domain rest = dz; rest != 0; rest &= rest - 1) {
          ++s.checks;
          if ((dy & supports[a.reverse + std::countr_zero(rest)]) != 0) kept |= rest & (~rest + 1);
        }
      }
      if (kept == dz) continue;
      s.propagations += static_cast<std::uint64_t>(std::popcount(dz & ~kept));
      if (!narrow(s, z, kept)) return a.constraint;
    }
    if (decided >= 0) {
      const int broken = remove_from_peers(s, y, decided);
      if (broken >= 0) return broken;
    }
    for (int c : model_.watchers(y)) {
      if (c != s.cause[uy]) wake(s, c);
    }
    return -1;
  }

  bool run_constraint(State& s, int c) const {
    const auto& constraint = model_.constraints()[static_cast<std::size_t>(c)];
    switch (constraint.kind) {
      case Model::Kind::all_different: {
        s.running = c;
        bool ok = false;
        if (options_.prune == Prune::bounds) {
          ok = filter_domains(s, constraint.scope, filter_all_different_bounds);
        } else {
          int* matching = s.matching.data() + matching_offset_[static_cast<std::size_t>(constraint.index)];
          ok = filter_domains(s, constraint.scope, [&](std::span<Domain> d) {
            return filter_all_different_gac(d, std::span<int>(matching, d.size()));
          });
        }
        s.running = -1;
        return ok;
      }
      case Model::Kind::custom:
        return filter_custom(s, constraint, [&](int y) { return std::has_single_bit(s.domain[static_cast<std::size_t>(y)]); });
      case Model::Kind::propagator:
        return run_propagator(s, constraint);
      case Model::Kind::binary:
        break;
    }
    return true;
  }

  static constexpr int scan_limit = 64;

  Model model_;
  SearchOptions options_;
  bool binary_ = false;          // --branching binary: x = v, x != v
  bool smallest_first_ = false;  // branching on values, smallest first: the fast path
  bool propagating_ = false;  // arc, bounds, gac
  bool jumps_ = false;        // --learn cbj
  bool buckets_ = false;      // a dynamic variable order on more than scan_limit variables
  bool tracked_ = false;      // either: a domain change is more than a trail entry
  std::int64_t max_degree_ = 1;
  int values_in_domains_ = 0;  // at the root, over every variable
  FailureWeights::Kept learned_ = learned_by(options_.variables);
  std::vector<std::vector<int>> constraints_of_;  // afc, afc-size: variable -> its constraints
  std::vector<int> matching_offset_;           // all-different -> its slice of State::matching
  std::vector<int> all_different_constraint_;  // all-different -> its constraint number
  State root_;
};

}  // namespace backtrack::csp
