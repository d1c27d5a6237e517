#pragma once
// The engine: one depth-first search over any Problem.
//
// Everything here is a template, so that for a problem whose moves are bits of a word
// the loop below compiles to the hand-written bitmask loop: no virtual call, no
// allocation and no std::function per node. The only per-node cost the genericity
// adds is counting the node down toward the next check of the limits (and, for a
// problem whose allowed() may be costly, each call of it: see counts_tries).
#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <csetjmp>
#include <cstdint>
#include <limits>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "backtrack/cursor.hpp"
#include "backtrack/depth_profile.hpp"
#include "backtrack/limits_in_scope.hpp"
#include "backtrack/problem.hpp"
#include "backtrack/search_limits.hpp"
#include "backtrack/search_stats.hpp"

namespace backtrack {

// The sink of a search that only counts.
struct CountOnly {};
// The same for a count that must know where it stopped (split_tree()'s probe): it
// records its path as a search with a sink does, and is otherwise CountOnly's loop.
struct CountAlongPath {};
// The watch of a search that nobody watches (see DepthFirstSearch's Watch).
struct Unwatched {};

namespace detail {
// Whether a search records the moves from root() to the node it is at: for its sink,
// for a problem that weighs its solutions (solution_weight() reads them), or to know
// where it stopped (CountAlongPath).
template <class P, class OnSolution, class Watch = Unwatched>
inline constexpr bool records_path =
    !std::is_same_v<OnSolution, CountOnly> || HasSolutionWeight<P> || !std::is_same_v<Watch, Unwatched>;
// Limits are checked every so many nodes at most: rarely enough that the clock never
// shows up in a profile (a few microseconds of cheap nodes between two reads).
inline constexpr std::uint64_t check_interval = 1u << 12;
// What the nodes between two checks should take when nodes are expensive: 4096 nodes of
// strategy scan at n = 100,000 took seconds, so a stop (signal, deadline) waited that
// long. The interval follows the clock instead (see adapt_interval()); a stop is seen
// within a few of these, a couple of orders of magnitude below what a user notices.
inline constexpr std::chrono::nanoseconds batch_time = std::chrono::milliseconds(1);
}  // namespace detail

// The probe's sink: CountOnly itself where that loop records its path anyway, so that
// the probe runs the very code of the count's other searches: two copies of one loop
// differ in time by their place in the binary (word with full symmetry, n = 11: the
// probe alone took 1.07-1.12x one search as a copy).
template <class P>
using ProbeSink = std::conditional_t<detail::records_path<P, CountOnly>, CountOnly, CountAlongPath>;

// One search over one problem. OnSolution is called as on_solution(state, path, weight)
// for every solution reached, with the moves from root() that lead to it; it may return
// false to stop the search, or void. One that also takes a fourth argument gets the
// nodes this search had entered by then, the solution's included (nodes_entered()). A
// Profiled search also counts its nodes and failures per depth (profile()), over every
// subtree it runs; one that is not pays nothing for it. A Watch other than Unwatched is
// told of every step (watched_search.hpp): watch.enter(problem, state, path) at each node,
// solution(weight), refused(problem, state, path, move), dead_end(problem, state, path),
// backjump(depth) and leave(); a search with the default is compiled without a trace of it.
template <Problem P, class OnSolution = CountOnly, bool Profiled = false, class Watch = Unwatched>
class DepthFirstSearch {
 public:
  using State = typename P::State;
  using Move = typename P::Move;

  DepthFirstSearch(const P& problem, const SearchLimits& limits, OnSolution on_solution = {}, Watch watch = {})
      : problem_(problem), limits_(limits), on_solution_(std::move(on_solution)), watch_(std::move(watch)) {
    path_.resize(static_cast<std::size_t>(std::max(problem_.max_depth(), 0)) + 1);
    if constexpr (may_jump) jumping_ = problem_.backjumps();
    if constexpr (records_branches) branches_.resize(path_.size());
  }
  // The cursor refers to problem_, which may be a member copy: the search stays put.
  DepthFirstSearch(const DepthFirstSearch&) = delete;
  DepthFirstSearch& operator=(const DepthFirstSearch&) = delete;

