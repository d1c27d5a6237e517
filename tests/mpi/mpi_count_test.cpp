// mpiexec -n K backtrack solve nqueens --count --mpi: K ranks on this machine count
// exactly what one process counts (OEIS A000170), with the same tree statistics, with
// and without a checkpoint, and resume a journal that an earlier run left half done.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli/run_process.hpp"
#include "nqueens/reference.hpp"

namespace {

using cli::Outcome;

std::string expected_solutions(int n) { return std::to_string(reference::a000170[n]); }

Outcome run_on_ranks(int ranks, const std::vector<std::string>& args) {
  std::vector<std::string> line = {MPIEXEC_NUMPROC_FLAG, std::to_string(ranks), BACKTRACK_EXE};
  line.insert(line.end(), args.begin(), args.end());
  return cli::run_program(MPIEXEC, line);
}

std::vector<std::string> count_args(int n, std::vector<std::string> more = {}) {
  std::vector<std::string> args = {"solve", "nqueens", "-n", std::to_string(n), "--count", "--format", "json"};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

using cli::summary_of;

// What every run of the same count must agree on; time and threads aside.
void expect_same_count(const nlohmann::json& got, const nlohmann::json& one_process) {
  for (const char* key : {"solutions", "classes", "nodes", "failures", "max_depth", "subtrees", "status"}) {
    EXPECT_EQ(got.value(key, nlohmann::json()), one_process.value(key, nlohmann::json())) << key;
  }
}

std::vector<std::string> journal_lines(const std::string& path) {
  return cli::lines_of(cli::slurp(path));
}

// The subtree indices of a journal's records, each once.
std::set<std::size_t> recorded_subtrees(const std::string& path) {
  std::set<std::size_t> indices;
  const auto lines = journal_lines(path);
  for (std::size_t k = 1; k < lines.size(); ++k) {
    const auto json = nlohmann::json::parse(lines[k].substr(0, lines[k].rfind(' ')));
    EXPECT_TRUE(indices.insert(json.at("i").get<std::size_t>()).second) << "subtree recorded twice: " << lines[k];
  }
  return indices;
}

class Ranks : public ::testing::TestWithParam<int> {};

TEST_P(Ranks, CountsWhatOneProcessCounts) {
  for (int n = 10; n <= 13; ++n) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const auto one = cli::run(count_args(n, {"-j", "1"}));
    ASSERT_EQ(one.exit_code, 0) << one.err;
    const auto many = run_on_ranks(GetParam(), count_args(n, {"-j", "1", "--mpi"}));
    ASSERT_EQ(many.exit_code, 0) << many.err;
    const auto s = summary_of(many);
    EXPECT_EQ(s.value("solutions", ""), expected_solutions(n)) << many.out;
    expect_same_count(s, summary_of(one));
    EXPECT_EQ(s.value("partial", true), false);
    EXPECT_EQ(cli::lines_of(many.out).size(), 1u) << "only rank 0 prints:\n" << many.out;
  }
}

TEST_P(Ranks, ThreadsInEachRankAndTextOutput) {
  const int n = 12;
  const std::vector<std::string> args = {"solve", "nqueens", "-n", "12", "--symmetry", "none", "-j", "2"};
  const auto one = cli::run(args);
  auto with_mpi = args;
  with_mpi.push_back("--mpi");
  const auto many = run_on_ranks(GetParam(), with_mpi);
  ASSERT_EQ(many.exit_code, 0) << many.err;
  EXPECT_EQ(cli::field(many.out, "solutions"), expected_solutions(n));
  for (const char* key : {"problem", "solutions", "nodes", "failures", "max_depth", "status"}) {
    EXPECT_EQ(cli::field(many.out, key), cli::field(one.out, key)) << key;
  }
  EXPECT_NE(many.out.find("example:"), std::string::npos) << many.out;
}

TEST_P(Ranks, CheckpointHoldsEverySubtreeOnce) {
  const int n = 13;
  cli::TempFile journal;
  std::remove(journal.path().c_str());
  const auto args = count_args(n, {"-j", "1", "--mpi", "--checkpoint", journal.path()});
  const auto first = run_on_ranks(GetParam(), args);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  const auto s = summary_of(first);
  EXPECT_EQ(s.value("solutions", ""), expected_solutions(n));
  const std::size_t subtrees = s.at("subtrees").get<std::size_t>();
  EXPECT_EQ(s.at("checkpoint").at("resumed_subtrees"), 0u);
  EXPECT_EQ(s.at("checkpoint").at("written_subtrees"), subtrees);
  EXPECT_EQ(recorded_subtrees(journal.path()).size(), subtrees);
  EXPECT_EQ(journal_lines(journal.path()).size(), subtrees + 1) << "a header and one line per subtree";

  // Again: everything is in the journal, nothing is searched.
  const auto again = run_on_ranks(GetParam(), args);
  ASSERT_EQ(again.exit_code, 0) << again.err;
  const auto t = summary_of(again);
  EXPECT_EQ(t.value("solutions", ""), expected_solutions(n));
  EXPECT_EQ(t.at("checkpoint").at("resumed_subtrees"), subtrees);
  EXPECT_EQ(t.at("checkpoint").at("written_subtrees"), 0u);
}

TEST_P(Ranks, ResumesAHalfDoneJournal) {
  const int n = 12;
  cli::TempFile journal;
  std::remove(journal.path().c_str());
  // One process writes the whole journal; keep its header and the first half of its
  // records, as if it had been killed there.
  const auto whole = cli::run(count_args(n, {"-j", "1", "--checkpoint", journal.path()}));
  ASSERT_EQ(whole.exit_code, 0) << whole.err;
  const std::size_t subtrees = summary_of(whole).at("subtrees").get<std::size_t>();
  const auto lines = journal_lines(journal.path());
  ASSERT_EQ(lines.size(), subtrees + 1);
  ASSERT_GE(subtrees, 4u);
  const std::size_t half = subtrees / 2;
  {
    std::ofstream cut(journal.path(), std::ios::trunc);
    for (std::size_t k = 0; k <= half; ++k) cut << lines[k] << '\n';
  }
  const auto resumed = run_on_ranks(GetParam(), count_args(n, {"-j", "1", "--mpi", "--checkpoint", journal.path()}));
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  const auto s = summary_of(resumed);
  EXPECT_EQ(s.value("solutions", ""), expected_solutions(n));
  expect_same_count(s, summary_of(whole));
  EXPECT_EQ(s.at("checkpoint").at("resumed_subtrees"), half);
  EXPECT_EQ(s.at("checkpoint").at("written_subtrees"), subtrees - half);
  EXPECT_EQ(recorded_subtrees(journal.path()).size(), subtrees);
}

TEST_P(Ranks, JournalOfAnotherCountEndsTheJobWith65) {
  cli::TempFile journal;
  std::remove(journal.path().c_str());
  ASSERT_EQ(cli::run(count_args(9, {"--checkpoint", journal.path()})).exit_code, 0);
  const auto o = run_on_ranks(GetParam(), count_args(10, {"--mpi", "--checkpoint", journal.path()}));
  EXPECT_EQ(o.exit_code, 65) << o.err;
  EXPECT_NE(o.err.find("n 9 in the journal, 10 now"), std::string::npos) << o.err;
  EXPECT_EQ(o.out, "");
}

// With -v rank 0 says how many subtrees each rank searched: every rank has a share,
// since rank 0 starts searching only once every other rank has asked for work.
TEST_P(Ranks, EveryRankSearches) {
  const int n = 14;
  const auto o = run_on_ranks(GetParam(), count_args(n, {"-j", "1", "--mpi", "-v"}));
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(summary_of(o).value("solutions", ""), expected_solutions(n));
  const std::string said = "subtrees searched by rank 0, 1, ...: ";
  const auto at = o.err.find(said);
  ASSERT_NE(at, std::string::npos) << o.err;
  std::istringstream shares(o.err.substr(at + said.size(), o.err.find('\n', at) - at - said.size()));
  std::vector<std::size_t> per_rank;
  std::string share;
  while (std::getline(shares, share, ',')) per_rank.push_back(std::stoul(share));
  ASSERT_EQ(per_rank.size(), static_cast<std::size_t>(GetParam())) << o.err;
  std::size_t total = 0;
  for (const auto k : per_rank) {
    EXPECT_GT(k, 0u) << o.err;
    total += k;
  }
  EXPECT_EQ(total, summary_of(o).at("subtrees").get<std::size_t>());
}

INSTANTIATE_TEST_SUITE_P(OnOneMachine, Ranks, ::testing::Values(2, 3),
                         [](const auto& info) { return std::to_string(info.param) + "Ranks"; });

// One rank does all the work itself, started by mpiexec or on its own.
TEST(OneRank, UnderMpiexec) {
  const auto o = run_on_ranks(1, count_args(11, {"--mpi"}));
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(summary_of(o).value("solutions", ""), expected_solutions(11));
}

TEST(OneRank, WithoutMpiexec) {
  const auto o = cli::run(count_args(11, {"--mpi"}));
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(summary_of(o).value("solutions", ""), expected_solutions(11));
}

TEST(Usage, ListingIsNotShared) {
  const auto o = run_on_ranks(2, {"solve", "nqueens", "-n", "8", "--all", "--mpi"});
  EXPECT_EQ(o.exit_code, 64);
  EXPECT_NE(o.err.find("--mpi applies to --count only"), std::string::npos) << o.err;
}

}  // namespace
