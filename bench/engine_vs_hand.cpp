// The generic engine against the same algorithm inlined by hand, in one binary.
#include <benchmark/benchmark.h>

#include "backtrack/engine.hpp"
#include "backtrack/nqueens/word.hpp"
#include "backtrack/nqueens/word_symmetric.hpp"
#include "hand_inlined.hpp"

namespace {

using backtrack::nqueens::WordQueens;

void word_engine(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const WordQueens problem(n);
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    const auto stats = backtrack::count_solutions(problem);
    nodes = stats.nodes;
    benchmark::DoNotOptimize(stats.solutions);
  }
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nodes_per_second"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
}

void word_hand_inlined(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  backtrack::bench::HandWordQueens hand(n);
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    const auto result = hand.count();
    nodes = result.nodes;
    benchmark::DoNotOptimize(result.solutions);
  }
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nodes_per_second"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
}

void symmetric_engine(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const backtrack::nqueens::SymmetricWordQueens problem(n);
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    const auto stats = backtrack::count_solutions(problem);
    nodes = stats.nodes;
    benchmark::DoNotOptimize(stats.solutions);
  }
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nodes_per_second"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
}

void symmetric_hand_inlined(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  backtrack::bench::HandSymmetricQueens hand(n);
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    const auto result = hand.count();
    nodes = result.nodes;
    benchmark::DoNotOptimize(result.solutions);
  }
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nodes_per_second"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
}

}  // namespace

// Interleaved, so that a change in the machine's load hits both sides alike.
BENCHMARK(word_engine)->DenseRange(12, 14)->Unit(benchmark::kMillisecond);
BENCHMARK(word_hand_inlined)->DenseRange(12, 14)->Unit(benchmark::kMillisecond);
BENCHMARK(symmetric_engine)->DenseRange(13, 15)->Unit(benchmark::kMillisecond);
BENCHMARK(symmetric_hand_inlined)->DenseRange(13, 15)->Unit(benchmark::kMillisecond);