  // The whole tree: every root the problem offers.
  SearchStats run() { return run(roots_of(problem_)); }

  // The whole tree below `roots` (the problem's, which the caller already has: a
  // problem may take long to list them, as border's constellations).
  SearchStats run(std::span<const Root<Move>> roots) {
    const auto start = Clock::now();
    for (stop_root_ = 0; stop_root_ < roots.size(); ++stop_root_) {
      search_below(roots[stop_root_].prefix, roots[stop_root_].weight);
      if (stopped()) break;
    }
    stats_.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return stats_;
  }

  // One subtree: the state reached by `prefix` and everything below it. Only the
  // subtree's own root and its descendants are counted, so the subtrees of a split
  // add up to the statistics of the whole tree. One search may run many subtrees, one
  // after the other, each with statistics of its own: in depth-first order, each starts
  // from where the last one left the state (see Cursor), and the check of the limits
  // keeps its pace. Its seconds are left to a caller that wants them: two clock reads a
  // subtree were about half of what a count of many small subtrees paid over one search
  // (border without symmetry at n = 11, 2,722 subtrees: 1.85-1.88 ms with them,
  // 1.75-1.76 without, 1.63-1.65 as one search).
  SearchStats run_subtree(std::span<const Move> prefix, std::uint64_t weight) {
    earlier_nodes_ += stats_.nodes;
    stats_ = {};
    search_below(prefix, weight);
    return stats_;
  }

  const P& problem() const { return problem_; }

  // The nodes entered so far over every run and subtree of this search, the one it is at
  // included: exact at any time (what the countdown of the batch has not settled yet is
  // added), read at solutions, never per node.
  std::uint64_t nodes_entered() const { return earlier_nodes_ + stats_.nodes + (batch_ - until_check_); }

  // Where run() stopped, when stopped by a limit (not after a solution): the index of
  // the root it was in, and the moves from root() to the node it had counted and not
  // yet expanded. With the node limit, everything before that node in depth-first order
  // is searched and counted, and nothing after it (split_tree() goes on from there).
  // Known only to a search that records its path (records_path): one with a sink of
  // solutions, CountAlongPath, or any for a problem that weighs its solutions.
  std::size_t stop_root() const { return stop_root_; }
  std::span<const Move> stop_path() const { return {path_.data(), static_cast<std::size_t>(stop_depth_)}; }
  // For a problem that learns nogoods (problem.hpp's HasNogoods), the rank of each move of
  // stop_path() among its node's candidates: those before it were searched to the end.
  std::span<const std::uint8_t> stop_branches() const {
    return {branches_.data(), static_cast<std::size_t>(stop_depth_)};
  }

  // The state the search walked in (a problem that walks: apply / undo), which holds what
  // it learned from failures; a search that restarts hands that on (restart_search.hpp).
  const State& state() const { return cursor_.state(); }

  // Nodes and failures per depth of everything this search ran (Profiled only; else empty).
  const DepthProfile& profile() const { return profile_; }

  static constexpr bool counts_only =
      std::is_same_v<OnSolution, CountOnly> || std::is_same_v<OnSolution, CountAlongPath>;
  // A count's stop at its node limit returns by a jump (longjmp), not an exception, where
  // nothing in the loop has a destructor to run (what a jump would skip): that stop ends
  // the probe of every count of a tree larger than it (split_tree()), and a process's
  // first exception took 25-40 us here, as the unwinder reads its tables, more with more
  // shared libraries (the CLI's count of word at n = 10, 0.2 ms, took 0.1 ms more than
  // one search). A jump costs a setjmp per root, for a search with a node limit only.
  using Candidates = std::remove_cvref_t<decltype(std::declval<const P&>().candidates(std::declval<State&>()))>;
  static constexpr bool watched = !std::is_same_v<Watch, Unwatched>;
  static constexpr bool jumps_at_node_limit = counts_only && !watched && std::is_trivially_destructible_v<State> &&
                                              std::is_trivially_destructible_v<Candidates>;

