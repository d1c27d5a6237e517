// The backtrack executable, run as a separate process: output, exit codes, signals.
#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "nqueens/reference.hpp"
#include "run_process.hpp"

namespace {

using cli::field;
using cli::lines_of;
using cli::run;
using namespace std::chrono_literals;

// Sanitizers slow the searches down several times; the biggest counts shrink there.
#if defined(__SANITIZE_ADDRESS__)
constexpr int count_size = 12;
#else
constexpr int count_size = 14;
#endif

// A board drawn as n lines of 'Q' and '.', read back as the column of each row's queen
// (-1 for a row without exactly one queen, which the validator rejects).
reference::Board read_drawing(const std::vector<std::string>& rows, int n) {
  reference::Board board;
  for (const auto& row : rows) {
    int column = -1;
    int queens = 0;
    if (static_cast<int>(row.size()) != n) return {};
    for (int c = 0; c < n; ++c) {
      if (row[static_cast<std::size_t>(c)] == 'Q') {
        column = c;
        ++queens;
      } else if (row[static_cast<std::size_t>(c)] != '.') {
        return {};
      }
    }
    board.push_back(queens == 1 ? column : -1);
  }
  return board;
}

reference::Board read_columns(const std::string& text) {
  reference::Board board;
  std::istringstream in(text);
  int c = 0;
  while (in >> c) board.push_back(c);
  return board;
}

// The boards of a text listing: "solution K", "columns: ...", n rows, numbered 1, 2, ...
std::vector<reference::Board> boards_in_text(const std::string& out, int n) {
  const auto lines = lines_of(out);
  std::vector<reference::Board> boards;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].rfind("solution ", 0) != 0) continue;
    EXPECT_EQ(lines[i], "solution " + std::to_string(boards.size() + 1));
    if (i + 1 + static_cast<std::size_t>(n) >= lines.size()) {
      ADD_FAILURE() << "listing cut short after " << lines[i];
      break;
    }
    EXPECT_EQ(lines[i + 1].rfind("columns: ", 0), 0u) << lines[i + 1];
    const auto columns = read_columns(lines[i + 1].substr(9));
    const std::vector<std::string> rows(lines.begin() + static_cast<std::ptrdiff_t>(i) + 2,
                                        lines.begin() + static_cast<std::ptrdiff_t>(i) + 2 + n);
    const auto drawn = read_drawing(rows, n);
    EXPECT_EQ(drawn, columns) << "the drawing and the columns line disagree at " << lines[i];
    boards.push_back(drawn);
    i += static_cast<std::size_t>(n) + 1;
  }
  return boards;
}

using cli::json_lines;

