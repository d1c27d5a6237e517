// fzn-backtrack: the program MiniZinc runs on a FlatZinc file (share/minizinc/backtrack.msc
// names it). Its flags and output are those of the FlatZinc specification ("Solver
// output"): each solution's output variables, then "----------"; "==========" once the
// search is complete (every solution listed, or the last one proved optimal);
// "=====UNSATISFIABLE=====" or "=====UNKNOWN=====" when there is none; with -s the
// statistics as "%%%mzn-stat: name=value" lines, ended by "%%%mzn-stat-end".
// Its errors and exit codes are backtrack's (driver/program/error_exit.hpp), messages and all.
#include <boost/program_options.hpp>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>

#include "../driver/program/error_exit.hpp"
#include "../driver/program/finish_output.hpp"
#include "../driver/program/interrupt.hpp"
#include "../driver/program/log.hpp"
#include "backtrack/cli.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/flatzinc/solver.hpp"
#include "backtrack/input_file.hpp"
#include "backtrack/limits_in_scope.hpp"
#include "backtrack/quoted.hpp"
#include "backtrack/solution.hpp"

namespace {

namespace po = boost::program_options;
using namespace backtrack;

struct Flags {
  bool all = false;           // -a: every solution (satisfaction), every improvement (optimisation)
  long long solutions = 0;    // -n K
  bool free = false;          // -f: the solver's own search, not the model's annotations
  bool statistics = false;    // -s
  bool verbose = false;       // -v
  long long time_ms = 0;      // -t
  int threads = 1;            // -p
  unsigned long long seed = 1;  // -r
  std::string prune = "arc";
  long long lns = 0;  // --lns
  std::string restarts = "none";
  bool last_conflict = false;  // --last-conflict
  std::string learn = "none";
  long long nogoods_kept = static_cast<long long>(csp::SearchOptions{}.nogoods_kept);  // --nogoods-kept
  std::string globals = "native";
  std::string file;
};

po::options_description flag_descriptions(Flags& f) {
  po::options_description d("fzn-backtrack [flags] model.fzn");
  d.add_options()
      ("help,h", "this text")
      ("all-solutions,a", po::bool_switch(&f.all), "all solutions of a satisfaction problem; on an optimisation, "
                                                   "every improvement (which it prints anyway)")
      ("num-solutions,n", po::value(&f.solutions), "stop after K solutions")
      ("intermediate,i", "print each improvement of an optimisation (always done)")
      ("free-search,f", po::bool_switch(&f.free), "ignore the search annotations: the variable with the fewest "
                                                  "values per accumulated failure count first (afc-size), its "
                                                  "smallest value; an optimisation restarts (--restarts luby unless "
                                                  "given), each search trying first the best solution's values. "
                                                  "With --learn lcg: a hybrid, as Chuffed's -f, the runs between "
                                                  "restarts (luby unless given) deciding by the annotations and by "
                                                  "activity (VSIDS) in turn")
      ("statistics,s", po::bool_switch(&f.statistics), "print statistics as %%%mzn-stat lines")
      ("verbose,v", po::bool_switch(&f.verbose), "say on stderr which annotations are ignored")
      ("time,t", po::value(&f.time_ms), "stop after MS milliseconds")
      ("parallel,p", po::value(&f.threads), "search on K threads: an optimisation as K searches in orders of "
                                            "their own sharing the best solution's bound (a portfolio; the first "
                                            "to finish proves the optimum), a satisfaction or -a as one tree split "
                                            "among them")
      ("random-seed,r", po::value(&f.seed), "the seed of random value choices")
      ("prune", po::value(&f.prune), "none: a constraint checked once its variables are fixed; forward: forward "
                                     "checking (a constraint narrows once one variable is open); arc (the "
                                     "default): propagation to a fixpoint, all-different by value; bounds, "
                                     "domain (formerly gac): and all-different by Hall intervals, by matching, "
                                     "where the model does not fix its strength")
      ("lns", po::value(&f.lns), "large neighbourhood search for an optimisation: after a first solution, many "
                                 "short searches each freeing this percentage (1-99) of the variables around the "
                                 "best solution, until -t stops it; proves nothing unless the first search ends "
                                 "(0, the default: one search)")
      ("restarts", po::value(&f.restarts), "none (the default): one search; luby, geometric: searches of a node "
                                           "budget (100 times Luby's sequence 1 1 2 1 1 2 4 ..., or 100, 150, "
                                           "225, ...), each after the first with its values in a random order "
                                           "(-r) after the best solution's; an optimisation's searches share the best solution's bound, and "
                                           "each leaves out what the ones before finished (nogoods), so the last "
                                           "one proves the optimum, and -a lists every solution once; with "
                                           "--learn lcg, runs of as many conflicts, each from the root with the "
                                           "nogoods, the bound and the failure counts kept")
      ("last-conflict", po::bool_switch(&f.last_conflict), "over the variable order, the variable whose decision "
                                                           "failed last is chosen again first, until a decision "
                                                           "assigns it (last-conflict reasoning)")
      ("learn", po::value(&f.learn), "none (the default): look ahead only; lcg: lazy clause generation, each "
                                     "failure explained and a nogood learnt from it by first-UIP analysis, which "
                                     "prunes the rest of the search (one thread; no --lns with it); a model "
                                     "without search annotations is then searched by activity (VSIDS), as Chuffed "
                                     "searches one")
      ("nogoods-kept", po::value(&f.nogoods_kept), "with --learn lcg: the nogoods kept before the first time the "
                                                   "half least likely to propagate again (those spanning the most "
                                                   "decision levels) are forgotten; the limit grows each time, by "
                                                   "300 or to twice those kept (default 2000; 0: every one is kept)")
      ("globals", po::value(&f.globals), "native (the default): each global constraint of the solver library "
                                         "(all_different, cumulative, circuit, ...) is a propagator of its "
                                         "own; decomposed: the reader posts the smaller constraints a solver "
                                         "without it would, to see what a propagator buys")
      ("file", po::value(&f.file), "the FlatZinc model");
  return d;
}

std::string elapsed(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", seconds);
  return text;
}

// The %%%mzn-stat lines -s asks for, also when the limits stopped the run before its
// search began (everything zero but the time).
void print_statistics(const RunResult& result) {
  const SearchStats& stats = result.stats;
  const auto stat = [](const std::string& name, const std::string& value) {
    std::cout << "%%%mzn-stat: " << name << "=" << value << "\n";
  };
  stat("nodes", std::to_string(stats.nodes));
  stat("failures", std::to_string(stats.failures));
  stat("propagations", std::to_string(stats.counters.value[0]));
  stat("solveTime", elapsed(stats.seconds));
  stat("peakDepth", std::to_string(stats.max_depth));
  for (std::size_t i = 0; i < result.counter_names.size() && i < max_work_counters; ++i) {
    const std::string& name = result.counter_names[i];
    if (name == "cutoffs") stat("restarts", std::to_string(stats.counters.value[i]));
    if (name == "nogoods" || name == "jumped") stat(name, std::to_string(stats.counters.value[i]));
    if (name == "nogood_literals") stat("nogoodLiterals", std::to_string(stats.counters.value[i]));
    if (name == "nogoods_deleted") stat("nogoodsDeleted", std::to_string(stats.counters.value[i]));
  }
  stat("solutions", to_string(stats.solutions));
  if (result.objective && result.objective->best) stat("objective", std::to_string(*result.objective->best));
  std::cout << "%%%mzn-stat-end\n";
}


int run(int argc, char** argv) {
  Flags f;
  po::options_description described = flag_descriptions(f);
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(described).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError(std::string(e.what()) + " (see --help)");
  }
  if (vm.count("help") != 0) {
    std::cout << described
              << "\nminizinc --solver backtrack runs it, as <prefix>/share/minizinc/solvers/backtrack.msc says; under "
                 "a prefix but /usr and /usr/local, export MZN_SOLVER_PATH=<prefix>/share/minizinc/solvers\n";
    return 0;
  }
  if (f.file.empty()) throw UsageError("no model: give a FlatZinc file (see --help)");
  // Boost reads "-5" into an unsigned number as 2^64 - 5: the values are read signed and
  // checked here. A time beyond 10^12 ms (backtrack's 1e9 s) would wrap the deadline.
  if (f.threads < 1 || f.threads > 4096) {
    throw UsageError("-p must be between 1 and 4096 threads, got " + std::to_string(f.threads));
  }
  if (f.solutions < 0) throw UsageError("-n must be at least 1 (0: no limit), got " + std::to_string(f.solutions));
  if (f.time_ms < 0 || f.time_ms > 1'000'000'000'000) {
    throw UsageError("-t must be a number of milliseconds from 1 to 10^12 (0: no limit), got " +
                     std::to_string(f.time_ms));
  }
  // The variables no annotation names (all of them with -f): AFC/size with decay, as
  // Gecode's FlatZinc reader searches them (and MiniZinc's CP solvers much alike).
  const std::optional<csp::Prune> prune = csp::parse_prune(f.prune);
  if (!prune) throw UsageError("unknown --prune " + in_quotes(f.prune) + " (choose none, forward, arc, bounds, domain)");
  if (f.lns < 0 || f.lns > 99) throw UsageError("--lns must be a percentage from 1 to 99 (0: off), got " + std::to_string(f.lns));
  const std::optional<csp::Learn> learn = csp::parse_choice(f.learn, csp::integer_learns);
  if (!learn) throw UsageError("unknown --learn " + in_quotes(f.learn) + " (choose none, lcg)");
  if (f.nogoods_kept < 0) {
    throw UsageError("--nogoods-kept must be a number of nogoods (0: every one), got " + std::to_string(f.nogoods_kept));
  }
  if (vm.count("nogoods-kept") != 0 && *learn != csp::Learn::lcg) {  // given, even as its default
    throw UsageError("--nogoods-kept limits the nogoods a learning search keeps: it needs --learn lcg");
  }
  const bool hybrid = f.free && *learn == csp::Learn::lcg;
  if (f.free && vm.count("restarts") == 0) f.restarts = "luby";
  const std::optional<csp::Restarts> restarts = csp::parse_choice(f.restarts, csp::all_restarts);
  if (!restarts) throw UsageError("unknown --restarts " + in_quotes(f.restarts) + " (choose none, luby, geometric)");
  const std::optional<csp::Globals> globals = csp::parse_choice(f.globals, csp::all_globals);
  if (!globals) throw UsageError("unknown --globals " + in_quotes(f.globals) + " (choose native, decomposed)");
  const csp::SearchOptions options{.prune = *prune,
                                   .variables = csp::VariableOrder::afc_size,
                                   .seed = f.seed,
                                   .restarts = *restarts,
                                   .lns = static_cast<int>(f.lns),
                                   .last_conflict = f.last_conflict,
                                   .learn = *learn,
                                   .hybrid = hybrid,
                                   .nogoods_kept = static_cast<std::uint64_t>(f.nogoods_kept)};
  csp::check_learning(options);
  // A model that names no search, learning: activity (VSIDS), as Chuffed searches one.
  std::optional<csp::SearchOptions> unannotated;
  if (*learn == csp::Learn::lcg && !f.free) {
    unannotated = options;
    unannotated->variables = csp::VariableOrder::activity;
  }

