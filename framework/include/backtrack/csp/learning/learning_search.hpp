#pragma once
// Lazy clause generation's search (--learn lcg) over an integer problem (int_problem.hpp;
// Ohrimenko, Stuckey and Codish 2009; Chuffed): decide as the problem's orders say,
// propagate, and at a failure learn a nogood by first-UIP conflict analysis over the
// explained trail (explained_trail.hpp, explanations.hpp), less the literals the others
// imply (minimise()), jump back to the deepest level
// at which the nogood propagates, keep it (a watched literal), and go on from there
// with the literal it refutes. Every nogood follows from the model (and the bound in
// force), so no solution is lost; each conflict adds one that the path violates, so the
// search ends. Now and then the half least likely to propagate again are forgotten
// (reduce()); the number kept grows each time, so that it still ends.
//
// With --restarts, the search goes back to the root after each run of conflicts (100
// times Luby's sequence, or 100, 150, 225, ...) and decides again from there as the
// orders say, which have learnt from the failures (dom-wdeg, afc, activity); the nogoods
// and the bound stay, so each run starts where the last left it, and since the runs grow,
// the search still ends. A hybrid search (options.hpp) decides every second run by
// activity instead, as Chuffed's free search does.
//
// An optimisation's solution tightens the objective at the root, as a bound every later
// search keeps: the bound is the search's, as in branch and bound, and the root failing
// proves the last solution optimal. Counting is not offered: a search that jumps back
// and goes on below a refuted literal visits no tree whose leaves could be counted once
// each.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "backtrack/csp/learning/explained_trail.hpp"
#include "backtrack/csp/learning/explanations.hpp"
#include "backtrack/csp/learning/watches_by_value.hpp"
#include "backtrack/engine.hpp"
#include "backtrack/limits_in_scope.hpp"
#include "backtrack/restart_schedule.hpp"
#include "backtrack/search_limits.hpp"
#include "backtrack/search_stats.hpp"
#include "backtrack/work_counters.hpp"

namespace backtrack::csp {

// Its counters (SearchStats::counters), after the problem's propagations.
inline constexpr std::array<std::string_view, 6> learning_counter_names{
    "propagations", "nogoods", "nogood_literals", "jumped", "nogoods_deleted", "cutoffs"};

// A Watch other than Unwatched (--trace, --tree: watched_search.hpp's BoundWatchEvents) is told
// of every node, conflict, nogood and restart; one that is not costs nothing.
template <class P, class Watch = Unwatched>
class LearningSearch {
 public:
  using Move = typename P::Move;

  // keep: the nogoods kept before the first reduction (reduce(); 0: every one is kept),
  // the problem's --nogoods-kept unless given; schedule: the conflicts of each run (none:
  // one run), the problem's --restarts unless given.
  explicit LearningSearch(const P& problem) : LearningSearch(problem, problem.options().nogoods_kept) {}
  LearningSearch(const P& problem, std::size_t keep)
      : LearningSearch(problem, keep, problem.restart_schedule()) {}
  LearningSearch(const P& problem, std::size_t keep, std::optional<RestartSchedule> schedule, Watch watch = {})
      : problem_(problem),
        propagation_(problem.model().propagation()),
        schedule_(schedule),
        keep_limit_(keep == 0 ? std::numeric_limits<std::size_t>::max() : keep),
        watch_(std::move(watch)) {}