 private:
  static constexpr bool records_path = detail::records_path<P, OnSolution, Watch>;
  // A byte a child, beside its move: only a search that restarts reads it (stop_branches()).
  static constexpr bool records_branches = records_path && HasNogoods<P>;
  // Conflict-directed backjumping: compiled for a problem that offers it, run where it is on.
  static constexpr bool may_jump = HasBackjumping<P>;
  static constexpr int no_jump = std::numeric_limits<int>::max();

  bool stopped() const { return stats_.stop != StopReason::none; }

  // A stop unwinds the recursion with an exception, so that the loop below need not
  // test a flag after every child: stopping is rare, visiting is not (and a count's node
  // limit jumps, where jumps_at_node_limit).
  struct Unwind {};
  [[noreturn]] void stop(StopReason reason) {
    stats_.stop = reason;
    // A search with a node limit runs inside visit_until_node_limit() (search_below()).
    if constexpr (jumps_at_node_limit) {
      if (reason == StopReason::node_limit) std::longjmp(node_limit_jump_, 1);
    }
    throw Unwind{};
  }

  // visit(), or false where the node limit stopped it (with jumps_at_node_limit).
  [[gnu::noinline]] bool visit_until_node_limit(State& state, Move* step) {
    if (setjmp(node_limit_jump_) != 0) return false;
    visit(state, step);
    return true;
  }

  void search_below(std::span<const Move> prefix, std::uint64_t weight) {
    root_weight_ = weight;
    if constexpr (may_jump) resume_depth_ = no_jump;
    State& state = cursor_.at(prefix);
    if constexpr (HasLearning<P>) problem_.forget(state);
    // The cursor made the subtree's root without the bound. What constrain() posts goes
    // with the root's last move, which the cursor takes back before the next subtree (no
    // subtree lies inside another); the root of the whole tree has no move to go with.
    if constexpr (HasObjective<P>) {
      if (!prefix.empty()) constrain(state);
    }
    std::copy(prefix.begin(), prefix.end(), path_.begin());
    // A root's moves are no branches: conditions of its subtree, as the first branches are.
    if constexpr (records_branches) std::fill_n(branches_.begin(), prefix.size(), std::uint8_t{0});
    deepest_ = path_.data();
    // The problem's counters: the work below the root, not the walk that led to it.
    [[maybe_unused]] WorkCounters before;
    if constexpr (HasCounters<P>) before = problem_.counters(state);
    try {
      const LimitsInScope long_nodes_poll(limits_);  // see limits_in_scope.hpp
      if constexpr (jumps_at_node_limit) {
        if (limits_.max_nodes == 0) {
          visit(state, path_.data() + prefix.size());
        } else if (!visit_until_node_limit(state, path_.data() + prefix.size())) {
          cursor_.lose();
        }
      } else {
        visit(state, path_.data() + prefix.size());
      }
    } catch (const Unwind&) {
      cursor_.lose();  // stats_.stop says why; the state may hold half-undone moves
    } catch (const LimitReached& reached) {  // inside a node: its state is half made
      stats_.stop = reached.reason;
      cursor_.lose();
    }
    stats_.max_depth = std::max(stats_.max_depth, depth_of(deepest_));
    if constexpr (HasCounters<P>) stats_.counters += problem_.counters(state) - before;
    settle_node_count();
  }

  // Nodes are counted down in batches (one decrement and branch a node, as a
  // hand-written loop spends on counting them up); the batch's visited nodes join
  // stats_.nodes here.
  void settle_node_count() {
    stats_.nodes += batch_ - until_check_;
    batch_ = until_check_;
  }