  // The limits hold from the start: reading the model, building it and propagating its
  // root (to a fixpoint that may take long) are watched as the search is.
  SearchLimits limits;
  if (f.time_ms > 0) limits.deadline = SearchLimits::deadline_after(static_cast<double>(f.time_ms) / 1000.0);
  limits.stop_requested = &interrupt::install();

  const std::string text = read_input_file(f.file, std::size_t{1} << 30);
  flatzinc::ModelSolver made;
  try {
    const LimitsInScope watched(limits);
    made = flatzinc::read_solver(text, !f.free || hybrid, *globals, vm.count("prune") != 0, options,
                                 Instance{"fzn", ""}, unannotated);
  } catch (const InputError& e) {
    throw InputError(input_name(f.file) + ":" + e.what());
  } catch (const LimitReached& reached) {  // stopped before any search: no solution
    std::cout << "=====UNKNOWN=====\n";
    if (f.statistics) print_statistics(RunResult{});
    std::cout << std::flush;
    return reached.reason == StopReason::interrupted ? interrupt::exit_code() : exit_ok;
  }
  if (f.verbose) {
    for (const std::string& w : made.warnings) std::cerr << input_name(f.file) << ":" << w << "\n";
  }
  const bool optimises = made.optimises;
  const auto& solver = made.solver;