  // Searches within `limits` (nodes: decisions, failures: conflicts, solutions: those
  // handed on), calling emit(path, 1, FoundAt) for each solution, or each improvement of
  // an optimisation, as a listing's sink (false: stop). The path fixes every variable to
  // the solution's value. Complete (stop none): every solution was handed on, or the last
  // is optimal.
  template <class Emit>
  SearchStats run(const SearchLimits& limits, Emit& emit) {
    SearchStats stats;
    stats.nodes = 1;
    state_ = problem_.root();
    if constexpr (watched) watch_.enter(state_, std::span<const Move>());
    if (!problem_.root_consistent()) {
      if constexpr (watched) {
        watch_.dead_end(state_, std::span<const Move>());
        watch_.leave();
      }
      return stats;
    }
    Space& s = state_.space;
    ExplainedTrail trail(s);
    s.log_narrowings(true);
    watching_.clear();
    watching_.resize(static_cast<std::size_t>(s.variables()));
    root_bounds_.clear();
    for (int x = 0; x < s.variables(); ++x) root_bounds_.emplace_back(s.min(x), s.max(x));
    first_of_.assign(static_cast<std::size_t>(s.variables()), -1);
    const LimitsInScope in_scope(limits);
    try {
      stats.stop = search(limits, emit, trail, stats);
    } catch (const LimitReached& reached) {
      stats.stop = reached.reason;
    }
    stats.counters = {{s.propagations, learned_, literals_, jumped_, deleted_, runs_}};
    return stats;
  }

  // The state it ended in (its weights, for the orders that read them).
  const typename P::State& state() const { return state_; }
  // The nogoods learnt and kept.
  std::vector<Nogood> kept() const {
    std::vector<Nogood> out;
    for (const Nogood& nogood : learnt_) {
      if (!nogood.literals.empty()) out.push_back(nogood);
    }
    return out;
  }

 private:
  // learnt_ grows by moving its nogoods, which keeps each one's literals where a watch points.
  static_assert(std::is_nothrow_move_constructible_v<Nogood>);
  struct NogoodWatch {
    Literal first;       // the nogood's first literal, which it refutes: where that does not hold, the
                         // nogood is satisfied, seen without reading its literals
    Literal* literals;   // the nogood's (learnt_[id]'s), the watch's at watched_slot(size)
    std::uint32_t size;  // their number
    int id;              // the nogood's
  };

  template <class Emit>
  StopReason search(const SearchLimits& limits, Emit& emit, ExplainedTrail& trail, SearchStats& stats) {
    Space& s = state_.space;
    for (;;) {
      if ((stats.nodes & 63) == 0) {
        if (const StopReason outside = limits.outside_stop(); outside != StopReason::none) return outside;
      }
      if (s.failed()) {
        if constexpr (watched) watch_.dead_end(state_, std::span<const Move>(path_));
        if (level() == 0) {
          if constexpr (watched) watch_.leave();
          return StopReason::none;
        }
        ++stats.failures;
        learn(trail);
        if (limits.max_failures != 0 && stats.failures >= limits.max_failures) return StopReason::failure_limit;
        if (schedule_ && ++run_failures_ >= schedule_->budget(runs_)) {
          ++runs_;
          run_failures_ = 0;
          cut_off_ = true;
        }
        continue;
      }
      if (cut_off_) {  // once the last conflict is learnt from
        cut_off_ = false;
        if constexpr (watched) watch_.restart();
        back_to_level(trail, 0);
        continue;
      }
      const auto children = problem_.candidates(state_, problem_.hybrid() && runs_ % 2 == 1);
      if (children.begin() == children.end()) {
        if (!problem_.is_solution(state_)) {  // no values for the auxiliaries: the decisions are the conflict
          conflict_ = decisions_literals();
          conflict_held_ = s.narrowings().size();
          s.fail();
          continue;
        }
        ++stats.solutions;
        ++stats.representatives;
        if constexpr (watched) watch_.solution(1);
        const std::vector<Move> solution = solution_path();
        if (!emit(std::span<const Move>(solution), std::uint64_t{1}, FoundAt{stats.nodes, Clock::now()})) {
          return StopReason::solution_limit;
        }
        // One solution is what a satisfaction asks of it.
        if (!problem_.optimises() || (limits.max_solutions != 0 && stats.solutions >= limits.max_solutions)) {
          return StopReason::solution_limit;
        }
        tighten(trail, problem_.objective(state_));
        continue;
      }
      if (limits.max_nodes != 0 && stats.nodes >= limits.max_nodes) return StopReason::node_limit;
      const Move d = *children.begin();
      ++stats.nodes;
      s.mark();
      path_.push_back(d);
      stats.max_depth = std::max(stats.max_depth, level());
      s.begin_run(-1);
      P::post(s, d);
      propagate(trail);
      problem_.weigh_node(state_);
      if constexpr (watched) watch_.enter(state_, std::span<const Move>(path_));
    }
  }

