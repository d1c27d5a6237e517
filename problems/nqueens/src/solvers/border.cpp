#include <memory>
#include <utility>

#include "backtrack/nqueens/border_count.hpp"
#include "backtrack/nqueens/constellations.hpp"
#include "solver_for.hpp"

namespace backtrack::nqueens {

namespace {

// A count searches each subtree of the engine's split with BorderCount (the lanes of the
// kernel chosen when the solver is made: chosen_kernel()) through the engine's
// run_subtrees(): threads, checkpoints, progress, the stop flag and the deadline work as
// for any count. Everything else (listings,
// --max-nodes, --max-failures, --profile, --trace, --tree, estimate) is the generic
// engine's.
class BorderSolver final : public Solver {
 public:
  BorderSolver(ConstellationQueens problem, std::unique_ptr<Solver> generic, LaneKernel kernel)
      : problem_(std::move(problem)), generic_(std::move(generic)), kernel_(kernel) {}

  const Instance& instance() const override { return generic_->instance(); }
  EstimateResult estimate(const EstimateRequest& request) const override { return generic_->estimate(request); }

  RunResult run(const RunRequest& request, const SolutionSink& sink) const override {
    const SearchLimits& limits = request.limits;
    if (request.mode != SearchMode::count || request.profile || request.watcher != nullptr ||
        limits.max_solutions != 0 || limits.max_nodes != 0 || limits.max_failures != 0) {
      return generic_->run(request, sink);
    }
    RunResult result;
    const auto split = split_tree(problem_, SplitPlan{}, limits);
    result.subtrees = split.subtrees.size();
    result.stats = run_subtrees(
        problem_, split, request.threads, limits, request.progress,
        [&](const ConstellationQueens& problem) { return BorderCount(problem, limits, kernel_); }, request.checkpoint,
        &result.resumed, request.subtrees);
    return result;
  }

 private:
  ConstellationQueens problem_;
  std::unique_ptr<Solver> generic_;
  LaneKernel kernel_;
};

}  // namespace

// Its symmetry counts constellations, not classes of solutions: totals only.
std::unique_ptr<Solver> border_solver(int n, Symmetry symmetry) {
  ConstellationQueens problem(n, symmetry);
  return std::make_unique<BorderSolver>(problem, solver_for(problem, n, "border", symmetry), chosen_kernel());
}

}  // namespace backtrack::nqueens
