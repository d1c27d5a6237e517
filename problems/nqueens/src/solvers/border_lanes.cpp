// count_in_lanes() (border_count.hpp), for AVX-512 F and BW: compiled for them by the
// target attribute alone, so that the rest of the build runs on any x86-64 CPU, and
// called only where lanes_available() says the CPU has them.
// GCC 12's AVX-512 intrinsics fill their unused lanes from a variable set to itself
// (_mm512_undefined_epi32()), which -Wuninitialized reports once inlined here.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "backtrack/nqueens/border_count.hpp"

namespace backtrack::nqueens {

bool lanes_available() {
#if defined(__x86_64__)
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
#else
  return false;
#endif
}

#if defined(__x86_64__)

namespace {

#define BORDER_LANES __attribute__((target("avx512f,avx512bw")))

// A node not yet entered: the free squares of its rows, its open rows, its depth below
// the subtree's root.
struct Node {
  __m512i free;
  std::uint32_t open;
  int depth;
};

// A node of a walker's path, expanded: its free squares, the squares of its chosen row
// not yet tried, the rows open below it, its chosen row's lane.
struct Level {
  __m512i free;
  std::uint32_t todo;
  std::uint32_t open;
  std::uint32_t lane;
};

// Between two reads of the stop flag and the clock (some 0.1 ms of nodes).
constexpr std::uint64_t check_nodes = std::uint64_t{1} << 16;

// Walkers searching at once: each node of one is a chain of dependent instructions (the
// count of every row's squares, the minimum, the child) some 45 cycles long, and the
// processor runs the other walkers' chains beside it (docs/performance.md).
constexpr int walkers = 4;
// Nodes handed out to the walkers as they finish: the subtree's top nodes, expanded
// breadth first until there are this many.
constexpr std::size_t wanted_nodes = 4 * walkers;
constexpr std::size_t max_nodes_waiting = 256;

struct Totals {
  std::uint64_t nodes = 0;
  std::uint64_t failures = 0;
  std::uint64_t found = 0;
  int deepest = 0;
};

struct Constants {
  __m512i lane_index;
  __m512i nibbles;
  __m512i bits_in_nibble;
  __m512i none_open;
};

BORDER_LANES inline Constants constants() {
  return {_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), _mm512_set1_epi8(0x0f),
          _mm512_broadcast_i32x4(_mm_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4)),
          _mm512_set1_epi32(-1)};
}

// Enters a node: counts it, and returns its chosen row's key (free squares << 8 | lane),
// 0 for a solution or a failure (counted).
BORDER_LANES [[gnu::always_inline]] inline std::uint32_t enter(const Constants& c, __m512i free, std::uint32_t open,
                                                                int depth, Totals& totals) {
  ++totals.nodes;
  totals.deepest = std::max(totals.deepest, depth);
  if (open == 0) {
    ++totals.found;
    return 0;
  }
  // Each open row's key: its free squares << 8 | its lane; the minimum picks both.
  const __m512i low = _mm512_and_si512(free, c.nibbles);
  const __m512i high = _mm512_and_si512(_mm512_srli_epi16(free, 4), c.nibbles);
  const __m512i bytes =
      _mm512_add_epi8(_mm512_shuffle_epi8(c.bits_in_nibble, low), _mm512_shuffle_epi8(c.bits_in_nibble, high));
  const __m512i counts = _mm512_madd_epi16(_mm512_maddubs_epi16(bytes, _mm512_set1_epi8(1)), _mm512_set1_epi16(1));
  const __m512i keys = _mm512_mask_blend_epi32(static_cast<__mmask16>(open), c.none_open,
                                               _mm512_or_si512(_mm512_slli_epi32(counts, 8), c.lane_index));
  const std::uint32_t best = _mm512_reduce_min_epu32(keys);
  const auto covered = static_cast<std::uint32_t>(
      _mm512_reduce_or_epi32(_mm512_maskz_mov_epi32(static_cast<__mmask16>(open), free)));
  if (best >> 8 == 0 || std::popcount(covered) < std::popcount(open)) {
    ++totals.failures;
    return 0;
  }
  return best;
}

BORDER_LANES [[gnu::always_inline]] inline Level expanded(__m512i free, std::uint32_t open, std::uint32_t best) {
  const std::uint32_t lane = best & 0xff;
  const auto todo = static_cast<std::uint32_t>(_mm_cvtsi128_si32(
      _mm512_castsi512_si128(_mm512_permutexvar_epi32(_mm512_set1_epi32(static_cast<int>(lane)), free))));
  return {free, todo, open & ~(std::uint32_t{1} << lane), lane};
}