  int level() const { return static_cast<int>(path_.size()); }

  // The model's propagators and the nogoods learnt, to a fixpoint of both, or a conflict
  // (conflict_, the literals that hold and cannot all hold).
  void propagate(ExplainedTrail& trail) {
    Space& s = state_.space;
    conflict_.clear();
    for (;;) {
      const int broken = propagation_.run(s);
      trail.sync(s, level());
      if (broken >= 0) {
        problem_.weigh_failure(state_, broken);
        conflict_held_ = explain(propagation_[broken], scope_of(broken), trail, s, -1, s.last_run_start(), conflict_);
        return;
      }
      if (!propagate_nogoods(trail)) {  // a nogood's literals all hold, or it failed refuting the last
        trail.sync(s, level());
        conflict_held_ = s.narrowings().size();
        if (!s.failed()) s.fail();
        return;
      }
      trail.sync(s, level());
      if (!s.has_changes()) return;
    }
  }

  // Watched literals (Moskewicz et al. 2001, for clauses), one a nogood, as in Chuffed:
  // the watch is on a literal that does not hold, but where the nogood propagates. The
  // watches are kept by their literal, so that a narrowing looks at those of the literals
  // it made hold alone (x > v for the values its lower bound passed, and so on). When the
  // watched literal comes to hold, another that does not takes its place; with none left,
  // the first literal (the one the nogood refuted when learnt) is made false, or, holding
  // too, is a conflict. Jumping back undoes no watch. As in MiniSat, a watch points at its
  // nogood's literals, and keeps a copy of the first (MiniSat's blocker): a look at a
  // watch whose nogood that literal satisfies reads nothing else.
  //
  // The first literal is not watched, so a nogood misses a propagation where that literal
  // is the last but one to hold; but a search of many nogoods looks at half the watches.
  // What it misses is sound to miss: every nogood follows from the model and the bound,
  // which propagate themselves.
  bool propagate_nogoods(ExplainedTrail& trail) {
    Space& s = state_.space;
    const auto& log = s.narrowings();
    processed_ = std::min(processed_, log.size());
    for (; processed_ < log.size(); ++processed_) {
      trail.sync(s, level());  // a refute's narrowings, which bounds_before() reads
      const Narrowing n = log[processed_];  // a copy: refuting adds to the log
      const auto& watched = watching_[static_cast<std::size_t>(n.x)];
      if (watched == nullptr) continue;
      const auto [lo, hi] = trail.bounds_before(processed_);
      using K = LiteralKind;
      const bool ok = (n.lo == lo || (look_at(n.x, K::more_than, lo, n.lo - 1) && look_at(n.x, K::not_equal, lo, n.lo - 1))) &&
                      (n.hi == hi || (look_at(n.x, K::at_most, n.hi, hi - 1) && look_at(n.x, K::not_equal, n.hi + 1, hi))) &&
                      (n.kind != K::not_equal || look_at(n.x, K::not_equal, n.v, n.v)) &&
                      (n.lo != n.hi || lo == hi || look_at(n.x, K::equal, n.lo, n.lo));
      if (!ok) return false;
    }
    return true;
  }
  // The watches on x <kind> v for v in from .. to, literals that came to hold; false at a
  // conflict.
  bool look_at(int x, LiteralKind kind, Value from, Value to) {
    Space& s = state_.space;
    return watching_[static_cast<std::size_t>(x)]->visit(kind, from, to, [&](std::vector<NogoodWatch>& watches) {
      for (std::size_t k = 0; k < watches.size();) {
        const NogoodWatch watch = watches[k];
        const Nogood::Truth truth = Nogood::holds(s, watch.first);  // a nogood of one: the watched
        if (truth == Nogood::Truth::no) {  // satisfied
          ++k;
          continue;
        }
        Literal* const ls = watch.literals;
        std::uint32_t j = 2;
        while (j < watch.size && Nogood::holds(s, ls[j]) == Nogood::Truth::yes) ++j;
        if (j < watch.size) {  // the watch moves to literal j, which does not hold
          std::swap(ls[watched_slot(watch.size)], ls[j]);
          watches[k] = watches.back();
          watches.pop_back();
          watch_literal(watch);
          continue;
        }
        if (truth == Nogood::Truth::yes || !refute(watch.id, watch.first)) {
          conflict_.assign(ls, ls + watch.size);
          return false;
        }
        ++k;
      }
      return true;
    });
  }
  // A watch on its nogood's watched literal.
  void watch_literal(const NogoodWatch& watch) {
    const Literal& l = watch.literals[watched_slot(watch.size)];
    const auto x = static_cast<std::size_t>(l.x);
    if (watching_[x] == nullptr) watching_[x] = std::make_unique<Watches>(root_bounds_[x].first, root_bounds_[x].second);
    watching_[x]->at(l.kind, l.v).push_back(watch);
  }
  bool refute(int id, const Literal& l) {
    Space& s = state_.space;
    s.begin_run(nogood_cause(id));
    return Nogood::refute(s, l);
  }
  // A narrowing's cause for nogood id (the model's propagators are 0 and up, a decision -1).
  static int nogood_cause(int id) { return -2 - id; }

