#include <cstddef>
#include <iomanip>
#include <sstream>
#include <span>
#include <string>
#include <utility>

#include "backtrack/csp/restarting_solver.hpp"
#include "backtrack/magic_square/csp.hpp"
#include "backtrack/solver.hpp"
#include "solvers.hpp"

namespace backtrack::magic_square {
namespace {

// The square as rows of numbers, right-aligned, and as JSON rows of numbers.
Solution render(const std::vector<std::vector<csp::Value>>& square, int n) {
  const int width = static_cast<int>(std::to_string(n * n).size());
  std::ostringstream text;
  for (const auto& row : square) {
    for (std::size_t c = 0; c < row.size(); ++c) text << (c == 0 ? "" : " ") << std::setw(width) << row[c];
    text << '\n';
  }
  Solution solution;
  solution.text = text.str();
  solution.json = {{"square", square}};
  return solution;
}

// A solution as its square; a move of --trace and --tree as "r1c2 = 7", the layer's
// words for it ("x1 = 7") with the cell named (the model's variables are the cells, row
// by row).
struct SquareWords {
  Solution operator()(const CspMagicSquare& p, std::span<const CspMagicSquare::Move> path) const {
    return render(p.square(path), p.order());
  }
  std::string describe(const CspMagicSquare& p, std::span<const CspMagicSquare::Move> path) const {
    const std::string words = CspMagicSquare::describe(path.back());
    const int x = path.back().x;
    return "r" + std::to_string(x / p.order() + 1) + "c" + std::to_string(x % p.order() + 1) +
           words.substr(words.find(' '));
  }
};

}  // namespace

std::unique_ptr<Solver> csp_solver(int n, const csp::SearchOptions& options, bool one_per_class, Instance instance) {
  return csp::with_restarts(
      CspMagicSquare(n, options, one_per_class), instance, [instance, one_per_class](CspMagicSquare problem) {
        return make_solver(std::move(problem), SquareWords{}, instance, one_per_class);
      });
}

}  // namespace backtrack::magic_square
