// Which count a journal belongs to, through the backtrack executable: counts of the same
// shape but other input data (given queens, a puzzle, a board file, holes) or other
// options are refused (exit 65), the same count resumes, and a journal in use by
// another process is refused (exit 75).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "backtrack/journal.hpp"
#include "cli/run_process.hpp"

namespace {

namespace fs = std::filesystem;

// A journal name not yet taken, removed at the end.
class JournalFile {
 public:
  JournalFile() {
    std::remove(file_.path().c_str());
    path_ = file_.path() + ".jnl";
  }
  ~JournalFile() {
    std::remove(path_.c_str());
  }
  const std::string& path() const { return path_; }

 private:
  cli::TempFile file_;  // reserves a unique name
  std::string path_;
};

using cli::summary_of;
using cli::with;

std::string solutions_of(const cli::Outcome& o) {
  const auto summary = summary_of(o);
  return summary.is_object() ? summary.value("solutions", "none") : "none: " + o.out + o.err;
}

// Runs `first` into a fresh journal, then `second` on the same journal: refused with 65,
// naming `difference`, and the journal left as it was.
void expect_refused(const std::vector<std::string>& first, const std::vector<std::string>& second,
                    const std::string& difference) {
  JournalFile journal;
  const auto a = cli::run(with(first, {"--checkpoint", journal.path()}));
  ASSERT_EQ(a.exit_code, 0) << a.err;
  const std::string before = cli::slurp(journal.path());
  const auto b = cli::run(with(second, {"--checkpoint", journal.path()}));
  EXPECT_EQ(b.exit_code, 65) << b.out << b.err;
  EXPECT_NE(b.err.find("belongs to another count"), std::string::npos) << b.err;
  EXPECT_NE(b.err.find(difference), std::string::npos) << b.err;
  EXPECT_EQ(cli::slurp(journal.path()), before);
}

const std::vector<std::string> queens14 = {"solve", "nqueens", "-n", "14", "--count", "-j", "1", "--format", "json"};

TEST(CountIdentity, OtherPlacedQueensAreAnotherCount) {
  expect_refused(with(queens14, {"--place", "1:0"}), with(queens14, {"--place", "3:0"}), "the input data");
  expect_refused(with(queens14, {"--place", "1:0"}), with(queens14, {"--place", "3:0"}),
                 "option --place 1:0 in the journal, 3:0 now");
}

// The count that the journal of another count would have spoilt, right with its own:
// the same as without a journal, and the same again when resumed from it.
TEST(CountIdentity, TheSameCountResumesWithTheRightTotal) {
  const auto args = with(queens14, {"--place", "3:0"});
  const auto plain = cli::run(args);
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(solutions_of(plain), "27494");
  JournalFile journal;
  const auto fresh = cli::run(with(args, {"--checkpoint", journal.path()}));
  ASSERT_EQ(fresh.exit_code, 0) << fresh.err;
  EXPECT_EQ(solutions_of(fresh), solutions_of(plain));
  EXPECT_EQ(summary_of(fresh)["checkpoint"]["resumed_subtrees"], 0);
  const auto again = cli::run(with(args, {"--checkpoint", journal.path()}));
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(solutions_of(again), solutions_of(plain));
  const auto checkpoint = summary_of(again)["checkpoint"];
  EXPECT_GT(checkpoint["resumed_subtrees"].get<int>(), 0);
  EXPECT_EQ(checkpoint["written_subtrees"], 0);
  EXPECT_EQ(checkpoint["resumed_subtrees"], summary_of(again)["subtrees"]) << again.out;
}

// Two puzzles with as many givens: the second is the first with the symbols 1 and 2
// exchanged, so it has one solution too.
TEST(CountIdentity, AnotherSudokuWithAsManyGivensIsAnotherCount) {
  const std::string first = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
  std::string second = first;
  for (char& c : second) c = c == '1' ? '2' : c == '2' ? '1' : c;
  const std::vector<std::string> count = {"solve", "sudoku", "--count", "-j", "1", "--puzzle"};
  expect_refused(with(count, {first}), with(count, {second}), "the input data");
  // The same file name with other contents: only the input data tells them apart.
  cli::TempFile file;
  std::ofstream(file.path()) << first << '\n';
  JournalFile journal;
  const std::vector<std::string> from_file = {"solve", "sudoku", "--count", "--file", file.path(),
                                              "--checkpoint", journal.path()};
  ASSERT_EQ(cli::run(from_file).exit_code, 0);
  std::ofstream(file.path(), std::ios::trunc) << second << '\n';
  const auto o = cli::run(from_file);
  EXPECT_EQ(o.exit_code, 65) << o.err;
  EXPECT_NE(o.err.find("the input data"), std::string::npos) << o.err;
  EXPECT_EQ(o.err.find("option"), std::string::npos) << o.err;
}

TEST(CountIdentity, AnotherBoardFileWithAsManyQueensIsAnotherCount) {
  auto board = [](int row, int col) {  // one queen on an empty 8 x 8 board
    std::string text;
    for (int r = 0; r < 8; ++r) {
      std::string line(8, '.');
      if (r == row) line[static_cast<std::size_t>(col)] = 'Q';
      text += line + '\n';
    }
    return text;
  };
  cli::TempFile a, b;
  std::ofstream(a.path()) << board(0, 0);
  std::ofstream(b.path()) << board(2, 5);
  const std::vector<std::string> count = {"solve", "nqueens", "--count", "--file"};
  expect_refused(with(count, {a.path()}), with(count, {b.path()}), "the input data");
  // The same file, rewritten between the runs.
  JournalFile journal;
  ASSERT_EQ(cli::run(with(count, {a.path(), "--checkpoint", journal.path()})).exit_code, 0);
  std::ofstream(a.path(), std::ios::trunc) << board(2, 5);
  const auto o = cli::run(with(count, {a.path(), "--checkpoint", journal.path()}));
  EXPECT_EQ(o.exit_code, 65) << o.err;
  EXPECT_NE(o.err.find("the input data"), std::string::npos) << o.err;
}

// The first hole the same, the others not: the description's "holes=3,3 3,4 ..." was
// once all a journal compared, and read only its first cell as the value.
TEST(CountIdentity, OtherHolesOfThePentominoBoardAreAnotherCount) {
  const std::vector<std::string> count = {"solve", "pentomino", "--shape", "8x8", "--count", "--holes"};
  expect_refused(with(count, {"3,3 3,4 4,3 4,4"}), with(count, {"3,3 0,0 0,7 7,0"}), "the input data");
}

// While one process holds the journal, another is refused with 75 and leaves it alone;
// once the first is done, the file is free again.
TEST(CountIdentity, AJournalInUseIsRefused) {
  JournalFile journal;
  const std::vector<std::string> count = {"solve", "nqueens", "-n", "8", "--count", "--checkpoint", journal.path()};
  {
    const backtrack::JournalHeader other{
        .problem = "nqueens", .instance = "n=8", .input_digest = "", .options = {}, .program_version = "test"};
    backtrack::Journal holder(journal.path(), other);
    holder.resume(backtrack::SplitInfo{{64, 0}, 10});
    const std::string before = cli::slurp(journal.path());
    const auto o = cli::run(count);
    EXPECT_EQ(o.exit_code, 75) << o.out << o.err;
    EXPECT_NE(o.err.find("the journal " + journal.path() + " is in use by another process"), std::string::npos)
        << o.err;
    EXPECT_EQ(cli::slurp(journal.path()), before);
  }
  std::remove(journal.path().c_str());  // the holder's header is no count of the command's
  const auto o = cli::run(count);
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(cli::field(o.out, "solutions"), "92");
}

}  // namespace