  // First-UIP analysis of the conflict (its literals all hold now): resolve away the
  // narrowings of the conflict's deepest level, latest first, until one is left; the
  // nogood is what remains. Then back to the deepest level of the rest, where the nogood
  // refutes that one narrowing's literal.
  void learn(ExplainedTrail& trail) {
    Space& s = state_.space;
    trail.sync(s, level());
    // The literals to resolve, each with the narrowing that made it hold first: those of
    // the deepest level wait in a heap, latest on top; the others are the nogood's.
    deep_.clear();
    rest_.clear();
    // Explanations share literals: each narrowing waits in the heap once, and a literal of
    // the rest is not added twice where it is the first added for its narrowing (the
    // others go at the sort below).
    ++analysis_;
    if (seen_.size() < s.narrowings().size()) seen_.resize(s.narrowings().size());
    const auto seen = [&](long e) -> Seen& { return seen_[static_cast<std::size_t>(e)]; };
    int deepest = std::numeric_limits<int>::max();  // the conflict's literals all go to rest_ first
    const auto add_atom = [&](const Literal& l, std::size_t limit) {
      const long e = trail.when_true(l, limit);
      if (e == ExplainedTrail::not_yet) throw std::logic_error("learning: an explanation's literal did not hold");
      const int at = trail.level(e);
      if (at == 0) return;  // it holds at the root the search is at now
      Seen& mark = seen(e);
      if (at == deepest) {
        if (mark.analysis == analysis_) return;
        mark = {analysis_, Seen::in_heap};
        deep_.push_back(e);
        std::push_heap(deep_.begin(), deep_.end());
        return;
      }
      if (mark.analysis == analysis_ && rest_[mark.rest].second == l) return;
      if (mark.analysis != analysis_) mark = {analysis_, rest_.size()};
      rest_.push_back({e, l});
    };
    // A narrowing's literal implies the literals it is the first to make hold, but for
    // x = v, which its two bounds make hold, maybe one narrowing each.
    const auto add = [&](const Literal& l, std::size_t limit) {
      if (l.kind != Literal::Kind::equal) return add_atom(l, limit);
      add_atom({l.x, Literal::Kind::more_than, l.v - 1}, limit);
      add_atom({l.x, Literal::Kind::at_most, l.v}, limit);
    };
    for (const Literal& l : conflict_) add(l, conflict_held_);
    if (rest_.empty()) return fail_at_root(trail);  // the failure holds at the root
    deepest = 0;
    for (const auto& [e, l] : rest_) deepest = std::max(deepest, trail.level(e));
    const auto below = std::partition(rest_.begin(), rest_.end(), [&](const auto& el) { return trail.level(el.first) != deepest; });
    for (auto it = below; it != rest_.end(); ++it) deep_.push_back(it->first);
    rest_.erase(below, rest_.end());
    ++analysis_;  // the marks again, for the places the partition left
    for (const long e : deep_) seen(e) = {analysis_, Seen::in_heap};
    for (std::size_t i = 0; i < rest_.size(); ++i) {
      if (seen(rest_[i].first).analysis != analysis_) seen(rest_[i].first) = {analysis_, i};
    }
    std::sort(deep_.begin(), deep_.end());
    deep_.erase(std::unique(deep_.begin(), deep_.end()), deep_.end());
    std::make_heap(deep_.begin(), deep_.end());
    long uip = 0;
    for (;;) {
      const long latest = deep_.front();
      while (!deep_.empty() && deep_.front() == latest) {
        std::pop_heap(deep_.begin(), deep_.end());
        deep_.pop_back();
      }
      if (deep_.empty()) {
        uip = latest;
        break;
      }
      const std::size_t held = explain_narrowing(trail, latest);
      for (const Literal& l : reason_) add(l, held);
    }
    // The UIP first, its own literal (which implies the others it made hold); then the
    // latest first: a nogood's propagation stops at its second open literal, and below a
    // jump back the latest are the ones open.
    const auto key = [](const std::pair<long, Literal>& el) {
      return std::tuple(-el.first, el.second.x, el.second.kind, el.second.v);
    };
    std::sort(rest_.begin(), rest_.end(), [&](const auto& a, const auto& b) { return key(a) < key(b); });
    rest_.erase(std::unique(rest_.begin(), rest_.end()), rest_.end());
    const Narrowing& u = s.narrowings()[static_cast<std::size_t>(uip)];
    const Literal uip_literal{u.x, u.kind, u.v};
    minimise(trail);
    drop_implied(uip_literal);
    Nogood nogood;
    nogood.literals.push_back(uip_literal);
    const int back_to = rest_.empty() ? 0 : trail.level(rest_.front().first);
    std::uint32_t levels = 1;  // its literals span (LBD)
    for (std::size_t i = 0; i < rest_.size(); ++i) {
      nogood.literals.push_back(rest_[i].second);
      if (i > 0 && trail.level(rest_[i].first) != trail.level(rest_[i - 1].first)) ++levels;
    }
    if (!rest_.empty()) ++levels;
    literals_ += nogood.literals.size();
    jumped_ += static_cast<std::uint64_t>(level() - back_to - 1);
    if constexpr (watched) tell_learnt(nogood.literals, back_to);
    back_to_level(trail, back_to);
    if (learned_ - deleted_ >= keep_limit_) reduce();
    ++learned_;
    // Watched: one of the deepest level of the rest, the first to stop holding when the
    // search goes back further (propagate_nogoods()).
    const int id = free_.empty() ? static_cast<int>(learnt_.size()) : free_.back();
    if (free_.empty()) {
      learnt_.emplace_back();
      levels_.emplace_back();
    } else {
      free_.pop_back();
    }
    const auto at = static_cast<std::size_t>(id);
    levels_[at] = levels;
    learnt_[at] = std::move(nogood);
    auto& ls = learnt_[at].literals;
    const auto size = static_cast<std::uint32_t>(ls.size());
    watch_literal({ls[0], ls.data(), size, id});
    problem_.weigh_conflict(state_, learnt_[at].literals);
    processed_ = s.narrowings().size();
    conflict_.clear();
    if (!refute(id, learnt_[at].literals[0])) {  // it fails here too
      trail.sync(s, level());
      conflict_ = learnt_[at].literals;
      conflict_held_ = s.narrowings().size();
      s.fail();
      return;
    }
    propagate(trail);
  }

