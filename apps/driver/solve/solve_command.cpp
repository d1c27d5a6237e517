#include <algorithm>
#include <boost/program_options.hpp>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "../commands/commands.hpp"
#include "../mpi/job.hpp"
#include "../options/command_line.hpp"
#include "../options/declarations.hpp"
#include "../options/exit_help.hpp"
#include "../options/search_options.hpp"
#include "../options/shared_options.hpp"
#include "../output/progress_line.hpp"
#include "../program/error_exit.hpp"
#include "../program/interrupt.hpp"
#include "../program/log.hpp"
#include "../watch/watch_options.hpp"
#include "backtrack/cli.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/solution.hpp"
#include "checkpoint.hpp"
#include "instance_clock.hpp"
#include "instance_set.hpp"
#include "setup_watch.hpp"

namespace backtrack {

namespace po = boost::program_options;

namespace {

constexpr std::uint64_t max_listed_without_force = 100000;

const char* const solve_usage =
    "Usage: backtrack solve PROBLEM [--count | --all | --unique | --first | --limit K] [options]\n"
    "\n"
    "Counts (the default), lists or finds solutions of PROBLEM with one of its strategies.\n"
    "Example: backtrack solve nqueens -n 12 --strategy bitset --first\n"
    "Ctrl-C stops the search and prints the statistics so far, marked partial.\n"
    "Times in the summary: setup_seconds (options, input, building the instance, the journal),\n"
    "search_seconds (splitting the tree, the search, merging), seconds (all the command did,\n"
    "e.g. a count's search for an example too), cpu_seconds (the CPU time of the process over\n"
    "seconds, every thread's together); nodes_per_second: the nodes this run searched (not\n"
    "those resumed from a --checkpoint) per search second, a whole number.\n"
    "A listed solution carries when it was found: seconds since the search began and the\n"
    "nodes entered by then (JSON \"seconds\" and \"nodes\"; text: a line \"found at\" with -v);\n"
    "with threads, the nodes of the split and of the thread that found it.\n"
    "Some strategies count their own work besides nodes and failures: the CSP layer's\n"
    "propagations (on bitset models: values removed from domains; on integer models: propagator\n"
    "runs) and checks (of a value against a constraint),\n"
    "dancing links' updates (links changed by cover, as Knuth counts them); resumed subtrees\n"
    "are not in them. --profile adds nodes and failures per depth.\n"
    "A problem that minimises or maximises (golomb) lists each better solution as it is found\n"
    "(the default; --count is refused), and the summary says the best value and whether it is\n"
    "proved optimal (objective, optimal: true when the search was complete).\n"
    "Across machines: mpiexec -n K backtrack solve nqueens -n 18 --count --mpi\n\n";

SearchMode read_mode(const po::variables_map& vm) {
  int chosen = 0;
  SearchMode mode = SearchMode::count;
  for (auto [flag, m] : {std::pair{"count", SearchMode::count}, std::pair{"all", SearchMode::all},
                         std::pair{"unique", SearchMode::unique}, std::pair{"first", SearchMode::first},
                         std::pair{"limit", SearchMode::limit}}) {
    if (vm.count(flag) != 0) {
      ++chosen;
      mode = m;
    }
  }
  if (chosen > 1) throw UsageError("choose one of --count, --all, --unique, --first, --limit K");
  return mode;
}

void print_help(const po::options_description& common, const ProblemInfo* problem) {
  std::cout << solve_usage << common << '\n';
  if (problem != nullptr) {
    po::options_description own("Options of " + problem->name);
    problem->describe_options(own);
    std::cout << own << "\nStrategies of " << problem->name << ":\n";
    for (const auto& s : problem->strategies) {
      std::cout << "  " << s.name << "  " << s.summary << '\n';
      if (const auto declared = declared_text(*problem, s); !declared.empty()) std::cout << "    (" << declared << ")\n";
    }
    std::cout << '\n';
  } else {
    std::cout << "`backtrack solve PROBLEM --help` shows the options of PROBLEM; `backtrack list` lists them.\n\n";
  }
  std::cout << exit_code_help;
}

// Probes of the progress line's prediction: milliseconds for the trees a count can
// finish, but one probe of a large board takes seconds (3,000 queens on strategy bitset:
// two minutes for them all, before a search with --time-limit 3 had begun). So they get
// this long at most, and stop at the run's deadline and stop flag, which the search
// then meets at once.
constexpr double most_probe_seconds = 0.5;
// Fewer probes than this predict too little: the line then goes by the subtrees.
constexpr std::uint64_t fewest_probes = 100;

// The tree's nodes as a few thousand of Knuth's random probes predict them, for the
// progress line's time left (0: this solver cannot tell).
double expected_nodes(const Solver& solver, const RunRequest& request) {
  EstimateRequest probes;
  probes.samples = 2000;
  probes.calibration_seconds = 0;
  probes.stop_requested = request.limits.stop_requested;
  probes.deadline = std::min(request.limits.deadline, SearchLimits::deadline_after(most_probe_seconds));
  try {
    const TreeEstimate tree = solver.estimate(probes).tree;
    return tree.samples >= fewest_probes && std::isfinite(tree.nodes.mean) ? tree.nodes.mean : 0;
  } catch (const UsageError&) {
    return 0;
  }
}

// "found at 0.001234 s, node 345": where the search was when it found `solution`.
std::string found_at_text(const Solution& solution) {
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.6f", solution.seconds);
  return std::string("found at ") + seconds + " s, node " + std::to_string(solution.nodes);
}

}  // namespace

po::options_description solve_options() {
  po::options_description common("Options of backtrack solve");
  add_help_option(common);
  add_strategy_option(common, "how the constraints are kept (see the strategies below)");
  common.add_options()
    ("count", "count all solutions (the default)")
    ("all", "list every solution")
    ("unique", "list one solution per symmetry class");
  add_first_option(common, "find the first solution in depth-first order (the same one for any --threads; threads "
                           "help where it lies deep)");
  add_limit_option(common, "list at most K solutions: the first K in depth-first order, as --first (threads for K "
                           "up to 10000; above, one thread that prints as it goes)");
  common.add_options()
    ("force", "--all and --unique: list every solution even past 100,000; --trace: every step even past 100,000 "
              "lines (without it they stop there, exit 3)")
    ("checkpoint", po::value<std::string>()->value_name("FILE"),
     "count only: record each finished subtree in this journal file; running the same command "
     "again skips what it holds (resume after Ctrl-C, kill or a crash)")
    ("mpi", "count only: share the subtrees with the other ranks of an MPI job (mpiexec -n K backtrack ...); "
     "each rank searches with its --threads, rank 0 prints and alone keeps the --checkpoint");
  add_search_options(common);
  add_watch_options(common, true,
                    "draw the search tree into FILE, in the format its extension names: .svg (a picture), .html (a "
                    "page: pan, zoom, fold and unfold subtrees, hover a node for its path and board), .dot "
                    "(Graphviz). One thread, in depth-first order");
  add_verbosity_options(common);
  return common;
}

int solve_command(const Arguments& args, const Registry& registry) {
  InstanceClock clock;  // the user waits for all of the command, not the search alone
  const po::options_description common = solve_options();

  const ProblemCommand command = parse_problem_command(
      args, registry, common, print_help, "solve needs a problem name first, e.g. backtrack solve nqueens -n 8");
  if (command.problem == nullptr) return exit_ok;  // --help
  const ProblemInfo& problem = *command.problem;
  const po::variables_map& vm = command.vm;

  SolveIntent intent;
  intent.mode = read_mode(vm);
  intent.strategy = vm.count("strategy") != 0 ? vm["strategy"].as<std::string>() : "";
  intent.force = vm.count("force") != 0;
  RunRequest request;
  request.mode = intent.mode;
  request.limits = read_limits(vm);
  intent.threads = read_threads(vm);
  request.profile = vm.count("profile") != 0;
  if (intent.mode == SearchMode::limit) {
    const long long k = vm["limit"].as<long long>();
    if (k < 1) throw UsageError("--limit must be at least 1, got " + std::to_string(k));
    request.limits.max_solutions = static_cast<std::uint64_t>(k);
  }
  const Format format = read_format(vm, solve_formats);
  Watching watching(vm, std::cout, format == Format::json);
  if ((request.watcher = watching.watcher()) != nullptr) {
    if (format == Format::leetcode) throw UsageError("--trace and --tree: not with --format leetcode");
    if (vm.count("checkpoint") != 0 || vm.count("mpi") != 0) {
      throw UsageError("--trace and --tree watch one search on one thread: not with --checkpoint or --mpi");
    }
    watching.on_one_thread(intent, request.profile, vm.count("threads") != 0 && intent.threads > 1);
  }
  request.threads = intent.threads;
  // Without a mode, an optimisation lists (below): whether a count may print solutions
  // alone is known once the solver says it optimises.
  const bool count_printing_solutions = intent.mode == SearchMode::count && vm["print"].as<std::string>() == "solutions";
  const Printed printed = read_printed(vm, count_printing_solutions ? SearchMode::all : intent.mode);
  const bool print_solutions = printed != Printed::summary;
  const bool print_summary = printed != Printed::solutions && format != Format::leetcode;
  // A count shows one solution with its summary, unless the summary is asked for alone.
  bool show_example = intent.mode == SearchMode::count && printed == Printed::both && format != Format::leetcode;
  bool rows_missing = false;  // --format leetcode, and a solution that is not drawn as rows
  // Listing every solution of a large instance would flood the terminal: past this many,
  // --all and --unique stop unless --force is given, for every problem alike (the driver
  // cannot know beforehand how many there are; what was printed stays valid).
  const bool capped = (intent.mode == SearchMode::all || intent.mode == SearchMode::unique) && !intent.force;
  bool reached_cap = false;
  std::uint64_t index = 0;
  const bool found_at_shown = log::debug_enabled();  // -v
  SolutionSink print = [&](Solution&& solution) {
    ++index;
    if (!print_solutions) {
      // listed to nobody: counted only
    } else if (format == Format::leetcode) {
      const auto rows = solution.json.find("rows");
      if (rows == solution.json.end()) {
        rows_missing = true;
        return false;
      }
      std::cout << (index == 1 ? "[" : ",") << json_line(*rows);
    } else if (format == Format::json) {
      // The solution's own fields win over these, as they always have (emplace keeps them).
      solution.json.emplace("type", "solution");
      solution.json.emplace("schema_version", json_schema_version);
      solution.json.emplace("index", index);
      solution.json.emplace("seconds", solution.seconds);
      solution.json.emplace("nodes", solution.nodes);
      if (solution.objective) solution.json.emplace("objective", *solution.objective);
      std::cout << json_line(solution.json) << '\n';
    } else {
      std::cout << "solution " << index << '\n';
      if (found_at_shown) std::cout << found_at_text(solution) << '\n';
      if (solution.objective) std::cout << "objective: " << *solution.objective << '\n';
      std::cout << solution.text << '\n';
    }
    if (!std::cout) interrupt::request_stop();
    reached_cap = capped && print_solutions && index == max_listed_without_force;
    return std::cout && !reached_cap;
  };

  auto finish = [&](StopReason stop) -> int {
    if (watching.trace_cut()) {
      log::error("stopped after " + std::to_string(max_trace_lines_without_force) +
                 " lines of trace (the search had not finished): --trace writes at most that many without --force; "
                 "bound the search with --max-nodes N, draw a large tree with --tree FILE, or pass --force");
      return exit_stopped_by_limit;
    }
    if (reached_cap) {
      log::error("stopped after " + std::to_string(max_listed_without_force) +
                 " solutions (there may be more): --all and --unique list at most that many without --force; count "
                 "them with --count, list the first K with --limit K, or pass --force");
      return exit_stopped_by_limit;
    }
    if (stop == StopReason::out_of_memory) {
      log::error("out of memory: the system refused an allocation or a thread during the search (" +
                 available_memory_words() +
                 "); the statistics are partial; fewer --threads or a smaller instance need less");
    }
    return exit_code_for(stop);
  };

  if (problem.instances) {
    if (const auto set = instances_watched(problem, vm, request.limits); set.size() > 1) {
      if (format == Format::leetcode || printed != Printed::both) {
        throw UsageError("--format leetcode and --print take one instance; the input holds " + std::to_string(set.size()));
      }
      if (vm.count("checkpoint") != 0 || vm.count("mpi") != 0) {
        throw UsageError("--checkpoint and --mpi take one instance; the input holds " + std::to_string(set.size()));
      }
      if (request.watcher != nullptr) {
        throw UsageError("--trace and --tree take one instance; the input holds " + std::to_string(set.size()));
      }
      return finish(solve_set({problem, vm, intent, request, format, clock}, set, print));
    }
  }
  auto solver = make_watched(problem, vm, intent, request.limits);
  if (solver->optimises() && intent.mode == SearchMode::count) {
    // Branch and bound finds better and better solutions: solve lists them as they come.
    // How many there were depends on the search order, not on the problem: no count.
    if (vm.count("count") != 0) {
      throw UsageError(problem.name + " minimises or maximises an objective: --count would count the improvements "
                       "the search found on its way; solve lists each better solution (the default), --first finds "
                       "one");
    }
    intent.mode = request.mode = SearchMode::all;
    show_example = false;
  }
  if (count_printing_solutions && intent.mode == SearchMode::count) read_printed(vm, intent.mode);  // refuses it
  std::unique_ptr<MpiJob> mpi;
  if (vm.count("mpi") != 0) {
    if (intent.mode != SearchMode::count) throw UsageError("--mpi applies to --count only");
    if (request.limits.max_nodes != 0 || request.limits.max_failures != 0) {
      throw UsageError("--mpi cannot be combined with --max-nodes or --max-failures (use --time-limit)");
    }
    if (request.profile) throw UsageError("--profile counts the nodes of one process: not with --mpi");
    mpi = join_mpi_job();
    if (!mpi->is_rank_zero()) {
      // Rank 0 speaks for the job: the others search what they are handed, and are silent.
      set_verbosity(-1);
      return exit_code_for(mpi->count(*solver, request).stats);
    }
    log::debug("sharing the count with " + std::to_string(mpi->ranks()) + " MPI rank(s)");
  }
  if (log::debug_enabled()) {
    log::debug("solving " + problem.name + " " + solver->description() + " with " + std::to_string(request.threads) +
               " thread(s)");
  }

  const std::unique_ptr<Journal> journal = open_checkpoint(problem, vm, *solver, intent.mode, request.limits);
  request.checkpoint = journal.get();

  Progress progress;
  request.progress = &progress;
  RunResult result;
  {
    const bool show_progress = !quiet() && ProgressLine::stderr_is_terminal();
    const bool counting = intent.mode == SearchMode::count;
    if (show_progress && counting) progress.expected_nodes = expected_nodes(*solver, request);
    // The nodes searched, for a search whose subtrees do not tell (--first, --limit, --all).
    if (show_progress) request.limits.nodes_seen = &progress.nodes_seen;
    ProgressLine line(progress, problem.name + " " + solver->description(), counting, show_progress);
    auto search = [&] { return mpi ? mpi->count(*solver, request) : solver->run(request, print); };
    result = clock.time_search(search);
  }
  if (journal) {
    log::info("checkpoint " + journal->path().string() + ": " + std::to_string(result.resumed.subtrees) + " of " +
              std::to_string(result.subtrees) + " subtrees were finished by earlier runs, " +
              std::to_string(journal->written()) + " now");
  }

  // A count also shows one solution: the first one, found by a second, short search of the
  // same instance (a representative of its class where the count breaks symmetry: a
  // solution all the same). Not when the count found none.
  nlohmann::json example;
  std::string example_text;
  if (show_example && result.stats.complete() && result.stats.solutions > 0) {
    RunRequest first_request;
    first_request.mode = SearchMode::first;
    first_request.limits.stop_requested = request.limits.stop_requested;
    solver->run(first_request, [&](const Solution& s) {
      example = s.json;
      example_text = s.text;
      return true;
    });
  }

  // Freeing a large instance (dancing links for n = 1000) takes milliseconds the user waits for too.
  const std::string description = solver->description();
  solver.reset();
  const InstanceTimes times = clock.stop();
  if (rows_missing) {
    throw UsageError("--format leetcode prints each solution's rows, and " + problem.name +
                     " draws none for this instance (its size, or its kind of solution)");
  }
  if (format == Format::leetcode) {
    // LeetCode's N-Queens I (the boards) and II (their number).
    if (intent.mode == SearchMode::count) {
      std::cout << to_string(result.stats.solutions) << '\n';
    } else {
      std::cout << (index == 0 ? "[" : "") << "]\n";
    }
  } else if (!print_summary) {
    // the solutions alone
  } else if (format == Format::json) {
    auto summary = summary_json(problem.name, description, result, request.threads, times,
                                reached_cap || watching.trace_cut());
    if (show_example) summary["example"] = example;
    if (journal) {
      summary["checkpoint"] = {{"file", journal->path().string()},
                               {"resumed_subtrees", result.resumed.subtrees},
                               {"resumed_nodes", result.resumed.nodes},
                               {"written_subtrees", journal->written()}};
    }
    std::cout << json_line(summary) << '\n';
  } else {
    if (intent.mode != SearchMode::count && result.stats.representatives == 0) {
      // Only a search that ran to the end may say that there is none.
      std::cout << (result.stats.complete() ? "no solution\n" : "no solution found before the search stopped\n");
    }
    write_summary_text(std::cout, problem.name, description, result, request.threads, times,
                       reached_cap || watching.trace_cut());
    if (show_example && result.stats.complete()) {
      std::cout << "example:" << (example_text.empty() ? " none\n" : "\n" + example_text);
    }
  }
  std::cout.flush();
  watching.finish(problem.name + " " + description, result);
  if (journal) {
    if (const auto failure = journal->failure(); !failure.empty()) {
      // The result above stands; the journal holds what reached the disk, and the same
      // command resumes from it once there is room.
      log::error(failure + "; the journal lacks subtrees this run searched: the same command searches them again");
      return exit_io;
    }
  }
  return finish(result.stats.stop);
}

}  // namespace backtrack
