// --checkpoint as a user meets it: the same input under another name resumes the count;
// a refused command leaves nothing behind; a disk that fills up costs the journal's
// records, not the result (exit 74), and the journal stays resumable.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/limited_run.hpp"
#include "cli/run_process.hpp"

namespace {

namespace fs = std::filesystem;

// A directory of the test's own, the working directory of the runs, removed with what is in it.
class Directory {
 public:
  Directory() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = fs::temp_directory_path() /
            (std::string("backtrack-cli-") + info->name() + "-" + std::to_string(::getpid()));
    fs::remove_all(path_);
    fs::create_directory(path_);
  }
  ~Directory() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  std::string path() const { return path_.string(); }
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }
  std::vector<std::string> names() const {
    std::vector<std::string> found;
    for (const auto& entry : fs::directory_iterator(path_)) found.push_back(entry.path().filename().string());
    std::sort(found.begin(), found.end());
    return found;
  }

 private:
  fs::path path_;
};

using cli::summary_of;
using cli::with;

// Counts `first` into a journal, then `again` from it: `again` resumes every subtree.
void expect_resumed(const Directory& directory, const std::vector<std::string>& first,
                    const std::vector<std::string>& again, const std::string& input = "/dev/null") {
  const std::vector<std::string> json = {"--count", "--format", "json", "--checkpoint", directory / "count.jnl"};
  const auto a = cli::run_limited(with(first, json), {.directory = directory.path()});
  ASSERT_EQ(a.exit_code, 0) << a.err;
  const auto b = cli::run_limited(with(again, json), {.directory = directory.path(), .input = input});
  ASSERT_EQ(b.exit_code, 0) << b.out << b.err;
  const auto summary = summary_of(b);
  EXPECT_EQ(summary["solutions"], summary_of(a)["solutions"]);
  EXPECT_GT(summary["subtrees"].get<int>(), 0);
  EXPECT_EQ(summary["checkpoint"]["resumed_subtrees"], summary["subtrees"]) << b.out;
}

// Langford pairs for n = 11 as an exact cover problem: 35,584 solutions, a split with subtrees.
std::string langford_11() {
  const int n = 11;
  std::string text;
  for (int k = 1; k <= n; ++k) text += std::to_string(k) + ' ';
  // Appended a piece at a time: GCC 12 takes "s" + std::to_string(i) for an overlapping copy (-Wrestrict).
  for (int i = 1; i <= 2 * n; ++i) {
    text += 's';
    text += std::to_string(i);
    text += i == 2 * n ? '\n' : ' ';
  }
  for (int k = 1; k <= n; ++k) {
    for (int i = 1; i + k + 1 <= 2 * n; ++i) {
      text += std::to_string(k);
      text += " s";
      text += std::to_string(i);
      text += " s";
      text += std::to_string(i + k + 1);
      text += '\n';
    }
  }
  return text;
}

TEST(CheckpointInput, AnXccFileUnderAnotherNameResumes) {
  Directory directory;
  std::ofstream(directory / "langford.xcc") << langford_11();
  std::ofstream(directory / "copy.xcc") << "| the same problem, with a comment\n" << langford_11();
  const std::vector<std::string> xcc = {"solve", "xcc", "-j", "1", "--file"};
  expect_resumed(directory, with(xcc, {"langford.xcc"}), with(xcc, {"./langford.xcc"}));
  fs::remove(directory / "count.jnl");
  expect_resumed(directory, with(xcc, {"langford.xcc"}), with(xcc, {directory / "copy.xcc"}));
  fs::remove(directory / "count.jnl");
  expect_resumed(directory, with(xcc, {"langford.xcc"}), with(xcc, {"-"}), directory / "copy.xcc");
}

// The first givens of AI Escargot: 79,278 fillings, a split with subtrees.
const std::string sudoku = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1...................";

TEST(CheckpointInput, ASudokuFileUnderAnotherNameResumes) {
  Directory directory;
  std::ofstream(directory / "a.txt") << sudoku << '\n';
  std::ofstream(directory / "b.txt") << sudoku << '\n';
  const std::vector<std::string> solve = {"solve", "sudoku", "-j", "1"};
  expect_resumed(directory, with(solve, {"--file", "a.txt"}), with(solve, {"--file", directory / "b.txt"}));
  fs::remove(directory / "count.jnl");
  expect_resumed(directory, with(solve, {"--file", "a.txt"}), with(solve, {"--file", "-"}), directory / "b.txt");
}