  // The explanation of narrowing `at` (not a decision's) in reason_; returns the log
  // position its literals held before.
  std::size_t explain_narrowing(ExplainedTrail& trail, long at) {
    Space& s = state_.space;
    const Narrowing n = s.narrowings()[static_cast<std::size_t>(at)];
    reason_.clear();
    if (n.cause >= 0) return explain(propagation_[n.cause], scope_of(n.cause), trail, s, at, n.run_start, reason_);
    explain_nogood(learnt_[static_cast<std::size_t>(nogood_cause(n.cause))].literals, trail, s, at, reason_);
    return static_cast<std::size_t>(at);
  }

  // Leaves out of rest_ each literal that the others imply (MiniSat's local minimisation):
  // one whose narrowing's explanation holds at the root or follows from literals of rest_
  // that held before it. Only earlier literals count, so that no two leave each other out.
  void minimise(ExplainedTrail& trail) {
    Space& s = state_.space;
    before_ = rest_;  // rest_ shrinks while it is read
    chain_by_variable(before_);
    const auto follows_atom = [&](const Literal& r, long before) {
      for (int k = first_of_[static_cast<std::size_t>(r.x)]; k != -1; k = next_of_[static_cast<std::size_t>(k)]) {
        const auto& [e, l] = before_[static_cast<std::size_t>(k)];
        if (e < before && implies(l, r)) return true;
      }
      return false;
    };
    const auto follows = [&](const Literal& r, long before) {  // x = v: by its two bounds
      if (r.kind != Literal::Kind::equal) return follows_atom(r, before);
      return follows_atom({r.x, Literal::Kind::more_than, r.v - 1}, before) && follows_atom({r.x, Literal::Kind::at_most, r.v}, before);
    };
    std::size_t kept = 0;
    for (std::size_t i = 0; i < rest_.size(); ++i) {
      const long e = rest_[i].first;
      bool implied = s.narrowings()[static_cast<std::size_t>(e)].cause != -1;  // a decision is kept
      if (implied) {
        const std::size_t held = explain_narrowing(trail, e);
        for (const Literal& r : reason_) {
          const long at = trail.when_true(r, held);
          if (at == ExplainedTrail::not_yet || (trail.level(at) != 0 && !follows(r, e))) {
            implied = false;
            break;
          }
        }
      }
      if (!implied) rest_[kept++] = rest_[i];
    }
    rest_.resize(kept);
    unchain(before_);
  }
  // Leaves out of rest_ each literal that another of the nogood implies on its own (x > 3
  // beside x > 5, x > 4 beside the UIP x = 5): it says nothing more, and it may be what
  // held the jump back. Implication is a strict order among distinct literals, so each
  // one left out has a stronger one kept.
  void drop_implied(const Literal& uip) {
    chain_by_variable(rest_);
    for (std::size_t i = 0; i < rest_.size(); ++i) {
      const Literal& r = rest_[i].second;
      bool implied = implies(uip, r);
      for (int k = first_of_[static_cast<std::size_t>(r.x)]; k != -1 && !implied; k = next_of_[static_cast<std::size_t>(k)]) {
        implied = static_cast<std::size_t>(k) != i && implies(rest_[static_cast<std::size_t>(k)].second, r);
      }
      stays_.push_back(!implied);
    }
    unchain(rest_);
    std::size_t kept = 0;
    for (std::size_t i = 0; i < rest_.size(); ++i) {
      if (stays_[i]) rest_[kept++] = rest_[i];
    }
    rest_.resize(kept);
    stays_.clear();
  }
  // Chains each literal of `literals` to the next on its variable (next_of_, first_of_),
  // so that a look for one that implies r reads r's variable's alone (a long nogood made
  // it quadratic); unchain() undoes it.
  void chain_by_variable(const std::vector<std::pair<long, Literal>>& literals) {
    next_of_.resize(literals.size());
    for (std::size_t k = literals.size(); k-- > 0;) {
      int& first = first_of_[static_cast<std::size_t>(literals[k].second.x)];
      next_of_[k] = first;
      first = static_cast<int>(k);
    }
  }
  void unchain(const std::vector<std::pair<long, Literal>>& literals) {
    for (const auto& [e, l] : literals) first_of_[static_cast<std::size_t>(l.x)] = -1;
  }
  // a -> b, of literals of which b is not x = v.
  static bool implies(const Literal& a, const Literal& b) {
    if (a.x != b.x) return false;
    using K = Literal::Kind;
    if (a.kind == K::equal) {
      return b.kind == K::more_than ? a.v > b.v : b.kind == K::at_most ? a.v <= b.v : b.kind == K::not_equal && a.v != b.v;
    }
    switch (b.kind) {
      case K::more_than: return a.kind == K::more_than && a.v >= b.v;
      case K::at_most: return a.kind == K::at_most && a.v <= b.v;
      case K::not_equal: return (a.kind == K::not_equal && a.v == b.v) || (a.kind == K::more_than && a.v >= b.v) ||
                                (a.kind == K::at_most && a.v < b.v);
      case K::equal: return false;
    }
    return false;
  }

