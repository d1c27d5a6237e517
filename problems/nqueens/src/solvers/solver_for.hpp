#pragma once
// What a strategy's file needs to make its solver: make_solver() (which compiles the
// engine for the strategy's problem) and the Render of every strategy.
#include <memory>
#include <span>
#include <string>
#include <utility>

#include "backtrack/solver.hpp"
#include "solvers.hpp"

namespace backtrack::nqueens {

// How every strategy's paths print: a solution (the Render of make_solver()), and for a
// watched search (watched_search.hpp) a move in words and the board so far.
struct QueensPresentation {
  int n;

  template <class P>
  Solution operator()(const P& problem, std::span<const typename P::Move> path) const {
    return render(problem.placement(path), n);
  }
  // The queens the last move placed ("row 2: queen in column 1"; a move of csp that
  // places none, as "x2 != 1", in the CSP layer's words).
  template <class P>
  std::string describe(const P& problem, std::span<const typename P::Move> path) const {
    const Placement before = problem.placement(path.first(path.size() - 1));
    const Placement after = problem.placement(path);
    std::string words;
    for (std::size_t row = 0; row < after.size(); ++row) {
      if (after[row] < 0 || (row < before.size() && before[row] >= 0)) continue;
      words += (words.empty() ? "" : ", ") + std::string("row ") + std::to_string(row) + ": queen in column " +
               std::to_string(after[row]);
    }
    return words.empty() ? move_words(problem, path.back()) : words;
  }
  template <class P>
  std::string draw(const P& problem, std::span<const typename P::Move> path) const {
    return board_text(problem.placement(path), n);
  }
};

inline QueensPresentation path_renderer(int n) { return {n}; }

// Any strategy whose problem takes (n, symmetry) and lists its placement.
template <class P>
std::unique_ptr<Solver> solver_for(P problem, int n, const std::string& strategy, Symmetry symmetry,
                                   bool reports_classes = false) {
  // n, the strategy and the symmetry are the whole instance: no input data.
  return make_solver(std::move(problem), path_renderer(n), Instance{describe(n, strategy, symmetry), ""},
                     reports_classes);
}

}  // namespace backtrack::nqueens
