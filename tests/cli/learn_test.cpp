// --learn cbj, conflict-directed backjumping on the bitset layer, through the CLI: every
// solution listed is a solution, once, and the counts are A000170's, on one thread or
// two; the summary, compare and the trace show the jumps; the integer layer refuses it.
#include <gtest/gtest.h>

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "compare_table.hpp"
#include "queens_placement.hpp"
#include "run_process.hpp"

namespace {

using cli::is_placement;
using cli::json_lines;
using cli::run;
using cli::summary_of;

TEST(Learn, BackjumpingListsEverySolutionOnce) {
  for (const char* prune : {"none", "forward", "arc"}) {
    const auto o = run({"solve", "nqueens", "-n", "9", "--strategy", "csp", "--prune", prune, "--learn", "cbj", "--all",
                        "--format", "json"});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    std::set<std::vector<int>> found;
    for (const auto& line : json_lines(o.out)) {
      if (line["type"] != "solution") continue;
      const auto columns = line["columns"].get<std::vector<int>>();
      ASSERT_EQ(columns.size(), 9u);
      EXPECT_TRUE(is_placement(columns)) << line.dump();
      EXPECT_TRUE(found.insert(columns).second) << "listed twice: " << line.dump();
    }
    EXPECT_EQ(found.size(), 352u) << prune;
    const auto summary = summary_of(o);
    EXPECT_EQ(summary["status"], "complete");
    EXPECT_TRUE(summary["counters"].contains("backjumps")) << summary.dump();
  }
}

TEST(Learn, CountsAreExactOnTwoThreads) {
  for (const char* threads : {"1", "2"}) {
    const auto o = run({"solve", "nqueens", "-n", "11", "--strategy", "csp", "--prune", "none", "--learn", "cbj",
                        "--threads", threads, "--format", "json"});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    const auto summary = summary_of(o);
    EXPECT_EQ(summary["solutions"], "2680") << threads;
    EXPECT_GT(summary["counters"]["backjumps"].get<std::uint64_t>(), 0u) << summary.dump();
    EXPECT_GE(summary["counters"]["jumped"].get<std::uint64_t>(),
              summary["counters"]["backjumps"].get<std::uint64_t>());
  }
}

TEST(Learn, CompareShowsWhatBackjumpingSaves) {
  const auto o = run({"compare", "nqueens", "-n", "8..9", "--strategy", "csp", "--prune", "none", "--vary",
                      "learn=none,cbj", "--format", "json"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto rows = cli::compare_table(o.out)["rows"];
  ASSERT_EQ(rows.size(), 4u);
  for (std::size_t i = 0; i < rows.size(); i += 2) {
    EXPECT_EQ(rows[i]["learn"], "none") << rows[i].dump();
    EXPECT_EQ(rows[i + 1]["learn"], "cbj") << rows[i + 1].dump();
    EXPECT_EQ(rows[i]["solutions"], rows[i + 1]["solutions"]);
    EXPECT_LT(rows[i + 1]["nodes"].get<std::uint64_t>(), rows[i]["nodes"].get<std::uint64_t>()) << rows[i + 1].dump();
    EXPECT_FALSE(rows[i]["counters"].contains("backjumps")) << rows[i].dump();
    EXPECT_GT(rows[i + 1]["counters"]["backjumps"].get<std::uint64_t>(), 0u) << rows[i + 1].dump();
  }
}

// Each backjump of the trace goes back past its parent, to a node on the path: the trace
// then leaves every node between, and goes on at the node jumped to.
TEST(Learn, TheTraceShowsEachJump) {
  const auto o = run({"solve", "nqueens", "-n", "6", "--strategy", "csp", "--prune", "none", "--learn", "cbj",
                      "--trace", "--format", "json"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  int jumps = 0;
  int depth = 0;
  for (const auto& line : json_lines(o.out)) {
    if (line["type"] != "step") continue;
    if (line["event"] == "node") depth = line["depth"].get<int>();
    if (line["event"] == "back") depth = line["depth"].get<int>() - 1;
    if (line["event"] != "backjump") continue;
    ++jumps;
    EXPECT_EQ(line["depth"].get<int>(), depth) << line.dump();
    EXPECT_LT(line["to"].get<int>(), depth - 1) << line.dump();
    EXPECT_GE(line["to"].get<int>(), -1) << line.dump();
  }
  EXPECT_GT(jumps, 0) << o.out;
  EXPECT_EQ(std::to_string(jumps), summary_of(o)["counters"]["backjumps"].dump()) << o.out;
}

TEST(Learn, TheIntegerLayerRefusesIt) {
  const auto golomb = run({"solve", "golomb", "-n", "5", "--learn", "cbj"});
  EXPECT_EQ(golomb.exit_code, 64);
  EXPECT_TRUE(cli::contains(golomb.err, "--learn cbj is offered on bitset models only")) << golomb.err;
  const auto large = run({"solve", "nqueens", "-n", "70", "--strategy", "csp", "--first", "--learn", "cbj"});
  EXPECT_EQ(large.exit_code, 64);
  EXPECT_TRUE(cli::contains(large.err, "integer domains")) << large.err;
  const auto unknown = run({"solve", "nqueens", "-n", "8", "--strategy", "csp", "--learn", "lcg"});
  EXPECT_EQ(unknown.exit_code, 64);
  EXPECT_TRUE(cli::contains(unknown.err, "choose none, cbj")) << unknown.err;
}

}  // namespace
