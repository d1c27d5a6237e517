#pragma once
// Running a first-solution search the way very large instances need it.
//
// Restarts: a dynamic-ordering search is fast on almost every instance and very slow on
// a few (a heavy tail: one early mistake that the heuristic cannot see). For --first,
// RestartingSolver therefore runs the search with a node budget, the nodes of a path to
// a leaf plus a margin for backtracking; when the budget runs out it starts again with
// another seed (another tie-breaking order) and twice the margin. The doubling keeps
// the whole complete: a run that exhausts its tree without a solution proves there is
// none. Every other mode is one ordinary run with seed 0.
//
// A deep stack: the engine recurses once per level, so a tree 100,000 levels deep (as
// many queens) needs a stack of tens of MiB, more than a thread gets by default; the run
// goes to a thread of its own with a stack sized for the depth (reserved address space,
// touched only as used).
#include <pthread.h>

#include <chrono>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>

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
  // make(seed) builds the solver of one attempt; seed 0 is the plain heuristic.
  using Factory = std::function<std::unique_ptr<Solver>(std::uint64_t seed)>;

  // Attempt k may visit depth + margin * 2^k nodes.
  RestartingSolver(Factory make, Instance instance, std::uint64_t depth, std::uint64_t margin,
                   std::size_t stack_bytes)
      : make_(std::move(make)),
        instance_(std::move(instance)),
        depth_(depth),
        margin_(margin),
        stack_bytes_(stack_bytes) {}

  const Instance& instance() const override { return instance_; }

  RunResult run(const RunRequest& request, const SolutionSink& sink) const override {
    return on_deep_stack(stack_bytes_, [&] { return run_here(request, sink); });
  }

 private:
  RunResult run_here(const RunRequest& request, const SolutionSink& sink) const {
    // A node or failure limit of the user's own is kept exactly: one run, no restarts.
    if (request.mode != SearchMode::first || request.limits.max_nodes != 0 || request.limits.max_failures != 0) {
      return make_(0)->run(request, sink);
    }
    RunResult total;
    std::uint64_t margin = margin_;
    const auto start = Clock::now();
    for (std::uint64_t seed = 0;; ++seed) {
      RunRequest attempt = request;
      attempt.limits.max_nodes = depth_ + margin;
      // A solution's time and nodes count from the first attempt, not from its own.
      const double earlier_seconds = std::chrono::duration<double>(Clock::now() - start).count();
      const SolutionSink found = [&](Solution&& solution) {
        solution.seconds += earlier_seconds;
        solution.nodes += total.stats.nodes;
        return sink(std::move(solution));
      };
      const RunResult result = make_(seed)->run(attempt, found);
      const double seconds = total.stats.seconds + result.stats.seconds;
      total.stats += result.stats;
      total.stats.seconds = seconds;
      total.stats.stop = result.stats.stop;
      total.counter_names = result.counter_names;
      add_profile(total.profile, result.profile);
      total.profiled = result.profiled;
      if (result.stats.stop != StopReason::node_limit) return total;
      margin *= 2;
    }
  }

  Factory make_;
  Instance instance_;
  std::uint64_t depth_;
  std::uint64_t margin_;
  std::size_t stack_bytes_;
};

}  // namespace backtrack
