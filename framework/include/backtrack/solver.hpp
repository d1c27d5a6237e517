#pragma once
// make_solver(): any Problem as a Solver (solver_interface.hpp), the templates that run
// it (split, threads, estimate). Included by a plugin's strategy files, one make_solver
// each, never by the driver: each call compiles the engine for its problem.

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <system_error>
#include <type_traits>
#include <utility>
#include <vector>

#include "backtrack/checkpoint.hpp"
#include "backtrack/depth_profile.hpp"
#include "backtrack/engine.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/estimate.hpp"
#include "backtrack/first_solutions.hpp"
#include "backtrack/neighbourhoods.hpp"
#include "backtrack/on_threads.hpp"
#include "backtrack/restart_search.hpp"
#include "backtrack/solution.hpp"
#include "backtrack/solver_interface.hpp"
#include "backtrack/split.hpp"
#include "backtrack/subtree_source.hpp"
#include "backtrack/watched_search.hpp"

namespace backtrack {

namespace detail {
// Subtrees guessed to take less than this on one thread are searched without starting
// threads, unless they turn out to take longer (run_subtrees()).
inline constexpr double alone_seconds = 250e-6;
}  // namespace detail

// --limit K with threads holds up to K solutions per thread in memory, to print them in
// depth-first order; above this, one thread searches and prints as it goes.
inline constexpr std::uint64_t max_solutions_kept_in_order = 10000;

// Runs every subtree of `split`, made from `problem`, on `threads` threads;
// make_search(problem) builds the DepthFirstSearch of one thread, which runs subtree
// after subtree, over that thread's copy of the problem (on_threads()). With a
// checkpoint, the subtrees it knows as finished are skipped (their statistics are added
// as recorded), and every subtree searched to the end is recorded; `resumed`, if given,
// receives what was skipped. The threads take the pending subtrees from `source`
// (default: all of them, PendingSubtrees). The result's seconds are the split's and
// this run's.
// With `profile`, the split's and every thread's nodes and failures per depth are added
// to it (the searches must be profiled ones).
template <Problem P, class MakeSearch>
SearchStats run_subtrees(const P& problem, const SplitTree<P>& split, unsigned threads, const SearchLimits& limits,
                         Progress* progress, MakeSearch make_search, Checkpoint* checkpoint = nullptr,
                         Resumed* resumed = nullptr, SubtreeSource* source = nullptr,
                         DepthProfile* profile = nullptr) {
  if (profile != nullptr) add_profile(*profile, split.above_profile);
  if (split.stopped()) return split.above;  // its subtrees do not cover the tree
  const bool timed = checkpoint != nullptr || source != nullptr;
  const std::size_t count = split.subtrees.size();
  SearchStats total = split.above;  // and every subtree's, skipped or searched
  std::vector<std::size_t> pending;
  Resumed skipped;
  if (checkpoint != nullptr) {
    std::vector<bool> finished(count, false);
    for (const auto& f : checkpoint->resume(SplitInfo{split.plan, count})) {
      if (f.index >= count || finished[f.index]) continue;  // a Checkpoint promises neither
      finished[f.index] = true;
      total += f.stats;
      ++skipped.subtrees;
      skipped.nodes += f.stats.nodes;
    }
    if (resumed != nullptr) *resumed = skipped;
    for (std::size_t i = 0; i < count; ++i) {
      if (!finished[i]) pending.push_back(i);
    }
  } else {
    pending.resize(count);
    for (std::size_t i = 0; i < count; ++i) pending[i] = i;
  }
  if (progress != nullptr) {
    progress->total = count;
    progress->done = count - pending.size();
    progress->nodes = skipped.nodes;
    progress->resumed_nodes = skipped.nodes;
  }
  auto search_subtree = [&](auto& search, std::size_t i) {
    SearchStats result;
    result.stop = limits.outside_stop();
    if (!result.complete()) return result;
    // Timed only for a journal, whose records say what each subtree took (here, or at
    // the MPI coordinator that another source reports to).
    const auto start = timed ? Clock::now() : Clock::time_point{};
    result = search_subtree_of(split, i, search);
    if (!result.complete()) return result;
    if (timed) result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (checkpoint != nullptr) checkpoint->record(i, result);
    if (progress != nullptr) {
      progress->nodes += result.nodes;
      ++progress->done;
    }
    return result;
  };
  PendingSubtrees all_here;
  if (source == nullptr) source = &all_here;
  source->begin(pending);
  // Each thread takes a subtree at a time, the longest ones never waiting behind a
  // batch, while more() says so, and adds up what it searched (no array of a result per
  // subtree: border at n = 11 has 2,722 subtrees, and a count allocated 300 KB for them).
  std::mutex taken_mutex;
  std::atomic<bool> failed{false};  // a thread ran out of memory, or could not start: the others stop too
  auto take = [&](auto& search, auto more) {
    SearchStats taken;
    auto keep = [&] {
      std::lock_guard lock(taken_mutex);
      total += taken;
      if (profile != nullptr) add_profile(*profile, search.profile());
    };
    try {
      while (!failed.load(std::memory_order_relaxed) && more()) {
        const auto i = source->next();
        if (!i) break;
        const SearchStats result = search_subtree(search, *i);
        source->searched(*i, result);
        taken += result;
      }
    } catch (...) {
      failed = true;
      keep();  // the subtrees finished before, as recorded
      throw;
    }
    keep();
  };
  const auto start = Clock::now();
  unsigned takers = takers_for(threads, pending.size());
  // Out of memory for a thread's search, or a thread the system would not start: what
  // the others finished is kept (and recorded), and the count ends as partial.
  try {
    // Threads cost to start (oneTBB's first start in a process took 0.5-0.9 ms here),
    // which subtrees that one thread finishes sooner do not repay: where the split guesses
    // them that small, this thread takes them alone, and the others start only if some are
    // left once it has spent that long (a guess may be wrong).
    if (takers > 1 && source == &all_here && split.left_seconds < detail::alone_seconds) {
      auto search = make_search(problem);
      take(search, [&] { return std::chrono::duration<double>(Clock::now() - start).count() < detail::alone_seconds; });
      takers = all_here.left() == 0 ? 0 : takers_for(threads, all_here.left());
    }
    if (takers > 0) {
      on_threads(
          problem, takers,
          [&](const P& own, unsigned) {
            auto search = make_search(own);
            take(search, [] { return true; });
          },
          &failed);
    }
  } catch (const std::bad_alloc&) {
    total.stop = StopReason::out_of_memory;
  } catch (const std::system_error& e) {
    if (e.code() != std::errc::resource_unavailable_try_again && e.code() != std::errc::not_enough_memory) throw;
    total.stop = StopReason::out_of_memory;
  }
  total += source->finish();
  if (checkpoint != nullptr) checkpoint->flush();
  total.seconds = split.above.seconds + std::chrono::duration<double>(Clock::now() - start).count();
  return total;
}

// The names of the counters of its own work that `problem` keeps (none without them).
template <Problem P>
std::vector<std::string> counter_names_of(const P& problem) {
  if constexpr (HasCounters<P>) {
    auto names = P::counter_names();
    if constexpr (requires { problem.counted(); }) names = names.first(std::min(problem.counted(), names.size()));
    return {names.begin(), names.end()};
  } else {
    return {};
  }
}

// Render is called as render(problem, path) -> Solution.
template <Problem P, class Render>
class ProblemSolver final : public Solver {
 public:
  ProblemSolver(P problem, Render render, Instance instance, bool reports_classes)
      : problem_(std::move(problem)),
        render_(std::move(render)),
        instance_(std::move(instance)),
        reports_classes_(reports_classes) {}