  // Forgets half the nogoods kept (Audemard and Simon 2009, Glucose): those whose literals
  // span the most levels, the least likely to propagate again; not those of two levels or
  // fewer, nor one that made a narrowing still on the trail (its explanation). The limit
  // then grows, so that the search stays complete: it keeps ever more; to twice those
  // kept where fewer than half could go, so that a search whose nogoods are mostly of two
  // levels does not read them all again every few conflicts.
  void reduce() {
    std::vector<char> locked(learnt_.size(), 0);
    for (const Narrowing& n : state_.space.narrowings()) {
      if (n.cause <= -2) locked[static_cast<std::size_t>(nogood_cause(n.cause))] = 1;
    }
    std::vector<int> forget;
    for (std::size_t id = 0; id < learnt_.size(); ++id) {
      if (!learnt_[id].literals.empty() && levels_[id] > 2 && locked[id] == 0) forget.push_back(static_cast<int>(id));
    }
    std::stable_sort(forget.begin(), forget.end(), [&](int a, int b) {
      return levels_[static_cast<std::size_t>(a)] > levels_[static_cast<std::size_t>(b)];
    });
    forget.resize(std::min(forget.size(), static_cast<std::size_t>(learned_ - deleted_) / 2));
    for (const int id : forget) {
      const auto at = static_cast<std::size_t>(id);
      const auto& ls = learnt_[at].literals;
      unwatch(id, ls[watched_slot(static_cast<std::uint32_t>(ls.size()))]);
      learnt_[at].literals = {};
      free_.push_back(id);
    }
    deleted_ += forget.size();
    keep_limit_ = std::max(keep_limit_ + keep_step, 2 * static_cast<std::size_t>(learned_ - deleted_));
  }
  // The slot a nogood of `size` literals watches: its second, or its only one. The
  // watch stays there: moving it swaps the literals.
  static std::uint32_t watched_slot(std::uint32_t size) { return size > 1 ? 1 : 0; }
  void unwatch(int id, const Literal& l) {
    watching_[static_cast<std::size_t>(l.x)]->erase(l.kind, l.v, [&](const NogoodWatch& w) { return w.id == id; });
  }

