// What splitting a count costs (issue 14): every bundled problem, built by name through the
// registry as the CLI builds it, run three ways through the public Solver interface:
//   search  one ordered depth-first search, no split (mode count, 1 thread, a node limit
//           too large to reach: an ordered run is never split);
//   count1  the count as `solve --count --threads 1` runs it (probe, split, subtrees);
//   count2  the same with 2 threads.
// The three must agree on nodes and solutions, or the benchmark stops with an error.
// scripts/measure-split.sh runs this with repetitions and prints count1/search and
// count1/count2 (medians of wall time) per instance.
#include <benchmark/benchmark.h>

#include <boost/program_options.hpp>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "backtrack/registry.hpp"
#include "backtrack/solver.hpp"

namespace {

namespace po = boost::program_options;
using backtrack::RunRequest;
using backtrack::RunResult;
using backtrack::SearchMode;
using backtrack::Solver;

// One count: a problem, a strategy (empty: the plugin's choice) and the problem's own options.
struct Instance {
  std::string name;  // in the benchmark's name: letters, digits, '_', '=' only
  std::string problem;
  std::string strategy;
  std::vector<std::string> options;
};

// Builds the Solver as `backtrack solve PROBLEM --count [--strategy S] OPTIONS...` would.
std::unique_ptr<Solver> make(const Instance& instance) {
  const backtrack::ProblemInfo* problem = backtrack::Registry::global().find(instance.problem);
  if (problem == nullptr) throw std::runtime_error("no problem named " + instance.problem);
  po::options_description own;
  problem->describe_options(own);
  po::variables_map vm;
  po::store(po::command_line_parser(instance.options).options(own).run(), vm);
  po::notify(vm);
  backtrack::SolveIntent intent;
  intent.mode = SearchMode::count;
  intent.strategy = instance.strategy;
  return problem->build(vm, intent);
}

enum class Way { search, count1, count2 };

RunResult run(const Solver& solver, Way way) {
  RunRequest request;
  request.mode = SearchMode::count;
  request.threads = way == Way::count2 ? 2 : 1;
  // A node limit makes the run ordered: one depth-first search, never split.
  if (way == Way::search) request.limits.max_nodes = std::numeric_limits<std::uint64_t>::max();
  return solver.run(request, [](const backtrack::Solution&) { return true; });
}

struct Built {
  std::unique_ptr<Solver> solver;
  RunResult reference;  // the plain search's result, the one the others must match
};

// Each instance is built, and searched once for reference, when its first benchmark runs.
Built& built(const Instance& instance) {
  static std::map<std::string, Built> cache;
  auto it = cache.find(instance.name);
  if (it == cache.end()) {
    Built b{make(instance), {}};
    b.reference = run(*b.solver, Way::search);
    it = cache.emplace(instance.name, std::move(b)).first;
  }
  return it->second;
}

void measure(benchmark::State& state, const Instance& instance, Way way) {
  Built& b = built(instance);
  RunResult result;
  for (auto _ : state) {
    result = run(*b.solver, way);
    benchmark::DoNotOptimize(result.stats.nodes);
  }
  const auto& want = b.reference.stats;
  const auto& got = result.stats;
  if (!got.complete() || got.nodes != want.nodes || got.solutions != want.solutions ||
      got.representatives != want.representatives) {
    // The split lost or repeated part of the tree: no timing of it means anything.
    std::cerr << "split.cpp: " << instance.name << ": the count disagrees with one plain search (nodes "
              << got.nodes << " vs " << want.nodes << ", solutions " << backtrack::to_string(got.solutions)
              << " vs " << backtrack::to_string(want.solutions) << ")\n";
    std::abort();
  }
  state.counters["nodes"] = static_cast<double>(got.nodes);
  state.counters["solutions"] = static_cast<double>(got.solutions);
  state.counters["subtrees"] = static_cast<double>(result.subtrees);
}

std::vector<Instance> instances() {
  std::vector<Instance> all;
  auto queens = [&](const std::string& strategy, int n, const std::string& symmetry) {
    std::vector<std::string> options{"-n", std::to_string(n)};
    std::string name = "nqueens_" + strategy + "_n=" + std::to_string(n) + "_sym=";
    if (symmetry.empty()) {
      name += "default";
    } else {
      options.insert(options.end(), {"--symmetry", symmetry});
      name += symmetry;
    }
    all.push_back({name, "nqueens", strategy, options});
  };
  // From n = 9 up to the size one plain search does in about 2 s on a 2.6 GHz EPYC, with the
  // symmetry each strategy defaults to (mrv has none) and without symmetry.
  struct Sizes {
    std::string strategy;
    int top_default;
    int top_none;
  };
  const std::vector<Sizes> sizes = {{"word", 15, 15},   {"border", 16, 15}, {"bitset", 14, 14},
                                    {"arrays", 14, 13}, {"scan", 14, 13},   {"csp", 14, 14},
                                    {"dlx", 14, 14},    {"mrv", 0, 13}};
  for (const auto& [strategy, top_default, top_none] : sizes) {
    for (int n = 9; n <= top_default; ++n) queens(strategy, n, "");
    for (int n = 9; n <= top_none; ++n) queens(strategy, n, "none");
  }
  all.push_back({"pentomino_3x20_sym=default", "pentomino", "", {"--shape", "3x20"}});
  all.push_back({"pentomino_3x20_sym=none", "pentomino", "", {"--shape", "3x20", "--symmetry", "none"}});
  all.push_back({"pentomino_8x8centre_sym=default", "pentomino", "", {"--shape", "8x8", "--holes", "centre"}});
  all.push_back({"pentomino_8x8centre_sym=none", "pentomino", "",
                 {"--shape", "8x8", "--holes", "centre", "--symmetry", "none"}});
  // The well-known puzzle of Wikipedia's Sudoku article with 9 of its 30 givens removed:
  // 9035 solutions.
  const std::string many = "53..7....6..1.5....98....6.8...6....4..8.3...7..............28.....19..5.......7.";
  for (const std::string strategy : {"bits", "dlx", "csp"}) {
    all.push_back({"sudoku_" + strategy + "_9035", "sudoku", strategy, {"--puzzle", many}});
  }
  return all;
}

const bool registered = [] {
  static const std::vector<Instance> list = instances();
  for (const Instance& instance : list) {
    for (const auto& [way, label] : {std::pair{Way::search, "search"}, {Way::count1, "count1"}, {Way::count2, "count2"}}) {
      benchmark::RegisterBenchmark(("split/" + instance.name + "/" + label).c_str(),
                                   [&instance, w = way](benchmark::State& s) { measure(s, instance, w); })
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
    }
  }
  return true;
}();

}  // namespace