std::size_t line_count(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

// ---------------------------------------------------------------------------------
// Counting.

class CountByStrategy : public ::testing::TestWithParam<std::string> {};

TEST_P(CountByStrategy, OeisCount) {
  const auto o = run({"solve", "nqueens", "-n", std::to_string(count_size), "--count", "--strategy", GetParam()});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(field(o.out, "solutions"), std::to_string(reference::a000170[count_size])) << o.out;
  EXPECT_EQ(field(o.out, "status"), "complete");
  // A count shows an example board, which must be a solution.
  const auto lines = lines_of(o.out);
  const auto example = std::find(lines.begin(), lines.end(), "example:");
  ASSERT_NE(example, lines.end()) << o.out;
  ASSERT_GE(lines.end() - example, count_size + 2);
  EXPECT_EQ(example[1].rfind("columns: ", 0), 0u);
  const auto board = read_drawing(std::vector<std::string>(example + 2, example + 2 + count_size), count_size);
  EXPECT_TRUE(reference::valid(board, count_size)) << o.out;
  EXPECT_EQ(board, read_columns(example[1].substr(9)));
}

INSTANTIATE_TEST_SUITE_P(Strategies, CountByStrategy, ::testing::Values("scan", "arrays", "bitset", "word"),
                         [](const auto& info) { return info.param; });

TEST(Count, ClassesWithFullSymmetry) {
  for (int n : {1, 8, 10}) {
    const auto o = run({"solve", "nqueens", "-n", std::to_string(n), "--strategy", "word", "--symmetry", "full"});
    EXPECT_EQ(o.exit_code, 0) << o.err;
    EXPECT_EQ(field(o.out, "solutions"), std::to_string(reference::a000170[n]));
    EXPECT_EQ(field(o.out, "classes"), std::to_string(reference::a002562[n]));
  }
}

TEST(Count, SameStatsWithOneAndTwoThreads) {
  std::vector<nlohmann::json> summaries;
  for (const char* threads : {"1", "2"}) {
    const auto o = run({"solve", "nqueens", "-n", "11", "--strategy", "arrays", "--symmetry", "none", "-j", threads,
                        "--format", "json"});
    EXPECT_EQ(o.exit_code, 0) << o.err;
    const auto objects = json_lines(o.out);
    ASSERT_EQ(objects.size(), 1u) << o.out;
    summaries.push_back(objects[0]);
    EXPECT_EQ(objects[0]["threads"], std::stoi(threads));
  }
  EXPECT_EQ(summaries[0]["solutions"], "2680");
  EXPECT_EQ(summaries[0]["solutions"], summaries[1]["solutions"]);
  EXPECT_EQ(summaries[0]["nodes"], summaries[1]["nodes"]);
  EXPECT_EQ(summaries[0]["failures"], summaries[1]["failures"]);
}

// More threads than the CPUs this process may use: as many threads as CPUs, said in one
// line, and the summary tells the number used (oneTBB ran that many all the same, printed
// "TBB Warning: The number of workers is currently limited to 1" on stderr, and the
// summary said 64).
TEST(Count, MoreThreadsThanCpus) {
  const int cpus = cli::usable_cpus();
  if (cpus >= 64) GTEST_SKIP() << cpus << " CPUs";
  const std::string note =
      "--threads 64: this process may run on " + std::to_string(cpus) + " CPU" + (cpus == 1 ? "" : "s");
  const auto o = run({"solve", "nqueens", "-n", "11", "--strategy", "arrays", "-j", "64", "--format", "json"});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(o.err.find("TBB"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find(note), std::string::npos) << o.err;
  const auto objects = json_lines(o.out);
  ASSERT_EQ(objects.size(), 1u) << o.out;
  EXPECT_EQ(objects[0]["solutions"], "2680");
  EXPECT_EQ(objects[0]["threads"], cpus);
  const auto first = run({"solve", "nqueens", "-n", "28", "--strategy", "word", "--first", "-j", "64"});
  EXPECT_EQ(first.exit_code, 0) << first.err;
  EXPECT_EQ(first.err.find("TBB"), std::string::npos) << first.err;
  EXPECT_NE(first.err.find(note), std::string::npos) << first.err;
  const auto boards = boards_in_text(first.out, 28);
  ASSERT_EQ(boards.size(), 1u) << first.out;
  EXPECT_TRUE(reference::valid(boards[0], 28));
}

// Zero solutions is a success (exit 0), for a count and for a listing.
TEST(Count, NoSolutionIsSuccess) {
  auto o = run({"solve", "nqueens", "-n", "3"});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(field(o.out, "solutions"), "0");
  o = run({"solve", "nqueens", "-n", "2", "--all"});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("no solution"), std::string::npos) << o.out;
  EXPECT_EQ(o.out.find("solution 1"), std::string::npos);
}

// ---------------------------------------------------------------------------------
// Listing.

TEST(List, AllBoardsOfEight) {
  const auto o = run({"solve", "nqueens", "-n", "8", "--all"});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  const auto boards = boards_in_text(o.out, 8);
  EXPECT_EQ(boards.size(), 92u);
  std::set<reference::Board> distinct;
  for (const auto& b : boards) {
    EXPECT_TRUE(reference::valid(b, 8));
    distinct.insert(b);
  }
  EXPECT_EQ(distinct.size(), 92u);
  const auto all = reference::full_tree(8).solutions;
  EXPECT_EQ(distinct, std::set<reference::Board>(all.begin(), all.end()));
  EXPECT_EQ(field(o.out, "solutions"), "92");
  EXPECT_EQ(field(o.out, "status"), "complete");
}

TEST(List, AllBoardsOfEightAsJson) {
  const auto o = run({"solve", "nqueens", "-n", "8", "--all", "--format", "json", "-j", "2"});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  const auto objects = json_lines(o.out);
  ASSERT_EQ(objects.size(), 93u);
  std::set<reference::Board> distinct;
  std::set<std::uint64_t> indices;
  for (std::size_t i = 0; i + 1 < objects.size(); ++i) {
    EXPECT_EQ(objects[i]["type"], "solution");
    indices.insert(objects[i]["index"].get<std::uint64_t>());
    const auto board = objects[i]["columns"].get<reference::Board>();
    EXPECT_TRUE(reference::valid(board, 8));
    distinct.insert(board);
  }
  EXPECT_EQ(distinct.size(), 92u);
  EXPECT_EQ(indices.size(), 92u);
  EXPECT_EQ(*indices.begin(), 1u);
  EXPECT_EQ(*indices.rbegin(), 92u);
  const auto& summary = objects.back();
  EXPECT_EQ(summary["type"], "summary");
  EXPECT_EQ(summary["solutions"], "92");
  EXPECT_EQ(summary["status"], "complete");
  EXPECT_EQ(summary["partial"], false);
  EXPECT_EQ(summary["problem"], "nqueens");
  EXPECT_TRUE(summary.contains("schema_version"));
  EXPECT_EQ(summary["instance"]["n"], 8);
  EXPECT_GT(summary["nodes"].get<std::uint64_t>(), 92u);
}

TEST(List, CountAsJsonHasClassesAndExample) {
  const auto o = run({"solve", "nqueens", "-n", "10", "--format", "json"});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  const auto objects = json_lines(o.out);
  ASSERT_EQ(objects.size(), 1u);
  EXPECT_EQ(objects[0]["solutions"], "724");
  EXPECT_EQ(objects[0]["classes"], "92");
  EXPECT_TRUE(reference::valid(objects[0]["example"]["columns"].get<reference::Board>(), 10));
}

TEST(List, UniqueBoards) {
  const auto o = run({"solve", "nqueens", "-n", "8", "--unique"});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  const auto boards = boards_in_text(o.out, 8);
  ASSERT_EQ(boards.size(), 12u);
  std::set<reference::Board> covered;
  std::size_t sum = 0;
  for (const auto& b : boards) {
    EXPECT_TRUE(reference::valid(b, 8));
    const auto members = reference::orbit(b);
    sum += members.size();
    covered.insert(members.begin(), members.end());
  }
  EXPECT_EQ(sum, 92u);
  EXPECT_EQ(covered.size(), 92u);
}

TEST(List, First) {
  for (const char* strategy : {"scan", "arrays", "bitset", "word"}) {
    const auto o = run({"solve", "nqueens", "-n", "12", "--first", "--strategy", strategy});
    EXPECT_EQ(o.exit_code, 0) << o.err;
    const auto boards = boards_in_text(o.out, 12);
    ASSERT_EQ(boards.size(), 1u) << strategy;
    EXPECT_TRUE(reference::valid(boards[0], 12));
    EXPECT_EQ(field(o.out, "status"), "solution_limit");
  }
}

TEST(List, LimitFive) {
  const auto o = run({"solve", "nqueens", "-n", "10", "--limit", "5"});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  const auto boards = boards_in_text(o.out, 10);
  ASSERT_EQ(boards.size(), 5u);
  const auto all = reference::full_tree(10).solutions;
  for (std::size_t i = 0; i < boards.size(); ++i) EXPECT_EQ(boards[i], all[i]) << "depth-first order";
  EXPECT_EQ(field(o.out, "status"), "solution_limit");
}

// With threads, --first and --limit K give what one thread gives: the first boards in
// depth-first order. n = 28 with word searches 3 million nodes before its first board,
// far beyond the split's probe, so the threads do search subtrees.
TEST(List, FirstAndLimitWithThreadsAreTheOneThreadAnswer) {
  for (const char* mode : {"--first", "--limit"}) {
    std::vector<std::string> args = {"solve", "nqueens", "-n", "28", "--strategy", "word", mode};
    if (std::string(mode) == "--limit") args.push_back("7");
    auto with = [&](const char* threads) {
      auto a = args;
      a.insert(a.end(), {"-j", threads});
      return run(a);
    };
    const auto one = with("1");
    const auto two = with("2");
    ASSERT_EQ(one.exit_code, 0) << one.err;
    ASSERT_EQ(two.exit_code, 0) << two.err;
    const auto boards = boards_in_text(one.out, 28);
    ASSERT_EQ(boards.size(), std::string(mode) == "--first" ? 1u : 7u);
    for (const auto& b : boards) EXPECT_TRUE(reference::valid(b, 28));
    EXPECT_EQ(boards_in_text(two.out, 28), boards) << mode;
    EXPECT_EQ(field(two.out, "status"), "solution_limit");
  }
}

TEST(List, LargeListingWithLimit) {
  // --limit keeps the output of a large board small (the cap past 100,000 solutions:
  // plugin_contract_test).
  const auto o = run({"solve", "nqueens", "-n", "16", "--all", "--limit", "3"});
  EXPECT_EQ(o.exit_code, 64) << "--all and --limit are two modes";
  const auto p = run({"solve", "nqueens", "-n", "16", "--limit", "3"});
  EXPECT_EQ(p.exit_code, 0) << p.err;
  EXPECT_EQ(boards_in_text(p.out, 16).size(), 3u);
}

// Each listed solution says when it was found: "seconds" and "nodes" in JSON, a line
// "found at ... s, node N" with -v. One search in depth-first order stops at the solution
// --first or --limit K asks for, so that one's nodes are the summary's.
TEST(Listing, SolutionsSayWhenTheyWereFound) {
  for (const char* limit : {"1", "5"}) {
    const auto o = run({"solve", "nqueens", "-n", "10", "--limit", limit, "-j", "1", "--format", "json"});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    const auto objects = json_lines(o.out);
    ASSERT_EQ(objects.size(), std::stoul(limit) + 1) << o.out;
    const auto& summary = objects.back();
    for (std::size_t i = 0; i + 1 < objects.size(); ++i) {
      ASSERT_TRUE(objects[i].contains("nodes") && objects[i].contains("seconds")) << objects[i].dump();
      EXPECT_LE(objects[i]["seconds"].get<double>(), summary["search_seconds"].get<double>());
      if (i > 0) {
        EXPECT_GT(objects[i]["nodes"], objects[i - 1]["nodes"]);
      }
    }
    EXPECT_EQ(objects[objects.size() - 2]["nodes"], summary["nodes"]) << o.out;
  }
  // On two threads: each within the run's nodes.
  const auto both = run({"solve", "nqueens", "-n", "10", "--all", "-j", "2", "--format", "json"});
  ASSERT_EQ(both.exit_code, 0) << both.err;
  const auto objects = json_lines(both.out);
  ASSERT_EQ(objects.size(), 725u);
  for (std::size_t i = 0; i + 1 < objects.size(); ++i) {
    EXPECT_GT(objects[i]["nodes"].get<std::uint64_t>(), 0u);
    EXPECT_LE(objects[i]["nodes"], objects.back()["nodes"]);
  }
  const auto json_first = run({"solve", "nqueens", "-n", "8", "--first", "-j", "1", "--format", "json"});
  const auto text = run({"solve", "nqueens", "-n", "8", "--first", "-j", "1", "-v"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  const auto lines = lines_of(text.out);
  ASSERT_GE(lines.size(), 3u) << text.out;
  EXPECT_EQ(lines[0], "solution 1");
  EXPECT_EQ(lines[1].rfind("found at ", 0), 0u) << text.out;
  const std::string node = ", node " + json_lines(json_first.out).at(0)["nodes"].dump();
  EXPECT_TRUE(lines[1].ends_with(" s" + node)) << lines[1];
  EXPECT_EQ(lines[2].rfind("columns: ", 0), 0u) << text.out;
  const auto quiet = run({"solve", "nqueens", "-n", "8", "--first", "-j", "1"});
  EXPECT_EQ(quiet.out.find("found at"), std::string::npos) << quiet.out;
}

// ---------------------------------------------------------------------------------
// Limits.

TEST(Limits, MaxNodes) {
  auto o = run({"solve", "nqueens", "-n", "12", "--max-nodes", "100"});
  EXPECT_EQ(o.exit_code, 3) << o.err;
  EXPECT_EQ(field(o.out, "nodes"), "100") << o.out;
  ASSERT_TRUE(field(o.out, "status"));
  EXPECT_EQ(field(o.out, "status")->rfind("node_limit", 0), 0u) << o.out;
  EXPECT_NE(o.out.find("partial"), std::string::npos);
  o = run({"solve", "nqueens", "-n", "12", "--max-nodes", "100", "--format", "json", "--strategy", "bitset"});
  EXPECT_EQ(o.exit_code, 3);
  const auto objects = json_lines(o.out);
  ASSERT_EQ(objects.size(), 1u);
  EXPECT_EQ(objects[0]["nodes"], 100);
  EXPECT_EQ(objects[0]["status"], "node_limit");
  EXPECT_EQ(objects[0]["partial"], true);
}

// --max-failures stops right after its N-th failure: exactly N failures,
// exit 3, status failure_limit, on one search in depth-first order whatever --threads,
// in solve and in compare; 0 is refused.
TEST(Limits, MaxFailures) {
  std::vector<nlohmann::json> summaries;
  for (const char* threads : {"1", "2"}) {
    const auto o = run({"solve", "nqueens", "-n", "12", "--max-failures", "100", "-j", threads, "--format", "json"});
    EXPECT_EQ(o.exit_code, 3) << o.err;
    const auto objects = json_lines(o.out);
    ASSERT_EQ(objects.size(), 1u) << o.out;
    EXPECT_EQ(objects[0]["failures"], 100);
    EXPECT_EQ(objects[0]["status"], "failure_limit");
    EXPECT_EQ(objects[0]["partial"], true);
    EXPECT_EQ(objects[0]["subtrees"], 0) << "one search, not split";
    summaries.push_back(objects[0]);
  }
  EXPECT_EQ(summaries[0]["nodes"], summaries[1]["nodes"]);
  EXPECT_EQ(summaries[0]["solutions"], summaries[1]["solutions"]);
  // The node after the 100th failure: more nodes than failures, fewer than the next limit's.
  const auto more = run({"solve", "nqueens", "-n", "12", "--max-failures", "101", "--format", "json"});
  EXPECT_LT(summaries[0]["nodes"].get<std::uint64_t>(), summary_of(more)["nodes"].get<std::uint64_t>());
  const auto text = run({"solve", "nqueens", "-n", "12", "--max-failures", "100"});
  EXPECT_EQ(text.exit_code, 3);
  EXPECT_EQ(field(text.out, "failures"), "100") << text.out;
  EXPECT_EQ(field(text.out, "status"), "failure_limit (partial: the search did not finish)") << text.out;
  // A limit the tree never reaches: complete.
  const auto loose = run({"solve", "nqueens", "-n", "6", "--max-failures", "1000000", "--format", "json"});
  EXPECT_EQ(loose.exit_code, 0) << loose.err;
  EXPECT_EQ(summary_of(loose)["status"], "complete");
  const auto row = run({"compare", "nqueens", "-n", "12", "--strategy", "bitset", "--max-failures", "100",
                        "--format", "json"});
  EXPECT_EQ(row.exit_code, 3) << row.err;
  const auto rows = json_lines(row.out);
  ASSERT_EQ(rows.size(), 2u) << row.out;
  EXPECT_EQ(rows[0]["failures"], 100);
  EXPECT_EQ(rows[0]["status"], "failure_limit");
  EXPECT_EQ(rows[0]["partial"], true);
  EXPECT_EQ(run({"solve", "nqueens", "-n", "8", "--max-failures", "0"}).exit_code, 64);
  EXPECT_EQ(run({"solve", "nqueens", "-n", "8", "--max-failures", "5", "--checkpoint", "unused.journal"}).exit_code,
            64);
}

TEST(Limits, TimeLimit) {
  const auto o = run({"solve", "nqueens", "-n", "19", "--count", "-j", "1", "--time-limit", "0.3"});
  EXPECT_EQ(o.exit_code, 3) << o.err;
  ASSERT_TRUE(field(o.out, "status")) << o.out;
  EXPECT_EQ(field(o.out, "status")->rfind("time_limit", 0), 0u) << o.out;
  EXPECT_LT(o.seconds, 5.0);
}

// ---------------------------------------------------------------------------------
// Usage errors: exit 64, one line on stderr, nothing on stdout.

struct BadInput {
  const char* name;
  std::vector<std::string> args;
  int exit_code;
};

class Errors : public ::testing::TestWithParam<BadInput> {};

TEST_P(Errors, OneLineOnStderrNothingOnStdout) {
  const auto o = run(GetParam().args);
  EXPECT_EQ(o.exit_code, GetParam().exit_code) << o.err;
  EXPECT_FALSE(o.killed);
  EXPECT_EQ(o.out, "") << "stdout must stay empty";
  EXPECT_EQ(line_count(o.err), 1u) << o.err;
  EXPECT_GT(o.err.size(), 10u);
  EXPECT_NE(o.err.find("error"), std::string::npos) << o.err;
}

INSTANTIATE_TEST_SUITE_P(
    Usage, Errors,
    ::testing::Values(BadInput{"size_zero", {"solve", "nqueens", "-n", "0"}, 64},
                      BadInput{"size_negative", {"solve", "nqueens", "-n", "-3"}, 64},
                      BadInput{"size_negative_attached", {"solve", "nqueens", "--size=-3"}, 64},
                      BadInput{"size_not_a_number", {"solve", "nqueens", "-n", "abc"}, 64},
                      BadInput{"size_too_big_for_word", {"solve", "nqueens", "-n", "65", "--strategy", "word"}, 64},
                      BadInput{"unknown_problem", {"solve", "nosuchpuzzle", "-n", "8"}, 64},
                      BadInput{"unknown_strategy", {"solve", "nqueens", "--strategy", "magic"}, 64},
                      BadInput{"unknown_command", {"frobnicate"}, 64},
                      BadInput{"no_command", {}, 64},
                      BadInput{"solve_without_problem", {"solve"}, 64},
                      BadInput{"unknown_option", {"solve", "nqueens", "--bogus"}, 64},
                      BadInput{"unknown_top_option", {"--bogus", "list"}, 64},
                      BadInput{"conflicting_modes", {"solve", "nqueens", "--all", "--first"}, 64},
                      BadInput{"full_symmetry_with_scan", {"solve", "nqueens", "--symmetry", "full", "--strategy", "scan"}, 64},
                      BadInput{"unknown_symmetry", {"solve", "nqueens", "--symmetry", "diagonal"}, 64},
                      BadInput{"limit_zero", {"solve", "nqueens", "--limit", "0"}, 64},
                      BadInput{"threads_negative", {"solve", "nqueens", "--threads", "-1"}, 64},
                      BadInput{"threads_negative_attached", {"solve", "nqueens", "--threads=-1"}, 64},
                      BadInput{"max_nodes_zero", {"solve", "nqueens", "--max-nodes", "0"}, 64},
                      BadInput{"time_limit_negative", {"solve", "nqueens", "--time-limit=-1"}, 64},
                      BadInput{"time_limit_huge", {"solve", "nqueens", "--time-limit", "1e300"}, 64},
                      BadInput{"format_xml", {"solve", "nqueens", "--format", "xml"}, 64},
                      BadInput{"list_format_xml", {"list", "--format", "xml"}, 64},
                      BadInput{"missing_value", {"solve", "nqueens", "-n"}, 64},
                      BadInput{"mpi_listing", {"solve", "nqueens", "--all", "--mpi"}, 64}),
    [](const auto& info) { return std::string(info.param.name); });

// A process held to less memory than the machine has (ulimit -v, as a batch job may be)
// is refused by what it may use, before anything is built: dancing links for n = 3000
// take about 1.5 GiB. Before, the machine's memory passed it, and it ended with
// "internal error: std::bad_alloc". Not under AddressSanitizer, which maps terabytes.
TEST(Limits, AnAddressSpaceLimitIsWhatTheEstimateIsHeldTo) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer maps terabytes: an address-space limit means nothing to it";
#else
  const auto o = cli::run_program("/bin/sh", {"-c", "ulimit -v 1048576 && exec \"$0\" \"$@\"", BACKTRACK_EXE, "solve",
                                              "nqueens", "-n", "3000", "--strategy", "dlx", "--first", "-j", "1"});
  EXPECT_EQ(o.exit_code, 64) << o.err;
  EXPECT_NE(o.err.find("strategy dlx needs about 1.5 GiB for n = 3000; ulimit -v leaves this process"),
            std::string::npos)
      << o.err;
  EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
#endif
}

// Files that cannot be read are bad input data (65) with the system's reason, and a
// pentomino box too large to build a usage error (64) naming the limit.
TEST(BadFiles, UnreadableFilesAndHugeBoards) {
  const auto sudoku = run({"solve", "sudoku", "--file", "/"});
  EXPECT_EQ(sudoku.exit_code, 65) << sudoku.err;
  EXPECT_NE(sudoku.err.find("/: Is a directory"), std::string::npos) << sudoku.err;
  const auto zeros = run({"solve", "sudoku", "--file", "/dev/zero"});
  EXPECT_EQ(zeros.exit_code, 65) << zeros.err;
  EXPECT_NE(zeros.err.find("larger than the 64 MiB"), std::string::npos) << zeros.err;
  const auto board = run({"solve", "nqueens", "--file", "/"});
  EXPECT_EQ(board.exit_code, 65) << board.err;
  EXPECT_NE(board.err.find("/: Is a directory"), std::string::npos) << board.err;
  for (const char* box : {"65536x65536", "46341x46341"}) {
    const auto o = run({"solve", "pentomino", "--shape", box});
    EXPECT_EQ(o.exit_code, 64) << box << o.err;
    EXPECT_NE(o.err.find("at most 4096 cells"), std::string::npos) << o.err;
  }
}

// A file name is any bytes; the JSON summary that carries it must still be written.
TEST(Json, FileNameThatIsNotUtf8) {
  const cli::TempFile marker;
  const std::string journal = marker.path() + "\xff";
  const auto o = run({"solve", "nqueens", "-n", "6", "--checkpoint", journal, "--format", "json"});
  std::remove(journal.c_str());
  std::remove((journal + ".lock").c_str());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto summary = nlohmann::json::parse(o.out, nullptr, false);
  ASSERT_FALSE(summary.is_discarded()) << o.out;
  EXPECT_EQ(summary["solutions"], "4");
  EXPECT_NE(summary["checkpoint"]["file"].get<std::string>().find("\xef\xbf\xbd"), std::string::npos);  // U+FFFD
}

// --mpi in a build without MPI says how to get one (the MPI build: tests/mpi).
TEST(Mpi, UsageErrorWithoutMpi) {
  if (BACKTRACK_MPI_BUILT) GTEST_SKIP() << "this build has MPI";
  const auto o = run({"solve", "nqueens", "-n", "8", "--mpi"});
  EXPECT_EQ(o.exit_code, 64);
  EXPECT_EQ(o.out, "");
  EXPECT_NE(o.err.find("built without MPI"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("apt-get install openmpi-bin libopenmpi-dev libboost-mpi-dev"), std::string::npos) << o.err;
}

// ---------------------------------------------------------------------------------
// Help, version, list.

TEST(Help, EveryLevelExplainsExitCodes) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"--help"}, {"-h"}, {"help"}, {"solve", "--help"}, {"solve", "nqueens", "--help"}, {"list", "--help"}}) {
    const auto o = run(args);
    std::string joined;
    for (const auto& a : args) joined += a + ' ';
    EXPECT_EQ(o.exit_code, 0) << joined << o.err;
    EXPECT_NE(o.out.find("Exit codes"), std::string::npos) << joined;
    for (const char* code : {"64", "130", "3 "}) EXPECT_NE(o.out.find(code), std::string::npos) << joined << code;
    EXPECT_NE(o.out.find("Usage"), std::string::npos) << joined;
  }
  const auto o = run({"solve", "nqueens", "--help"});
  for (const char* strategy : {"scan", "arrays", "bitset", "word"}) {
    EXPECT_NE(o.out.find(strategy), std::string::npos) << strategy;
  }
  EXPECT_NE(o.out.find("--size"), std::string::npos);
  EXPECT_NE(o.out.find("--symmetry"), std::string::npos);
}