  void back_to_level(ExplainedTrail& trail, int target) {
    Space& s = state_.space;
    while (level() > target) {
      s.undo();
      path_.pop_back();
      if constexpr (watched) watch_.leave();
    }
    trail.sync(s, level());
  }
  void fail_at_root(ExplainedTrail& trail) {
    if constexpr (watched) tell_learnt({}, 0);
    back_to_level(trail, 0);
    state_.space.fail();
  }

  // A solution of objective `found`: from the root on, only better ones.
  void tighten(ExplainedTrail& trail, Value found) {
    Space& s = state_.space;
    back_to_level(trail, 0);
    s.begin_run(-1);
    const int x = problem_.objective()->x;
    if (problem_.minimises() ? s.set_max(x, found - 1) : s.set_min(x, found + 1)) propagate(trail);
  }

  // x = value for every variable the leaf fixed: a path that leads to the solution
  // without the nogoods and the bound that led this search to it.
  std::vector<Move> solution_path() const {
    const Space& s = state_.space;
    std::vector<Move> out;
    for (int x = 0; x < s.variables(); ++x) {
      if (s.fixed(x)) out.push_back({x, Move::Kind::equal, s.value(x)});
    }
    return out;
  }

  // The watch told of a nogood, its literals as moves (the same kinds) in the problem's words.
  void tell_learnt(const std::vector<Literal>& literals, int to) {
    if constexpr (watched) {  // compiled for a watch alone: int_problem.cpp instantiates every member
      std::vector<Move> moves;
      for (const Literal& l : literals) moves.push_back({l.x, static_cast<typename Move::Kind>(l.kind), l.v});
      watch_.learnt(std::span<const Move>(moves), to);
    }
  }