  // Called once every interval_ nodes (or allowed() calls), exactly at the node limit, and
  // at the latest at the node after the failure limit's last failure, at the node whose
  // move toward a child goes to *step. Cold: out of the loop's way, so that the loop
  // keeps a problem's state in registers (with the clock-driven interval, GCC spilled
  // more of word's state around the call).
  [[gnu::cold, gnu::noinline]] void check_limits(const Move* step) {
    stop_depth_ = depth_of(step);
    const std::uint64_t settled = stats_.nodes;
    settle_node_count();
    if (limits_.nodes_seen != nullptr) limits_.nodes_seen->fetch_add(stats_.nodes - settled, std::memory_order_relaxed);
    if (limits_.max_nodes != 0 && stats_.nodes >= limits_.max_nodes) stop(StopReason::node_limit);
    if (limits_.max_failures != 0 && stats_.failures >= limits_.max_failures) stop(StopReason::failure_limit);
    if (limits_.stop_requested != nullptr && limits_.stop_requested->load(std::memory_order_relaxed)) {
      stop(StopReason::interrupted);
    }
    if (limits_.abandoned != nullptr && limits_.abandoned->load(std::memory_order_relaxed)) {
      stop(StopReason::solution_limit);
    }
    // Without a deadline or a stop flag nothing depends on time: the clock stays unread.
    if (limits_.deadline != Clock::time_point::max() || limits_.stop_requested != nullptr ||
        limits_.abandoned != nullptr) {
      const auto now = Clock::now();
      if (now >= limits_.deadline) stop(StopReason::time_limit);
      adapt_interval(now);
    }
    batch_ = interval_;
    if (limits_.max_nodes != 0) batch_ = std::min(batch_, limits_.max_nodes - stats_.nodes);
    // A node fails at most once, after its check: with a batch no longer than the
    // failures left, a check comes before any node past the last failure allowed is
    // expanded. So the failure limit costs the loop nothing, and stops with exactly that
    // many failures (at the next node entered, or the next allowed() call checked).
    if (limits_.max_failures != 0) batch_ = std::min(batch_, limits_.max_failures - stats_.failures);
    until_check_ = batch_;
    tries_until_check_ = interval_;
  }

  // The next batch should take about batch_time: a batch that took more than twice that
  // shrinks the interval in proportion (down to one node: one expensive node is then one
  // check, whose clock read is nothing beside it); one that took less than half grows
  // it as far as half the target allows, at most 64-fold, back up to check_interval
  // when nodes turn cheap. A search starts (after its first node) with a batch of one
  // node, as it knows nothing yet of what a node costs (a node of mrv at n = 20,000,000
  // takes a tenth of a second: a first batch of 64 overran a time limit by 6 s); two
  // quick checks later it runs full batches, which matters for the thousands of small
  // subtrees of a count, each a search of its own (a clock read is some 75 ns here).
  void adapt_interval(Clock::time_point now) {
    if (last_check_ == Clock::time_point{}) {
      interval_ = 1;
    } else {
      const auto took = std::chrono::duration_cast<std::chrono::nanoseconds>(now - last_check_).count();
      const auto target = detail::batch_time.count();
      if (took > 2 * target) {
        interval_ = std::max<std::uint64_t>(1, interval_ * static_cast<std::uint64_t>(target) /
                                                   static_cast<std::uint64_t>(took));
      } else if (took < target / 2) {
        const auto room = static_cast<std::uint64_t>(target / (2 * std::max<decltype(took)>(took, 1)));
        interval_ = std::min(detail::check_interval, interval_ * std::clamp<std::uint64_t>(room, 2, 64));
      }
    }
    last_check_ = now;
  }

  // Out of line: a problem's solution_weight() (word with full symmetry compares the
  // board with its rotations) was otherwise copied into every unrolled level of the
  // loop, which then kept less of its state in registers: 1.17-1.20x the hand-written
  // loop's time, 1.05-1.11x out of line (bench_engine_vs_hand's loop, n = 14). So is a
  // sink of solutions (rendering, JSON, printing): the flattened loop below would
  // otherwise inline all of it, into every level, and take minutes to compile.
  static constexpr bool solution_out_of_line = HasSolutionWeight<P> || !counts_only;
  [[gnu::noinline]] void reach_solution_out_of_line(const State& state, Move* step) { reach_solution(state, step); }

