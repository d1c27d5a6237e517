#include "backtrack/nqueens/given_queens.hpp"

#include <bit>

#include "backtrack/nqueens/arrays.hpp"
#include "backtrack/nqueens/bitset.hpp"
#include "backtrack/nqueens/scan.hpp"
#include "backtrack/nqueens/word.hpp"
#include "solvers.hpp"

namespace backtrack::nqueens {
namespace {

template <class P, class ColumnOf>
std::unique_ptr<Solver> with_given_queens(P problem, int n, const std::vector<Queen>& queens, const std::string& strategy,
                               ColumnOf column_of) {
  WithGivenQueens<P, ColumnOf> completion(std::move(problem), n, queens, std::move(column_of));
  return make_solver(std::move(completion), path_renderer(n),
                     Instance{describe(n, strategy, Symmetry::none) + " given=" + std::to_string(queens.size()),
                              given_input(queens)});
}

}  // namespace

std::unique_ptr<Solver> given_queens_solver(int n, const std::vector<Queen>& queens, const std::string& strategy) {
  if (strategy == "scan") return with_given_queens(ScanQueens(n), n, queens, strategy, [](int c) { return c; });
  if (strategy == "arrays") return with_given_queens(ArrayQueens(n), n, queens, strategy, [](int c) { return c; });
  if (strategy == "bitset") {
    return with_given_queens(BitsetQueens(n), n, queens, strategy, [](std::size_t c) { return static_cast<int>(c); });
  }
  return with_given_queens(WordQueens(n), n, queens, strategy, [](std::uint64_t bit) { return std::countr_zero(bit); });
}

}  // namespace backtrack::nqueens
