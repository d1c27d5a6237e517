#pragma once
// The first K solutions in depth-first order (--first, --limit K), found by several threads.
//
// The answer is the one a single search gives, for any thread count: the tree is split
// (split.hpp), the probe's solutions come first, then the subtrees' in the order of the
// list. Threads take the subtrees in that order, each searched for at most the
// solutions still wanted. Once the subtrees up to some index hold enough solutions
// between them, the ones after it are not needed: threads searching them abandon them,
// and no thread starts another. So the threads help where a single search would spend
// long in subtrees without solutions before the first ones; where solutions are dense,
// the probe alone finds them.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <span>
#include <vector>

#include "backtrack/engine.hpp"
#include "backtrack/on_threads.hpp"
#include "backtrack/problem.hpp"
#include "backtrack/search_limits.hpp"
#include "backtrack/search_stats.hpp"
#include "backtrack/split.hpp"

namespace backtrack {

// Calls emit(path, weight, found_at) for each of the first `wanted` solutions in
// depth-first order, in that order, until it returns false. found_at is where the probe
// found it, or, for a subtree's, the split's nodes and those of the thread that found it
// so far, and when. The statistics count every node that any thread searched, and the
// solutions emitted.
template <Problem P, class Emit>
SearchStats first_solutions(const P& problem, std::uint64_t wanted, unsigned threads, const SearchLimits& limits,
                            Emit emit, const SplitPlan& plan = {}) {
  using Move = typename P::Move;
  const auto start = Clock::now();
  std::uint64_t emitted = 0;
  uint128 emitted_weight = 0;
  bool refused = false;
  auto give = [&](std::span<const Move> path, std::uint64_t weight, const FoundAt& at) {
    if (refused || emitted >= wanted) return false;
    ++emitted;
    emitted_weight += weight;
    refused = !emit(path, weight, at);
    return !refused && emitted < wanted;
  };
  // The probe's solutions are the first of all: they go out as found.
  const auto split = split_tree(problem, plan, limits, path_sink<P>(give));
  SearchStats total = split.above;
  const std::size_t count = split.stopped() ? 0 : split.subtrees.size();
  const std::uint64_t still = wanted - emitted;

  struct Found {
    std::vector<Move> path;
    std::uint64_t weight;
    FoundAt at;
  };
  struct Worker {
    std::atomic<std::size_t> subtree{0};
    std::atomic<bool> abandon{false};
  };
  std::vector<std::vector<Found>> found(count);
  std::vector<SearchStats> results(count);
  const unsigned takers = takers_for(threads, count);
  std::vector<Worker> workers(takers);
  std::mutex mutex;                // guards found, bound and the workers' subtree and abandon
  std::size_t bound = count;       // subtrees after it are not needed
  std::atomic<std::size_t> next{0};
  // Why a needed subtree was left unsearched (the stop flag, the deadline), or none.
  std::atomic<StopReason> cut_short{StopReason::none};
  // Under the mutex, after subtree `i` found a solution: the first subtree by which
  // enough solutions are found, and the workers beyond it told to give up.
  auto lower_bound = [&](std::size_t i) {
    std::uint64_t sum = 0;
    for (std::size_t j = 0; j <= i && j < bound; ++j) {
      sum += found[j].size();
      if (sum >= still) {
        bound = j;
        for (auto& w : workers) {
          if (w.subtree.load() > bound) w.abandon = true;
        }
        return;
      }
    }
  };
  auto work = [&](const P& own, unsigned t) {
    Worker& me = workers[t];
    std::size_t i = 0;
    auto keep = [&](std::span<const Move> path, std::uint64_t weight, const FoundAt& at) {
      std::lock_guard lock(mutex);
      if (i > bound) return false;
      found[i].push_back({{path.begin(), path.end()}, weight, {split.above.nodes + at.nodes, at.time}});
      lower_bound(i);
      return found[i].size() < still && i <= bound;
    };
    SearchLimits mine = limits;
    mine.max_solutions = 0;
    mine.abandoned = &me.abandon;
    DepthFirstSearch<P, PathSink<P>> search(own, mine, path_sink<P>(keep));
    for (;;) {
      i = next.fetch_add(1);
      {
        std::lock_guard lock(mutex);
        if (i >= count || i > bound) break;
        if (const auto reason = limits.outside_stop(); reason != StopReason::none) {
          cut_short = reason;
          break;
        }
        me.subtree = i;
        me.abandon = false;
      }
      results[i] = search_subtree_of(split, i, search);
    }
  };
  if (count > 0 && still > 0 && !refused) {
    on_threads(problem, takers, work);
  }
  StopReason stopped = split.stopped() ? split.above.stop : StopReason::none;
  for (std::size_t i = 0; i < count; ++i) {
    total += results[i];
    // A subtree stopped by the user's stop flag or the deadline leaves the answer partial.
    const auto r = results[i].stop;
    if (stopped == StopReason::none && (r == StopReason::interrupted || r == StopReason::time_limit)) stopped = r;
    for (const auto& f : found[i]) {
      if (!give(f.path, f.weight, f.at)) break;
    }
  }
  if (stopped == StopReason::none) stopped = cut_short;
  total.stop = emitted >= wanted || refused ? StopReason::solution_limit : stopped;
  total.representatives = emitted;
  total.solutions = emitted_weight;
  total.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return total;
}

}  // namespace backtrack
