// A user of the engine alone: a naive N-Queens, counted with backtrack::engine and no
// other part of the project.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "backtrack/engine.hpp"

namespace {

// One queen a row; a move is the column of the next row's queen.
struct NaiveQueens {
  using Move = int;
  struct State {
    std::vector<int> columns;
  };

  int n;

  State root() const { return {}; }
  bool is_solution(const State& s) const { return static_cast<int>(s.columns.size()) == n; }
  std::vector<Move> candidates(const State& s) const {
    std::vector<Move> moves;
    if (!is_solution(s)) {
      for (int c = 0; c < n; ++c) moves.push_back(c);
    }
    return moves;
  }
  bool allowed(const State& s, Move c) const {
    const int row = static_cast<int>(s.columns.size());
    for (int r = 0; r < row; ++r) {
      const int d = s.columns[r] - c;
      if (d == 0 || d == row - r || d == r - row) return false;
    }
    return true;
  }
  void apply(State& s, Move c) const { s.columns.push_back(c); }
  void undo(State& s, Move) const { s.columns.pop_back(); }
  int max_depth() const { return n; }
};

}  // namespace

int main() {
  int failures = 0;
  struct Case {
    int n;
    int expected;  // OEIS A000170
  };
  for (const auto [n, expected] : {Case{1, 1}, Case{4, 2}, Case{6, 4}, Case{8, 92}}) {
    const auto counted = backtrack::count_solutions(NaiveQueens{n}).solutions;
    if (counted != static_cast<backtrack::uint128>(expected)) {
      std::printf("n = %d: %s solutions, expected %d\n", n, backtrack::to_string(counted).c_str(), expected);
      ++failures;
    }
  }
  return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
