// N-Queens strategy csp beyond n = 64, on the integer layer, through the CLI: a first
// solution checked by the test's own validator, the integer layer's options, mirror
// symmetry. (The same model's counts: tests/nqueens/csp_int_test.cpp.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "nqueens/reference.hpp"
#include "run_process.hpp"

namespace {

using cli::json_lines;
using cli::run;
using cli::summary_of;

TEST(NQueensCsp, FindsABoardBeyondSixtyFour) {
  for (const int n : {65, 70, 100}) {
    const auto o = run({"solve", "nqueens", "-n", std::to_string(n), "--strategy", "csp", "--first", "--format", "json"});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    int boards = 0;
    for (const auto& line : json_lines(o.out)) {
      if (line["type"] != "solution") continue;
      ++boards;
      EXPECT_TRUE(reference::valid(line["columns"].get<reference::Board>(), n)) << line.dump();
    }
    EXPECT_EQ(boards, 1) << n;
    EXPECT_EQ(summary_of(o)["instance"]["n"], n);
  }
  // The value orders are one implementation (value_order.hpp), offered on both layers;
  // the integer layer's own variable orders are offered there, not below.
  for (const char* n : {"70", "8"}) {
    const auto split = run({"solve", "nqueens", "-n", n, "--strategy", "csp", "--first", "--values", "split"});
    EXPECT_EQ(split.exit_code, 0) << n << split.err;
  }
  const auto narrow = run({"solve", "nqueens", "-n", "8", "--strategy", "csp", "--first", "--order", "largest"});
  EXPECT_EQ(narrow.exit_code, 64) << narrow.err;
}

// Both sides of n = 64 branch alike by default, one child per column, so a count's nodes
// compare across them; --branching binary is x = c, then x != c, on both.
// A watched search draws the queens placed so far and no others, at n = 70 (the integer
// layer for csp, which once drew an open row's smallest column as a queen): the queens on
// each node's board, counted here, are as many as the moves on its path (on a 70 board
// the first ten nodes' queens leave every row 40 columns, so propagation places none),
// and no two attack each other.
TEST(NQueensCsp, PartialBoardsBeyondSixtyFourShowOnlyPlacedQueens) {
  const int n = 70;
  for (const std::vector<std::string>& strategy : std::vector<std::vector<std::string>>{
           {"csp", "--branching", "values"}, {"scan"}, {"arrays"}, {"bitset"}, {"mrv"}, {"dlx"}}) {
    std::vector<std::string> args = {"solve", "nqueens", "-n", std::to_string(n), "--trace=boards", "--format",
                                     "json", "--max-nodes", "10", "--strategy"};
    args.insert(args.end(), strategy.begin(), strategy.end());
    const auto o = run(args);
    ASSERT_EQ(o.exit_code, 3) << strategy[0] << o.err;  // the node limit's
    int nodes = 0;
    for (const auto& line : json_lines(o.out)) {
      if (line.value("type", "") != "step" || line["event"] != "node") continue;
      ++nodes;
      const auto rows = line["board"].get<std::vector<std::string>>();
      ASSERT_EQ(rows.size(), static_cast<std::size_t>(n)) << strategy[0];
      std::vector<std::pair<int, int>> placed;  // (row, column) of each queen drawn
      for (int row = 0; row < n; ++row) {
        const std::string& squares = rows[static_cast<std::size_t>(row)];
        EXPECT_LE(std::count(squares.begin(), squares.end(), 'Q'), 1) << strategy[0] << " row " << row;
        const auto column = squares.find('Q');
        if (column != std::string::npos) placed.emplace_back(row, static_cast<int>(column));
      }
      EXPECT_EQ(static_cast<int>(placed.size()), line["depth"].get<int>()) << strategy[0] << " " << line.dump();
      for (std::size_t i = 0; i < placed.size(); ++i) {
        for (std::size_t j = i + 1; j < placed.size(); ++j) {
          const auto [r1, c1] = placed[i];
          const auto [r2, c2] = placed[j];
          EXPECT_TRUE(c1 != c2 && std::abs(r1 - r2) != std::abs(c1 - c2)) << strategy[0] << " " << line.dump();
        }
      }
    }
    EXPECT_EQ(nodes, 10) << strategy[0];
  }
}

TEST(NQueensCsp, BranchesOnValuesOnBothSidesOfSixtyFour) {
  for (const char* n : {"64", "65"}) {
    const auto o = run({"solve", "nqueens", "-n", n, "--strategy", "csp", "--first", "--format", "json"});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    EXPECT_EQ(summary_of(o)["instance"].value("branching", std::string("values")), "values") << n;
  }
  const auto binary = run({"solve", "nqueens", "-n", "8", "--strategy", "csp", "--count", "--branching", "binary",
                           "--format", "json"});
  ASSERT_EQ(binary.exit_code, 0) << binary.err;
  EXPECT_EQ(summary_of(binary)["solutions"], "92");
  const auto values = run({"solve", "nqueens", "-n", "8", "--strategy", "csp", "--count", "--format", "json"});
  EXPECT_LT(summary_of(values)["nodes"].get<int>(), summary_of(binary)["nodes"].get<int>());
  const auto refused = run({"solve", "nqueens", "-n", "8", "--strategy", "csp", "--count", "--branching", "values",
                            "--values", "split"});
  EXPECT_EQ(refused.exit_code, 64) << refused.err;
}

TEST(NQueensCsp, MirrorSymmetryBeyondSixtyFour) {
  const auto o = run({"solve", "nqueens", "-n", "65", "--strategy", "csp", "--symmetry", "mirror", "--max-nodes",
                      "2000", "--format", "json"});
  EXPECT_EQ(o.exit_code, 3) << o.err;  // far from a full count: stopped, partial
  EXPECT_EQ(summary_of(o)["instance"]["symmetry"], "mirror");
  const auto full = run({"solve", "nqueens", "-n", "70", "--strategy", "csp", "--symmetry", "full"});
  EXPECT_EQ(full.exit_code, 64) << full.err;
}

}  // namespace
