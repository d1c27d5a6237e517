// Sudoku's fast path, `bits`, finding the solution of each puzzle of a set in one
// process, as the fastest solvers are measured: parse the line, build the problem, search
// through the generic engine to the first solution, render its grid. bits_first: the 9x9
// set in the file named by BACKTRACK_SUDOKU_SET (e.g. top95, one puzzle a line), without
// it the hard puzzles below; bits_first_16x16: the 55 puzzles of bench/sudoku/sixteen.txt.
// Counters: us_per_puzzle and nodes (for the whole set).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "backtrack/engine.hpp"
#include "backtrack/input_file.hpp"
#include "backtrack/sudoku/bits.hpp"
#include "backtrack/sudoku/puzzle_set.hpp"

namespace {

using backtrack::sudoku::Grid;

// Hard puzzles people test solvers with (AI Escargot, Inkala 2012, Golden Nugget, Easter Monster).
const char* const hard_puzzles =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..\n"
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..\n"
    ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....\n"
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1\n";

std::vector<std::string> puzzle_set(const char* path) {
  const std::string text = path != nullptr ? backtrack::read_input_file(path) : hard_puzzles;
  std::vector<std::string> puzzles;
  for (auto& puzzle : backtrack::sudoku::split_puzzles(text)) puzzles.push_back(std::move(puzzle.text));
  return puzzles;
}

template <int Box>
void bits_first(benchmark::State& state, const char* path) {
  using BitsSudoku = backtrack::sudoku::BitsSudoku<Box>;
  const auto puzzles = puzzle_set(path);
  backtrack::SearchLimits limits;
  limits.max_solutions = 1;
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    nodes = 0;
    for (const auto& text : puzzles) {
      const BitsSudoku problem(backtrack::sudoku::parse_grid(text, "puzzle"));
      Grid solved = problem.puzzle();
      const auto stats = backtrack::enumerate_solutions(
          problem,
          [&](const typename BitsSudoku::State&, std::span<const typename BitsSudoku::Move> path, std::uint64_t) {
            solved = problem.solution(path);
          },
          limits);
      nodes += stats.nodes;
      benchmark::DoNotOptimize(solved);
    }
  }
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["us_per_puzzle"] = benchmark::Counter(
      static_cast<double>(puzzles.size()) * 1e-6, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void bits_first_9x9(benchmark::State& state) { bits_first<3>(state, std::getenv("BACKTRACK_SUDOKU_SET")); }
void bits_first_16x16(benchmark::State& state) { bits_first<4>(state, BACKTRACK_SOURCE_DIR "/bench/sudoku/sixteen.txt"); }

}  // namespace

BENCHMARK(bits_first_9x9)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(bits_first_16x16)->Unit(benchmark::kMillisecond)->MinTime(1.0);
