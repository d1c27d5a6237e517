// Each N-Queens strategy counting all solutions through the engine, one thread, n = 8..14.
#include <benchmark/benchmark.h>

#include "backtrack/engine.hpp"
#include "backtrack/nqueens/arrays.hpp"
#include "backtrack/nqueens/bitset.hpp"
#include "backtrack/nqueens/constellations.hpp"
#include "backtrack/nqueens/scan.hpp"
#include "backtrack/nqueens/word.hpp"
#include "backtrack/nqueens/word_symmetric.hpp"

namespace {

template <class Problem, class... Args>
void count(benchmark::State& state, Args... args) {
  const Problem problem(static_cast<int>(state.range(0)), args...);
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    const auto stats = backtrack::count_solutions(problem);
    nodes = stats.nodes;
    benchmark::DoNotOptimize(stats.solutions);
  }
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nodes_per_second"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
}

using namespace backtrack::nqueens;

void scan(benchmark::State& s) { count<ScanQueens>(s); }
void arrays(benchmark::State& s) { count<ArrayQueens>(s); }
void bitset(benchmark::State& s) { count<BitsetQueens>(s); }
void word(benchmark::State& s) { count<WordQueens>(s); }
void word_mirror(benchmark::State& s) { count<WordQueens>(s, Symmetry::mirror); }
void word_full(benchmark::State& s) { count<SymmetricWordQueens>(s); }
void border(benchmark::State& s) { count<ConstellationQueens>(s); }

}  // namespace

BENCHMARK(scan)->DenseRange(8, 14)->Unit(benchmark::kMillisecond);
BENCHMARK(arrays)->DenseRange(8, 14)->Unit(benchmark::kMillisecond);
BENCHMARK(bitset)->DenseRange(8, 14)->Unit(benchmark::kMillisecond);
BENCHMARK(word)->DenseRange(8, 14)->Unit(benchmark::kMillisecond);
BENCHMARK(word_mirror)->DenseRange(8, 14)->Unit(benchmark::kMillisecond);
BENCHMARK(word_full)->DenseRange(8, 14)->Unit(benchmark::kMillisecond);
BENCHMARK(border)->DenseRange(8, 14)->Unit(benchmark::kMillisecond);