  void reach_solution(const State& state, Move* step) {
    if constexpr (HasObjective<P>) {
      // Branch and bound: a leaf counts only if it beats the best so far, and is then
      // handed on under the incumbent's lock, so that the run reports improvements in
      // order. One that does not is a dead end, as it would be had the bound reached it
      // before its last move.
      if (limits_.incumbent != nullptr) {
        if (!limits_.incumbent->offer(problem_.objective(state), [&] { count_solution(state, step); })) {
          fail(state, step);
        }
        return;
      }
    }
    count_solution(state, step);
  }

  void count_solution(const State& state, Move* step) {
    if constexpr (may_jump) ++solutions_reached_;  // weighed or not: no jump passes it
    std::uint64_t weight = 1;
    // The moves that led here, read through `step` as they were written (see visit()).
    const auto depth = static_cast<std::size_t>(depth_of(step));
    const std::span<const Move> path(step - depth, depth);
    if constexpr (HasSolutionWeight<P>) weight = problem_.solution_weight(state, path);
    if constexpr (watched) watch_.solution(weight * root_weight_);
    if (weight == 0) return;  // another member of its symmetry class is counted instead
    stats_.solutions += static_cast<uint128>(weight) * root_weight_;
    ++stats_.representatives;
    if constexpr (!counts_only) {
      const auto call = [&] {
        if constexpr (std::is_invocable_v<OnSolution&, const State&, std::span<const Move>, std::uint64_t,
                                          std::uint64_t>) {
          return on_solution_(state, path, weight * root_weight_, nodes_entered());
        } else {
          return on_solution_(state, path, weight * root_weight_);
        }
      };
      if constexpr (std::is_void_v<decltype(call())>) {
        call();
      } else if (!call()) {
        stop(StopReason::solution_limit);
      }
    }
    if (limits_.max_solutions != 0 && stats_.representatives >= limits_.max_solutions) {
      stop(StopReason::solution_limit);
    }
  }

  // A state descended by value that is a few machine words travels down the recursion
  // as those words: the calling convention passes a struct of more than two words
  // through memory, but up to four separate words (besides `this` and the path slot) in
  // registers, as a hand-written loop passes them (bench_engine_vs_hand: strategy border
  // went from 1.4x the hand-written loop's time to 1.05x with this).
  static constexpr std::size_t word_count = sizeof(State) / sizeof(std::uint64_t);
  static constexpr bool passes_words = HasChild<P> && std::is_trivially_copyable_v<State> &&
                                       sizeof(State) % sizeof(std::uint64_t) == 0 && word_count <= 4;
  using Words = std::array<std::uint64_t, word_count>;

  // The recursion is unrolled by hand: one function visits `unrolled_levels` levels of
  // the tree before it calls itself. Compilers do this of their own accord only while a
  // translation unit is small (GCC stops at --param inline-unit-growth, which a unit
  // that also builds the solver around the search reaches); without it strategy word
  // ran 1.17x the time of the same loop written by hand, with it about 1.03x
  // (bench_engine_vs_hand). Only for states copied by value, whose loop is a few
  // instructions: for the others the call is a small part of a node's work.
  // Only in a count (not profiled): a listing's time goes to its solutions, a profile's
  // to its counters, and each unrolled copy is compiled for every problem (the copies
  // were most of a strategy file's 20 s of CPU, and of a first build).
  static constexpr bool unrolls = counts_only && !Profiled && !watched;
  static constexpr int unrolled_levels = unrolls && HasChild<P> && std::is_trivially_copyable_v<State> ? 4 : 1;
  // A state passed as words is visited by `word_groups` copies of the group, not one:
  // levels 0-3 below the search's root, 4-7, 8-11, and 12 and deeper (each group calls
  // the next, the last itself), each a function of its own (visit_words()). Each copy is
  // compiled with registers and branches of its own, which a hand-written recursion gets
  // from GCC inlining it into itself up to 8 levels deep (bench_engine_vs_hand: word,
  // n = 12, went from 1.06-1.07x the hand-written loop's time to 1.01-1.03x). Two groups
  // in one function, as the flattening had made of groups 0 and 1 before, ran out of
  // registers: border read the node's words from the stack for every open row (twice
  // the hand loop's data reads), and took 1.03-1.04x its time on an Intel Xeon (model
  // 207) where a function per group takes 0.97-1.00x; full symmetry took 1.22-1.24x on
  // an AMD EPYC (family 25), 1.01-1.02x with a function per group (docs/performance.md).
  static constexpr int word_groups = unrolls ? 4 : 1;

