// The engine's side of bench_engine_vs_hand, in a translation unit of its own: GCC's
// inlining depends on the size of the unit it compiles, so with both sides in one unit
// a change to the engine changed the hand-written loops' code too (word with full
// symmetry by hand, n = 13: 263.0 M instructions beside one engine, 304.4 M beside a
// larger one). Apart, each side is compiled as it would be alone.
#include "backtrack/engine.hpp"
#include "backtrack/nqueens/constellations.hpp"
#include "backtrack/nqueens/word.hpp"
#include "backtrack/nqueens/word_symmetric.hpp"
#include "engine_side.hpp"

namespace backtrack::bench {

template <class P>
SearchStats engine_count(const P& problem) {
  return count_solutions(problem);
}

template SearchStats engine_count(const nqueens::WordQueens&);
template SearchStats engine_count(const nqueens::SymmetricWordQueens&);
template SearchStats engine_count(const nqueens::ConstellationQueens&);

}  // namespace backtrack::bench
