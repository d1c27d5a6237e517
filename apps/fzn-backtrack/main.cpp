// fzn-backtrack: the program MiniZinc runs on a FlatZinc file (share/minizinc/backtrack.msc
// names it). Its flags and output are those of the FlatZinc specification ("Solver
// output"): each solution's output variables, then "----------"; "==========" once the
// search is complete (every solution listed, or the last one proved optimal);
// "=====UNSATISFIABLE=====" or "=====UNKNOWN=====" when there is none; with -s the
// statistics as "%%%mzn-stat: name=value" lines, ended by "%%%mzn-stat-end".
#include <boost/program_options.hpp>
#include <cstdio>
#include <exception>
#include <iostream>
#include <string>

#include "backtrack/errors.hpp"
#include "backtrack/flatzinc/solver.hpp"
#include "backtrack/input_file.hpp"
#include "backtrack/limits_in_scope.hpp"
#include "backtrack/solution.hpp"
#include "../driver/interrupt.hpp"

namespace {

namespace po = boost::program_options;
using namespace backtrack;

// Exit codes as the backtrack command's (sysexits): a bad command line, a bad model.
constexpr int usage_exit = 64;
constexpr int data_exit = 65;

struct Flags {
  bool all = false;           // -a: every solution (satisfaction), every improvement (optimisation)
  unsigned long long solutions = 0;  // -n K
  bool free = false;          // -f: the solver's own search, not the model's annotations
  bool statistics = false;    // -s
  bool verbose = false;       // -v
  unsigned long long time_ms = 0;    // -t
  unsigned threads = 1;       // -p
  unsigned long long seed = 1;  // -r
  std::string prune = "forward";
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
      ("free-search,f", po::bool_switch(&f.free), "ignore the search annotations: the variable with the smallest "
                                                  "domain per failure weight first (dom-wdeg), its smallest value")
      ("statistics,s", po::bool_switch(&f.statistics), "print statistics as %%%mzn-stat lines")
      ("verbose,v", po::bool_switch(&f.verbose), "say on stderr which annotations are ignored")
      ("time,t", po::value(&f.time_ms), "stop after MS milliseconds")
      ("parallel,p", po::value(&f.threads), "search on K threads")
      ("random-seed,r", po::value(&f.seed), "the seed of random value choices")
      ("prune", po::value(&f.prune), "all-different's strength where the model does not fix it: forward (value "
                                     "consistency, the default), bounds, gac")
      ("file", po::value(&f.file), "the FlatZinc model");
  return d;
}

std::string elapsed(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", seconds);
  return text;
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
    std::cerr << "fzn-backtrack: " << e.what() << " (see --help)\n";
    return usage_exit;
  }
  if (vm.count("help") != 0) {
    std::cout << described;
    return 0;
  }
  if (f.file.empty()) {
    std::cerr << "fzn-backtrack: no model: give a FlatZinc file (see --help)\n";
    return usage_exit;
  }
  if (f.threads == 0) {
    std::cerr << "fzn-backtrack: -p needs at least 1 thread\n";
    return usage_exit;
  }
  // The variables no annotation names (all of them with -f): dom-wdeg, as Gecode's AFC/size.
  csp::SearchOptions options{.prune = csp::Prune::forward, .variables = csp::VariableOrder::dom_wdeg, .seed = f.seed};
  if (f.prune == "bounds") {
    options.prune = csp::Prune::bounds;
  } else if (f.prune == "gac") {
    options.prune = csp::Prune::gac;
  } else if (f.prune != "forward") {
    std::cerr << "fzn-backtrack: unknown --prune " << f.prune << " (choose forward, bounds, gac)\n";
    return usage_exit;
  }

  // The limits hold from the start: reading the model, building it and propagating its
  // root (to a fixpoint that may take long) are watched as the search is.
  SearchLimits limits;
  if (f.time_ms > 0) limits.deadline = SearchLimits::deadline_after(static_cast<double>(f.time_ms) / 1000.0);
  limits.stop_requested = &interrupt::install();

  std::string text;
  try {
    text = read_input_file(f.file, std::size_t{1} << 30);
  } catch (const InputError& e) {
    std::cerr << "fzn-backtrack: " << e.what() << "\n";
    return data_exit;
  }
  flatzinc::ModelSolver made;
  try {
    const LimitsInScope watched(limits);
    made = flatzinc::read_solver(text, !f.free, options, Instance{"fzn", ""});
  } catch (const InputError& e) {
    std::cerr << f.file << ":" << e.what() << "\n";
    return data_exit;
  } catch (const LimitReached&) {  // stopped before any search: no solution, no statistics
    std::cout << "=====UNKNOWN=====\n" << std::flush;
    return 0;
  }
  if (f.verbose) {
    for (const std::string& w : made.warnings) std::cerr << f.file << ":" << w << "\n";
  }
  const bool optimises = made.optimises;
  const auto& solver = made.solver;

  RunRequest request;
  request.threads = f.threads;
  request.mode = optimises || f.all ? SearchMode::all : SearchMode::first;
  if (f.solutions > 0) {
    request.mode = SearchMode::limit;
    request.limits.max_solutions = f.solutions;
  }
  request.limits.deadline = limits.deadline;
  request.limits.stop_requested = limits.stop_requested;

  const RunResult result = solver->run(request, [](Solution&& s) {
    std::cout << s.text << "----------\n" << std::flush;
    return true;
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
  if (f.statistics) {
    const auto stat = [](const std::string& name, const std::string& value) {
      std::cout << "%%%mzn-stat: " << name << "=" << value << "\n";
    };
    stat("nodes", std::to_string(stats.nodes));
    stat("failures", std::to_string(stats.failures));
    stat("propagations", std::to_string(stats.counters.value[0]));
    stat("solveTime", elapsed(stats.seconds));
    stat("peakDepth", std::to_string(stats.max_depth));
    stat("solutions", to_string(stats.solutions));
    if (result.objective && result.objective->best) stat("objective", std::to_string(*result.objective->best));
    std::cout << "%%%mzn-stat-end\n";
  }
  std::cout << std::flush;
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const backtrack::UsageError& e) {
    std::cerr << "fzn-backtrack: " << e.what() << "\n";
    return usage_exit;
  } catch (const std::exception& e) {
    std::cerr << "fzn-backtrack: " << e.what() << "\n";
    return 70;
  }
}