  // Calls of allowed() count toward a check as nodes do: one node of strategy scan at
  // n = 100,000 tries 100,000 candidates, each against every queen placed, seconds of
  // work between two nodes. Not for states copied by value (a few machine words): their
  // allowed() is a few instructions (word with full symmetry), beside which one more
  // countdown per candidate would weigh, and their nodes cost nanoseconds anyway.
  static constexpr bool counts_tries = HasAllowed<P> && !(HasChild<P> && std::is_trivially_copyable_v<State>);

  // One state, out of line: the top of an unrolled group of levels. The node is at the
  // depth of `step`, the slot of path_ for its move toward a child: one pointer stands for
  // both. During a search path_ is written only through it and read only through
  // pointers derived from it, which __restrict tells the compiler: else a move recorded
  // through a std::uint64_t* might have overwritten the problem's constants (as
  // SymmetricWordQueens::all_), and GCC reloaded them and recomputed what it had derived
  // from them at every node (word with full symmetry, n = 13: 306.9 M instructions
  // against 284.8 M, scripts/measure-engine-instructions.sh).
  void visit(State& state, Move* __restrict step) {
    if constexpr (passes_words) {
      visit_as_words(std::bit_cast<Words>(state), step, std::make_index_sequence<word_count>{});
    } else if constexpr (HasChild<P>) {
      // A private copy: its address never escapes, so the compiler keeps it in
      // registers across the recursive calls instead of reloading it after each.
      const State here = state;
      visit_at<0>(here, step);
    } else {
      visit_at<0>(state, step);
    }
  }

  template <int Group = 0, std::size_t... I>
  [[gnu::always_inline]] void visit_as_words(const Words& words, Move* step, std::index_sequence<I...>) {
    visit_words<Group>(step, words[I]...);
  }

  // Flattened: the problem's candidates(), allowed() and child() are inlined here
  // whatever the size of the translation unit that instantiates the search. The
  // instantiation the linker keeps is the library's (word.cpp, where the solver and
  // the driver's glue are compiled too), and there GCC had stopped inlining the
  // problem's calls: word with full symmetry ran 1.25-1.40x the hand-written loop's
  // time, 1.04-1.11x flattened (bench_engine_vs_hand, minimum of 5, n = 13..15).
  // Not inlined into the group above it: see word_groups.
  template <int Group, class... Word>
  [[gnu::flatten, gnu::noinline]] void visit_words(Move* __restrict step, Word... words) {
    const State state = std::bit_cast<State>(Words{words...});
    visit_at<Group * unrolled_levels>(state, step);
  }

  // One state: count it, then settle it as a solution, a dead end, or expand it. Its
  // move toward a child goes to *step (path_[depth], for a search that records its
  // path): a pointer carried down the levels, as GCC reloaded both path_'s data and the
  // depth for every node of an index (word, n = 10: recording the path took 12% of a
  // count's time that way, 4% this way). The depth itself is only wanted off the loop's
  // path, and is taken from it there (depth_of).
  template <int Level, class S>
  [[gnu::always_inline]] void visit_at(S& state, Move* step) {
    // Before the check: a node that a limit stops at is counted, in nodes as here.
    if constexpr (Profiled) ++at_depth(profile_, static_cast<std::size_t>(depth_of(step))).nodes;
    if constexpr (watched) watch_.enter(problem_, state, path_to(step));
    if (--until_check_ == 0) check_limits(step);
    if (problem_.is_solution(state)) {
      note_depth(step);
      if constexpr (solution_out_of_line) {
        reach_solution_out_of_line(state, step);
      } else {
        reach_solution(state, step);
      }
    } else {
      expand<Level>(state, step);
    }
    if constexpr (watched) watch_.leave();
  }

