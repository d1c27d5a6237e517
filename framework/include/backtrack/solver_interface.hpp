#pragma once
// The boundary between the generic driver and the templated engine: what the driver
// knows of a search. A Solver is one problem instance with one strategy, chosen at run
// time; it is the only virtual interface, called once per run and once per solution
// printed, never per node. make_solver() (solver.hpp) wraps any Problem into one.
//
// Value types and the standard library only: the driver includes this, never the
// engine, its threads or JSON (tests/firewall checks it).
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "backtrack/checkpoint.hpp"
#include "backtrack/depth_profile.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/search_limits.hpp"
#include "backtrack/search_stats.hpp"
#include "backtrack/tree_estimate.hpp"

namespace backtrack {

// A solution as the driver prints it (solution.hpp): compiled only where solutions are
// made or printed, for it holds JSON.
struct Solution;
class SubtreeSource;  // subtree_source.hpp
class SearchWatcher;  // search_watcher.hpp

// Which count a Solver runs, as far as a journal needs to know it: two solvers with the
// same problem name and an equal Instance search the same tree. A journal written by one
// is resumed only by the other (journal.hpp), so everything that shapes the tree must be
// here: the parameters in `description`, the input data in `input`.
struct Instance {
  // Both are required: a plugin states its input data even when it has none.
  Instance(std::string description_text, std::string input_text)
      : description(std::move(description_text)), input(std::move(input_text)) {}

  // key=value pairs naming the instance for people, e.g. "n=8 strategy=word symmetry=none".
  std::string description;
  // The input data in one canonical text, e.g. the placed queens sorted "1:0,5:3", a
  // Sudoku's cells on one line; the same data given another way (another file name,
  // another order) gives the same text. Empty when the description says it all.
  std::string input;
};

enum class SearchMode {
  count,   // count all solutions (the default)
  all,     // list every solution
  unique,  // list one solution per symmetry class
  first,   // the first solution only
  limit,   // at most K solutions
};

// The mode's name, as its command-line flag spells it without "--".
constexpr const char* to_string(SearchMode mode) {
  switch (mode) {
    case SearchMode::count: return "count";
    case SearchMode::all: return "all";
    case SearchMode::unique: return "unique";
    case SearchMode::first: return "first";
    case SearchMode::limit: return "limit";
  }
  return "?";
}

// Subtrees finished so far, for a progress line drawn by another thread.
struct Progress {
  std::atomic<std::uint64_t> done{0};   // subtrees finished, resumed ones included
  std::atomic<std::uint64_t> total{0};  // subtrees
  std::atomic<std::uint64_t> nodes{0};  // of the subtrees finished
  std::atomic<std::uint64_t> resumed_nodes{0};  // of those a checkpoint had finished
  // The whole tree's nodes as Knuth's estimator predicts them (0: unknown), for a time
  // left that follows the work rather than the subtrees, which differ a thousandfold.
  std::atomic<double> expected_nodes{0};
  // Every node searched so far, in finished subtrees or not (SearchLimits::nodes_seen).
  std::atomic<std::uint64_t> nodes_seen{0};
};

struct RunRequest {
  SearchMode mode = SearchMode::count;
  SearchLimits limits;
  unsigned threads = 1;
  Progress* progress = nullptr;
  // Counts only: skip the subtrees an earlier run finished, record each new one.
  Checkpoint* checkpoint = nullptr;
  // Counts only: where the threads take their subtrees from; none: every pending one.
  // A source that shares them with other processes spreads one count over machines.
  SubtreeSource* subtrees = nullptr;
  // Count nodes and failures per depth (RunResult::profile). --first and --limit K then
  // search on one thread: their profile is that of the one search in depth-first order.
  bool profile = false;
  // Told of every step of one search in depth-first order, on one thread (--trace,
  // --tree): no split, no checkpoint, no profile.
  SearchWatcher* watcher = nullptr;
};

// The outcome of an optimisation (a problem that minimises or maximises an objective):
// the best value the run found, and whether the search proved it optimal.
struct ObjectiveResult {
  bool minimise = true;               // else maximise
  std::optional<std::int64_t> best;   // none: the run found no solution
  // The search was complete: no better solution exists (with `best` none: no solution).
  bool proved = false;
  bool optimal() const { return proved && best.has_value(); }
};

struct RunResult {
  SearchStats stats;
  // For a problem with an objective (Solver::optimises()); none for any other.
  std::optional<ObjectiveResult> objective;
  // The names of stats.counters, in order: the problem's own counters of its work
  // (work_counters.hpp); empty for a problem without them. They count this run's
  // searching: not the subtrees a checkpoint had finished (resumed).
  std::vector<std::string> counter_names;
  bool reports_classes = false;  // stats.representatives counts symmetry classes
  std::size_t subtrees = 0;      // independent pieces the work was split into (0: searched as one)
  Resumed resumed;               // of them, finished by earlier runs (from the checkpoint)
  // With RunRequest::profile: nodes and failures per depth of this run's searching (not
  // the resumed subtrees'); they add up to stats.nodes and stats.failures.
  DepthProfile profile;
  bool profiled = false;  // the run was asked for a profile
};

// What `backtrack estimate` asks for: Knuth's estimator, then a timed calibration.
struct EstimateRequest {
  std::uint64_t samples = 100000;      // random probes
  std::uint64_t seed = 1;
  double calibration_seconds = 0.2;   // 0: no calibration, no time prediction
  // The probes and the calibration stop here, with what they have.
  const std::atomic<bool>* stop_requested = nullptr;
  Clock::time_point deadline = Clock::time_point::max();
  bool stop_when_small = false;  // fewer probes for a small tree (estimate_tree())
  std::atomic<std::uint64_t>* probes_made = nullptr;  // counts the probes as they end, for a progress line
};

struct EstimateResult {
  TreeEstimate tree;          // nodes and solutions of a full count (mode count, same strategy)
  Calibration calibration;    // one thread's speed on random subtrees of the count's split
  std::size_t subtrees = 0;   // in that split
};

// Called once per solution found, possibly from several threads but never at once.
// Returning false stops the search. The solution is the sink's to keep or change (a
// driver adds its own fields to the JSON without copying it); a sink that only reads
// it may take it as `const Solution&`.
using SolutionSink = std::function<bool(Solution&&)>;

class Solver {
 public:
  virtual ~Solver() = default;
  virtual RunResult run(const RunRequest& request, const SolutionSink& sink) const = 0;
  // Which count this is (pure: every Solver must say, or a journal could be resumed by
  // another count).
  virtual const Instance& instance() const = 0;
  // key=value pairs naming the instance, e.g. "n=8 strategy=word symmetry=none".
  std::string description() const { return instance().description; }
  // The problem minimises or maximises an objective: each solution run() passes on is
  // better than the one before (a listing lists the improvements), a count counts the
  // improvements, and RunResult::objective says where the run ended.
  virtual bool optimises() const { return false; }
  // The size of a full count and how long it would take, before running it.
  virtual EstimateResult estimate(const EstimateRequest& request) const {
    (void)request;
    throw UsageError("this solver cannot estimate its search");
  }
};

}  // namespace backtrack
