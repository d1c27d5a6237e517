#pragma once
// The search of count_in_lanes() (border_count.hpp), written once for every kernel: the
// walkers and their paths. A kernel supplies `Lanes`, the free squares of the 16 lanes as
// one `Lanes::Vector` and three operations on it (load, choose, child), and compiles this
// file for its instruction set: a translation unit of a kernel defines BORDER_KERNEL as
// its target attribute before including it, and instantiates walk() with a type of its
// own (in an unnamed namespace), so that every function here is that unit's own and
// none compiled for one instruction set is linked in place of another's.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "backtrack/nqueens/border_count.hpp"

#ifndef BORDER_KERNEL
#error "define BORDER_KERNEL, the kernel's target attribute, before including border_walkers.hpp"
#endif

namespace backtrack::nqueens::lanes {

// A node not yet entered: the free squares of its rows, its open rows, its depth below
// the subtree's root.
template <class Lanes>
struct Node {
  typename Lanes::Vector free;
  std::uint32_t open;
  int depth;
};

// A node of a walker's path, expanded: its free squares, the squares of its chosen row
// not yet tried (never none: a walker stands only on levels with a move left), the rows
// open below it, its chosen row's lane, and the level to go back to once its last move
// is taken (the deepest level above it with a move left, -1 for none).
template <class Lanes>
struct alignas(64) Level {
  typename Lanes::Vector free;
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
// Three to six measured alike, two and eight slower (AVX-512).
constexpr int walkers = 4;

// Lane `lane` of the free squares, read back through memory (a store forwarded to the
// load): every kernel's vector holds its 16 lanes in order, of 32 or 16 bits each.
template <class Lanes>
BORDER_KERNEL inline std::uint32_t lane_of(const typename Lanes::Vector& v, std::uint32_t lane) {
  using Lane = std::conditional_t<sizeof(v) == sizeof(std::uint16_t) * lane_rows, std::uint16_t, std::uint32_t>;
  static_assert(sizeof(v) == sizeof(Lane) * lane_rows);
  Lane value = 0;
  std::memcpy(&value, reinterpret_cast<const char*>(&v) + sizeof value * lane, sizeof value);
  return value;
}

// Whether a node with these open rows, chosen row (key: free squares << 4 | lane) and
// covered columns is a dead end: a row without a free square, or fewer columns than rows
// to fill.
inline bool dead_end(std::uint32_t open, std::uint32_t best, std::uint32_t covered) {
  return (best >> 4 == 0) | (std::popcount(covered) < std::popcount(open));
}

// -1 if `yes`, else 0, out of the optimiser's sight: where g++ sees through a mask it
// may turn the select back into a branch (over a load, in step()), and a wrong guess
// costs more than the node.
BORDER_KERNEL [[gnu::always_inline]] inline int opaque_mask(bool yes) {
  int mask = -static_cast<int>(yes);
  asm("" : "+r"(mask));
  return mask;
}

struct Totals {
  std::uint64_t nodes = 0;
  std::uint64_t failures = 0;
  std::uint64_t found = 0;
  int deepest = 0;

  void add(const Totals& more) {
    nodes += more.nodes;
    failures += more.failures;
    found += more.found;
    deepest = std::max(deepest, more.deepest);
  }
};

// One depth-first search below a node: the subtree's root, or a move another walker gave
// away.
template <class Lanes>
struct Walker {
  std::array<Level<Lanes>, lane_rows + 1> path;
  int level = 0;  // in path; -1 once its root's subtree is done
  int base = 0;   // its root's depth below the subtree's root
  bool busy = false;

  // Enters `node`: false when it has no child (a solution or a dead end, counted).
  BORDER_KERNEL [[gnu::always_inline]] inline bool start(const Lanes& lanes, const Node<Lanes>& node,
                                                          Totals& totals) {
    ++totals.nodes;
    totals.deepest = std::max(totals.deepest, node.depth);
    if (node.open == 0) {
      ++totals.found;
      return false;
    }
    std::uint32_t best = 0;
    std::uint32_t covered = 0;
    lanes.choose(node.free, node.open, best, covered);
    if (dead_end(node.open, best, covered)) {
      ++totals.failures;
      return false;
    }
    Level<Lanes>& root = path[0];
    root.free = node.free;
    root.lane = best & 0xf;
    root.todo = lane_of<Lanes>(root.free, root.lane);
    root.open = node.open & ~(std::uint32_t{1} << root.lane);
    root.back = -1;
    level = 0;
    base = node.depth;
    return true;
  }

