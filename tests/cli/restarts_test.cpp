// --restarts luby|geometric of the CSP layer, through the CLI: the solutions found are
// solutions, each once; an unsatisfiable instance is still proven so; counts and
// listings of the bitset layer refuse it; the integer layer's optimisations, counts and
// listings restart sharing the bound and the nogoods; compare varies it.
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

// The boards of a JSON listing, each checked; and each listed once.
std::set<std::vector<int>> boards(const cli::Outcome& o, int n) {
  std::set<std::vector<int>> found;
  for (const auto& line : json_lines(o.out)) {
    if (line["type"] != "solution") continue;
    const auto columns = line["columns"].get<std::vector<int>>();
    EXPECT_EQ(columns.size(), static_cast<std::size_t>(n));
    EXPECT_TRUE(is_placement(columns)) << line.dump();
    EXPECT_TRUE(found.insert(columns).second) << "listed twice: " << line.dump();
  }
  return found;
}

TEST(Restarts, FindValidSolutionsEachOnce) {
  for (const char* restarts : {"luby", "geometric"}) {
    const auto first = run({"solve", "nqueens", "-n", "40", "--strategy", "csp", "--first", "--restarts", restarts,
                            "--format", "json"});
    ASSERT_EQ(first.exit_code, 0) << first.err;
    EXPECT_EQ(boards(first, 40).size(), 1u) << restarts;
    const auto summary = summary_of(first);
    EXPECT_EQ(summary["status"], "solution_limit");
    EXPECT_GT(summary["counters"]["cutoffs"].get<int>(), 0) << "a run of 100 nodes does not reach n = 40: "
                                                            << summary.dump();
    EXPECT_EQ(summary["instance"]["restarts"], restarts);
    // Later runs find the first runs' solutions again: they are not listed again.
    const auto some = run({"solve", "nqueens", "-n", "10", "--strategy", "csp", "--limit", "30", "--restarts", restarts,
                           "--format", "json"});
    ASSERT_EQ(some.exit_code, 0) << some.err;
    EXPECT_EQ(boards(some, 10).size(), 30u) << restarts;
    EXPECT_EQ(summary_of(some)["solutions"], "30");
    // Asked for more than there are: every one of the 92, and the tree exhausted.
    const auto all = run({"solve", "nqueens", "-n", "8", "--strategy", "csp", "--limit", "100", "--restarts", restarts,
                          "--format", "json"});
    ASSERT_EQ(all.exit_code, 0) << all.err;
    EXPECT_EQ(boards(all, 8).size(), 92u) << restarts;
    EXPECT_EQ(summary_of(all)["solutions"], "92");
    EXPECT_EQ(summary_of(all)["status"], "complete");
  }
}

TEST(Restarts, StillProveThatThereIsNoSolution) {
  // Box 1 has no place for a 1 (rows 1 and 2, columns 1 and 2 have one; the fifth cell
  // is a 5): forward checking finds it only after thousands of nodes, so the runs are
  // cut off many times before one exhausts its tree.
  const std::string puzzle =
      "...1....." "......1.." "..5......" "1........" "........." "........." ".1......." "........." ".........";
  for (const char* restarts : {"luby", "geometric"}) {
    const auto o = run({"solve", "sudoku", "--strategy", "csp", "--puzzle", puzzle, "--first", "--restarts", restarts,
                        "--format", "json"});
    EXPECT_EQ(o.exit_code, 0) << o.err;  // a search that ends without a solution is no error
    const auto summary = summary_of(o);
    EXPECT_EQ(summary["solutions"], "0") << summary.dump();
    EXPECT_EQ(summary["status"], "complete") << summary.dump();
    EXPECT_GT(summary["counters"]["cutoffs"].get<int>(), 5) << summary.dump();
  }
  const auto three = run({"solve", "nqueens", "-n", "3", "--strategy", "csp", "--first", "--restarts", "luby"});
  EXPECT_EQ(cli::field(three.out, "solutions"), "0");
  EXPECT_EQ(cli::field(three.out, "status"), "complete");
}

