#pragma once
// The test's own N-Queens knowledge, written without the code under test: the OEIS
// sequences, a board validator, the 8 board symmetries, and a plain reference search.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

namespace reference {

// OEIS A000170: solutions of the n-queens problem, n = 0, 1, 2, ...
inline constexpr std::uint64_t a000170[] = {1,     1,      0,       0,        2,         10,
                                            4,     40,     92,      352,      724,       2680,
                                            14200, 73712,  365596,  2279184,  14772512,  95815104};
// OEIS A002562: solutions up to the 8 symmetries of the board, n = 0, 1, 2, ...
inline constexpr std::uint64_t a002562[] = {1,    1,     0,      0,      1,       2,       1,      6,      12,
                                            46,   92,    341,    1787,   9233,    45752,   285053, 1846955,
                                            11977939};

// board[r] = the column of the queen in row r.
using Board = std::vector<int>;

// n queens on an n x n board, one per row, in distinct columns, no two on a diagonal.
inline bool valid(const Board& board, int n) {
  if (static_cast<int>(board.size()) != n) return false;
  std::vector<bool> column(static_cast<std::size_t>(n), false);
  for (int r = 0; r < n; ++r) {
    const int c = board[static_cast<std::size_t>(r)];
    if (c < 0 || c >= n || column[static_cast<std::size_t>(c)]) return false;
    column[static_cast<std::size_t>(c)] = true;
    for (int earlier = 0; earlier < r; ++earlier) {
      if (std::abs(board[static_cast<std::size_t>(earlier)] - c) == r - earlier) return false;
    }
  }
  return true;
}

// A solution for any n >= 4 without search: the explicit construction (Hoffman, Loessi
// and Moore, 1969), columns counted from 1 as it is usually stated: the even columns
// then the odd ones, with a few moved for n mod 6 = 2 or 3. For boards far beyond what a
// plain search reaches, to give the strategies a known completion to find.
inline Board constructed(int n) {
  std::vector<int> evens;
  std::vector<int> odds;
  for (int c = 2; c <= n; c += 2) evens.push_back(c);
  for (int c = 1; c <= n; c += 2) odds.push_back(c);
  if (n % 6 == 2) {  // odds: 3, 1, 7, 9, ..., 5
    std::swap(odds[0], odds[1]);
    odds.erase(odds.begin() + 2);
    odds.push_back(5);
  } else if (n % 6 == 3) {  // evens: 4, 6, ..., 2; odds: 5, 7, ..., 1, 3
    evens.erase(evens.begin());
    evens.push_back(2);
    odds.erase(odds.begin(), odds.begin() + 2);
    odds.push_back(1);
    odds.push_back(3);
  }
  Board board;
  for (int c : evens) board.push_back(c - 1);
  for (int c : odds) board.push_back(c - 1);
  return board;
}

// The image of `board` under symmetry t (0..7) of the square: each queen (r, c) is
// mapped as a point, then read back row by row.
inline Board transform(const Board& board, int t) {
  const int n = static_cast<int>(board.size());
  const int m = n - 1;
  Board image(board.size(), -1);
  for (int r = 0; r < n; ++r) {
    const int c = board[static_cast<std::size_t>(r)];
    int r2 = r;
    int c2 = c;
    switch (t) {
      case 0: r2 = r; c2 = c; break;          // identity
      case 1: r2 = r; c2 = m - c; break;      // mirror left-right
      case 2: r2 = m - r; c2 = c; break;      // mirror top-bottom
      case 3: r2 = m - r; c2 = m - c; break;  // 180 degrees
      case 4: r2 = c; c2 = r; break;          // main diagonal
      case 5: r2 = c; c2 = m - r; break;      // 90 degrees
      case 6: r2 = m - c; c2 = r; break;      // 270 degrees
      case 7: r2 = m - c; c2 = m - r; break;  // anti-diagonal
    }
    image[static_cast<std::size_t>(r2)] = c2;
  }
  return image;
}

// The distinct boards the 8 symmetries make of `board`.
inline std::set<Board> orbit(const Board& board) {
  std::set<Board> members;
  for (int t = 0; t < 8; ++t) members.insert(transform(board, t));
  return members;
}

// The last queen of `board` is attacked by none before it.
inline bool last_is_safe(const Board& board) {
  const std::size_t r = board.size() - 1;
  for (std::size_t earlier = 0; earlier < r; ++earlier) {
    const int dc = std::abs(board[earlier] - board[r]);
    if (dc == 0 || dc == static_cast<int>(r - earlier)) return false;
  }
  return true;
}

// A depth-first search written out by hand: every solution in lexicographic order, and
// the size of the tree the engine is expected to walk (states entered, states that
// are neither a solution nor have a safe child, deepest state).
struct Tree {
  std::vector<Board> solutions;
  std::uint64_t nodes = 0;
  std::uint64_t failures = 0;
  int max_depth = 0;
};

inline void walk(int n, Board& board, Tree& tree) {
  ++tree.nodes;
  const int depth = static_cast<int>(board.size());
  if (depth == n) {
    tree.solutions.push_back(board);
    tree.max_depth = std::max(tree.max_depth, depth);
    return;
  }
  bool extended = false;
  for (int c = 0; c < n; ++c) {
    board.push_back(c);
    if (last_is_safe(board)) {
      extended = true;
      walk(n, board, tree);
    }
    board.pop_back();
  }
  if (!extended) {
    ++tree.failures;
    tree.max_depth = std::max(tree.max_depth, depth);
  }
}

// The whole tree from the empty board.
inline Tree full_tree(int n) {
  Tree tree;
  Board board;
  walk(n, board, tree);
  return tree;
}

// The subtrees below the first queens a `mirror` search starts from: columns
// 0 .. ceil(n/2) - 1 of row 0. Their roots are counted, the empty board is not.
inline Tree mirror_tree(int n) {
  Tree tree;
  for (int c = 0; c < (n + 1) / 2; ++c) {
    Board board{c};
    walk(n, board, tree);
  }
  return tree;
}

}  // namespace reference