TEST(Help, Version) {
  const auto o = run({"--version"});
  EXPECT_EQ(o.exit_code, 0);
  // "backtrack MAJOR.MINOR.PATCH\n" (checked by hand: std::regex trips a g++ 12 warning under ASan)
  ASSERT_EQ(o.out.rfind("backtrack ", 0), 0u) << o.out;
  ASSERT_FALSE(o.out.empty());
  EXPECT_EQ(o.out.back(), '\n');
  const std::string version = o.out.substr(10, o.out.size() - 11);
  int dots = 0;
  for (char c : version) {
    if (c == '.') {
      ++dots;
    } else {
      EXPECT_TRUE(c >= '0' && c <= '9') << o.out;
    }
  }
  EXPECT_EQ(dots, 2) << o.out;
  EXPECT_NE(version.front(), '.');
  EXPECT_NE(version.back(), '.');
}

TEST(ListCommand, Text) {
  const auto o = run({"list", "nqueens"});  // `list` alone names the problems (usability_test.cpp)
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("nqueens"), std::string::npos);
  for (const char* strategy : {"scan", "arrays", "bitset", "word"}) {
    EXPECT_NE(o.out.find(strategy), std::string::npos) << strategy;
  }
}

TEST(ListCommand, Json) {
  const auto o = run({"list", "--format", "json"});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  const auto objects = json_lines(o.out);
  ASSERT_EQ(objects.size(), 1u);
  const auto& problems = objects[0].at("problems");
  const nlohmann::json* nqueens = nullptr;
  for (const auto& p : problems) {
    if (p.at("name") == "nqueens") nqueens = &p;
  }
  ASSERT_NE(nqueens, nullptr) << o.out;
  std::set<std::string> names;
  for (const auto& s : nqueens->at("strategies")) names.insert(s.at("name").get<std::string>());
  for (const char* strategy : {"scan", "arrays", "bitset", "word"}) EXPECT_TRUE(names.count(strategy)) << strategy;
  bool has_size = false;
  for (const auto& option : nqueens->at("options")) has_size |= option.at("name") == "size";
  EXPECT_TRUE(has_size);
  // Which problems `check` judges: those with a checker, and each of them does judge.
  std::map<std::string, bool> checks;
  for (const auto& p : problems) checks[p.at("name").get<std::string>()] = p.at("checks").get<bool>();
  EXPECT_EQ(checks, (std::map<std::string, bool>{{"fzn", false}, {"golomb", false}, {"magic-square", false}, {"nqueens", true}, {"pentomino", true}, {"sudoku", true}, {"xcc", false}}));
  for (const auto& [name, judged] : checks) {
    const auto checked = run({"check", name, "/dev/null"});
    EXPECT_EQ(checked.exit_code, judged ? 65 : 64) << name << ": " << checked.err;  // no solution in it / no checker
  }
}