  // A child: visited in the same function down to the last unrolled level of its group.
  template <int Level, class S>
  [[gnu::always_inline]] void descend(S& state, Move* step) {
    if constexpr ((Level + 1) % unrolled_levels != 0) {
      visit_at<Level + 1>(state, step);
    } else if constexpr (passes_words) {
      constexpr int next_group = std::min((Level + 1) / unrolled_levels, word_groups - 1);
      visit_as_words<next_group>(std::bit_cast<Words>(state), step, std::make_index_sequence<word_count>{});
    } else {
      visit(state, step);
    }
  }

  template <int Level, class S>
  [[gnu::always_inline]] void expand(S& state, Move* step) {
    auto&& moves = problem_.candidates(state);
    auto it = std::ranges::begin(moves);
    const auto end = std::ranges::end(moves);
    // With allowed(), a node without candidates fails below, as one whose candidates
    // are all refused: one test of the loop's condition, not two (full symmetry spent
    // 5% of its instructions on the second).
    [[maybe_unused]] std::uint64_t reached_before = 0;
    if constexpr (may_jump) reached_before = solutions_reached_;
    if constexpr (!HasAllowed<P>) {
      if (it == end) {
        fail(state, step);
        if constexpr (may_jump) jump_back(state, step, reached_before);
        return;
      }
    }
    [[maybe_unused]] bool extended = false;
    [[maybe_unused]] std::uint8_t rank = 0;
    for (; it != end; ++it) {
      const Move m = *it;
      if constexpr (records_branches) branches_[static_cast<std::size_t>(depth_of(step))] = rank++;
      if constexpr (HasAllowed<P>) {
        if constexpr (counts_tries) {
          if (--tries_until_check_ == 0) check_limits(step);
        }
        if (!problem_.allowed(state, m)) {
          if constexpr (watched) watch_.refused(problem_, state, path_to(step), m);
          continue;
        }
        extended = true;
      }
      if constexpr (records_path) *step = m;
      if constexpr (HasChild<P>) {
        State next = problem_.child(state, m);
        descend<Level>(next, step + 1);
      } else {
        problem_.apply(state, m);
        if constexpr (HasObjective<P>) constrain(state);
        descend<Level>(state, step + 1);
        problem_.undo(state, m);
        if constexpr (may_jump) {
          if (resume_depth_ <= depth_of(step)) [[unlikely]] {
            if (resume_depth_ < depth_of(step)) return;  // jumped over
            resume_depth_ = no_jump;
          }
        }
      }
    }
    if constexpr (HasAllowed<P>) {
      if (!extended) fail(state, step);
    }
    if constexpr (may_jump) jump_back(state, step, reached_before);
  }

  // After a node's children: with backjumping, back to the node its failure depends on.
  // A node that a jump passes returns at once (see expand()), leaving its other children.
  void jump_back(State& state, const Move* step, std::uint64_t reached_before) {
    if (!jumping_ || solutions_reached_ != reached_before) return;
    const int depth = depth_of(step);
    const int target = problem_.backjump(state, depth);
    if (target < depth - 1) {
      resume_depth_ = target;
      if constexpr (watched) watch_.backjump(target);
    }
  }

  // An optimisation's node: from here on, only what beats the best so far.
  void constrain(State& state) const {
    if (limits_.incumbent == nullptr) return;
    if (const auto best = limits_.incumbent->best()) problem_.constrain(state, *best);
  }

  int depth_of(const Move* step) const { return static_cast<int>(step - path_.data()); }
  // The moves from root() to the node whose move toward a child goes to *step.
  std::span<const Move> path_to(const Move* step) const {
    return {path_.data(), static_cast<std::size_t>(depth_of(step))};
  }

