// count_in_lanes() (border_count.hpp), for AVX-512 F and VPOPCNTDQ: compiled for them by
// the target attribute alone, so that the rest of the build runs on any x86-64
// CPU, and called only where lanes_available() says the CPU has them.
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
#include <cstring>

#include "backtrack/nqueens/border_count.hpp"

namespace backtrack::nqueens {

bool lanes_available() {
#if defined(__x86_64__)
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vpopcntdq");
#else
  return false;
#endif
}

#if defined(__x86_64__)

namespace {

#define BORDER_LANES __attribute__((target("avx512f,avx512vpopcntdq")))

// A node not yet entered: the free squares of its rows, its open rows, its depth below
// the subtree's root.
struct Node {
  __m512i free;
  std::uint32_t open;
  int depth;
};

// A node of a walker's path, expanded: its free squares, the squares of its chosen row
// not yet tried (never none: a walker stands only on levels with a move left), the rows
// open below it, its chosen row's lane, and the level to go back to once its last move
// is taken (the deepest level above it with a move left, -1 for none).
struct alignas(64) Level {
  __m512i free;
  std::uint32_t todo;
  std::uint32_t open;
  std::uint32_t lane;
  int back;
};

// Between two reads of the stop flag and the clock (under a millisecond of nodes).
constexpr std::uint64_t check_nodes = std::uint64_t{1} << 16;

// Walkers searching at once. A node's work is a chain of dependent instructions; a
// walker's next node depends on its last one's outcome, which a branch would guess
// wrong about half the time. So a step has no branch on the outcome (the next level is
// picked arithmetically) and the processor runs the walkers' chains side by side.
// Three to six measured alike, two and eight slower.
constexpr int walkers = 4;

// Lane `lane` of v, read back through memory (a store forwarded to the load).
BORDER_LANES inline std::uint32_t lane_of(const __m512i& v, std::uint32_t lane) {
  std::uint32_t value = 0;
  std::memcpy(&value, reinterpret_cast<const char*>(&v) + sizeof value * lane, sizeof value);
  return value;
}

class Lanes {
 public:
  BORDER_LANES explicit Lanes(const LaneRoot& root) {
    alignas(64) std::array<std::uint32_t, lane_rows> values{};
    for (int i = 0; i < lane_rows; ++i) values[static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(i);
    lane_index_ = _mm512_load_si512(values.data());
    for (std::size_t lane = 0; lane < lane_rows; ++lane) {
      for (std::size_t i = 0; i < lane_rows; ++i) {
        values[i] = root.row[i] > root.row[lane] ? root.row[i] - root.row[lane] : root.row[lane] - root.row[i];
      }
      distance_[lane] = _mm512_load_si512(values.data());
    }
  }

  // The key of a node's chosen row, free squares << 4 | lane (the fewest free squares,
  // the first lane on a tie), and the columns the open rows' free squares cover.
  BORDER_LANES [[gnu::always_inline]] inline void choose(__m512i free, std::uint32_t open, std::uint32_t& best,
                                                          std::uint32_t& covered) const {
    const auto rows = static_cast<__mmask16>(open);
    const __m512i keys = _mm512_mask_mov_epi32(
        _mm512_set1_epi32(0xffff), rows, _mm512_or_si512(_mm512_slli_epi32(_mm512_popcnt_epi32(free), 4), lane_index_));
    const __m256i short_keys = _mm512_cvtepi32_epi16(keys);
    const __m128i fewest =
        _mm_min_epu16(_mm256_castsi256_si128(short_keys), _mm256_extracti128_si256(short_keys, 1));
    best = static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_minpos_epu16(fewest))) & 0xffff;
    const __m512i open_free = _mm512_maskz_mov_epi32(rows, free);
    const __m256i half = _mm256_or_si256(_mm512_castsi512_si256(open_free), _mm512_extracti64x4_epi64(open_free, 1));
    __m128i any = _mm_or_si128(_mm256_castsi256_si128(half), _mm256_extracti128_si256(half, 1));
    any = _mm_or_si128(any, _mm_shuffle_epi32(any, 0x4e));
    any = _mm_or_si128(any, _mm_srli_epi64(any, 32));
    covered = static_cast<std::uint32_t>(_mm_cvtsi128_si32(any));
  }

  // Whether a node with these open rows, chosen row and covered columns is a dead end:
  // a row without a free square, or fewer columns than rows to fill.
  static bool dead_end(std::uint32_t open, std::uint32_t best, std::uint32_t covered) {
    return (best >> 4 == 0) | (std::popcount(covered) < std::popcount(open));
  }

  // The free squares of the child of `at` whose queen is `bit`: the queen takes its column
  // and its two diagonals off every row, at distance |row - its row| on either side.
  BORDER_LANES [[gnu::always_inline]] inline __m512i child(const Level& at, std::uint32_t bit) const {
    const __m512i queen = _mm512_set1_epi32(static_cast<int>(bit));
    const __m512i distance = distance_[at.lane];
    const __m512i attacked = _mm512_ternarylogic_epi32(queen, _mm512_sllv_epi32(queen, distance),
                                                       _mm512_srlv_epi32(queen, distance), 0xfe);  // a | b | c
    return _mm512_andnot_si512(attacked, at.free);
  }

 private:
  __m512i lane_index_;
  __m512i distance_[lane_rows];  // NOLINT: std::array would drop the vector type's attributes
};

struct Totals {
  std::uint64_t nodes = 0;
  std::uint64_t failures = 0;
  std::uint64_t found = 0;
  int deepest = 0;
};

// One depth-first search below a node: the subtree's root, or a move another walker gave
// away.
struct Walker {
  std::array<Level, lane_rows + 1> path;
  Totals totals;  // its own: the walkers share no counter, so no chain of dependences
  int level = 0;  // in path; -1 once its root's subtree is done
  int base = 0;   // its root's depth below the subtree's root
  bool busy = false;