  const Instance& instance() const override { return instance_; }

  EstimateResult estimate(const EstimateRequest& request) const override {
    EstimateResult result;
    SearchLimits outside;
    outside.stop_requested = request.stop_requested;
    outside.deadline = request.deadline;
    result.tree =
        estimate_tree(problem_, request.samples, request.seed, outside, request.stop_when_small, request.probes_made);
    if (request.calibration_seconds > 0 && outside.outside_stop() == StopReason::none) {
      result.calibration = calibrate(problem_, request.calibration_seconds, SplitPlan{}, request.seed, outside);
      result.subtrees = result.calibration.split_subtrees;
    }
    return result;
  }

  bool optimises() const override { return backtrack::optimises(problem_); }

  RunResult run(const RunRequest& request, const SolutionSink& sink) const override {
    if constexpr (HasClauseLearning<P>) {
      if (problem_.learns_clauses()) return run_learning(request, sink);
    }
    if constexpr (HasObjective<P>) {
      if (problem_.optimises()) {
        Incumbent incumbent(problem_.minimises());  // this run's bound, none before it
        RunResult result = neighbourhoods()   ? run_neighbourhoods(request, sink, incumbent)
                           : restarts(request) ? run_restarts(request, sink, &incumbent)
                                               : run_search(request, sink, &incumbent);
        result.objective = ObjectiveResult{.minimise = incumbent.minimises(),
                                           .best = incumbent.best(),
                                           .proved = result.stats.complete()};
        return result;
      }
    }
    return restarts(request) ? run_restarts(request, sink, nullptr) : run_search(request, sink, nullptr);
  }