  // The deepest node of the subtree is a leaf: a solution or a dead end.
  void note_depth(const Move* step) {
    if (step > deepest_) [[unlikely]] deepest_ = step;
  }

  void fail(const State& state, const Move* step) {
    if constexpr (watched) watch_.dead_end(problem_, state, path_to(step));
    ++stats_.failures;
    if constexpr (Profiled) ++profile_[static_cast<std::size_t>(depth_of(step))].failures;
    note_depth(step);
  }

  // A problem of plain data is copied in, so that the loop reads its constants with one
  // load instead of two (through the reference).
  static constexpr bool copies_problem = std::is_trivially_copyable_v<P> && sizeof(P) <= 16384;
  std::conditional_t<copies_problem, const P, const P&> problem_;
  Cursor<P> cursor_{problem_};
  SearchLimits limits_;
  OnSolution on_solution_;
  [[no_unique_address]] Watch watch_;
  SearchStats stats_;
  DepthProfile profile_;  // Profiled only
  std::vector<Move> path_;
  std::vector<std::uint8_t> branches_;  // records_branches only
  const Move* deepest_ = nullptr;  // the slot of the deepest leaf of the subtree (note_depth)
  std::uint64_t root_weight_ = 1;
  std::uint64_t earlier_nodes_ = 0;  // of the subtrees run before the current one (nodes_entered())
  // The first node checks the limits, and starts the first batch.
  std::uint64_t batch_ = 1;
  std::uint64_t until_check_ = 1;
  std::uint64_t tries_until_check_ = detail::check_interval;  // calls of allowed(), with counts_tries
  std::uint64_t interval_ = detail::check_interval;           // nodes (or tries) between two checks
  Clock::time_point last_check_{};                           // none yet: the first batch is not judged
  std::size_t stop_root_ = 0;
  int stop_depth_ = 0;  // of the node at the last check of the limits
  std::jmp_buf node_limit_jump_;  // with jumps_at_node_limit: where the node limit returns to
  // may_jump only: whether the problem backjumps, the depth a jump goes back to (no_jump:
  // none under way), and the solutions reached so far (a subtree with one is not jumped).
  bool jumping_ = false;
  int resume_depth_ = no_jump;
  std::uint64_t solutions_reached_ = 0;
};

// Count every solution of `problem`.
template <Problem P>
SearchStats count_solutions(const P& problem, const SearchLimits& limits = {}) {
  return DepthFirstSearch<P>(problem, limits).run();
}

// Search `problem`, calling on_solution(state, path, weight) for each solution reached.
template <Problem P, class OnSolution>
SearchStats enumerate_solutions(const P& problem, OnSolution on_solution,
                                const SearchLimits& limits = {}) {
  return DepthFirstSearch<P, OnSolution>(problem, limits, std::move(on_solution)).run();
}

// Where a search was when it reached a solution: the nodes it had entered (its
// nodes_entered()), and the time, read then (per solution, never per node).
struct FoundAt {
  std::uint64_t nodes = 0;
  Clock::time_point time{};
};

// A sink behind one function pointer, called per solution (never per node): every
// listing of a problem, whatever its caller's sink, runs the one engine
// DepthFirstSearch<P, PathSink<P>>, which is compiled once per problem, not per sink.
template <Problem P>
struct PathSink {
  bool (*call)(void* context, std::span<const typename P::Move> path, std::uint64_t weight, const FoundAt& at);
  void* context;
  bool operator()(const typename P::State&, std::span<const typename P::Move> path, std::uint64_t weight,
                  std::uint64_t nodes) const {
    return call(context, path, weight, FoundAt{nodes, Clock::now()});
  }
};

// `f`, called as f(path, weight, found_at) -> bool, as a PathSink; it refers to `f`,
// which must outlive it.
template <Problem P, class F>
PathSink<P> path_sink(F& f) {
  return {[](void* context, std::span<const typename P::Move> path, std::uint64_t weight, const FoundAt& at) -> bool {
            return (*static_cast<F*>(context))(path, weight, at);
          },
          &f};
}

}  // namespace backtrack
