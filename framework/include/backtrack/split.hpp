#pragma once
// Splitting a search tree into independent subtrees: the unit of work for threads, and a
// deterministic list (the same for every thread count) for checkpoints and MPI ranks.
//
// A split costs about the nodes it expands, and a small tree nothing:
//  1. A probe searches the tree depth-first, as one search would, for at most
//     plan.probe_nodes nodes. A tree that small is counted (or listed) by the probe
//     alone: no subtree, nothing paid for parallelism. Otherwise the probe stops at a
//     node; what it searched stays counted, and what is left of the tree, in
//     depth-first order, is that node, its right siblings, the right siblings of each
//     of its ancestors, and the roots after its root.
//     Where the probe stopped deep in a tree of many levels, the siblings are listed
//     from the top down only while they stay few and short (listed_siblings_fit()):
//     the rest, from some depth down, stay with the first subtree, which then goes on
//     past its root to them (SplitTree::siblings_from, search_subtree_of()). Each one
//     listed holds its whole path, so listing them all took memory of their number
//     times the depth: 7 GB for bitset at n = 2,000, and a deadline passed by 15 s.
//     The siblings are those the probe had: an optimisation's probe tightens the bound
//     (incumbent.hpp), and a node made again without it may have other children (the
//     variable chosen, the midpoint of a split), so its probe keeps the children of each
//     node on its path (ChildrenOnPath) rather than have them made again; a tree lost
//     its optimum so.
//  2. Those are expanded, shallowest first, until there are enough of them:
//     plan.subtrees, or fewer when the probe found the tree small (see
//     wanted_subtrees()), since each subtree costs a walk to its root and a start; or
//     until the expansions have walked and copied 64 moves a subtree, in trees
//     thousands of levels deep.
//  3. From the probe's time and its share of the tree, it guesses what the subtrees will
//     take (left_seconds): run_subtrees() starts no thread for what one finishes sooner.
// The nodes are reached through a Cursor in depth-first order: a few moves from one to
// the next, not a rebuild of the state from root().
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <span>
#include <type_traits>
#include <vector>

#include "backtrack/cursor.hpp"
#include "backtrack/depth_profile.hpp"
#include "backtrack/engine.hpp"
#include "backtrack/limits_in_scope.hpp"
#include "backtrack/problem.hpp"
#include "backtrack/search_limits.hpp"
#include "backtrack/search_stats.hpp"
#include "backtrack/split_plan.hpp"