 private:
  using Move = typename P::Move;

  bool neighbourhoods() const {
    if constexpr (HasNeighbourhoods<P>) return problem_.relaxed_share() > 0;
    return false;
  }

  // Restarts within the run (restart_search.hpp), where the problem asks for them: for an
  // optimisation, a count or a listing of every solution. --first and --limit K of a
  // satisfaction restart a solver per run instead (restarts.hpp), which passes the
  // others through to here.
  bool restarts(const RunRequest& request) const {
    if constexpr (HasRestarts<P>) {
      return problem_.restart_schedule().has_value() &&
             (optimises() || (request.mode != SearchMode::first && request.mode != SearchMode::limit));
    }
    (void)request;
    return false;
  }

  // One search at a time, each solution (each improvement) handed on; an optimisation on
  // threads, a portfolio of such runs, each restarting in orders of its own.
  RunResult run_restarts(const RunRequest& request, const SolutionSink& sink, Incumbent* incumbent) const {
    if (request.watcher != nullptr || request.profile || request.checkpoint != nullptr || request.subtrees != nullptr) {
      throw UsageError("restarts run many searches one after the other: not with --trace, --tree, --profile, "
                       "--checkpoint or --mpi");
    }
    if constexpr (!HasNogoods<P>) {
      if (incumbent == nullptr) {
        throw UsageError("restarts of a count or of a listing would search again what a run before had found, on "
                         "this problem (it records no nogoods): use --restarts none");
      }
    }
    RunResult result;
    result.reports_classes = reports_classes_;
    result.counter_names = counter_names_of(problem_);
    SearchLimits limits = request.limits;
    limits.incumbent = incumbent;
    if (request.mode == SearchMode::first) limits.max_solutions = 1;
    const auto start = Clock::now();
    std::atomic<std::uint64_t> cutoffs{0};
    if constexpr (HasRestarts<P>) {
      if (request.mode == SearchMode::count) {
        RestartsMade<P> made;
        result.stats = search_with_restarts(problem_, limits, CountAlongPath{}, made);
        cutoffs = made.cutoffs;
      } else {
        // A solution's path leads to it in the problem of its own search (its nogoods).
        const auto restarting = [&](const P& problem, const SearchLimits& own, auto& tell) {
          RestartsMade<P> made;
          auto emit = [&](std::span<const Move> path, std::uint64_t, const FoundAt& at) {
            if (incumbent != nullptr) made.improved(path);
            return tell(found(path, at, start, made.nodes_before, made.problem));
          };
          const SearchStats stats = search_with_restarts(problem, own, path_sink<P>(emit), made);
          cutoffs += made.cutoffs;
          return stats;
        };
        auto hand = [&](Solution&& solution) { return sink(std::move(solution)); };
        bool on_threads = false;
        if constexpr (HasReordering<P>) {
          // A node or failure budget is the run's, which each thread would count on its own.
          on_threads = incumbent != nullptr && request.threads > 1 && limits.max_nodes == 0 && limits.max_failures == 0;
        }
        result.stats = on_threads ? portfolio(request.threads, limits, hand, restarting) : restarting(problem_, limits, hand);
      }
    }
    result.stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (result.counter_names.size() < max_work_counters) {
      result.stats.counters.value[result.counter_names.size()] = cutoffs;
      result.counter_names.emplace_back("cutoffs");
    }
    return result;
  }

