// --learn cbj, conflict-directed backjumping on the bitset layer, through the CLI: every
// solution listed is a solution, once, and the counts are A000170's, on one thread or
// two; the summary, compare and the trace show the jumps; the integer layer refuses it.
// --learn lcg, lazy clause generation on the integer layer: Golomb rulers of the known
// lengths (A003022), each checked by the test; what it does not offer, refused.
#include <gtest/gtest.h>

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <utility>
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

TEST(Learn, EachLayerRefusesTheOtherLayersLearning) {
  const auto golomb = run({"solve", "golomb", "-n", "5", "--learn", "cbj"});
  EXPECT_EQ(golomb.exit_code, 64);
  EXPECT_TRUE(cli::contains(golomb.err, "--learn cbj is offered on bitset models only")) << golomb.err;
  const auto large = run({"solve", "nqueens", "-n", "70", "--strategy", "csp", "--first", "--learn", "cbj"});
  EXPECT_EQ(large.exit_code, 64);
  EXPECT_TRUE(cli::contains(large.err, "integer domains")) << large.err;
  const auto bitset = run({"solve", "nqueens", "-n", "8", "--strategy", "csp", "--learn", "lcg"});
  EXPECT_EQ(bitset.exit_code, 64);
  EXPECT_TRUE(cli::contains(bitset.err, "--learn lcg is offered on integer models")) << bitset.err;
  const auto unknown = run({"solve", "nqueens", "-n", "8", "--strategy", "csp", "--learn", "xyz"});
  EXPECT_EQ(unknown.exit_code, 64);
  EXPECT_TRUE(cli::contains(unknown.err, "choose none, cbj, lcg")) << unknown.err;
}

// The marks of a ruler of `marks` marks from 0, all differences between them distinct.
bool is_golomb_ruler(const std::vector<int>& ruler, std::size_t marks) {
  if (ruler.size() != marks || ruler.front() != 0) return false;
  std::set<int> differences;
  for (std::size_t i = 0; i < ruler.size(); ++i) {
    for (std::size_t j = i + 1; j < ruler.size(); ++j) {
      if (ruler[j] <= ruler[i] || !differences.insert(ruler[j] - ruler[i]).second) return false;
    }
  }
  return true;
}

TEST(Learn, ClauseLearningProvesTheShortestGolombRulers) {
  const int shortest[] = {0, 0, 1, 3, 6, 11, 17, 25, 34};  // A003022, by marks
  for (int marks = 4; marks <= 8; ++marks) {
    const auto o = run({"solve", "golomb", "-n", std::to_string(marks), "--learn", "lcg", "--format", "json"});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    int last = -1;
    for (const auto& line : json_lines(o.out)) {
      if (line["type"] != "solution") continue;
      const auto ruler = line["marks"].get<std::vector<int>>();
      EXPECT_TRUE(is_golomb_ruler(ruler, static_cast<std::size_t>(marks))) << line.dump();
      EXPECT_EQ(line["objective"], ruler.back()) << line.dump();
      if (last >= 0) {
        EXPECT_LT(ruler.back(), last) << "not an improvement: " << line.dump();
      }
      last = ruler.back();
    }
    EXPECT_EQ(last, shortest[marks]) << marks;
    const auto summary = summary_of(o);
    EXPECT_EQ(summary["status"], "complete");
    EXPECT_EQ(summary["optimal"], true) << summary.dump();
    EXPECT_EQ(summary["objective"], shortest[marks]) << summary.dump();
    EXPECT_EQ(summary["counters"]["nogoods"], summary["failures"]) << summary.dump();
    if (marks >= 6) {
      EXPECT_GT(summary["counters"]["nogoods"].get<std::uint64_t>(), 0u) << summary.dump();
    }
  }
}

// Restarts keep what was learnt: the runs still prove the optimum, with the runs cut
// off counted.
TEST(Learn, ClauseLearningRestartsAndStillProvesTheOptimum) {
  for (const char* restarts : {"luby", "geometric"}) {
    const auto o = run({"solve", "golomb", "-n", "8", "--learn", "lcg", "--order", "dom-wdeg", "--restarts", restarts,
                        "--format", "json"});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    const auto summary = summary_of(o);
    EXPECT_EQ(summary["optimal"], true) << summary.dump();
    EXPECT_EQ(summary["objective"], 34) << summary.dump();  // A003022
    EXPECT_GT(summary["counters"]["cutoffs"].get<std::uint64_t>(), 0u) << summary.dump();
  }
}