  // Enters `node`: false when it has no child (a solution or a dead end, counted).
  BORDER_LANES [[gnu::always_inline]] inline bool start(const Lanes& lanes, const Node& node) {
    ++totals.nodes;
    totals.deepest = std::max(totals.deepest, node.depth);
    if (node.open == 0) {
      ++totals.found;
      return false;
    }
    std::uint32_t best = 0;
    std::uint32_t covered = 0;
    lanes.choose(node.free, node.open, best, covered);
    if (Lanes::dead_end(node.open, best, covered)) {
      ++totals.failures;
      return false;
    }
    Level& root = path[0];
    root.free = node.free;
    root.lane = best & 0xf;
    root.todo = lane_of(root.free, root.lane);
    root.open = node.open & ~(std::uint32_t{1} << root.lane);
    root.back = -1;
    level = 0;
    base = node.depth;
    return true;
  }

  // Enters the next node: the child of the current level's next move. The outcome only
  // selects values: the next level (one deeper, this one, or the one to go back to), and
  // what the counts add.
  BORDER_LANES [[gnu::always_inline]] inline void step(const Lanes& lanes) {
    Level& at = path[static_cast<std::size_t>(level)];
    const std::uint32_t bit = at.todo & (0 - at.todo);
    const std::uint32_t rest = at.todo ^ bit;
    at.todo = rest;
    const __m512i free = lanes.child(at, bit);
    const std::uint32_t open = at.open;
    std::uint32_t best = 0;
    std::uint32_t covered = 0;
    lanes.choose(free, open, best, covered);
    const bool solution = open == 0;
    const bool dead = !solution & Lanes::dead_end(open, best, covered);
    const bool goes_down = !solution & !dead;
    ++totals.nodes;
    totals.found += solution;
    totals.failures += dead;
    totals.deepest = std::max(totals.deepest, base + level + 1);
    // Selected by masks: g++ made branches of `?:` here, and a wrong guess costs more
    // than the node.
    const int back = at.back + ((level - at.back) & -static_cast<int>(rest != 0));
    Level& next = path[static_cast<std::size_t>(level) + 1];
    next.free = free;
    next.lane = best & 0xf;
    next.todo = lane_of(next.free, next.lane);
    next.open = open & ~(std::uint32_t{1} << next.lane);
    next.back = back;
    level = back + ((level + 1 - back) & -static_cast<int>(goes_down));
  }

  // Hands the shallowest move not yet taken to another walker, but never the current
  // level's last: false if there is none.
  BORDER_LANES bool give_away(const Lanes& lanes, Node& node) {
    for (int above = 0; above <= level; ++above) {
      Level& at = path[static_cast<std::size_t>(above)];
      if (at.todo == 0 || (above == level && std::has_single_bit(at.todo))) continue;
      const std::uint32_t bit = std::bit_floor(at.todo);
      at.todo ^= bit;
      node = {lanes.child(at, bit), at.open, base + above + 1};
      if (at.todo == 0) {
        // The levels that were to come back here go where this one would have.
        for (int below = above + 1; below <= level; ++below) {
          Level& deeper = path[static_cast<std::size_t>(below)];
          if (deeper.back == above) deeper.back = at.back;
        }
      }
      return true;
    }
    return false;
  }
};

}  // namespace

BORDER_LANES SearchStats count_in_lanes(const LaneRoot& root, std::uint64_t weight, const SearchLimits& limits) {
  const Lanes lanes(root);
  std::array<Walker, walkers> walker;
  walker[0].busy =
      walker[0].start(lanes, {_mm512_loadu_si512(root.free.data()), root.open, 0});
  // An idle walker takes the shallowest move a busy one has left, the largest piece of
  // work it can take; false when none is to be had.
  const auto find_work = [&](Walker& idle) BORDER_LANES {
    Node node;
    for (Walker& busy : walker) {
      while (busy.busy && busy.give_away(lanes, node)) {
        if (idle.start(lanes, node)) return true;
      }
    }
    return false;
  };
  std::uint64_t until_check = check_nodes;
  StopReason stop = StopReason::none;
  while (stop == StopReason::none) {
    int busy = 0;
    for (Walker& w : walker) {
      if (!w.busy) w.busy = find_work(w);
      busy += w.busy ? 1 : 0;
    }
    if (busy == 0) break;
    std::uint64_t steps = 0;
    if (busy == walkers) {
      // All at once, until one is done.
      for (bool all_busy = true; all_busy && steps < check_nodes; steps += walkers) {
#pragma GCC unroll 4
        for (Walker& w : walker) {
          w.step(lanes);
          all_busy &= w.level >= 0;
        }
      }
    } else {
      // Nothing to share yet: the busy ones a few steps on, then another look.
      for (int round = 0; round < 64; ++round) {
        for (Walker& w : walker) {
          if (!w.busy || w.level < 0) continue;
          w.step(lanes);
          ++steps;
        }
      }
    }
    for (Walker& w : walker) w.busy = w.busy && w.level >= 0;
    if (steps >= until_check) {
      until_check = check_nodes;
      stop = limits.outside_stop();
    } else {
      until_check -= steps;
    }
  }
  Totals totals;
  for (const Walker& w : walker) {
    totals.nodes += w.totals.nodes;
    totals.failures += w.totals.failures;
    totals.found += w.totals.found;
    totals.deepest = std::max(totals.deepest, w.totals.deepest);
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