  // Lazy clause generation (problem.hpp's HasClauseLearning): one search on this thread,
  // which learns nogoods from its failures and jumps back; it hands on the first
  // solution, or each improvement of an optimisation.
  RunResult run_learning(const RunRequest& request, const SolutionSink& sink) const {
    if (request.profile || request.checkpoint != nullptr || request.subtrees != nullptr) {
      throw UsageError("--learn lcg runs a search of its own, which jumps back over what it learns: not with "
                       "--profile, --checkpoint or --mpi");
    }
    const bool optimising = optimises();
    const bool one = request.mode == SearchMode::first ||
                     (request.mode == SearchMode::limit && request.limits.max_solutions == 1);
    if ((!optimising && !one) || request.mode == SearchMode::unique) {
      throw UsageError("--learn lcg finds a solution (--first) or an optimum; a count or a listing of every solution "
                       "needs a search that reaches each leaf once (use --learn none)");
    }
    RunResult result;
    if constexpr (HasClauseLearning<P>) {
      for (const std::string_view name : P::learning_counters()) result.counter_names.emplace_back(name);
      SearchLimits limits = request.limits;
      if (request.mode == SearchMode::first) limits.max_solutions = 1;
      std::optional<std::int64_t> best;
      const auto start = Clock::now();
      auto emit = [&](std::span<const Move> path, std::uint64_t, const FoundAt& at) {
        Solution solution = found(path, at, start);
        best = solution.objective;
        return sink(std::move(solution));
      };
      if (request.watcher != nullptr) {
        result.stats = problem_.search_learning(limits, emit, BoundWatchEvents<P, Render>(*request.watcher, render_, problem_));
      } else {
        result.stats = problem_.search_learning(limits, emit);
      }
      result.stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
      if (optimising) {
        result.objective = ObjectiveResult{.minimise = problem_.minimises(), .best = best, .proved = result.stats.complete()};
      }
    }
    return result;
  }

  // Large neighbourhood search (neighbourhoods.hpp), each improvement handed on; on
  // threads, a portfolio of them, each drawing its own neighbourhoods.
  RunResult run_neighbourhoods(const RunRequest& request, const SolutionSink& sink, Incumbent& incumbent) const {
    if (request.mode == SearchMode::first || request.mode == SearchMode::limit) {
      throw UsageError("large neighbourhood search lists every improvement until a limit stops it: not with --first "
                       "or --limit K");
    }
    if (request.watcher != nullptr || request.profile || request.checkpoint != nullptr || request.subtrees != nullptr) {
      throw UsageError("large neighbourhood search runs many small searches: not with --trace, --tree, --profile, "
                       "--checkpoint or --mpi");
    }
    RunResult result;
    result.reports_classes = reports_classes_;
    result.counter_names = counter_names_of(problem_);
    SearchLimits limits = request.limits;
    limits.incumbent = &incumbent;
    const auto start = Clock::now();
    auto emit = [&](std::span<const Move> path, std::uint64_t, const FoundAt& at) {
      return sink(found(path, at, start));
    };
    if constexpr (HasNeighbourhoods<P>) {
      const auto neighbourhoods = [](const P& problem, const SearchLimits& own, auto& hand) {
        return search_neighbourhoods(problem, own, hand);
      };
      if constexpr (HasReordering<P>) {
        // A node or failure budget is the run's, which each thread's search would count
        // on its own: one thread then.
        if (request.threads > 1 && limits.max_nodes == 0 && limits.max_failures == 0) {
          result.stats = portfolio(request.threads, limits, emit, neighbourhoods);
          result.stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
          return result;
        }
      }
      result.stats = neighbourhoods(problem_, limits, emit);
    }
    result.stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return result;
  }

