#pragma once
// The Problem concept: what the engine needs to know about a puzzle, and nothing more.
//
// Required hooks
//   State, Move                 the constraint state, one decision (Move compared with ==:
//                               a split finds where two paths part)
//   root()                      the empty state
//   is_solution(state)          a leaf that counts
//   candidates(state)           candidate generation: a range of Moves
//   max_depth()                 an upper bound on the number of moves on a path
//   and one of two state hooks:
//   apply(state&, m) / undo(state&, m)   in place, strict LIFO (the default contract)
//   child(state, m) -> State             value-semantic, for states of a few machine words
//
// Optional hooks, detected with `requires` and compiled away when absent
//   allowed(state, m) -> bool            constraint check, for candidates not pre-filtered
//   roots() -> range of Root<Move>       symmetry breaking: fewer roots, each with a weight
//   solution_weight(state, path) -> u64  how many solutions a leaf stands for (0: none)
//   state_after(prefix) -> State         the state a root's prefix leads to, built
//                                        directly (e.g. to pick per-root parameters),
//                                        so that child()/apply() need not check for it
//   counter_names() -> span of string_view   (static) names of the problem's own counters of
//   counters(state) -> WorkCounters          work, kept in the state (work_counters.hpp); for
//                                        apply/undo states only. They count the work of
//                                        candidates(), allowed() and apply(), never undo()'s
//                                        (it takes back what apply() did). A node's work is
//                                        that of expanding it: candidates(), allowed() of
//                                        each candidate, apply() of each child. So a
//                                        subtree's counters add up exactly, however the
//                                        tree is split, and the moves that lead to a root
//                                        of roots() (as to its nodes) are not counted.
//   counted() -> size_t                  how many of those counters this instance keeps
//                                        (the first ones): the others are not shown
//   learns() -> bool / forget(state&)    whether the candidates of a node depend on the
//                                        search before it (dom/wdeg's failure weights),
//                                        not on the node alone, and how to take back
//                                        what it learned. A split cannot list again the
//                                        children such a search chose: split_tree() then
//                                        starts with no probe, and every subtree starts
//                                        from forget(), so that its search, and its
//                                        statistics, are the same on any thread.
//   optimises() -> bool                  an optimisation (branch and bound): whether the
//   minimises() -> bool                  instance has an objective, and which way; a
//   objective(state) -> i64              solution's value, read at its state or from its
//   objective_value(path) -> i64         path; and constrain(), which narrows a state to
//   constrain(state&, bound)             what may still beat `bound` (an apply/undo state:
//                                        undo() of the move that made it takes it back).
//                                        All of them pure: the bound is the search's
//                                        (incumbent.hpp), which calls constrain() on each
//                                        child it makes and counts a solution only when
//                                        it beats the best so far. So a node's children
//                                        may change with the bound (the variable chosen
//                                        after it propagated): a split keeps those of
//                                        its probe's path (split.hpp).
//   relaxed_share() -> int               large neighbourhood search, for an optimisation:
//   centre(best) -> C                    the percentage of variables each neighbourhood
//   neighbourhood(centre, draw) -> moves frees (0: none, one search as usual); what a
//                                        neighbourhood needs of the best solution (its
//                                        path), made once per solution; and the moves
//                                        that fix the others as it has them, drawn by
//                                        `draw` (neighbourhoods.hpp).
//   restart_schedule()                   restarts within one run (restart_search.hpp):
//     -> std::optional<RestartSchedule>  the budget of each search (none: one search as
//   restart(k)                           usual); and, on a copy of its own, making it
//                                        the problem of the k-th search (another value
//                                        order, say), keeping what it learned so far
//   backjumps() -> bool                  conflict-directed backjumping: whether the search
//   backjump(state&, depth) -> int       goes back past the decisions a failure does not
//                                        depend on. backjump() is called for a node with
//                                        no solution in its subtree, once its children are
//                                        done (or it has none), on its own state; it
//                                        returns the depth of the node to go back to:
//                                        depth - 1, the parent, is a plain backtrack; less
//                                        leaves the nodes between with their other
//                                        children unsearched (-1: every node). A subtree
//                                        with a solution in it is left as usual, so counts
//                                        and listings stay whole.
//   add_nogoods(path, branches)          on a P of its own: what a search stopped at its
//                                        budget had finished, to be left out of the
//                                        next ones: `path` the moves to the node it
//                                        stopped at, branches[i] the rank of path[i]
//                                        among its node's candidates (the candidates
//                                        before it were searched to the end). Without
//                                        it the searches of a run may repeat each other:
//                                        right for a bound, wrong for a count.
#include <concepts>
#include <cstdint>
#include <optional>
#include <ranges>
#include <span>
#include <string_view>
#include <vector>

