// N-Queens on the integer layer (IntCspQueens, strategy csp beyond n = 64) counted
// where A000170 knows the counts: the model is the one the bitset layer searches below
// 65, so it must count the same, with and without the mirror, under several --prune
// and --order settings.
#include <gtest/gtest.h>

#include "backtrack/engine.hpp"
#include "backtrack/nqueens/csp.hpp"
#include "reference.hpp"

namespace {

using backtrack::nqueens::IntCspQueens;
using backtrack::nqueens::Symmetry;
namespace csp = backtrack::csp;

static_assert(backtrack::Problem<IntCspQueens>);
static_assert(backtrack::HasRoots<IntCspQueens>);

TEST(IntCspQueens, CountsOeisA000170) {
  for (const auto prune : {csp::Prune::forward, csp::Prune::gac}) {
    for (const auto order : {csp::VariableOrder::static_order, csp::VariableOrder::mrv}) {
      for (const auto symmetry : {Symmetry::none, Symmetry::mirror}) {
        for (int n = 1; n <= 9; ++n) {
          const auto stats = backtrack::count_solutions(IntCspQueens(n, {.prune = prune, .variables = order}, symmetry));
          EXPECT_EQ(static_cast<std::uint64_t>(stats.solutions), reference::a000170[n])
              << "n = " << n << " prune " << csp::to_string(prune) << " order " << csp::to_string(order)
              << " symmetry " << backtrack::nqueens::to_string(symmetry);
        }
      }
    }
  }
}

TEST(IntCspQueens, BoardsAreValid) {
  const IntCspQueens problem(12, {});
  int boards = 0;
  auto take = [&](std::span<const IntCspQueens::Move> path, std::uint64_t, const backtrack::FoundAt&) {
    EXPECT_TRUE(reference::valid(problem.placement(path), 12));
    return ++boards < 200;
  };
  backtrack::DepthFirstSearch<IntCspQueens, backtrack::PathSink<IntCspQueens>>(
      problem, {}, backtrack::path_sink<IntCspQueens>(take))
      .run();
  EXPECT_EQ(boards, 200);
}

}  // namespace