  std::vector<Literal> decisions_literals() const {
    std::vector<Literal> out;
    for (const Move& d : path_) out.push_back({d.x, static_cast<LiteralKind>(d.kind), d.v});
    return out;
  }

  const std::vector<int>& scope_of(int id) {
    while (static_cast<int>(scopes_.size()) <= id) {
      std::vector<int> xs = propagation_.scope(static_cast<int>(scopes_.size()));
      std::sort(xs.begin(), xs.end());
      xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
      scopes_.push_back(std::move(xs));
    }
    return scopes_[static_cast<std::size_t>(id)];
  }

  static constexpr bool watched = !std::is_same_v<Watch, Unwatched>;

  const P& problem_;
  const Propagation& propagation_;  // the model's
  std::optional<RestartSchedule> schedule_;  // none: one run
  std::uint64_t runs_ = 0;                   // the runs cut off
  std::uint64_t run_failures_ = 0;           // the conflicts of the run going on
  bool cut_off_ = false;                     // the run going on is over
  using Watches = WatchesByValue<NogoodWatch>;
  std::vector<std::unique_ptr<Watches>> watching_;          // per variable (none: no watch yet)
  std::vector<std::pair<Value, Value>> root_bounds_;        // per variable, where its watches are by index
  std::size_t processed_ = 0;                             // the narrowings whose watches were looked at
  typename P::State state_;
  std::vector<Move> path_;
  std::vector<Literal> conflict_;
  std::size_t conflict_held_ = 0;  // the log position the conflict's literals held before
  std::vector<Nogood> learnt_;                // by id; a nogood forgotten has no literals, its id is free
  std::vector<std::uint32_t> levels_;         // per id: the levels its literals span when learnt (LBD)
  std::vector<int> free_;                     // the ids of nogoods forgotten
  std::size_t keep_limit_;                    // the nogoods kept before the next reduction
  static constexpr std::size_t keep_step = 300;
  std::uint64_t learned_ = 0;
  std::uint64_t deleted_ = 0;
  std::vector<std::vector<int>> scopes_;
  // learn()'s marks, per log position: whether its narrowing was added in analysis
  // `analysis`, and where (rest_'s first literal of it, or the heap).
  struct Seen {
    static constexpr std::size_t in_heap = std::numeric_limits<std::size_t>::max();
    std::uint64_t analysis = 0;
    std::size_t rest = 0;
  };
  std::vector<Seen> seen_;
  std::uint64_t analysis_ = 0;
  std::vector<long> deep_;                          // learn()'s, kept for their memory
  std::vector<std::pair<long, Literal>> rest_;
  std::vector<std::pair<long, Literal>> before_;  // minimise()'s: rest_ as it was
  std::vector<int> next_of_;                      // chain_by_variable()'s: each literal's next on its variable (-1: none),
  std::vector<int> first_of_;                     // and each variable's first (-1: none)
  std::vector<char> stays_;                        // drop_implied()'s: whether each of rest_ stays
  std::vector<Literal> reason_;
  std::uint64_t literals_ = 0;  // over every nogood learnt
  std::uint64_t jumped_ = 0;    // the levels the jumps back passed, beyond one each
  [[no_unique_address]] Watch watch_;
};

}  // namespace backtrack::csp