#include "backtrack/restart_schedule.hpp"
#include "backtrack/work_counters.hpp"

namespace backtrack {

// A subtree of the search: the moves that lead to it from root(), and how many
// solutions each of its solutions stands for (2 for a mirrored half, ...).
template <class Move>
struct Root {
  std::vector<Move> prefix;
  std::uint64_t weight = 1;
};

template <class P>
concept ProblemBase = std::equality_comparable<typename P::Move> && requires(const P& p, const typename P::State& cs) {
  typename P::State;
  typename P::Move;
  { p.root() } -> std::same_as<typename P::State>;
  { p.is_solution(cs) } -> std::convertible_to<bool>;
  { p.candidates(cs) } -> std::ranges::input_range;
  { p.max_depth() } -> std::convertible_to<int>;
};

template <class P>
concept HasApplyUndo = requires(const P& p, typename P::State& s, const typename P::Move& m) {
  p.apply(s, m);
  p.undo(s, m);
};

// Optional, beside apply/undo: the moves in turn, as apply() makes each (undo() takes
// each back), where the problem can do it at once: a cursor's walk to a deep node (a
// neighbourhood of --lns fixes most of the variables) propagates once, not per move.
// The nodes between are never settled by themselves: the cursor does not stop at one.
template <class P>
concept HasApplyAll = requires(const P& p, typename P::State& s, std::span<const typename P::Move> moves) {
  p.apply_all(s, moves);
};

template <class P>
concept HasChild = requires(const P& p, const typename P::State& s, const typename P::Move& m) {
  { p.child(s, m) } -> std::same_as<typename P::State>;
};

template <class P>
concept Problem = ProblemBase<P> && (HasApplyUndo<P> || HasChild<P>);

template <class P>
concept HasAllowed = requires(const P& p, const typename P::State& s, const typename P::Move& m) {
  { p.allowed(s, m) } -> std::convertible_to<bool>;
};

template <class P>
concept HasRoots = requires(const P& p) {
  { p.roots() } -> std::convertible_to<std::vector<Root<typename P::Move>>>;
};

template <class P>
concept HasSolutionWeight =
    requires(const P& p, const typename P::State& s, std::span<const typename P::Move> path) {
      { p.solution_weight(s, path) } -> std::convertible_to<std::uint64_t>;
    };

template <class P>
concept HasCounters = HasApplyUndo<P> && !HasChild<P> && requires(const P& p, const typename P::State& s) {
  { P::counter_names() } -> std::convertible_to<std::span<const std::string_view>>;
  { p.counters(s) } -> std::same_as<WorkCounters>;
};

// The problem's counters of its own work at `state`; none (all zero) without them.
template <Problem P>
WorkCounters counters_of(const P& problem, const typename P::State& state) {
  if constexpr (HasCounters<P>) {
    return problem.counters(state);
  } else {
    (void)problem;
    (void)state;
    return {};
  }
}

template <class P>
concept HasLearning = requires(const P& p, typename P::State& s) {
  { p.learns() } -> std::convertible_to<bool>;
  p.forget(s);
};

// A problem that can search in other orders, for a portfolio's threads (solver.hpp):
// reorder(k), k >= 1, makes the copy it is called on search in its k-th other order.
template <class P>
concept HasReordering = requires(P& p, std::uint64_t k) { p.reorder(k); };

template <Problem P>
bool learns(const P& problem) {
  if constexpr (HasLearning<P>) {
    return problem.learns();
  } else {
    (void)problem;
    return false;
  }
}

template <class P>
concept HasObjective = HasApplyUndo<P> && requires(const P& p, typename P::State& s,
                                                   std::span<const typename P::Move> path, std::int64_t bound) {
  { p.optimises() } -> std::convertible_to<bool>;
  { p.minimises() } -> std::convertible_to<bool>;
  { p.objective(s) } -> std::convertible_to<std::int64_t>;
  { p.objective_value(path) } -> std::convertible_to<std::int64_t>;
  p.constrain(s, bound);
};

// Whether `problem` optimises an objective (none without the hooks).
template <Problem P>
bool optimises(const P& problem) {
  if constexpr (HasObjective<P>) {
    return problem.optimises();
  } else {
    (void)problem;
    return false;
  }
}

template <class P>
concept HasNeighbourhoods =
    HasObjective<P> && requires(const P& p, std::span<const typename P::Move> best, std::uint64_t draw) {
      { p.relaxed_share() } -> std::convertible_to<int>;
      { p.neighbourhood(p.centre(best), draw) } -> std::convertible_to<std::vector<typename P::Move>>;
    };

template <class P>
concept HasRestarts = std::copy_constructible<P> && requires(const P& p, P& own, std::uint64_t k) {
  { p.restart_schedule() } -> std::same_as<std::optional<RestartSchedule>>;
  own.restart(k);
};

// A problem that learns from failures and hands it on from a restarted search to the
// next (restart_search.hpp): learned(s) takes it out of the state a search ended on,
// keep_learned() makes it the root's, so that the next search starts from it.
template <class P>
concept CarriesLearning = HasRestarts<P> && HasLearning<P> && requires(const P& p, P& own, const typename P::State& s) {
  own.keep_learned(p.learned(s));
};

// A problem that restarts with the values of the best solution so far tried first
// (phase saving from solutions): follow(centre(path)) after each improvement.
template <class P>
concept FollowsSolutions = HasRestarts<P> && HasNeighbourhoods<P> && requires(P& own, std::span<const typename P::Move> path) {
  own.follow(own.centre(path));
};

template <class P>
concept HasBackjumping = HasApplyUndo<P> && requires(const P& p, typename P::State& s, int depth) {
  { p.backjumps() } -> std::convertible_to<bool>;
  { p.backjump(s, depth) } -> std::convertible_to<int>;
};

// A problem with a search of its own that learns nogoods from its failures (lazy clause
// generation, csp/learning/), which the solver runs in place of the engine's where
// learns_clauses() says so: search_learning(limits, emit) hands each solution (each
// improvement of an optimisation) to emit as a listing's sink does, and returns the
// search's stats, whose counters learning_counters() names.
template <class P>
concept HasClauseLearning = requires(const P& p) {
  { p.learns_clauses() } -> std::convertible_to<bool>;
  { P::learning_counters() } -> std::convertible_to<std::span<const std::string_view>>;
};

template <class P>
concept HasNogoods = HasRestarts<P> && requires(P& p, std::span<const typename P::Move> path,
                                                std::span<const std::uint8_t> branches) {
  p.add_nogoods(path, branches);
};

template <class P>
concept HasStateAfter = requires(const P& p, std::span<const typename P::Move> prefix) {
  { p.state_after(prefix) } -> std::same_as<typename P::State>;
};

// The state reached from root() by `prefix`.
template <Problem P>
typename P::State state_after(const P& problem, std::span<const typename P::Move> prefix) {
  if constexpr (HasStateAfter<P>) {
    return problem.state_after(prefix);
  } else {
    auto state = problem.root();
    for (const auto& m : prefix) {
      if constexpr (HasChild<P>) {
        state = problem.child(state, m);
      } else {
        problem.apply(state, m);
      }
    }
    return state;
  }
}

// Calls f(m) for every move the engine tries at `state`, in its order: the candidates
// that allowed() accepts. (The engine's loop is its own: it also counts the calls of
// allowed() toward its checks of the limits.)
template <Problem P, class F>
void for_each_child(const P& problem, const typename P::State& state, F f) {
  for (const auto m : problem.candidates(state)) {
    if constexpr (HasAllowed<P>) {
      if (!problem.allowed(state, m)) continue;
    }
    f(m);
  }
}

// The roots a search starts from: the problem's own, or root() alone.
template <Problem P>
std::vector<Root<typename P::Move>> roots_of(const P& problem) {
  if constexpr (HasRoots<P>) {
    return problem.roots();
  } else {
    return {Root<typename P::Move>{}};
  }
}

}  // namespace backtrack
