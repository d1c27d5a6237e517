// The value order (value_order.hpp) and the branching (--branching) on both layers: the
// ranks each order tries, the children a node gets, and the same counts whichever way.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include "backtrack/csp/int_problem.hpp"
#include "backtrack/csp/problem.hpp"
#include "backtrack/csp/value_order.hpp"
#include "backtrack/engine.hpp"
#include "backtrack/nqueens/csp.hpp"

namespace backtrack::csp {
namespace {

constexpr std::uint64_t a000170[] = {1, 1, 0, 0, 2, 10, 4, 40, 92, 352};

std::vector<std::uint64_t> ranks(ValueOrder order, std::uint64_t m, std::uint64_t draw) {
  std::vector<std::uint64_t> r;
  for (std::uint64_t k = 0; k < m; ++k) r.push_back(rank_to_try(order, k, m, draw));
  return r;
}

TEST(ValueOrder, EveryOrderTriesEveryRankOnce) {
  for (const auto order : all_value_orders) {
    for (std::uint64_t m = 1; m <= 40; ++m) {
      for (const std::uint64_t draw : {0ULL, 1ULL, 12345ULL, 0xDEADBEEFCAFEULL, ~0ULL}) {
        auto r = ranks(order, m, draw);
        std::sort(r.begin(), r.end());
        std::vector<std::uint64_t> all(m);
        std::iota(all.begin(), all.end(), 0);
        EXPECT_EQ(r, all) << to_string(order) << " m = " << m << " draw = " << draw;
      }
    }
  }
}

TEST(ValueOrder, FirstValues) {
  EXPECT_EQ(ranks(ValueOrder::min, 5, 0), (std::vector<std::uint64_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(ranks(ValueOrder::max, 5, 0), (std::vector<std::uint64_t>{4, 3, 2, 1, 0}));
  EXPECT_EQ(ranks(ValueOrder::mid, 5, 0), (std::vector<std::uint64_t>{2, 1, 3, 0, 4}));
  EXPECT_EQ(ranks(ValueOrder::mid, 6, 0), (std::vector<std::uint64_t>{2, 3, 1, 4, 0, 5}));
  // random's first rank is the draw's, as the integer layer drew it before the orders
  // were shared: its binary trees stay what they were.
  EXPECT_EQ(rank_to_try(ValueOrder::random, 0, 7, 12345), 12345u % 7);
}

// Binary branching tries the median of what x != v left: the same order as mid's.
TEST(ValueOrder, MidIsTheMedianOfTheValuesLeft) {
  for (std::uint64_t m = 1; m <= 30; ++m) {
    std::vector<std::uint64_t> left(m);
    std::iota(left.begin(), left.end(), 0);
    for (std::uint64_t k = 0; k < m; ++k) {
      const std::uint64_t median = left[(left.size() - 1) / 2];
      EXPECT_EQ(rank_to_try(ValueOrder::mid, k, m, 0), median) << "m = " << m << " k = " << k;
      left.erase(std::find(left.begin(), left.end(), median));
    }
  }
}

template <class P>
std::vector<typename P::Move> root_children(const P& problem) {
  std::vector<typename P::Move> moves;
  const auto root = problem.root();  // alive while the children are read: the integer layer reads them from it
  for (const auto m : problem.candidates(root)) moves.push_back(m);
  return moves;
}

// One variable of the values 1, 3, 5, 7, 9 (with holes) on both layers.
Model odd_bitset() {
  Model m;
  m.add_variables(1, 10);
  m.restrict_to(0, 0b10'1010'1010);
  return m;
}
IntModel odd_integer() {
  IntModel m;
  m.int_var(std::vector<Value>{1, 3, 5, 7, 9});
  return m;
}

TEST(Branching, ValuesGivesEachValueInTheOrderOnBothLayers) {
  const std::vector<int> mid{5, 3, 7, 1, 9};
  std::vector<int> bitset;
  for (const auto m : root_children(CspProblem(odd_bitset(), {.values = ValueOrder::mid}))) {
    EXPECT_EQ(m.kind, DecisionKind::equal);
    bitset.push_back(m.value);
  }
  EXPECT_EQ(bitset, mid);
  std::vector<int> integer;
  const SearchOptions values{.values = ValueOrder::mid, .branching = Branching::values};
  for (const auto m : root_children(IntProblem(odd_integer(), values))) {
    EXPECT_EQ(m.kind, Decision::Kind::equal);
    integer.push_back(static_cast<int>(m.v));
  }
  EXPECT_EQ(integer, mid);
}

TEST(Branching, BinaryGivesEqualThenNotEqualOnBothLayers) {
  for (const auto order : {ValueOrder::min, ValueOrder::max, ValueOrder::mid}) {
    const int first = order == ValueOrder::min ? 1 : order == ValueOrder::max ? 9 : 5;
    const SearchOptions binary{.values = order, .branching = Branching::binary};
    const auto b = root_children(CspProblem(odd_bitset(), binary));
    ASSERT_EQ(b.size(), 2u);
    EXPECT_EQ(b[0], (Assignment{0, first, DecisionKind::equal}));
    EXPECT_EQ(b[1], (Assignment{0, first, DecisionKind::not_equal}));
    const auto i = root_children(IntProblem(odd_integer(), binary));
    ASSERT_EQ(i.size(), 2u);
    EXPECT_EQ(i[0], (Decision{0, Decision::Kind::equal, first}));
    EXPECT_EQ(i[1], (Decision{0, Decision::Kind::not_equal, first}));
  }
  // A split halves the domain whatever the branching: 1..5, then 7..9.
  const auto split = root_children(CspProblem(odd_bitset(), {.values = ValueOrder::split}));
  ASSERT_EQ(split.size(), 2u);
  EXPECT_EQ(split[0], (Assignment{0, 5, DecisionKind::at_most}));
  EXPECT_EQ(split[1], (Assignment{0, 5, DecisionKind::more_than}));
}

// N-Queens on both layers, every value order and branching: A000170's counts; binary
// trees have more nodes than n-ary ones (each x != v is a node), the same on both layers
// for one pruning.
TEST(Branching, NQueensCountsA000170EveryWayOnBothLayers) {
  for (int n = 1; n <= 8; ++n) {
    for (const auto order : all_value_orders) {
      for (const auto branching : all_branchings) {
        const SearchOptions o{.prune = Prune::forward, .values = order, .seed = 3, .branching = branching};
        const auto bitset = count_solutions(nqueens::CspQueens(n, o));
        const auto integer = count_solutions(nqueens::IntCspQueens(n, o));
        EXPECT_EQ(bitset.solutions, a000170[n]) << n << " " << to_string(order) << " " << to_string(branching);
        EXPECT_EQ(integer.solutions, a000170[n]) << n << " " << to_string(order) << " " << to_string(branching);
      }
    }
  }
  for (const auto prune : {Prune::forward, Prune::arc}) {
    const SearchOptions values{.prune = prune, .branching = Branching::values};
    const SearchOptions binary{.prune = prune, .branching = Branching::binary};
    const auto bitset_values = count_solutions(nqueens::CspQueens(9, values));
    const auto bitset_binary = count_solutions(nqueens::CspQueens(9, binary));
    const auto integer_values = count_solutions(nqueens::IntCspQueens(9, values));
    const auto integer_binary = count_solutions(nqueens::IntCspQueens(9, binary));
    EXPECT_EQ(bitset_values.solutions, 352u);
    EXPECT_EQ(integer_binary.solutions, 352u);
    EXPECT_LT(bitset_values.nodes, bitset_binary.nodes) << to_string(prune);
    EXPECT_LT(integer_values.nodes, integer_binary.nodes) << to_string(prune);
    // Without a branching given, each layer keeps its own: n-ary for bitset models,
    // binary for integer ones.
    EXPECT_EQ(count_solutions(nqueens::CspQueens(9, {.prune = prune})).nodes, bitset_values.nodes);
    EXPECT_EQ(count_solutions(nqueens::IntCspQueens(9, {.prune = prune})).nodes, integer_binary.nodes);
  }
}

}  // namespace
}  // namespace backtrack::csp