  RunRequest request;
  request.threads = static_cast<unsigned>(f.threads);
  request.mode = optimises || f.all ? SearchMode::all : SearchMode::first;
  if (f.solutions > 0) {
    request.mode = SearchMode::limit;
    request.limits.max_solutions = static_cast<std::uint64_t>(f.solutions);
  }
  request.limits.deadline = limits.deadline;
  request.limits.stop_requested = limits.stop_requested;

  // A solution that could not be written ends the search: finish_output() says why.
  const RunResult result = solver->run(request, [](Solution&& s) {
    std::cout << s.text << "----------\n" << std::flush;
    return static_cast<bool>(std::cout);
  });
  const SearchStats& stats = result.stats;
  const bool found = stats.solutions > 0;
  if (optimises) {
    if (result.objective && result.objective->proved) std::cout << (found ? "==========\n" : "=====UNSATISFIABLE=====\n");
    if (!(result.objective && result.objective->proved) && !found) std::cout << "=====UNKNOWN=====\n";
  } else if (stats.complete()) {
    std::cout << (found ? "==========\n" : "=====UNSATISFIABLE=====\n");
  } else if (!found) {
    std::cout << "=====UNKNOWN=====\n";
  }
  if (f.statistics) print_statistics(result);
  // What was found is printed, and its status line, as MiniZinc expects of a solver it
  // stops; the exit code then says why the search ended early, as backtrack's does
  // (MiniZinc does not read it after a signal of its own).
  if (stats.stop == StopReason::interrupted) return interrupt::exit_code();
  if (stats.stop == StopReason::out_of_memory) {
    log::error("out of memory: the system refused an allocation or a thread during the search (" +
               available_memory_words() + "); the solutions printed are those found; fewer threads (-p) or a "
               "smaller model need less");
    return exit_out_of_memory;
  }
  return exit_ok;
}

}  // namespace

int main(int argc, char** argv) {
  backtrack::log::use_stderr_logger("fzn-backtrack");
  int code = backtrack::exit_ok;
  try {
    code = run(argc, argv);
  } catch (...) {
    code = backtrack::exit_code_for_current_exception();
  }
  return backtrack::finish_output(code);
}
