// The generic engine against the same algorithm inlined by hand, in one binary (the
// engine's side compiled apart, in engine_side.cpp).
//
// Each benchmark repeats 5 times and reports the fastest repetition besides the median:
// on a shared machine other processes only ever add time, so the minimum is the
// cleanest reading of what each loop costs. Run with
// --benchmark_enable_random_interleaving=true so that both sides see the same load.
// Each hand-written loop also runs as `_hand_copy`, a second copy of the same code
// (see hand_inlined.hpp): its ratio to `_hand_inlined` is what the code's placement
// alone does to the time on this CPU (scripts/measure-engine-vs-hand.sh prints both).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <vector>

#include "backtrack/nqueens/constellations.hpp"
#include "backtrack/nqueens/word.hpp"
#include "backtrack/nqueens/word_symmetric.hpp"
#include "engine_side.hpp"
#include "hand_inlined.hpp"

namespace {

template <class Count>
void count_nodes(benchmark::State& state, Count count) {
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    const auto result = count();
    nodes = result.nodes;
    benchmark::DoNotOptimize(result.solutions);
  }
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nodes_per_second"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
}

template <class P>
void engine(benchmark::State& state) {
  const P problem(static_cast<int>(state.range(0)));
  count_nodes(state, [&] { return backtrack::bench::engine_count(problem); });
}

template <class Hand>
void hand_inlined(benchmark::State& state) {
  Hand hand(static_cast<int>(state.range(0)));
  count_nodes(state, [&] { return hand.count(); });
}

double fastest(const std::vector<double>& times) { return *std::min_element(times.begin(), times.end()); }

void configure(benchmark::internal::Benchmark* b, int from, int to) {
  b->DenseRange(from, to)->Unit(benchmark::kMillisecond)->Repetitions(5)->ComputeStatistics("min", fastest);
}

using backtrack::bench::HandBorderQueens;
using backtrack::bench::HandSymmetricQueens;
using backtrack::nqueens::ConstellationQueens;
using backtrack::bench::HandWordQueens;
using backtrack::nqueens::SymmetricWordQueens;
using backtrack::nqueens::WordQueens;

}  // namespace

BENCHMARK(engine<WordQueens>)->Name("word_engine")->Apply([](auto* b) { configure(b, 12, 14); });
BENCHMARK(hand_inlined<HandWordQueens<0>>)->Name("word_hand_inlined")->Apply([](auto* b) { configure(b, 12, 14); });
BENCHMARK(hand_inlined<HandWordQueens<1>>)->Name("word_hand_copy")->Apply([](auto* b) { configure(b, 12, 14); });
BENCHMARK(engine<SymmetricWordQueens>)->Name("symmetric_engine")->Apply([](auto* b) { configure(b, 13, 15); });
BENCHMARK(hand_inlined<HandSymmetricQueens<0>>)->Name("symmetric_hand_inlined")->Apply([](auto* b) { configure(b, 13, 15); });
BENCHMARK(hand_inlined<HandSymmetricQueens<1>>)->Name("symmetric_hand_copy")->Apply([](auto* b) { configure(b, 13, 15); });
BENCHMARK(engine<ConstellationQueens>)->Name("border_engine")->Apply([](auto* b) { configure(b, 14, 16); });
BENCHMARK(hand_inlined<HandBorderQueens<0>>)->Name("border_hand_inlined")->Apply([](auto* b) { configure(b, 14, 16); });
BENCHMARK(hand_inlined<HandBorderQueens<1>>)->Name("border_hand_copy")->Apply([](auto* b) { configure(b, 14, 16); });
