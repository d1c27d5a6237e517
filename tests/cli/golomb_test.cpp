// Problem golomb and optimisation in the driver: solve lists each shorter ruler as it
// is found and ends with the optimum (OEIS A003022), proved or only the best so far;
// --count is refused; threads share the bound; compare times the proof of the optimum.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "run_process.hpp"

namespace {

using cli::contains;
using cli::json_lines;
using cli::run;
using cli::summary_of;

// OEIS A003022: the length of the shortest Golomb ruler with M marks, M = 1, 2, ...
constexpr long long a003022[] = {0, 1, 3, 6, 11, 17, 25, 34, 44, 55, 72};

// Marks from 0, increasing, every difference between two of them distinct.
bool is_golomb_ruler(const std::vector<long long>& marks) {
  if (marks.empty() || marks[0] != 0) return false;
  std::set<long long> differences;
  for (std::size_t i = 0; i < marks.size(); ++i) {
    for (std::size_t j = i + 1; j < marks.size(); ++j) {
      if (marks[j] <= marks[i] || !differences.insert(marks[j] - marks[i]).second) return false;
    }
  }
  return true;
}

// The rulers a JSON listing lists: each valid, with M marks, each shorter than the one
// before, its objective its length; the lengths in order.
std::vector<long long> lengths(const cli::Outcome& o, std::size_t marks) {
  std::vector<long long> found;
  for (const auto& line : json_lines(o.out)) {
    if (line["type"] != "solution") continue;
    const auto ruler = line["marks"].get<std::vector<long long>>();
    EXPECT_EQ(ruler.size(), marks);
    EXPECT_TRUE(is_golomb_ruler(ruler)) << line.dump();
    EXPECT_EQ(line["objective"], ruler.back()) << line.dump();
    EXPECT_EQ(line["length"], ruler.back()) << line.dump();
    EXPECT_TRUE(found.empty() || ruler.back() < found.back()) << "not shorter: " << line.dump();
    EXPECT_TRUE(line.contains("seconds") && line.contains("nodes")) << line.dump();
    found.push_back(ruler.back());
  }
  return found;
}

TEST(Golomb, FindsTheOptimaOfOeisA003022) {
  for (int m = 1; m <= 9; ++m) {
    const auto o = run({"solve", "golomb", "-n", std::to_string(m), "--format", "json"});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    const auto found = lengths(o, static_cast<std::size_t>(m));
    ASSERT_FALSE(found.empty()) << m;
    EXPECT_EQ(found.back(), a003022[m - 1]) << m;
    const auto summary = summary_of(o);
    EXPECT_EQ(summary["objective"], a003022[m - 1]) << m;
    EXPECT_EQ(summary["optimal"], true) << m;
    EXPECT_EQ(summary["status"], "complete") << m;
    EXPECT_EQ(summary["solutions"], std::to_string(found.size())) << m;
  }
}

TEST(Golomb, SaysWhenTheBestIsNotProvedOptimal) {
  // Stopped after a few nodes: the rulers found so far, the best of them not proved.
  const auto cut = run({"solve", "golomb", "-n", "8", "--max-nodes", "200", "--format", "json"});
  EXPECT_EQ(cut.exit_code, 3) << cut.err;
  const auto found = lengths(cut, 8);
  ASSERT_FALSE(found.empty());
  auto summary = summary_of(cut);
  EXPECT_EQ(summary["objective"], found.back());
  EXPECT_EQ(summary["optimal"], false);
  EXPECT_EQ(summary["status"], "node_limit");
  // --first: one ruler, the first the search meets, not proved optimal either.
  const auto first = run({"solve", "golomb", "-n", "6", "--first", "--format", "json"});
  EXPECT_EQ(first.exit_code, 0) << first.err;
  EXPECT_EQ(lengths(first, 6).size(), 1u);
  EXPECT_EQ(summary_of(first)["optimal"], false);
  // The text summary says the same.
  const auto text = run({"solve", "golomb", "-n", "8", "--max-nodes", "200"});
  EXPECT_TRUE(contains(text.out, "\noptimal: false (the best found")) << text.out;
  const auto proved = run({"solve", "golomb", "-n", "5"});
  EXPECT_EQ(proved.exit_code, 0) << proved.err;
  EXPECT_TRUE(contains(proved.out, "objective: 11\noptimal: true\n")) << proved.out;
  EXPECT_TRUE(contains(proved.out, "marks: 0 1 4 9 11\n")) << proved.out;
}

TEST(Golomb, RefusesACount) {
  const auto o = run({"solve", "golomb", "-n", "5", "--count"});
  EXPECT_EQ(o.exit_code, 64) << o.err;
  EXPECT_TRUE(contains(o.err, "golomb minimises or maximises an objective")) << o.err;
  // Without a mode it lists, so it may print the solutions alone; a count may not.
  const auto solutions = run({"solve", "golomb", "-n", "5", "--print", "solutions"});
  EXPECT_EQ(solutions.exit_code, 0) << solutions.err;
  EXPECT_TRUE(contains(solutions.out, "marks: 0 1 4 9 11\n")) << solutions.out;
  EXPECT_FALSE(contains(solutions.out, "problem:")) << solutions.out;
  EXPECT_EQ(run({"solve", "nqueens", "-n", "5", "--print", "solutions"}).exit_code, 64);
}

TEST(Golomb, RefusesMarksOutsideItsRange) {
  for (const char* marks : {"0", "-3", "101"}) {
    const auto o = run({"solve", "golomb", "-n", marks});
    EXPECT_EQ(o.exit_code, 64) << marks << o.err;
    EXPECT_TRUE(contains(o.err, "-n must be a number of marks from 1 to 100")) << o.err;
  }
  for (const char* order : {"0", "256"}) {
    const auto o = run({"solve", "magic-square", "-n", order});
    EXPECT_EQ(o.exit_code, 64) << order << o.err;
    EXPECT_TRUE(contains(o.err, "-n must be an order from 1 to 255")) << o.err;
  }
}

TEST(Golomb, ThreadsShareTheBound) {
  for (const char* threads : {"2", "4"}) {
    const auto o = run({"solve", "golomb", "-n", "8", "-j", threads, "--format", "json"});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    const auto found = lengths(o, 8);
    ASSERT_FALSE(found.empty());
    EXPECT_EQ(found.back(), 34) << threads;
    EXPECT_EQ(summary_of(o)["objective"], 34) << threads;
    EXPECT_EQ(summary_of(o)["optimal"], true) << threads;
  }
}

TEST(Golomb, CompareTimesTheProofOfTheOptimum) {
  // arc, which forward meant on integer models until forward checking held the
  // propagators back: 7 marks take 61 million nodes at forward.
  const auto o = run({"compare", "golomb", "-n", "5..7", "--vary", "prune=arc,gac", "--format", "json"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  int rows = 0;
  for (const auto& line : json_lines(o.out)) {
    if (line["type"] != "row") continue;
    ++rows;
    EXPECT_EQ(line["objective"], a003022[line["n"].get<int>() - 1]) << line.dump();
    EXPECT_EQ(line["optimal"], true) << line.dump();
  }
  EXPECT_EQ(rows, 6);
  EXPECT_EQ(summary_of(o)["agree"], true);
  const auto text = run({"compare", "golomb", "-n", "7"});
  EXPECT_TRUE(contains(text.out, "objective")) << text.out;
}

}  // namespace