TEST(Restarts, ShareTheNodeLimit) {
  // Runs of 100 and 100 nodes (Luby): the second is cut to the 50 the limit leaves.
  const auto o = run({"solve", "nqueens", "-n", "60", "--strategy", "csp", "--first", "--restarts", "luby",
                      "--max-nodes", "150", "--format", "json"});
  EXPECT_EQ(o.exit_code, 3) << o.err;  // stopped by a limit
  const auto summary = summary_of(o);
  EXPECT_EQ(summary["nodes"], 150) << summary.dump();
  EXPECT_EQ(summary["status"], "node_limit");
  EXPECT_EQ(summary["counters"]["cutoffs"], 1) << "the last run was stopped by the user's limit, not its budget";
}

TEST(Restarts, RefusedWhereEveryNodeIsSearchedAnyway) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"solve", "nqueens", "-n", "8", "--strategy", "csp", "--restarts", "luby"},
        std::vector<std::string>{"solve", "nqueens", "-n", "8", "--strategy", "csp", "--all", "--restarts", "geometric"},
        std::vector<std::string>{"compare", "nqueens", "-n", "8", "--strategy", "csp", "--vary",
                                 "restarts=none,luby"},
        std::vector<std::string>{"estimate", "nqueens", "-n", "8", "--strategy", "csp", "--restarts", "luby"}}) {
    const auto o = run(args);
    EXPECT_EQ(o.exit_code, 64) << args[0] << ": " << o.out;
    EXPECT_TRUE(cli::contains(o.err, "for --first or --limit K")) << o.err;
  }
  const auto unknown = run({"solve", "nqueens", "-n", "8", "--strategy", "csp", "--first", "--restarts", "often"});
  EXPECT_EQ(unknown.exit_code, 64);
  EXPECT_TRUE(cli::contains(unknown.err, "none, luby, geometric")) << unknown.err;
}

// An optimisation's runs share its bound: the rulers listed get shorter, the last is the
// shortest, proved so by the run that exhausted what the nogoods left of the tree.
TEST(Restarts, ProveTheOptimumOfAnOptimisation) {
  for (const char* restarts : {"luby", "geometric"}) {
    const auto o = run({"solve", "golomb", "-n", "7", "--restarts", restarts, "--format", "json"});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    std::vector<int> lengths;
    for (const auto& line : json_lines(o.out)) {
      if (line["type"] == "solution") lengths.push_back(line["objective"].get<int>());
    }
    ASSERT_FALSE(lengths.empty());
    for (std::size_t i = 1; i < lengths.size(); ++i) EXPECT_LT(lengths[i], lengths[i - 1]) << restarts;
    const auto summary = summary_of(o);
    EXPECT_EQ(summary["objective"], 25) << summary.dump();
    EXPECT_EQ(summary["optimal"], true) << summary.dump();
    EXPECT_EQ(summary["status"], "complete");
    EXPECT_GT(summary["counters"]["cutoffs"].get<int>(), 0) << summary.dump();
  }
  // The user's node limit holds for the runs together; nothing is then proved.
  const auto cut = run({"solve", "golomb", "-n", "9", "--restarts", "luby", "--max-nodes", "3000", "--format", "json"});
  EXPECT_EQ(cut.exit_code, 3) << cut.err;
  const auto summary = summary_of(cut);
  EXPECT_EQ(summary["nodes"], 3000) << summary.dump();
  EXPECT_EQ(summary["optimal"], false) << summary.dump();
  EXPECT_EQ(summary["status"], "node_limit");
}

// Counts and listings of the integer layer: the same as without restarts, each solution once.
TEST(Restarts, CountAndListTheSameOnTheIntegerLayer) {
  const auto plain = run({"solve", "magic-square", "-n", "4", "--count", "--format", "json"});
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  // Luby's 1,000 short searches of this tree take seconds (each wakes thousands of nogoods).
  for (const char* restarts : {"geometric"}) {
    const auto o = run({"solve", "magic-square", "-n", "4", "--count", "--restarts", restarts, "--format", "json"});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    EXPECT_EQ(summary_of(o)["solutions"], summary_of(plain)["solutions"]) << o.out;
    EXPECT_GT(summary_of(o)["counters"]["cutoffs"].get<int>(), 0) << o.out;
    const auto all = run({"solve", "magic-square", "-n", "4", "--all", "--restarts", restarts, "--format", "json"});
    ASSERT_EQ(all.exit_code, 0) << all.err;
    std::set<std::string> squares;
    for (const auto& line : json_lines(all.out)) {
      if (line["type"] != "solution") continue;
      EXPECT_TRUE(squares.insert(line["square"].dump()).second) << "listed twice: " << line.dump();
    }
    EXPECT_EQ(std::to_string(squares.size()), summary_of(plain)["solutions"].get<std::string>());
  }
  // An estimate measures one search's tree: refused, with the reason.
  const auto estimate = run({"estimate", "golomb", "-n", "8", "--restarts", "luby"});
  EXPECT_EQ(estimate.exit_code, 64) << estimate.out;
  EXPECT_TRUE(cli::contains(estimate.err, "estimate measures the tree of one search")) << estimate.err;
}

