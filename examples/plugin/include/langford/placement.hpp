#pragma once
// Langford pairs: arrange two 1s, two 2s, ..., two ns in a row of 2n squares so that
// the two copies of k have exactly k numbers between them. For n = 3 there is one
// arrangement and its reversal: 3 1 2 1 3 2 and 2 3 1 2 1 3. Arrangements exist only
// for n = 0 or 3 mod 4; their numbers, each with its reversal counted once, are
// OEIS A014552: 1, 1, 26, 150, 17792, 108144 for n = 3, 4, 7, 8, 11, 12.
//
// What both strategies share: a move, the symmetry that halves the count, and how a
// path of moves becomes the row of numbers it stands for.
#include <span>
#include <string>
#include <vector>

#include "backtrack/problem.hpp"

namespace langford {

// The row's squares are bits of one 64-bit word, and strategy word looks two squares
// past the first free one: n <= 31 keeps every shift below 64.
inline constexpr int max_n = 31;

// One move places both copies of a number: k at `first` and at first + k + 1.
struct Placement {
  int number = 0;
  int first = 0;
  int second() const { return first + number + 1; }
  friend bool operator==(const Placement&, const Placement&) = default;
};

enum class Symmetry {
  none,      // every arrangement
  reversal,  // one of each arrangement and its reversal, counted twice
};

// The search starts from these roots. Under reversal: the two 1s at j and j + 2 go to
// 2n - 3 - j and 2n - 1 - j, so no arrangement is its own reversal (that would need
// 2j = 2n - 3), and keeping the 1s in the left half (j <= n - 2) keeps exactly one of
// each pair. Each such root stands for 2 arrangements.
inline std::vector<backtrack::Root<Placement>> roots(int n, Symmetry symmetry) {
  if (symmetry == Symmetry::none) return {backtrack::Root<Placement>{}};
  std::vector<backtrack::Root<Placement>> roots;
  for (int j = 0; j <= n - 2; ++j) roots.push_back({{Placement{1, j}}, 2});
  return roots;
}

// The row a complete path of moves fills, square by square.
inline std::vector<int> row_of(int n, std::span<const Placement> path) {
  std::vector<int> row(static_cast<std::size_t>(2 * n), 0);
  for (const Placement& m : path) {
    row[static_cast<std::size_t>(m.first)] = m.number;
    row[static_cast<std::size_t>(m.second())] = m.number;
  }
  return row;
}

}  // namespace langford