  // Enters the next node: the child of level `level`'s next move, and returns the level
  // to go on from (-1 once the walker's root is done). The outcome only selects values:
  // the next level (one deeper, this one, or the one to go back to), and what the counts
  // add (the node itself the caller counts, as a step). The level and the counts are the
  // caller's locals, not members: the stores into `path` could alias a member, which
  // would then go through memory at every node.
  BORDER_KERNEL [[gnu::always_inline]] inline int step(const Lanes& lanes, int level, int base, Totals& tally) {
    Level<Lanes>& at = path[static_cast<std::size_t>(level)];
    const std::uint32_t bit = at.todo & (0 - at.todo);
    const std::uint32_t rest = at.todo ^ bit;
    at.todo = rest;
    const typename Lanes::Vector free = lanes.child(at.free, at.lane, bit);
    const std::uint32_t open = at.open;
    std::uint32_t best = 0;
    std::uint32_t covered = 0;
    lanes.choose(free, open, best, covered);
    const bool solution = open == 0;
    const bool dead = !solution & dead_end(open, best, covered);
    const bool goes_down = !solution & !dead;
    tally.found += solution;
    tally.failures += dead;
    tally.deepest = std::max(tally.deepest, base + level + 1);
    // Selected by masks: g++ made branches of `?:` here.
    const int back = at.back + ((level - at.back) & opaque_mask(rest != 0));
    Level<Lanes>& next = path[static_cast<std::size_t>(level) + 1];
    next.free = free;
    next.lane = best & 0xf;
    next.todo = lane_of<Lanes>(next.free, next.lane);
    next.open = open & ~(std::uint32_t{1} << next.lane);
    next.back = back;
    return back + ((level + 1 - back) & opaque_mask(goes_down));
  }

  // Hands the shallowest move not yet taken to another walker, but never the current
  // level's last: false if there is none.
  BORDER_KERNEL bool give_away(const Lanes& lanes, Node<Lanes>& node) {
    for (int above = 0; above <= level; ++above) {
      Level<Lanes>& at = path[static_cast<std::size_t>(above)];
      if (at.todo == 0 || (above == level && std::has_single_bit(at.todo))) continue;
      const std::uint32_t bit = std::bit_floor(at.todo);
      at.todo ^= bit;
      node = {lanes.child(at.free, at.lane, bit), at.open, base + above + 1};
      if (at.todo == 0) {
        // The levels that were to come back here go where this one would have.
        for (int below = above + 1; below <= level; ++below) {
          Level<Lanes>& deeper = path[static_cast<std::size_t>(below)];
          if (deeper.back == above) deeper.back = at.back;
        }
      }
      return true;
    }
    return false;
  }
};

// count_in_lanes() on the kernel whose lanes are `lanes`, made for `root`.
template <class Lanes>
BORDER_KERNEL SearchStats walk(const Lanes& lanes, const LaneRoot& root, std::uint64_t weight,
                               const SearchLimits& limits) {
  std::array<Walker<Lanes>, walkers> walker;
  Totals totals;
  walker[0].busy = walker[0].start(lanes, {lanes.load(root), root.open, 0}, totals);
  // An idle walker takes the shallowest move a busy one has left, the largest piece of
  // work it can take; false when none is to be had.
  const auto find_work = [&](Walker<Lanes>& idle) BORDER_KERNEL {
    Node<Lanes> node;
    for (Walker<Lanes>& busy : walker) {
      while (busy.busy && busy.give_away(lanes, node)) {
        if (idle.start(lanes, node, totals)) return true;
      }
    }
    return false;
  };
  std::uint64_t until_check = check_nodes;
  StopReason stop = StopReason::none;
  while (stop == StopReason::none) {
    int busy = 0;
    for (Walker<Lanes>& w : walker) {
      if (!w.busy) w.busy = find_work(w);
      busy += w.busy ? 1 : 0;
    }
    if (busy == 0) break;
    std::uint64_t steps = 0;
    Totals tally;
    if (busy == walkers) {
      // All at once, until one is done.
      std::array<int, walkers> level{};
      std::array<int, walkers> base{};
      for (std::size_t i = 0; i < walkers; ++i) level[i] = walker[i].level, base[i] = walker[i].base;
      for (bool all_busy = true; all_busy && steps < check_nodes; steps += walkers) {
#pragma GCC unroll 4
        for (std::size_t i = 0; i < walkers; ++i) {
          level[i] = walker[i].step(lanes, level[i], base[i], tally);
          all_busy &= level[i] >= 0;
        }
      }
      for (std::size_t i = 0; i < walkers; ++i) walker[i].level = level[i];
    } else {
      // Nothing to share yet: the busy ones a few steps on, then another look.
      for (int round = 0; round < 64; ++round) {
        for (Walker<Lanes>& w : walker) {
          if (!w.busy || w.level < 0) continue;
          w.level = w.step(lanes, w.level, w.base, tally);
          ++steps;
        }
      }
    }
    tally.nodes = steps;
    totals.add(tally);
    for (Walker<Lanes>& w : walker) w.busy = w.busy && w.level >= 0;
    if (steps >= until_check) {
      until_check = check_nodes;
      stop = limits.outside_stop();
    } else {
      until_check -= steps;
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

}  // namespace backtrack::nqueens::lanes
