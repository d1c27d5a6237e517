// Knuth's estimator: over many probes, its mean converges to the node count the engine
// reports, for problems with every kind of hook.
#include "backtrack/estimate.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "backtrack/nqueens/scan.hpp"
#include "backtrack/nqueens/word.hpp"
#include "backtrack/nqueens/word_symmetric.hpp"
#include "backtrack/solver.hpp"

namespace {

// The estimate is within `sigmas` standard errors and `relative` of the truth.
void expect_close(const backtrack::Estimate& e, double truth, double relative, const char* what) {
  SCOPED_TRACE(what);
  EXPECT_GT(e.standard_error, 0);
  EXPECT_NEAR(e.mean, truth, 5 * e.standard_error + 1e-9);
  EXPECT_NEAR(e.mean / truth, 1.0, relative);
}

template <class P>
void expect_converges(const P& problem, std::uint64_t samples, double relative) {
  const auto truth = backtrack::count_solutions(problem);
  const auto estimate = backtrack::estimate_tree(problem, samples, 42);
  EXPECT_EQ(estimate.samples, samples);
  expect_close(estimate.nodes, static_cast<double>(truth.nodes), relative, "nodes");
  expect_close(estimate.solutions, static_cast<double>(truth.solutions), 3 * relative, "solutions");
  double by_depth = 0;
  for (const double d : estimate.nodes_per_depth) by_depth += d;
  EXPECT_NEAR(by_depth, estimate.nodes.mean, 1e-6 * estimate.nodes.mean);
}

TEST(Estimate, WordQueensWithoutSymmetry) { expect_converges(backtrack::nqueens::WordQueens(10), 50000, 0.03); }

TEST(Estimate, AllowedHookAndMirrorRootsWithWeights) {
  expect_converges(backtrack::nqueens::ScanQueens(9, backtrack::nqueens::Symmetry::mirror), 50000, 0.03);
}

TEST(Estimate, FullSymmetrySolutionWeights) {
  expect_converges(backtrack::nqueens::SymmetricWordQueens(11), 100000, 0.03);
}

// A tree whose size is known in closed form: a complete binary tree of depth d has
// 2^(d+1) - 1 nodes, and every probe gives exactly that.
struct BinaryTree {
  using Move = int;
  struct State {
    int depth = 0;
  };
  int depth;
  State root() const { return {}; }
  bool is_solution(const State& s) const { return s.depth == depth; }
  std::vector<Move> candidates(const State& s) const {
    if (s.depth == depth) return {};
    return {0, 1};
  }
  State child(const State& s, Move) const { return {s.depth + 1}; }
  int max_depth() const { return depth; }
};

TEST(Estimate, ExactOnAUniformTree) {
  const auto estimate = backtrack::estimate_tree(BinaryTree{12}, 100, 1);
  EXPECT_DOUBLE_EQ(estimate.nodes.mean, 8191.0);
  EXPECT_DOUBLE_EQ(estimate.nodes.standard_error, 0.0);
  EXPECT_DOUBLE_EQ(estimate.solutions.mean, 4096.0);
}

TEST(Estimate, SameSeedSameEstimate) {
  const backtrack::nqueens::WordQueens queens(9);
  EXPECT_EQ(backtrack::estimate_tree(queens, 1000, 7).nodes.mean, backtrack::estimate_tree(queens, 1000, 7).nodes.mean);
}

TEST(Estimate, CalibrationMeasuresASpeed) {
  const auto calibration = backtrack::calibrate(backtrack::nqueens::WordQueens(12), 0.05, {256, 0}, 1);
  EXPECT_GT(calibration.nodes, 0u);
  EXPECT_GT(calibration.subtrees, 0u);
  EXPECT_GT(calibration.nodes_per_second(), 0);
}

// A tree the split's probe searches alone has no subtrees to sample: the probe's own
// nodes and time are the measure (the whole tree, exactly).
TEST(Estimate, CalibrationOfATreeWithinTheProbe) {
  const backtrack::nqueens::WordQueens queens(8);
  const auto calibration = backtrack::calibrate(queens, 0.05, {256, 1u << 20}, 1);
  EXPECT_EQ(calibration.nodes, backtrack::count_solutions(queens).nodes);
  EXPECT_EQ(calibration.split_subtrees, 0u);
  EXPECT_GT(calibration.nodes_per_second(), 0);
}

// A tree of 35,539 nodes: asked for 50,000 probes, the estimator stops once they have
// walked a tenth of it, unless told to make them all.
TEST(Estimate, ASmallTreeIsNotProbedForLong) {
  const backtrack::nqueens::WordQueens queens(10);
  const auto truth = backtrack::count_solutions(queens);
  const auto quick = backtrack::estimate_tree(queens, 50000, 42, {}, true);
  EXPECT_TRUE(quick.small_tree);
  EXPECT_GE(quick.samples, backtrack::small_tree_min_samples);
  EXPECT_LT(quick.samples * 10, 50000u);
  EXPECT_NEAR(quick.nodes.mean / static_cast<double>(truth.nodes), 1.0, 0.2);
  const auto all = backtrack::estimate_tree(queens, 50000, 42, {}, false);
  EXPECT_FALSE(all.small_tree);
  EXPECT_EQ(all.samples, 50000u);
  // A large tree is probed as asked.
  const auto large = backtrack::estimate_tree(backtrack::nqueens::WordQueens(20), 20000, 42, {}, true);
  EXPECT_FALSE(large.small_tree);
  EXPECT_EQ(large.samples, 20000u);
}

// Through the type-erased Solver, as `backtrack estimate` calls it.
TEST(Estimate, ThroughTheSolver) {
  auto solver = backtrack::make_solver(backtrack::nqueens::WordQueens(10),
                                       [](const auto&, auto) { return backtrack::Solution{}; },
                                       backtrack::Instance{"n=10", ""});
  backtrack::EstimateRequest request;
  request.samples = 20000;
  request.calibration_seconds = 0.02;
  const auto result = solver->estimate(request);
  EXPECT_EQ(result.tree.samples, 20000u);
  const auto truth = backtrack::count_solutions(backtrack::nqueens::WordQueens(10));
  EXPECT_NEAR(result.tree.nodes.mean / static_cast<double>(truth.nodes), 1.0, 0.05);
  EXPECT_GT(result.subtrees, 0u);
  EXPECT_GT(result.calibration.nodes_per_second(), 0);
}

}  // namespace