namespace backtrack {

template <Problem P>
struct SplitTree {
  static constexpr std::size_t no_siblings = SIZE_MAX;
  // Searched one by one with search_subtree_of(), which knows siblings_from.
  std::vector<Root<typename P::Move>> subtrees;
  // Unless no_siblings: subtree 0 also covers the right siblings of the nodes on its
  // path from this depth down (those not listed: see the top of this file), searched
  // after its root's subtree, deepest first, as one search would reach them.
  std::size_t siblings_from = no_siblings;
  // What the split searched itself: the probe, and the nodes expanded to find the
  // subtrees (each subtree counts its own root). The whole tree is above + subtrees.
  SearchStats above;
  // A guess at what the subtrees take on one thread: the probe's time per node times the
  // nodes it left, taking siblings as equal (wanted_subtrees()). It decides no count,
  // only when threads start (run_subtrees()); without a probe, nothing is known.
  double left_seconds = std::numeric_limits<double>::infinity();
  DepthProfile above_profile;  // above's nodes and failures per depth, for a profiled split
  // An optimisation's: the children of each node on the probe's path, as the probe had
  // them (see the top of this file); empty for any other problem.
  std::vector<std::vector<typename P::Move>> path_children;
  SplitPlan plan;
  // above.stop is not none when the split was stopped (stop flag, deadline, the sink):
  // then the subtrees do not cover the tree, and nothing may be counted in them.
  bool stopped() const { return !above.complete(); }
};

namespace detail {
// The probe covered about `covered` of the tree (its place in depth-first order, taking
// siblings as equal): about 32 subtrees per such share in what it left, so that a
// subtree holds some 1/32 of the probe's nodes or more, and its walk and start are a few
// percent of its search. A tree far larger gets plan.subtrees. (Asking 32 per share of
// the whole tree cut word's 2,771 nodes left at n = 10 into 37 subtrees, whose starts
// cost a count 3% over one search.)
inline std::size_t wanted_subtrees(const SplitPlan& plan, double covered) {
  const double wanted = 32 * (1 - covered) / covered;
  if (!(covered > 0) || wanted >= static_cast<double>(plan.subtrees)) return plan.subtrees;
  return std::max<std::size_t>(2, static_cast<std::size_t>(wanted));
}

// The problem's counters of applying `m` at `state` and undoing it, as a search does
// (dancing links count the mems of both).
template <Problem P>
WorkCounters work_of_child(const P& problem, typename P::State& state, const typename P::Move& m) {
  const WorkCounters before = problem.counters(state);
  problem.apply(state, m);
  problem.undo(state, m);
  return problem.counters(state) - before;
}

template <class Move>
struct RightSiblings {
  std::vector<Move> moves;  // the children after the path's one, in order
  std::size_t before = 0;   // children before the path's one
  std::size_t children = 0;
  // The problem's counters of what the probe did not do at this node: check the
  // candidates after the path's child, and make the children after it (see HasCounters).
  WorkCounters work;
};

// A probe's watch (watched_search.hpp) that keeps the children of the node it enters at
// each depth: at its stop, those of the nodes on its path.
template <Problem P>
struct ChildrenOnPath {
  std::vector<std::vector<typename P::Move>>* at_depth;
  void enter(const P& problem, const typename P::State& state, std::span<const typename P::Move> path) {
    if (at_depth->size() <= path.size()) at_depth->resize(path.size() + 1);
    auto& children = (*at_depth)[path.size()];
    children.clear();
    for_each_child(problem, state, [&](const typename P::Move m) { children.push_back(m); });
  }
  void solution(std::uint64_t) {}
  void refused(const P&, const typename P::State&, std::span<const typename P::Move>, const typename P::Move&) {}
  void dead_end(const P&, const typename P::State&, std::span<const typename P::Move>) {}
  void leave() {}
};

// The right siblings of `on_path`, a child of `state` (a node on the probe's path), among
// `children` where the probe kept them (else made again).
template <Problem P>
RightSiblings<typename P::Move> right_siblings(const P& problem, typename P::State& state,
                                               const typename P::Move& on_path,
                                               const std::vector<typename P::Move>* children = nullptr) {
  RightSiblings<typename P::Move> found;
  bool past = false;
  [[maybe_unused]] WorkCounters at_path;  // once the path's child was checked
  const auto each_child = [&](auto f) {
    if (children == nullptr) return for_each_child(problem, state, f);
    for (const auto& m : *children) f(m);
  };
  each_child([&](const typename P::Move m) {
    ++found.children;
    if (past) {
      found.moves.push_back(m);
    } else if (m == on_path) {
      past = true;
      found.before = found.children - 1;
      at_path = counters_of(problem, state);
    }
  });
  if constexpr (HasCounters<P>) {
    found.work = problem.counters(state) - at_path;
    for (const auto& m : found.moves) found.work += work_of_child(problem, state, m);
  }
  return found;
}

// Whether `more` siblings at `depth` may join `listed` (holding `moves` moves in their
// prefixes): as many as plan.subtrees, of 64 moves each on average. The counts that can
// finish stay far below (N-Queens at n = 16 lists at most 240 siblings, of up to 16
// moves); the limit is for trees thousands of levels deep.
inline bool listed_siblings_fit(const SplitPlan& plan, std::size_t listed, std::size_t moves, std::size_t more,
                                std::size_t depth) {
  return listed + more <= plan.subtrees && moves + more * (depth + 1) <= 64 * plan.subtrees;
}
}  // namespace detail

namespace detail {
// The children the probe kept of the node at `depth` on its path, if it kept them.
template <Problem P>
const std::vector<typename P::Move>* kept_children(const SplitTree<P>& split, std::size_t depth) {
  return depth < split.path_children.size() ? &split.path_children[depth] : nullptr;
}

// split_tree() into `split`, which it returns.
template <Problem P, class OnSolution, bool Profiled>
void split_into(SplitTree<P>& split, Clock::time_point start, const P& problem, const SplitPlan& asked,
                const SearchLimits& limits, OnSolution on_solution) {
  using Move = typename P::Move;
  split.plan = asked;
  // The siblings of a probe's path are listed again from a state that has not learned
  // what the probe learned: where that changes a node's children, they would not be
  // the probe's, and the subtrees would not be the rest of its tree (see learns()).
  if (learns(problem)) split.plan.probe_nodes = 0;
  const SplitPlan& plan = split.plan;
  // The stop flag or the deadline, checked between the nodes the split expands itself.
  const auto stopped_from_outside = [&] {
    split.above.stop = limits.outside_stop();
    return split.above.stop != StopReason::none;
  };
  auto roots = roots_of(problem);  // moved into the list of subtrees, once probed
  std::vector<Move> path;  // from root() to the node where the probe stopped
  std::size_t root = 0;    // the root it stopped in
  double probe_seconds = 0;
  if (plan.probe_nodes != 0) {
    SearchLimits probe_limits = limits;
    probe_limits.max_nodes = plan.probe_nodes;
    probe_limits.max_solutions = 0;
    const auto run_probe = [&](auto& probe) {
      split.above = probe.run(roots);
      if constexpr (Profiled) split.above_profile = probe.profile();
      path.assign(probe.stop_path().begin(), probe.stop_path().end());
      root = probe.stop_root();
    };
    if constexpr (HasObjective<P>) {
      if (optimises(problem)) {
        DepthFirstSearch<P, OnSolution, Profiled, ChildrenOnPath<P>> probe(problem, probe_limits,
                                                                           std::move(on_solution), {&split.path_children});
        run_probe(probe);
      }
    }
    if (!optimises(problem)) {
      DepthFirstSearch<P, OnSolution, Profiled> probe(problem, probe_limits, std::move(on_solution));
      run_probe(probe);
    }
    probe_seconds = split.above.seconds;
    if (split.above.stop != StopReason::node_limit) {  // the whole tree, or stopped
      split.above.seconds = std::chrono::duration<double>(Clock::now() - start).count();
      split.path_children.clear();
      return;
    }
    split.above.stop = StopReason::none;
    --split.above.nodes;  // the node it stopped at is the first subtree's root
    if constexpr (Profiled) --split.above_profile[path.size()].nodes;
    split.path_children.resize(std::min(split.path_children.size(), path.size()));
  }  // the probe's state is freed before the cursor builds its own
  Cursor<P> cursor(problem);
  std::vector<Root<Move>> left;  // what is left of the tree, in depth-first order
  double covered = 0;            // the probe's share of the tree
  if (plan.probe_nodes == 0) {
    left = std::move(roots);
  } else {
    const std::uint64_t weight = roots[root].weight;
    if constexpr (HasCounters<P> && HasApplyUndo<P>) {
      // The probe stopped with its path's moves made: a search would take each back, and
      // count that work (dancing links' mems) as the subtrees' searches do theirs.
      auto& state = cursor.at(path);
      for (std::size_t depth = path.size(); depth > roots[root].prefix.size(); --depth) {
        const WorkCounters before = problem.counters(state);
        problem.undo(state, path[depth - 1]);
        split.above.counters += problem.counters(state) - before;
      }
      cursor.lose();
    }
    double share = 1.0 / static_cast<double>(roots.size());  // of one node at this depth
    covered = static_cast<double>(root) * share;
    // The right siblings of the path's nodes, level by level from its root down, as
    // long as they fit (see the top of this file).
    std::vector<std::vector<Root<Move>>> right_of(path.size());
    std::size_t listed = 0, listed_moves = 0;
    for (std::size_t depth = roots[root].prefix.size(); depth < path.size(); ++depth) {
      if (stopped_from_outside()) return;
      const auto prefix = std::span<const Move>(path).first(depth);
      const auto siblings = right_siblings(problem, cursor.at(prefix), path[depth], kept_children(split, depth));
      if (!detail::listed_siblings_fit(plan, listed, listed_moves, siblings.moves.size(), depth)) {
        split.siblings_from = depth;  // the first subtree's to search, and to count
        break;
      }
      listed += siblings.moves.size();
      listed_moves += siblings.moves.size() * (depth + 1);
      for (const Move& m : siblings.moves) {
        Root<Move> sibling{{prefix.begin(), prefix.end()}, weight};
        sibling.prefix.push_back(m);
        right_of[depth].push_back(std::move(sibling));
      }
      // The probe expanded this node as far as the path's child: the rest is the split's.
      split.above.counters += siblings.work;
      covered += share * static_cast<double>(siblings.before) / static_cast<double>(siblings.children);
      share /= static_cast<double>(siblings.children);
    }
    left.push_back({{path.begin(), path.end()}, weight});
    for (std::size_t depth = path.size(); depth-- > 0;) {
      std::move(right_of[depth].begin(), right_of[depth].end(), std::back_inserter(left));
    }
    std::move(roots.begin() + static_cast<std::ptrdiff_t>(root) + 1, roots.end(), std::back_inserter(left));
  }
  const std::size_t wanted = detail::wanted_subtrees(plan, covered);
  if (covered > 0) split.left_seconds = probe_seconds * (1 - covered) / covered;
  // left[i] is known to be a solution, or (the first subtree with siblings) not to be expanded
  std::vector<bool> solution(left.size(), false);
  if (split.siblings_from != SplitTree<P>::no_siblings) solution[0] = true;
  // An expansion walks the cursor to its node and copies the node's prefix into every
  // child: where the tree is thousands of levels deep and a level has a child or two (a
  // chain of x != v), each pass adds a subtree or two at the cost of the whole depth. So
  // the moves walked and copied are held to listed_siblings_fit()'s budget.
  std::size_t expansion_moves = 0;
  while (left.size() < wanted && expansion_moves <= 64 * plan.subtrees) {
    std::size_t shallowest = SIZE_MAX;
    for (std::size_t i = 0; i < left.size(); ++i) {
      if (!solution[i]) shallowest = std::min(shallowest, left[i].prefix.size());
    }
    if (shallowest == SIZE_MAX) break;  // nothing left to expand
    // Back to front, so that the nodes left unexpanded once there are enough (the
    // largest) come first in the list, and are taken first: no large one comes last.
    std::vector<Root<Move>> next;  // reversed
    std::vector<bool> next_solution;
    for (std::size_t i = left.size(); i-- > 0;) {
      auto& node = left[i];
      if (solution[i] || node.prefix.size() != shallowest || i + 1 + next.size() >= wanted) {
        next.push_back(std::move(node));
        next_solution.push_back(solution[i]);
        continue;
      }
      if (stopped_from_outside()) return;
      auto& state = cursor.at(node.prefix);
      if (problem.is_solution(state)) {  // its subtree's search counts it (and judges it by the bound)
        next.push_back(std::move(node));
        next_solution.push_back(true);
        continue;
      }
      ++split.above.nodes;
      if constexpr (Profiled) ++at_depth(split.above_profile, node.prefix.size()).nodes;
      expansion_moves += node.prefix.size();
      const std::size_t first_child = next.size();
      [[maybe_unused]] const WorkCounters before_expansion = counters_of(problem, state);
      for_each_child(problem, state, [&](const Move m) {
        Root<Move> child{node.prefix, node.weight};
        child.prefix.push_back(m);
        expansion_moves += child.prefix.size();
        next.push_back(std::move(child));
        next_solution.push_back(false);
      });
      if constexpr (HasCounters<P>) {
        split.above.counters += problem.counters(state) - before_expansion;
        for (std::size_t k = first_child; k < next.size(); ++k) {
          split.above.counters += detail::work_of_child(problem, state, next[k].prefix.back());
        }
      }
      if (next.size() == first_child) {
        ++split.above.failures;
        if constexpr (Profiled) ++split.above_profile[node.prefix.size()].failures;
        split.above.max_depth = std::max(split.above.max_depth, static_cast<int>(node.prefix.size()));
      }
      std::reverse(next.begin() + static_cast<std::ptrdiff_t>(first_child), next.end());
    }
    std::reverse(next.begin(), next.end());
    std::reverse(next_solution.begin(), next_solution.end());
    left = std::move(next);
    solution = std::move(next_solution);
  }
  split.subtrees = std::move(left);
  split.above.seconds = std::chrono::duration<double>(Clock::now() - start).count();
}
}  // namespace detail

// Splits the tree of `problem` as `plan` says (see the top of this file). Solutions the
// probe reaches go to on_solution(state, path, weight), as a search's do. Honours the stop
// flag and the deadline of `limits`; a stopped split is marked so (stopped()), and its
// subtrees must not be searched. The problem's counters in `above` are the work of the
// nodes it expanded (see HasCounters), the probe's and the split's own: with each
// subtree's, they add up to those of one search of the whole tree. So do the nodes and
// failures per depth in above_profile, when `profiled` (see depth_profile.hpp).
template <Problem P, class OnSolution = ProbeSink<P>, bool Profiled = false>
SplitTree<P> split_tree(const P& problem, const SplitPlan& asked = {}, const SearchLimits& limits = {},
                        OnSolution on_solution = {}, std::bool_constant<Profiled> = {}) {
  const auto start = Clock::now();
  SplitTree<P> split;
  // The nodes the split makes itself may each take long (a CSP's propagation): made under
  // the limits, as a search's are (limits_in_scope.hpp).
  const LimitsInScope long_nodes_poll(limits);
  try {
    detail::split_into<P, OnSolution, Profiled>(split, start, problem, asked, limits, std::move(on_solution));
  } catch (const LimitReached& reached) {
    split.above.stop = reached.reason;
    split.above.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  }
  return split;
}

// Searches subtree i of `split` with `search`, a DepthFirstSearch of the problem the split
// was made from: the subtree below its root, and for the first one the siblings it also
// covers (SplitTree::siblings_from). Stops at the first piece a limit stops.
template <Problem P, class Search>
SearchStats search_subtree_of(const SplitTree<P>& split, std::size_t i, Search& search) {
  using Move = typename P::Move;
  const Root<Move>& subtree = split.subtrees[i];
  SearchStats total = search.run_subtree(subtree.prefix, subtree.weight);
  if (i != 0 || split.siblings_from == SplitTree<P>::no_siblings) return total;
  const P& problem = search.problem();
  Cursor<P> cursor(problem);
  const std::span<const Move> path(subtree.prefix);
  std::vector<Move> prefix;
  for (std::size_t depth = path.size(); depth-- > split.siblings_from && total.complete();) {
    const auto siblings =
        detail::right_siblings(problem, cursor.at(path.first(depth)), path[depth], detail::kept_children(split, depth));
    total.counters += siblings.work;
    prefix.assign(path.begin(), path.begin() + static_cast<std::ptrdiff_t>(depth));
    for (const Move& m : siblings.moves) {
      prefix.push_back(m);
      total += search.run_subtree(prefix, subtree.weight);
      prefix.pop_back();
      if (!total.complete()) break;
    }
  }
  return total;
}

}  // namespace backtrack
