// Statistics that explain, through the CLI: the strategies' own counters (propagations,
// checks, updates) and --profile, in solve and compare, text, CSV and JSON.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "compare_table.hpp"
#include "run_process.hpp"

namespace {

using cli::lines_of;
using cli::run;

nlohmann::json last_json(const std::string& out) {
  const auto lines = lines_of(out);
  return lines.empty() ? nlohmann::json() : nlohmann::json::parse(lines.back());
}

using cli::contains;

// The profile's depths add up to the totals, each entry in its place.
void expect_profile_adds_up(const nlohmann::json& j) {
  ASSERT_TRUE(j.contains("profile")) << j.dump();
  std::uint64_t nodes = 0, failures = 0;
  for (std::size_t d = 0; d < j["profile"].size(); ++d) {
    const auto& entry = j["profile"][d];
    EXPECT_EQ(entry["depth"], d);
    nodes += entry["nodes"].get<std::uint64_t>();
    failures += entry["failures"].get<std::uint64_t>();
  }
  EXPECT_EQ(nodes, j["nodes"].get<std::uint64_t>()) << j.dump();
  EXPECT_EQ(failures, j["failures"].get<std::uint64_t>()) << j.dump();
}

TEST(Counters, SolveJsonPerStrategy) {
  const auto none = last_json(run({"solve", "nqueens", "-n", "8", "--strategy", "csp", "--prune", "none", "--format", "json"}).out);
  EXPECT_EQ(none["counters"]["propagations"], 0) << none.dump();
  EXPECT_GT(none["counters"]["checks"].get<std::uint64_t>(), none["nodes"].get<std::uint64_t>());
  const auto forward = last_json(run({"solve", "nqueens", "-n", "8", "--strategy", "csp", "--format", "json"}).out);
  EXPECT_GT(forward["counters"]["propagations"].get<std::uint64_t>(), forward["nodes"].get<std::uint64_t>());
  const auto dlx = last_json(run({"solve", "nqueens", "-n", "8", "--strategy", "dlx", "--format", "json"}).out);
  EXPECT_GT(dlx["counters"]["updates"].get<std::uint64_t>(), dlx["nodes"].get<std::uint64_t>()) << dlx.dump();
  const auto word = last_json(run({"solve", "nqueens", "-n", "8", "--strategy", "word", "--format", "json"}).out);
  EXPECT_FALSE(word.contains("counters")) << "a strategy without counters has none: " << word.dump();
  EXPECT_FALSE(word.contains("profile")) << "no profile unless asked";
  const auto text = run({"solve", "sudoku", "--strategy", "dlx", "--puzzle",
                         "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  ASSERT_TRUE(cli::field(text.out, "updates").has_value()) << text.out;
  EXPECT_GT(std::stoull(*cli::field(text.out, "updates")), std::stoull(*cli::field(text.out, "nodes")));
}

TEST(Counters, SameWithOneAndTwoThreads) {
  // n = 12: a tree of some 10^5 nodes, split into subtrees for both thread counts.
  for (const std::string strategy : {"csp", "dlx"}) {
    std::vector<nlohmann::json> runs;
    for (const std::string threads : {"1", "2"}) {
      const auto o = run({"solve", "nqueens", "-n", "12", "--strategy", strategy, "--threads", threads, "--profile",
                          "--format", "json"});
      ASSERT_EQ(o.exit_code, 0) << o.err;
      runs.push_back(last_json(o.out));
      expect_profile_adds_up(runs.back());
    }
    EXPECT_GT(runs[0]["subtrees"].get<int>(), 1) << "the count was not split";
    EXPECT_EQ(runs[0]["counters"], runs[1]["counters"]) << strategy;
    EXPECT_EQ(runs[0]["profile"], runs[1]["profile"]) << strategy;
    EXPECT_EQ(runs[0]["nodes"], runs[1]["nodes"]) << strategy;
  }
}

TEST(Profile, SolveTextTableAndFirst) {
  const auto o = run({"solve", "nqueens", "-n", "8", "--strategy", "word", "--symmetry", "none", "--profile"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto lines = lines_of(o.out);
  std::size_t at = 0;
  while (at < lines.size() && !lines[at].starts_with("profile")) ++at;
  ASSERT_LT(at + 10, lines.size()) << o.out;
  // depth 0: the root; depth 8: the 92 solutions, no failure.
  EXPECT_EQ(lines[at + 2], "    0         1         0") << o.out;
  EXPECT_EQ(lines[at + 10], "    8        92         0") << o.out;
  // --first with threads: one search, whose profile adds up to its nodes.
  const auto first = run({"solve", "nqueens", "-n", "20", "--strategy", "csp", "--first", "--threads", "2",
                          "--profile", "--format", "json"});
  ASSERT_EQ(first.exit_code, 0) << first.err;
  expect_profile_adds_up(last_json(first.out));
}

TEST(Profile, ResumedCountSaysItsCountersAreThisRunsOnly) {
  const cli::TempFile marker;
  const std::string journal = marker.path() + ".journal";
  const std::vector<std::string> count = {"solve", "nqueens", "-n", "12", "--strategy", "dlx", "--checkpoint", journal,
                                          "--profile"};
  const auto fresh = run(count);
  const auto again = run(count);
  std::remove(journal.c_str());
  std::remove((journal + ".lock").c_str());
  ASSERT_EQ(fresh.exit_code, 0) << fresh.err;
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_FALSE(contains(fresh.out, "subtrees resumed")) << fresh.out;
  EXPECT_TRUE(contains(again.out, "are this run's: not the")) << again.out;
  EXPECT_LT(std::stoull(*cli::field(again.out, "updates")), std::stoull(*cli::field(fresh.out, "updates")));
}

TEST(Compare, CounterColumnsInEveryFormat) {
  const std::vector<std::string> args = {"compare", "nqueens", "-n", "8", "--strategy", "csp,dlx,word",
                                         "--vary", "prune=none,arc"};
  auto with = [&](std::vector<std::string> extra) {
    auto a = args;
    a.insert(a.end(), extra.begin(), extra.end());
    return run(a);
  };
  const auto text = with({});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  const auto lines = lines_of(text.out);
  ASSERT_EQ(lines.size(), 5u) << text.out;
  for (const char* column : {"propagations", "checks", "updates", "mems"}) {
    EXPECT_TRUE(contains(lines[0], column)) << lines[0];
  }
  // '-' where a row has no such column: word takes no --prune and counts nothing of its
  // own, dlx counts updates and mems only, csp neither.
  auto dashes = [](const std::string& line) {
    std::istringstream words(line);
    std::string word;
    int count = 0;
    while (words >> word) count += word == "-" ? 1 : 0;
    return count;
  };
  EXPECT_EQ(dashes(lines[1]), 2) << lines[1];
  EXPECT_EQ(dashes(lines[3]), 3) << lines[3];
  EXPECT_EQ(dashes(lines[4]), 5) << lines[4];

  const auto csv = lines_of(with({"--format", "csv"}).out);
  ASSERT_EQ(csv.size(), 5u);
  EXPECT_TRUE(contains(csv[0], ",nodes,failures,propagations,checks,updates,mems,setup_seconds,")) << csv[0];

  const auto json = cli::compare_table(with({"--format", "json", "--profile"}).out);
  const auto& rows = json["rows"];
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0]["counters"]["propagations"], 0) << "prune=none: " << rows[0].dump();
  EXPECT_GT(rows[1]["counters"]["propagations"].get<std::uint64_t>(), 0u);
  EXPECT_GT(rows[2]["counters"]["updates"].get<std::uint64_t>(), rows[2]["nodes"].get<std::uint64_t>());
  EXPECT_TRUE(rows[3]["counters"].is_null()) << rows[3].dump();
  for (const auto& row : rows) expect_profile_adds_up(row);
  // Every strategy of N-Queens fills a row a level: 92 solutions at depth 8.
  EXPECT_EQ(rows[3]["profile"][8]["nodes"], 92);
}

TEST(Compare, ProfileTablesAndSecondChart) {
  const auto text = run({"compare", "nqueens", "-n", "8", "--strategy", "word,dlx", "--profile"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_TRUE(contains(text.out, "nodes per depth:")) << text.out;
  EXPECT_TRUE(contains(text.out, "failures per depth:")) << text.out;

  if (std::system("command -v gnuplot >/dev/null 2>&1") != 0) GTEST_SKIP() << "gnuplot is not installed";
  const auto directory = std::filesystem::temp_directory_path() / ("backtrack-profile-plot-" + std::to_string(getpid()));
  std::filesystem::create_directories(directory);
  const std::string with_profile = (directory / "profile.svg").string();
  const std::string without = (directory / "plain.svg").string();
  const auto o = run({"compare", "nqueens", "-n", "6..8", "--strategy", "word,csp", "--profile", "--plot", with_profile});
  const auto p = run({"compare", "nqueens", "-n", "6..8", "--strategy", "word,csp", "--plot", without});
  const std::string svg = cli::slurp(with_profile);
  const std::string plain = cli::slurp(without);
  std::filesystem::remove_all(directory);
  ASSERT_EQ(o.exit_code, 0) << o.err;
  ASSERT_EQ(p.exit_code, 0) << p.err;
  EXPECT_TRUE(contains(svg, "seconds (log scale)")) << "the first chart";
  EXPECT_TRUE(contains(svg, "nodes per depth")) << "the second chart";
  EXPECT_TRUE(contains(svg, "n=8 csp")) << "a line per row, named with its size";
  EXPECT_FALSE(contains(plain, "nodes per depth")) << "one chart without --profile";
}

}  // namespace
