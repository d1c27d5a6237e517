#pragma once
// Running a first-solution search the way hard instances need it.
//
// Restarts: a dynamic-ordering search is fast on almost every instance and very slow on
// a few (a heavy tail: one early mistake that the heuristic cannot see). For --first and
// --limit K, RestartingSolver therefore runs the search with a node budget; when the
// budget runs out it starts again with another seed (another tie-breaking order) and
// the next budget of its RestartSchedule:
//   doubling   the nodes of a path to a leaf plus a margin, the margin doubling each time
//              (nqueens mrv)
//   luby       a unit times Luby's sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ... (Luby,
//              Sinclair and Zuckerman: within a log factor of the best fixed budget)
//   geometric  a first budget times a factor per run
// Every schedule grows without bound, which keeps the whole complete: a run that
// exhausts its tree without enough solutions proves there are no more. A run's
// solutions are passed on once each: a later run that finds them again (--limit K)
// does not repeat them, and counts only the new ones. A node limit of the user's own
// is shared by all the runs. Every other mode is one ordinary run with seed 0.
//
// A deep stack: the engine recurses once per level, so a tree 100,000 levels deep (as
// many queens) needs a stack of tens of MiB, more than a thread gets by default; the run
// goes to a thread of its own with a stack sized for the depth (reserved address space,
// touched only as used).
#include <pthread.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <exception>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <utility>

#include "backtrack/restart_schedule.hpp"
#include "backtrack/solution.hpp"
#include "backtrack/solver.hpp"

namespace backtrack {

// Calls f() on a thread with a stack of `bytes`, and returns what it returns (or
// rethrows what it throws). Falls back to the calling thread if no thread can be made.
template <class F>
auto on_deep_stack(std::size_t bytes, F f) -> decltype(f()) {
  using Result = decltype(f());
  struct Call {
    F* f;
    std::optional<Result> result;
    std::exception_ptr error;
  } call{&f, std::nullopt, nullptr};
  pthread_attr_t attributes;
  if (pthread_attr_init(&attributes) != 0) return f();
  pthread_attr_setstacksize(&attributes, bytes);
  void* (*body)(void*) = [](void* p) -> void* {
    auto* c = static_cast<Call*>(p);
    try {
      c->result.emplace((*c->f)());
    } catch (...) {
      c->error = std::current_exception();
    }
    return nullptr;
  };
  pthread_t thread;
  const int created = pthread_create(&thread, &attributes, body, &call);
  pthread_attr_destroy(&attributes);
  if (created != 0) return f();
  pthread_join(thread, nullptr);
  if (call.error) std::rethrow_exception(call.error);
  return std::move(*call.result);
}

class RestartingSolver final : public Solver {
 public:
  // make(seed) builds the solver of one run; seed 0 is the plain heuristic.
  using Factory = std::function<std::unique_ptr<Solver>(std::uint64_t seed)>;

  // stack_bytes 0: the runs search on the calling thread.
  RestartingSolver(Factory make, Instance instance, RestartSchedule schedule, std::size_t stack_bytes)
      : make_(std::move(make)),
        first_(make_(0)),
        instance_(std::move(instance)),
        schedule_(schedule),
        stack_bytes_(stack_bytes) {}

  const Instance& instance() const override { return instance_; }
  // The runs' problem's: an optimisation lists its improvements, and restarts within
  // the run (solver.hpp).
  bool optimises() const override { return first_->optimises(); }
  EstimateResult estimate(const EstimateRequest& request) const override {
    if (!schedule_.reported) return Solver::estimate(request);  // not the user's --restarts
    throw UsageError("--restarts: estimate measures the tree of one search, which restarts would cut and search "
                     "again in other orders (use --restarts none)");
  }

  RunResult run(const RunRequest& request, const SolutionSink& sink) const override {
    if (stack_bytes_ == 0) return run_here(request, sink);
    return on_deep_stack(stack_bytes_, [&] { return run_here(request, sink); });
  }

 private:
  RunResult run_here(const RunRequest& request, const SolutionSink& sink) const {
    // A failure limit of the user's own is kept exactly: one run, no restarts. An
    // optimisation, a count or a listing restarts within the run, if at all (solver.hpp).
    if ((request.mode != SearchMode::first && request.mode != SearchMode::limit) || request.limits.max_failures != 0 ||
        first_->optimises()) {
      return first_->run(request, sink);
    }
    const std::uint64_t wanted = request.limits.max_solutions;  // 0: no limit
    const std::uint64_t node_limit = request.limits.max_nodes;  // the user's, 0: none
    RunResult total;
    const auto start = Clock::now();
    double earlier_seconds = 0;  // of the runs before this one
    // Each solution once, however many runs find it (by its text and JSON, before the
    // driver adds its own fields); its time and nodes count from the first run.
    std::unordered_set<std::string> seen;
    const SolutionSink once = [&](Solution&& solution) {
      if (!seen.insert(solution.text + '\n' + solution.json.dump()).second) return true;
      solution.seconds += earlier_seconds;
      solution.nodes += total.stats.nodes;
      return sink(std::move(solution)) && (wanted == 0 || seen.size() < wanted);
    };
    std::uint64_t cutoffs = 0;  // runs stopped at their budget
    for (std::uint64_t seed = 0;; ++seed) {
      earlier_seconds = std::chrono::duration<double>(Clock::now() - start).count();
      RunRequest attempt = request;
      attempt.limits.max_solutions = 0;  // `once` stops at the new solutions wanted
      attempt.limits.max_nodes = schedule_.budget(seed);
      const std::uint64_t left = node_limit > total.stats.nodes ? node_limit - total.stats.nodes : 1;
      const bool users_limit = node_limit != 0 && left <= attempt.limits.max_nodes;
      if (users_limit) attempt.limits.max_nodes = left;
      const RunResult result = seed == 0 ? first_->run(attempt, once) : make_(seed)->run(attempt, once);
      const double seconds = total.stats.seconds + result.stats.seconds;
      total.stats += result.stats;
      total.stats.seconds = seconds;
      total.stats.stop = result.stats.stop;
      total.counter_names = result.counter_names;
      add_profile(total.profile, result.profile);
      total.profiled = result.profiled;
      if (result.stats.stop != StopReason::node_limit || users_limit) break;
      ++cutoffs;
    }
    total.stats.solutions = seen.size();
    total.stats.representatives = seen.size();
    if (schedule_.reported && total.counter_names.size() < max_work_counters) {
      total.stats.counters.value[total.counter_names.size()] = cutoffs;
      total.counter_names.emplace_back("cutoffs");
    }
    return total;
  }

  Factory make_;
  std::unique_ptr<Solver> first_;  // built with the problem: its time is the setup's
  Instance instance_;
  RestartSchedule schedule_;
  std::size_t stack_bytes_;
};

}  // namespace backtrack