TEST(CheckpointInput, AQueensBoardUnderAnotherNameResumes) {
  Directory directory;
  std::string board;
  for (int r = 0; r < 12; ++r) board += r == 3 ? "..Q.........\n" : "............\n";
  std::ofstream(directory / "a.board") << board;
  std::ofstream(directory / "b.board") << board;
  const std::vector<std::string> solve = {"solve", "nqueens", "-j", "1", "--file"};
  expect_resumed(directory, with(solve, {"a.board"}), with(solve, {directory / "b.board"}));
}

// A command that refuses its journal leaves the directory as it found it.
TEST(CheckpointLitter, ARefusedCommandLeavesNothingBehind) {
  Directory directory;
  const std::vector<std::string> count = {"solve", "nqueens", "-n", "6", "--count", "--checkpoint"};
  const auto empty = cli::run_limited(with(count, {""}), {.directory = directory.path()});
  EXPECT_EQ(empty.exit_code, 64) << empty.err;
  EXPECT_TRUE(directory.names().empty());
  std::ofstream(directory / "notes.txt") << "my precious notes\n";
  const auto notes = cli::run_limited(with(count, {"notes.txt"}), {.directory = directory.path()});
  EXPECT_EQ(notes.exit_code, 65) << notes.err;
  const auto missing = cli::run_limited(with(count, {"no/such/dir/x.jnl"}), {.directory = directory.path()});
  EXPECT_EQ(missing.exit_code, 65) << missing.err;
  EXPECT_EQ(directory.names(), std::vector<std::string>{"notes.txt"});
  EXPECT_EQ(cli::slurp(directory / "notes.txt"), "my precious notes\n");
  const auto made = cli::run_limited(with(count, {"count.jnl"}), {.directory = directory.path()});
  EXPECT_EQ(made.exit_code, 0) << made.err;
  EXPECT_EQ(directory.names(), (std::vector<std::string>{"count.jnl", "notes.txt"}));
}

// A file size limit (ulimit -f) fails the journal's writes as a full disk does, through
// the same calls.
const std::vector<std::string> queens13 = {"solve", "nqueens", "-n", "13", "--count", "-j", "2", "--format", "json",
                                           "--checkpoint", "count.jnl"};

TEST(CheckpointFullDisk, NoRoomForANewJournalExits74AndLeavesNothing) {
  Directory directory;
  const auto o = cli::run_limited(queens13, {.file_size = 100, .directory = directory.path()});
  EXPECT_EQ(o.exit_code, 74) << o.out << o.err;
  EXPECT_NE(o.err.find("cannot write the journal count.jnl"), std::string::npos) << o.err;
  EXPECT_TRUE(directory.names().empty()) << directory.names().front();
}

TEST(CheckpointFullDisk, ADiskThatFillsUpExits74WithTheResultAndAResumableJournal) {
  Directory directory;
  const auto full = cli::run_limited(queens13, {.file_size = 4096, .directory = directory.path()});
  EXPECT_EQ(full.exit_code, 74) << full.out << full.err;
  EXPECT_EQ(summary_of(full).value("solutions", ""), "73712") << full.out;
  EXPECT_NE(full.err.find("cannot write the journal count.jnl"), std::string::npos) << full.err;
  EXPECT_LE(fs::file_size(directory / "count.jnl"), 4096u);
  EXPECT_EQ(directory.names(), std::vector<std::string>{"count.jnl"});
  // With room again, the journal resumes without a torn or damaged line.
  const auto again = cli::run_limited(queens13, {.directory = directory.path()});
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(summary_of(again).value("solutions", ""), "73712") << again.out;
  EXPECT_EQ(again.err.find("ignoring"), std::string::npos) << again.err;
  const auto resumed = cli::run_limited(queens13, {.directory = directory.path()});
  EXPECT_EQ(summary_of(resumed)["checkpoint"]["resumed_subtrees"], summary_of(resumed)["subtrees"]) << resumed.out;
}

}  // namespace