  // Threads on an optimisation whose order learns from failures: a portfolio. Each
  // thread runs search(problem, limits, hand) over the whole tree in an order of its own
  // (the first as asked, thread t as reorder(t) makes it), and all share the incumbent,
  // so that what one finds bounds the others; the first to finish its tree has proved
  // the optimum and stops the rest. A split would start each subtree with the failures'
  // weights forgotten. An order that learns nothing is split as a count is.
  template <class Hand, class Search>
  SearchStats portfolio(unsigned threads, const SearchLimits& limits, Hand& hand, Search search) const {
    const auto start = Clock::now();
    std::atomic<bool> over{false};
    auto tell = [&](auto&&... found) {
      if (hand(std::forward<decltype(found)>(found)...)) return true;
      over = true;
      return false;
    };
    std::vector<SearchStats> stats(threads);
    on_threads(problem_, threads, [&](const P& own, unsigned t) {
      P mine = own;
      if (t > 0) mine.reorder(t);
      SearchLimits mine_limits = limits;
      mine_limits.abandoned = &over;
      stats[t] = search(mine, mine_limits, tell);
      if (stats[t].complete()) over = true;
    });
    SearchStats total;
    bool proved = false;
    for (const SearchStats& s : stats) {
      proved = proved || s.complete();
      total += s;
    }
    if (proved) total.stop = StopReason::none;
    total.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return total;
  }

  // On one thread an optimisation is one search: a split's subtrees are listed before
  // any solution bounds them, and where the order learns from failures (afc-size, the
  // FlatZinc default) each subtree starts with the weights forgotten (a 3x3 job shop:
  // 8,191 nodes in 4,096 subtrees, 15 in one). The split stays for a checkpoint and
  // processes, which need subtrees to share, and for threads (or a portfolio, below).
  SplitPlan plan_for(const RunRequest& request) const {
    const bool alone = request.threads <= 1 && request.checkpoint == nullptr && request.subtrees == nullptr;
    if (alone && backtrack::optimises(problem_)) return {.subtrees = 1, .probe_nodes = 0};
    return {};
  }