// ---------------------------------------------------------------------------------
// Signals: the search stops, prints its partial statistics, and exits 128 + signal.

struct SignalCase {
  int number;
  int exit_code;
};

class Signals : public ::testing::TestWithParam<SignalCase> {};

TEST_P(Signals, StopWithPartialStatistics) {
  const auto [number, exit_code] = GetParam();
  const auto o = run({"solve", "nqueens", "-n", "19", "--count", "-j", "1"}, cli::Signal{number, 500ms});
  EXPECT_FALSE(o.killed) << "the signal killed the process instead of stopping the search";
  EXPECT_EQ(o.exit_code, exit_code) << o.err;
  EXPECT_NE(o.out.find("status: interrupted"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("partial"), std::string::npos) << o.out;
  EXPECT_LT(o.seconds, 5.0);
  EXPECT_EQ(o.out.find("example:"), std::string::npos) << "no example after an interrupted count";
}

TEST_P(Signals, StopWhileListing) {
  const auto [number, exit_code] = GetParam();
  const auto o = run({"solve", "nqueens", "-n", "19", "--all", "--force", "--strategy", "scan", "--format", "json", "-j", "2"},
                     cli::Signal{number, 500ms});
  EXPECT_FALSE(o.killed);
  EXPECT_EQ(o.exit_code, exit_code) << o.err;
  const auto objects = json_lines(o.out);
  ASSERT_FALSE(objects.empty());
  EXPECT_EQ(objects.back()["type"], "summary");
  EXPECT_EQ(objects.back()["status"], "interrupted");
  EXPECT_EQ(objects.back()["partial"], true);
  EXPECT_LT(o.seconds, 5.0);
}

INSTANTIATE_TEST_SUITE_P(Both, Signals, ::testing::Values(SignalCase{SIGINT, 130}, SignalCase{SIGTERM, 143}),
                         [](const auto& info) { return info.param.number == SIGINT ? "sigint" : "sigterm"; });

}  // namespace
