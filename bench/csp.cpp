// The CSP layer counting every N-Queens solution (strategy csp), one thread: forward
// checking under the static variable order, MRV and dom/wdeg, and propagation to a
// fixpoint (arc) under MRV; and forward checking and no pruning under the static order
// with conflict-directed backjumping (--learn cbj) against the same without. Counters: nodes (the assignments tried) and ns_per_node, the
// figure that says what a node of the generic layer costs next to the hand-written
// strategies of strategies.cpp.
#include <benchmark/benchmark.h>

#include "backtrack/csp/options.hpp"
#include "backtrack/engine.hpp"
#include "backtrack/nqueens/csp.hpp"

namespace {

using backtrack::csp::Learn;
using backtrack::csp::Prune;
using backtrack::csp::SearchOptions;
using backtrack::csp::ValueOrder;
using backtrack::csp::VariableOrder;

void count_with(benchmark::State& state, VariableOrder order, Prune prune = Prune::forward, Learn learn = Learn::none) {
  SearchOptions options{prune, order, ValueOrder::min, 1};
  options.learn = learn;
  const backtrack::nqueens::CspQueens problem(static_cast<int>(state.range(0)), options);
  std::uint64_t nodes = 0;
  double seconds = 0;  // the searches' own clocks, summed over the iterations
  for (auto _ : state) {
    const auto stats = backtrack::count_solutions(problem);
    nodes = stats.nodes;
    seconds += stats.seconds;
    benchmark::DoNotOptimize(stats.solutions);
  }
  const auto iterations = static_cast<double>(state.iterations());
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["ns_per_node"] = seconds * 1e9 / (iterations * static_cast<double>(nodes));
}

void forward_static(benchmark::State& s) { count_with(s, VariableOrder::static_order); }
void forward_mrv(benchmark::State& s) { count_with(s, VariableOrder::mrv); }
void forward_dom_wdeg(benchmark::State& s) { count_with(s, VariableOrder::dom_wdeg); }
void arc_mrv(benchmark::State& s) { count_with(s, VariableOrder::mrv, Prune::arc); }
void forward_static_cbj(benchmark::State& s) { count_with(s, VariableOrder::static_order, Prune::forward, Learn::cbj); }
void none_static(benchmark::State& s) { count_with(s, VariableOrder::static_order, Prune::none); }
void none_static_cbj(benchmark::State& s) { count_with(s, VariableOrder::static_order, Prune::none, Learn::cbj); }

}  // namespace

BENCHMARK(forward_static)->Arg(12)->Arg(14)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(forward_mrv)->Arg(12)->Arg(14)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(forward_dom_wdeg)->Arg(12)->Arg(14)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(arc_mrv)->Arg(12)->Arg(14)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(forward_static_cbj)->Arg(12)->Arg(14)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(none_static)->Arg(12)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(none_static_cbj)->Arg(12)->Unit(benchmark::kMillisecond)->MinTime(1.0);