  RunResult run_search(const RunRequest& request, const SolutionSink& sink, Incumbent* incumbent) const {
    RunResult result;
    result.reports_classes = reports_classes_;
    result.counter_names = counter_names_of(problem_);
    SearchLimits limits = request.limits;
    limits.incumbent = incumbent;
    if (request.mode == SearchMode::first) limits.max_solutions = 1;
    const auto start = Clock::now();  // of the solutions' seconds
    // Every listing below runs DepthFirstSearch<P, PathSink<P>>: one engine for them all.
    auto emit = [&](std::span<const Move> path, std::uint64_t, const FoundAt& at) {
      return sink(found(path, at, start));
    };
    // Stopping after K solutions, N nodes or N failures must see one search in order,
    // not many.
    const bool ordered = request.mode == SearchMode::first || request.mode == SearchMode::limit ||
                         limits.max_solutions != 0 || limits.max_nodes != 0 || limits.max_failures != 0;
    if (request.checkpoint != nullptr && (ordered || request.mode != SearchMode::count)) {
      throw UsageError("a checkpoint keeps counts only, without --max-nodes or --max-failures");
    }
    if (request.subtrees != nullptr && (ordered || request.mode != SearchMode::count)) {
      throw UsageError("subtrees are shared between processes for counts only, without --max-nodes or --max-failures");
    }
    if (request.watcher != nullptr) {
      if (request.profile) throw UsageError("a watched search (--trace, --tree) keeps no profile");
      return run_watched(*request.watcher, request.mode, limits, sink, std::move(result), start);
    }
    if (request.profile) return run_profiled(request, limits, ordered, sink, std::move(result), start);
    // The first K solutions in depth-first order: with threads, subtrees in order. The
    // threads keep the solutions of later subtrees until the earlier ones are done (up to
    // K each): for a large K, one search that prints as it goes.
    if (ordered && request.threads > 1 && limits.max_nodes == 0 && limits.max_failures == 0 &&
        limits.max_solutions != 0 && limits.max_solutions <= max_solutions_kept_in_order &&
        request.mode != SearchMode::count) {
      result.stats = first_solutions(problem_, limits.max_solutions, request.threads, limits, emit);
      return result;
    }
    if (ordered) {
      if (request.mode == SearchMode::count) {
        result.stats = DepthFirstSearch<P>(problem_, limits).run();
      } else {
        result.stats = DepthFirstSearch<P, PathSink<P>>(problem_, limits, path_sink<P>(emit)).run();
      }
      result.stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
      return result;
    }
    if (request.mode == SearchMode::count) {
      const auto split = split_tree(problem_, plan_for(request), limits);
      result.subtrees = split.subtrees.size();
      result.stats = run_subtrees(
          problem_, split, request.threads, limits, request.progress,
          [&](const P& problem) { return DepthFirstSearch<P>(problem, limits); }, request.checkpoint,
          &result.resumed, request.subtrees);
      return result;
    }
    Delivered delivered;
    SearchLimits listing = limits;
    listing.abandoned = &delivered.refused;
    std::uint64_t split_nodes = 0;  // before a subtree's search: the split's (found())
    auto hand = [&](std::span<const Move> path, std::uint64_t weight, const FoundAt& at) {
      return delivered.hand(sink, found(path, at, start, split_nodes), weight);
    };
    if constexpr (HasReordering<P>) {
      if (incumbent != nullptr && learns(problem_) && request.threads > 1 && request.checkpoint == nullptr &&
          request.subtrees == nullptr) {
        result.stats = portfolio(request.threads, listing, hand, [](const P& problem, const SearchLimits& own, auto& tell) {
          return DepthFirstSearch<P, PathSink<P>>(problem, own, path_sink<P>(tell)).run();
        });
        delivered.settle(result.stats);
        return result;
      }
    }
    const auto locked_emit = path_sink<P>(hand);
    const auto split = split_tree(problem_, plan_for(request), listing, locked_emit);
    split_nodes = split.above.nodes;
    result.subtrees = split.subtrees.size();
    result.stats = run_subtrees(problem_, split, request.threads, listing, request.progress, [&](const P& problem) {
      return DepthFirstSearch<P, PathSink<P>>(problem, listing, locked_emit);
    });
    delivered.settle(result.stats);
    return result;
  }

  // The solution at `path`, found where `at` says, in a run that began at `start`, by a
  // search that began after `earlier` nodes were searched (a split's, before the subtrees).
  // With threads, the other threads' nodes are not in it: counting them would mean
  // sharing a counter between threads at every node. A path of a restarted search leads
  // to its solution in that search's problem, `by` (restart_search.hpp).
  Solution found(std::span<const Move> path, const FoundAt& at, Clock::time_point start, std::uint64_t earlier = 0,
                 const P* by = nullptr) const {
    const P& problem = by != nullptr ? *by : problem_;
    Solution solution = render_(problem, path);
    solution.seconds = std::chrono::duration<double>(at.time - start).count();
    solution.nodes = earlier + at.nodes;
    if constexpr (HasObjective<P>) {
      if (problem.optimises()) solution.objective = problem.objective_value(path);
    }
    return solution;
  }

  // run() told step by step to `watcher`: one search, in depth-first order, on this
  // thread; a count hands no solution to the sink.
  RunResult run_watched(SearchWatcher& watcher, SearchMode mode, const SearchLimits& limits, const SolutionSink& sink,
                        RunResult result, Clock::time_point start) const {
    auto hand = [&](std::span<const Move> path, std::uint64_t, const FoundAt& at) {
      return mode == SearchMode::count || sink(found(path, at, start));
    };
    using Watch = WatchEvents<P, Render>;
    result.stats =
        DepthFirstSearch<P, PathSink<P>, false, Watch>(problem_, limits, path_sink<P>(hand), Watch(watcher, render_))
            .run();
    result.stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return result;
  }

