#include "search.hpp"

#include <pybind11/pybind11.h>

#include <boost/program_options.hpp>
#include <chrono>
#include <nlohmann/json.hpp>

#include "backtrack/errors.hpp"
#include "backtrack/solution.hpp"
#include "commands/commands.hpp"
#include "options/search_options.hpp"
#include "output/report.hpp"

namespace backtrack::python {

namespace po = boost::program_options;
namespace py = pybind11;

namespace {

// How long the waiting thread sleeps between two looks at Python's signals: Ctrl-C is
// answered within this, and a wake-up costs nothing measurable beside a search.
constexpr std::chrono::milliseconds signal_slice{50};

void refuse_help(const po::options_description&, const ProblemInfo*) {
  throw UsageError("help is not an option here: backtrack.problems() describes each problem and its options");
}

// Options of `backtrack solve` that belong to a program's output or to machines, not to a
// search Python runs: refused, rather than ignored.
void refuse_program_options(const po::variables_map& vm, SearchMode mode) {
  for (const char* name : {"count", "all", "unique", "first", "force", "checkpoint", "mpi", "trace", "tree", "format",
                           "print"}) {
    if (vm.count(name) != 0 && !vm[name].defaulted()) {
      throw UsageError(std::string("--") + name + " is the command line's: from Python, choose what to run by the "
                       "function (count, solve, solutions, run with a mode; tree draws a search)");
    }
  }
  if (vm.count("limit") != 0 && mode != SearchMode::limit) {
    throw UsageError("limit=K lists the first K solutions: with solutions() or run(..., mode='limit')");
  }
}

SearchMode read_mode(const std::string& mode) {
  for (SearchMode m : {SearchMode::count, SearchMode::all, SearchMode::first, SearchMode::limit, SearchMode::unique}) {
    if (mode == to_string(m)) return m;
  }
  if (mode == "best") return SearchMode::first;
  throw UsageError("mode must be count, all, first, limit, unique or best, got '" + mode + "'");
}

}  // namespace

Search::Search(const std::vector<std::string>& args, const std::string& mode, bool hand_over) : hand_over_(hand_over) {
  const ProblemCommand command =
      parse_problem_command(args, Registry::global(), solve_options(), refuse_help, "a problem name comes first");
  const ProblemInfo& problem = *command.problem;
  const po::variables_map& vm = command.vm;
  problem_ = problem.name;

  SolveIntent intent;
  intent.mode = read_mode(mode);
  refuse_program_options(vm, intent.mode);
  intent.strategy = vm.count("strategy") != 0 ? vm["strategy"].as<std::string>() : "";
  intent.force = true;  // Python keeps what it asked for; no cap on a listing
  intent.threads = read_threads(vm);
  request_.mode = intent.mode;
  request_.threads = intent.threads;
  request_.limits = read_limits(vm);
  request_.limits.stop_requested = &stop_;  // this search's own, not the process's
  request_.profile = vm.count("profile") != 0;
  if (intent.mode == SearchMode::limit) {
    if (vm.count("limit") == 0) throw UsageError("mode limit needs a limit");
    const long long k = vm["limit"].as<long long>();
    if (k < 1) throw UsageError("--limit must be at least 1, got " + std::to_string(k));
    request_.limits.max_solutions = static_cast<std::uint64_t>(k);
  }
  if (problem.instances) {
    if (const auto set = problem.instances(vm); set.size() > 1) {
      throw UsageError("one instance a search; the input holds " + std::to_string(set.size()) +
                       " (give them one at a time)");
    }
  }
  solver_ = problem.build(vm, intent);
  optimises_ = solver_->optimises();
  if (optimises_ && intent.mode == SearchMode::count) {
    throw UsageError(problem.name + " minimises or maximises an objective: a count would count the improvements "
                     "the search found on its way; solve() finds the best solution");
  }
  if (optimises_ && mode == "best") request_.mode = SearchMode::all;
}

Search::~Search() {
  stop_.store(true);
  changed_.notify_all();
  join();
}

void Search::start() {
  thread_ = std::thread([this] { search(); });
}

void Search::search() {
  SolutionSink sink = [this](Solution&& solution) {
    solution.json.emplace("seconds", solution.seconds);
    solution.json.emplace("nodes", solution.nodes);
    if (solution.objective) solution.json.emplace("objective", *solution.objective);
    FoundSolution found{json_line(solution.json), std::move(solution.text)};
    std::unique_lock lock(mutex_);
    if (hand_over_) changed_.wait(lock, [this] { return found_.empty() || stop_.load(); });
    if (stop_.load()) return false;
    found_.push_back(std::move(found));
    changed_.notify_all();
    return true;
  };
  std::exception_ptr error;
  try {
    result_ = clock_.time_search([&] { return solver_->run(request_, sink); });
  } catch (...) {
    error = std::current_exception();
  }
  times_ = clock_.stop();
  std::lock_guard lock(mutex_);
  error_ = error;
  finished_ = true;
  changed_.notify_all();
}

std::optional<FoundSolution> Search::next() {
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      if (!found_.empty()) {
        FoundSolution found = std::move(found_.front());
        found_.pop_front();
        changed_.notify_all();
        return found;
      }
      if (finished_) {
        if (error_) std::rethrow_exception(error_);
        return std::nullopt;
      }
    }
    {
      py::gil_scoped_release release;
      std::unique_lock lock(mutex_);
      changed_.wait_for(lock, signal_slice, [this] { return !found_.empty() || finished_; });
    }
    if (PyErr_CheckSignals() != 0) {
      stop();
      throw py::error_already_set();
    }
  }
}

void Search::wait() {
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      if (finished_) break;
    }
    {
      py::gil_scoped_release release;
      std::unique_lock lock(mutex_);
      changed_.wait_for(lock, signal_slice, [this] { return finished_; });
    }
    if (PyErr_CheckSignals() != 0) {
      stop();
      throw py::error_already_set();
    }
  }
  join();
  std::lock_guard lock(mutex_);
  if (error_) std::rethrow_exception(error_);
}

void Search::stop() {
  stop_.store(true);
  changed_.notify_all();
  join();
}

void Search::join() {
  if (!thread_.joinable()) return;
  if (PyGILState_Check() != 0) {
    py::gil_scoped_release release;
    thread_.join();
  } else {
    thread_.join();
  }
}

std::string Search::summary() const {
  std::lock_guard lock(mutex_);
  if (!finished_) throw UsageError("the search has not ended: its statistics come at the end");
  auto summary = summary_json(problem_, solver_->description(), result_, request_.threads, times_);
  summary["mode"] = to_string(request_.mode);
  return json_line(summary);
}

}  // namespace backtrack::python
