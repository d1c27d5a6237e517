#pragma once
// The value order (--values), for both constraint layers: which value of a variable's
// domain a node tries first, and, branching on every value (--branching values), in
// which order the others follow. Written once here, on ranks: a layer knows its domain
// (a 64-bit word, or an interval with holes), this file only how many values it has.
//
// The k-th value to try (k = 0: the first) of a domain of m values is the value of rank
// rank_to_try(order, k, m, draw) (rank 0: the smallest):
//   min      k                        smallest first
//   max      m - 1 - k                largest first
//   mid      the median (rank (m - 1) / 2, the lower of two), then the median of the
//            values left, and so on: outward from the middle, one side then the other
//   random   (draw + k * step) mod m, step coprime to m and drawn too: a permutation of
//            the ranks, drawn from the seed, the variable and its bounds (value_draw()),
//            so the same node tries the same values whichever thread or probe makes it
//   split, reverse-split   halve the domain rather than name a value (halves()): x <= cut
//            and x > cut (split_point()), the upper half first for reverse-split; as a
//            rank, split is min's, reverse-split max's
// The first value (k = 0) is what binary branching (x = v, then x != v) tries. Iterating
// mid's first value over the values left gives mid's order for every k, so a binary tree
// tries the values of a node in the order that branching on every value does; random's
// binary draw is made again at each node (its bounds changed), as Gecode's INT_VAL_RND.
#include <cstdint>
#include <numeric>

#include "backtrack/csp/options.hpp"

namespace backtrack::csp {

// What a child of a branching says of its variable: x = v, x != v (binary branching),
// x <= v, x > v (a split's halves).
enum class DecisionKind : std::uint8_t { equal, not_equal, at_most, more_than };

// Whether the order halves the domain (split, reverse-split) rather than choose a value.
constexpr bool halves(ValueOrder order) { return order == ValueOrder::split || order == ValueOrder::reverse_split; }

// Where a split cuts the values lo .. hi: x <= cut, x > cut (both halves non-empty when lo < hi).
template <class V>
constexpr V split_point(V lo, V hi) {
  return lo + (hi - lo) / 2;
}

// A draw of --values random for variable x with the bounds lo .. hi: a mix of the three
// and the seed (splitmix's finaliser), the same on every platform.
constexpr std::uint64_t value_draw(std::uint64_t seed, int x, std::int64_t lo, std::int64_t hi) {
  std::uint64_t h = seed * 0x9E3779B97F4A7C15ULL ^ static_cast<std::uint64_t>(x);
  for (const std::int64_t v : {lo, hi}) {
    h ^= static_cast<std::uint64_t>(v) + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 31;
  }
  return h;
}

// The rank of the k-th value to try among m (k < m).
constexpr std::uint64_t rank_to_try(ValueOrder order, std::uint64_t k, std::uint64_t m, std::uint64_t draw) {
  switch (order) {
    case ValueOrder::min:
    case ValueOrder::split:
      return k;
    case ValueOrder::max:
    case ValueOrder::reverse_split:
      return m - 1 - k;
    case ValueOrder::mid: {
      // The median of m values is rank (m - 1) / 2; taking it away leaves the lower
      // median below it when m is odd, above it when m is even, and the sides alternate.
      const std::uint64_t middle = (m - 1) / 2;
      const std::uint64_t step = (k + 1) / 2;
      const bool below = (k % 2 == 1) == (m % 2 == 1);
      return k == 0 ? middle : below ? middle - step : middle + step;
    }
    case ValueOrder::random: {
      // A stride coprime to m visits every rank once.
      std::uint64_t stride = m <= 1 ? 1 : 1 + (draw >> 32) % (m - 1);
      while (std::gcd(stride, m) != 1) ++stride;
      return (draw % m + (k % m) * stride) % m;
    }
  }
  return k;
}

}  // namespace backtrack::csp