TEST(Learn, ClauseLearningRefusesWhatItDoesNotOffer) {
  const auto count = run({"solve", "magic-square", "-n", "3", "--learn", "lcg"});
  EXPECT_EQ(count.exit_code, 64);
  EXPECT_TRUE(cli::contains(count.err, "a count or a listing of every solution")) << count.err;
  const auto first = run({"solve", "magic-square", "-n", "4", "--learn", "lcg", "--first", "--format", "json"});
  EXPECT_EQ(first.exit_code, 0) << first.err;
  EXPECT_EQ(summary_of(first)["solutions"], "1") << first.out;
  const auto lns = run({"solve", "golomb", "-n", "5", "--learn", "lcg", "--lns", "30"});
  EXPECT_EQ(lns.exit_code, 64);
  EXPECT_TRUE(cli::contains(lns.err, "--learn lcg searches no neighbourhoods")) << lns.err;
  const auto profile = run({"solve", "golomb", "-n", "5", "--learn", "lcg", "--profile"});
  EXPECT_EQ(profile.exit_code, 64);
  EXPECT_TRUE(cli::contains(profile.err, "not with --profile")) << profile.err;
}

// --trace of a learning search: each conflict with the nogood learnt, in the layer's
// words, and the depth it goes back to; the nodes nest as the search's statistics say,
// and the optimum is proved by the root failing.
TEST(Learn, TheTraceShowsEachConflictAndTheNogoodLearnt) {
  for (const char* restarts : {"none", "luby"}) {
    const auto o = run({"solve", "golomb", "-n", "8", "--learn", "lcg", "--restarts", restarts, "--trace", "--format",
                        "json"});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    int nodes = 0, backs = 0, conflicts = 0, solutions = 0, restarted = 0, depth = 0;
    std::vector<std::pair<std::string, int>> events;  // and their depths
    for (const auto& line : json_lines(o.out)) {
      if (line.value("type", "") != "step") continue;
      const std::string event = line["event"];
      events.emplace_back(event, line["depth"].get<int>());
      if (event == "node") {
        depth = line["depth"];
        ++nodes;
      }
      if (event == "back") {
        depth = line["depth"].get<int>() - 1;  // the open node's
        ++backs;
      }
      if (event == "solution") ++solutions;
      if (event == "restart") ++restarted;
      if (event != "conflict") continue;
      ++conflicts;
      const auto nogood = line["nogood"].get<std::vector<std::string>>();
      const int to = line["to"];
      EXPECT_EQ(line["depth"], depth) << line.dump();
      EXPECT_LT(to, depth) << line.dump();
      EXPECT_FALSE(nogood.empty()) << line.dump();
      for (const std::string& literal : nogood) {
        EXPECT_TRUE(literal.starts_with("x")) << literal;  // "x3 <= 7"
      }
    }
    const auto summary = summary_of(o);
    EXPECT_EQ(summary["objective"], 34) << summary.dump();  // A003022
    EXPECT_EQ(summary["status"], "complete");
    EXPECT_EQ(nodes, summary["nodes"].get<int>()) << restarts;
    EXPECT_EQ(backs, nodes) << "every node entered is left";
    EXPECT_EQ(conflicts, summary["failures"].get<int>()) << restarts;
    EXPECT_GT(conflicts, 10) << restarts;
    EXPECT_EQ(std::to_string(solutions), summary["solutions"].get<std::string>()) << restarts;
    EXPECT_EQ(restarted, summary["counters"]["cutoffs"].get<int>()) << restarts;
    if (std::string(restarts) == "luby") {
      EXPECT_GT(restarted, 0);
    }
    ASSERT_GE(events.size(), 2u);
    EXPECT_EQ(events[events.size() - 2], std::make_pair(std::string("dead_end"), 0)) << "the root fails last";
    EXPECT_EQ(events.back(), std::make_pair(std::string("back"), 0));
  }
  const auto text = run({"solve", "golomb", "-n", "5", "--learn", "lcg", "--trace"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_TRUE(cli::contains(text.out, "conflict: learnt that x2 = 3, x9 > 1 cannot all hold; back to depth 1"))
      << text.out;
}

}  // namespace
