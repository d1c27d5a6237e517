// The clock of solve and compare covers the whole command (instance_clock.hpp): set-up,
// search and total seconds fit inside the wall time this test measures around the
// process, and a count resumed from a checkpoint rates only the nodes it searched.
// No timing thresholds: a loaded machine is slow, and that is no failure.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "compare_table.hpp"
#include "run_process.hpp"

namespace {

using cli::field;
using cli::lines_of;
using cli::run;

// Clocks read at different instants and printed rounded: a microsecond of slack.
constexpr double tiny = 1e-6;

nlohmann::json last_json_line(const std::string& out) {
  const auto lines = lines_of(out);
  if (lines.empty()) return nullptr;
  return nlohmann::json::parse(lines.back(), nullptr, false);
}

void expect_times_add_up(const nlohmann::json& j, double wall_seconds) {
  ASSERT_TRUE(j.contains("setup_seconds")) << j.dump();
  ASSERT_TRUE(j.contains("search_seconds")) << j.dump();
  ASSERT_TRUE(j.contains("seconds")) << j.dump();
  const double setup = j["setup_seconds"].get<double>();
  const double search = j["search_seconds"].get<double>();
  const double total = j["seconds"].get<double>();
  EXPECT_GE(setup, 0) << j.dump();
  EXPECT_GE(search, 0) << j.dump();
  EXPECT_GE(total, setup + search - tiny) << j.dump();
  EXPECT_LE(total, wall_seconds) << j.dump();
}

TEST(Clock, SolveCountReportsSetupSearchAndTotal) {
  // A count also searches for an example solution: part of seconds, not of the search.
  const auto o = run({"solve", "nqueens", "-n", "11", "--count", "--format", "json"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto summary = last_json_line(o.out);
  expect_times_add_up(summary, o.seconds);
  // Nothing resumed: the rate is all the nodes over the search.
  const double nodes = summary["nodes"].get<double>();
  EXPECT_NEAR(summary["nodes_per_second"].get<double>() * summary["search_seconds"].get<double>(), nodes,
              nodes * 1e-9);
}

TEST(Clock, SolveTextShowsTheThreeTimes) {
  const auto o = run({"solve", "nqueens", "-n", "8", "--first"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto setup = field(o.out, "setup_seconds");
  const auto search = field(o.out, "search_seconds");
  const auto total = field(o.out, "seconds");
  ASSERT_TRUE(setup && search && total) << o.out;
  EXPECT_GE(std::stod(*total), std::stod(*setup) + std::stod(*search) - tiny) << o.out;  // 6 decimals each
  EXPECT_LE(std::stod(*total), o.seconds) << o.out;
}

// cpu_seconds, the process's CPU time over the span of seconds: in text right after
// seconds, in JSON beside it. A count of 2 threads may use up to twice the wall time (and
// a few threads of the library's besides); it uses some.
TEST(Clock, SolveShowsCpuSecondsBesideSeconds) {
  const auto o = run({"solve", "nqueens", "-n", "12", "--count", "-j", "2", "--format", "json"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto summary = last_json_line(o.out);
  ASSERT_TRUE(summary.contains("cpu_seconds")) << o.out;
  const double cpu = summary["cpu_seconds"].get<double>();
  EXPECT_GT(cpu, 0) << o.out;
  EXPECT_LE(cpu, 4 * o.seconds) << o.out;
  const auto text = run({"solve", "nqueens", "-n", "8", "--first"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  const auto lines = lines_of(text.out);
  const auto at = std::find_if(lines.begin(), lines.end(), [](const auto& l) { return l.rfind("seconds: ", 0) == 0; });
  ASSERT_NE(at, lines.end()) << text.out;
  ASSERT_NE(at + 1, lines.end()) << text.out;
  EXPECT_EQ(at[1].rfind("cpu_seconds: ", 0), 0u) << text.out;
  EXPECT_GE(std::stod(at[1].substr(13)), 0) << text.out;
}

// The text summary writes nodes_per_second as a whole number, whatever its size (%.4g
// wrote 2.526e+07 in one run and 3295 in another); JSON keeps its full precision.
TEST(Clock, SolveTextRateIsAWholeNumber) {
  for (const char* n : {"4", "12"}) {
    const auto o = run({"solve", "nqueens", "-n", n, "--count"});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    const auto rate = field(o.out, "nodes_per_second");
    ASSERT_TRUE(rate) << o.out;
    ASSERT_FALSE(rate->empty());
    EXPECT_EQ(rate->find_first_not_of("0123456789"), std::string::npos) << *rate;
  }
}

TEST(Clock, SudokuCountReportsTheThreeTimes) {
  // Reading the puzzle is set-up.
  const auto o = run({"solve", "sudoku", "--puzzle",
                      "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..", "--format",
                      "json"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  expect_times_add_up(last_json_line(o.out), o.seconds);
}

TEST(Clock, CompareRowsAddUpWithinTheCommand) {
  const auto o = run({"compare", "nqueens", "-n", "6..9", "--strategy", "scan,word", "--format", "json"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto table = cli::compare_table(o.out);
  ASSERT_EQ(table["rows"].size(), 8u) << o.out;
  double sum = 0;
  for (const auto& row : table["rows"]) {
    expect_times_add_up(row, o.seconds);
    sum += row["seconds"].get<double>();
  }
  EXPECT_LE(sum, o.seconds) << o.out;

  const auto csv = run({"compare", "nqueens", "-n", "6", "--strategy", "word", "--format", "csv"});
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  const auto header = lines_of(csv.out).at(0);
  EXPECT_NE(header.find(",setup_seconds,warm_up_seconds,search_seconds,seconds,"), std::string::npos) << csv.out;
  EXPECT_NE(header.find(",nodes_per_second,"), std::string::npos) << csv.out;
}

// A short search is timed on its second run; the first run's search is the row's
// warm-up, a column of its own: set-up, warm-up and search make up the row's seconds,
// so set-up does not hold a second search (it used to be as large as the search).
TEST(Clock, CompareWarmUpIsItsOwnColumnOutOfSetup) {
  const auto o = run({"compare", "nqueens", "-n", "6,7", "--strategy", "scan,word", "--format", "json"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto table = cli::compare_table(o.out);
  ASSERT_EQ(table["rows"].size(), 4u) << o.out;
  for (const auto& row : table["rows"]) {
    ASSERT_TRUE(row.contains("warm_up_seconds")) << row.dump();
    const double setup = row["setup_seconds"].get<double>();
    const double warm_up = row["warm_up_seconds"].get<double>();
    const double search = row["search_seconds"].get<double>();
    EXPECT_NEAR(setup + warm_up + search, row["seconds"].get<double>(), tiny) << row.dump();
    // Run twice unless its search took 0.1 s; a search takes some time.
    EXPECT_TRUE(warm_up > 0 || search >= 0.1) << row.dump();
  }

  const auto text = run({"compare", "nqueens", "-n", "6", "--strategy", "word"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(lines_of(text.out).at(0).find(" setup  warm-up  search "), std::string::npos) << text.out;

  // --help says so at its top, before the options.
  const auto help = run({"compare", "--help"});
  ASSERT_EQ(help.exit_code, 0) << help.err;
  const auto lines = lines_of(help.out);
  ASSERT_GE(lines.size(), 5u) << help.out;
  std::string top;
  for (std::size_t i = 0; i < 5; ++i) top += lines[i] + '\n';
  EXPECT_NE(top.find("warm-up"), std::string::npos) << top;
}

// A count run to the end with --checkpoint, then again: the second resumes every
// subtree and searches only the probe that splits the tree, so its rate must come from
// those few nodes, not from the total it reports.
TEST(Clock, ResumedNodesAreNotRated) {
  const cli::TempFile marker;
  const std::string journal = marker.path() + ".journal";
  const std::vector<std::string> count = {"solve", "nqueens", "-n", "13", "--strategy", "word", "--symmetry", "none",
                                          "--count", "--checkpoint", journal, "--format", "json"};
  const auto first = run(count);
  const auto again = run(count);
  std::remove(journal.c_str());
  std::remove((journal + ".lock").c_str());
  ASSERT_EQ(first.exit_code, 0) << first.err;
  ASSERT_EQ(again.exit_code, 0) << again.err;
  const auto resumed = last_json_line(again.out);
  ASSERT_GT(resumed["subtrees"].get<int>(), 0) << again.out;
  ASSERT_EQ(resumed["checkpoint"]["resumed_subtrees"], resumed["subtrees"]) << again.out;
  expect_times_add_up(resumed, again.seconds);
  const double nodes = resumed["nodes"].get<double>();
  const double rated = resumed["nodes_per_second"].get<double>() * resumed["search_seconds"].get<double>();
  EXPECT_LT(rated, nodes / 10) << again.out;  // n = 13 searches millions of nodes; the probe 32768
  EXPECT_EQ(last_json_line(first.out)["nodes"], resumed["nodes"]);
}

}  // namespace