  // run() with nodes and failures per depth: the same split and subtrees, through one
  // profiled engine with a sink that renders (or, for a count, ignores) each solution.
  RunResult run_profiled(const RunRequest& request, const SearchLimits& limits, bool ordered,
                         const SolutionSink& sink, RunResult result, Clock::time_point start) const {
    const bool count = request.mode == SearchMode::count;
    Delivered delivered;
    std::uint64_t split_nodes = 0;  // as in run()
    auto hand = [&](std::span<const Move> path, std::uint64_t weight, const FoundAt& at) {
      if (count) return true;
      return delivered.hand(sink, found(path, at, start, split_nodes), weight);
    };
    const auto emit = path_sink<P>(hand);
    using Search = DepthFirstSearch<P, PathSink<P>, true>;
    result.profiled = true;
    if (ordered) {
      Search search(problem_, limits, emit);
      result.stats = search.run();
      result.profile = search.profile();
      return result;
    }
    SearchLimits searched = limits;
    if (!count) searched.abandoned = &delivered.refused;
    const auto split = split_tree(problem_, SplitPlan{}, searched, emit, std::true_type{});
    split_nodes = split.above.nodes;
    result.subtrees = split.subtrees.size();
    result.stats = run_subtrees(
        problem_, split, request.threads, searched, request.progress,
        [&](const P& problem) { return Search(problem, searched, emit); },
        count ? request.checkpoint : nullptr, &result.resumed, count ? request.subtrees : nullptr, &result.profile);
    if (!count) delivered.settle(result.stats);
    return result;
  }

  // The solutions of a listing on several subtrees (and threads) as the sink received
  // them. Once it refuses one, no subtree may hand it another, and every search gives
  // up (SearchLimits::abandoned); each search counts the solution it found and was
  // refused, though, so the run's count is the one kept here: that of the solutions
  // the sink took.
  struct Delivered {
    std::mutex output;
    std::atomic<bool> refused{false};
    std::uint64_t solutions = 0;
    uint128 weight = 0;

    bool hand(const SolutionSink& sink, Solution&& solution, std::uint64_t solution_weight) {
      std::lock_guard lock(output);
      if (refused.load(std::memory_order_relaxed)) return false;
      ++solutions;
      weight += solution_weight;
      if (!sink(std::move(solution))) refused = true;
      return !refused.load(std::memory_order_relaxed);
    }
    void settle(SearchStats& stats) const {
      stats.representatives = solutions;
      stats.solutions = weight;
    }
  };

  P problem_;
  Render render_;
  Instance instance_;
  bool reports_classes_;
};

// `instance` names the count: its description and its input data (see Instance).
template <Problem P, class Render>
std::unique_ptr<Solver> make_solver(P problem, Render render, Instance instance, bool reports_classes = false) {
  return std::make_unique<ProblemSolver<P, Render>>(std::move(problem), std::move(render), std::move(instance),
                                                    reports_classes);
}

// The first plugin interface's form, kept so that those plugins still compile. It names
// the count by its description alone, as Instance{description, ""}: a checkpoint journal
// then tells counts apart by the description and the options, never by the data of a
// file the plugin reads, which must go into Instance::input instead.
template <Problem P, class Render>
[[deprecated(
    "make_solver(problem, render, description, classes) names the count by the description and the options "
    "alone, not by any data file the plugin reads: write make_solver(problem, render, "
    "backtrack::Instance{description, input}, classes), with the input data as canonical text in input "
    "(\"\" when the options say it all)")]]
std::unique_ptr<Solver> make_solver(P problem, Render render, std::string description, bool reports_classes = false) {
  return make_solver(std::move(problem), std::move(render), Instance{std::move(description), ""}, reports_classes);
}

}  // namespace backtrack