// The free squares of the child of `at` whose queen is `bit`: the queen takes its column
// and its two diagonals off every row, at distance |row - its row| on either side.
BORDER_LANES [[gnu::always_inline]] inline __m512i child(const Constants& c, const Level& at, std::uint32_t bit) {
  const __m512i distance =
      _mm512_abs_epi32(_mm512_sub_epi32(c.lane_index, _mm512_set1_epi32(static_cast<int>(at.lane))));
  const __m512i queen = _mm512_set1_epi32(static_cast<int>(bit));
  const __m512i attacked =
      _mm512_or_si512(queen, _mm512_or_si512(_mm512_sllv_epi32(queen, distance), _mm512_srlv_epi32(queen, distance)));
  return _mm512_andnot_si512(attacked, at.free);
}

// One depth-first search below a node taken from the waiting ones; step() enters one
// node and moves to the next.
struct Walker {
  __m512i free;
  std::uint32_t open = 0;
  int depth = 0;  // below the walker's root
  int base = 0;   // its root's depth below the subtree's root
  bool busy = false;
  std::array<Level, lane_rows + 1> path;

  BORDER_LANES [[gnu::always_inline]] inline void start(const Node& node) {
    free = node.free;
    open = node.open;
    depth = 0;
    base = node.depth;
    busy = true;
  }

  // Enters the current node and goes on to the next one; false when its root's subtree
  // is done.
  BORDER_LANES [[gnu::always_inline]] inline bool step(const Constants& c, Totals& totals) {
    const std::uint32_t best = enter(c, free, open, base + depth, totals);
    if (best != 0) {
      path[static_cast<std::size_t>(depth)] = expanded(free, open, best);
    } else {
      // Back up to the deepest node with a square left to try.
      while (depth > 0 && path[static_cast<std::size_t>(depth - 1)].todo == 0) --depth;
      if (depth == 0) return false;
      --depth;
    }
    Level& at = path[static_cast<std::size_t>(depth)];
    const std::uint32_t bit = at.todo & (0 - at.todo);
    at.todo ^= bit;
    free = child(c, at, bit);
    open = at.open;
    ++depth;
    return true;
  }
};

}  // namespace

BORDER_LANES SearchStats count_in_lanes(const LaneRoot& root, std::uint64_t weight, const SearchLimits& limits) {
  const Constants c = constants();
  Totals totals;
  // The top of the subtree, breadth first, until enough nodes wait for the walkers.
  std::array<Node, max_nodes_waiting> waiting;
  std::size_t head = 0;
  std::size_t tail = 0;
  waiting[tail++] = {_mm512_loadu_si512(root.free.data()), root.open, 0};
  while (head < tail && tail - head < wanted_nodes && tail + lane_rows <= max_nodes_waiting) {
    const Node node = waiting[head++];
    const std::uint32_t best = enter(c, node.free, node.open, node.depth, totals);
    if (best == 0) continue;
    Level at = expanded(node.free, node.open, best);
    while (at.todo != 0) {
      const std::uint32_t bit = at.todo & (0 - at.todo);
      at.todo ^= bit;
      waiting[tail++] = {child(c, at, bit), at.open, node.depth + 1};
    }
  }
  std::array<Walker, walkers> walker;
  for (Walker& w : walker) {
    if (head < tail) w.start(waiting[head++]);
  }
  std::uint64_t until_check = check_nodes;
  StopReason stop = StopReason::none;
  for (bool any = true; any;) {
    any = false;
    for (Walker& w : walker) {
      if (!w.busy) continue;
      any = true;
      if (!w.step(c, totals)) {
        if (head < tail) {
          w.start(waiting[head++]);
        } else {
          w.busy = false;
        }
      }
    }
    until_check -= walkers;
    if (until_check <= walkers) {
      until_check = check_nodes;
      stop = limits.outside_stop();
      if (stop != StopReason::none) break;
    }
  }
  SearchStats stats;
  stats.nodes = totals.nodes;
  stats.failures = totals.failures;
  stats.solutions = static_cast<uint128>(totals.found) * weight;
  stats.representatives = totals.found;
  stats.max_depth = totals.deepest;
  stats.stop = stop;
  return stats;
}

#else

SearchStats count_in_lanes(const LaneRoot&, std::uint64_t, const SearchLimits&) { return {}; }

#endif

}  // namespace backtrack::nqueens

#undef BORDER_LANES

#pragma GCC diagnostic pop