TEST(Restarts, CompareVariesThemOnAnOptimisation) {
  const auto o = run({"compare", "golomb", "-n", "8", "--vary", "restarts=none,luby,geometric", "--format", "json"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto rows = cli::compare_table(o.out)["rows"];
  ASSERT_EQ(rows.size(), 3u);
  for (const auto& row : rows) {
    EXPECT_EQ(row["objective"], 34) << row.dump();
    EXPECT_EQ(row["status"], "complete") << row.dump();
  }
  EXPECT_GT(rows[1]["counters"]["cutoffs"].get<int>(), 0) << rows[1].dump();
}

TEST(Restarts, CompareVariesThem) {
  const auto o = run({"compare", "nqueens", "-n", "40", "--strategy", "csp", "--first", "--vary",
                      "restarts=none,luby,geometric", "--format", "json"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto rows = cli::compare_table(o.out)["rows"];
  ASSERT_EQ(rows.size(), 3u);
  const char* expected[] = {"none", "luby", "geometric"};
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(rows[i]["restarts"], expected[i]);
    EXPECT_EQ(rows[i]["solutions"], "1");
    EXPECT_EQ(rows[i]["counters"].contains("cutoffs"), i != 0) << rows[i].dump();
  }
}

}  // namespace

// --lns P, large neighbourhood search for an optimisation: each ruler listed is a ruler,
// shorter than the one before; the node budget stops it, and nothing is claimed optimal.
TEST(Neighbourhoods, ListShorterRulersUntilTheBudgetStopsThem) {
  const auto o = run({"solve", "golomb", "-n", "7", "--lns", "40", "--max-nodes", "20000", "--format", "json"});
  ASSERT_EQ(o.exit_code, 3) << o.err;  // partial: a limit stopped it
  std::vector<int> lengths;
  for (const auto& line : json_lines(o.out)) {
    if (line["type"] != "solution") continue;
    const auto marks = line["marks"].get<std::vector<int>>();
    ASSERT_EQ(marks.size(), 7u);
    std::set<int> differences;
    for (std::size_t i = 0; i < marks.size(); ++i) {
      for (std::size_t j = i + 1; j < marks.size(); ++j) {
        EXPECT_GT(marks[j], marks[i]) << line.dump();
        EXPECT_TRUE(differences.insert(marks[j] - marks[i]).second) << "a difference twice: " << line.dump();
      }
    }
    EXPECT_EQ(line["objective"], marks.back());
    if (!lengths.empty()) {
      EXPECT_LT(marks.back(), lengths.back()) << "not an improvement: " << line.dump();
    }
    lengths.push_back(marks.back());
  }
  ASSERT_FALSE(lengths.empty());
  const auto summary = summary_of(o);
  EXPECT_EQ(summary["status"], "node_limit");
  EXPECT_EQ(summary["optimal"], false);
  EXPECT_EQ(summary["nodes"], 20000);
  EXPECT_EQ(summary["objective"], lengths.back());
  EXPECT_EQ(summary["instance"]["lns"], 40);
}

TEST(Neighbourhoods, RefusedWithTheReason) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> refused = {
      {{"solve", "magic-square", "-n", "3", "--lns", "30"}, "this model has none"},
      {{"solve", "nqueens", "-n", "8", "--strategy", "csp", "--lns", "30"}, "bitset domains"},
      {{"solve", "golomb", "-n", "6", "--lns", "0"}, "1 to 99, got 0"},
      {{"solve", "golomb", "-n", "6", "--lns", "100"}, "1 to 99, got 100"},
      {{"solve", "golomb", "-n", "6", "--lns", "-5"}, "1 to 99, got -5"},
      {{"solve", "golomb", "-n", "6", "--lns", "30", "--first"}, "not with --first"},
  };
  for (const auto& [args, reason] : refused) {
    const auto o = run(args);
    EXPECT_EQ(o.exit_code, 64) << args.back();
    EXPECT_NE(o.err.find(reason), std::string::npos) << o.err;
  }
}
