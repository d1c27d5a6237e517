#pragma once
// What each N-Queens strategy needs in memory for a board of n rows, so that a size the
// machine cannot hold is refused before anything is allocated (backtrack/memory_limit.hpp).
//
// Upper estimates from the data structures, the largest terms only:
//   * every search keeps its path (a move a row) and recurses once a row, a stack
//     frame of at most a few hundred bytes a level;
//   * a count splits the tree into subtrees, at worst one a square of the first row,
//     each a small vector of its own (about 64 bytes with the allocator's overhead);
//   * a strategy's own state: see each case below;
//   * on several threads, each thread's search and its copy of the problem (RunBytes).
// Strategies of a bounded size (word, border: n <= 64) need nothing worth checking but
// given queens; their own limit on n is the message a user should see. Strategy csp is
// bounded by its memory beyond 64 only, where it moves to the integer layer.
#include <string_view>

#include "backtrack/memory_limit.hpp"

namespace backtrack::nqueens {

inline RunBytes strategy_bytes(std::string_view strategy, double n, bool given_queens = false) {
  const double path_and_stack = (8 + 256) * n;
  const double split = 64 * n;
  // Given queens: checked first (validator.hpp, find_conflict(): four lines
  // of slots, 6n of 8 bytes), then, for the row-by-row strategies (given_queens.hpp), a given
  // column a row (4) and flags for columns (1) and both diagonal families (2 + 2).
  const double given = given_queens ? (48 + 9) * n : 0;
  RunBytes bytes{.shared = split + given};
  if (strategy == "scan") {
    bytes.search = 4 * n + path_and_stack;  // the column of each row
  } else if (strategy == "arrays") {
    bytes.search = 5 * n + path_and_stack;  // flags: columns (n), both diagonal families (2n - 1 each)
  } else if (strategy == "bitset") {
    bytes.search = (n + 1) * (4 * n / 8 + 4 * 32) + path_and_stack;  // a frame a row: four n-bit sets and their headers
  } else if (strategy == "dlx") {
    // Four nodes of 20 bytes a square in the problem's matrix and in a search's copy, and
    // the exact-cover matrix they are built from (4 + 16 bytes a square).
    bytes.problem = (4 * 20 + 24) * n * n;
    bytes.search = 4 * 20 * n * n + path_and_stack;
  } else if (strategy == "csp" && n > 64) {
    // The integer layer (csp.hpp, IntCspQueens): two disequalities a pair of rows, each
    // a propagator of two terms and two subscriptions (about 200 bytes), and a domain of
    // n bits a row in each state, with its trail.
    bytes.problem = 200 * n * n;
    bytes.search = n * n / 4 + path_and_stack;
  } else if (strategy == "mrv") {
    // 54 bytes a row of state and path (mrv.hpp), and a stack frame a queen (the search
    // runs on a stack of its own): 40 MB of peak resident memory at n = 100,000
    // (README, /usr/bin/time -f %M), 400 bytes a row in all, the problem's few included.
    return {.shared = given, .search = 400 * n};
  } else {
    return {.shared = given};
  }
  return bytes;
}

}  // namespace backtrack::nqueens
