// The journal as a file among others: locked by what it is, not by the name it is
// opened by; nothing left next to it; its lines read back after a trip through CRLF.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "backtrack/digest.hpp"
#include "backtrack/journal.hpp"
#include "journal_fixtures.hpp"

namespace {

namespace fs = std::filesystem;
using backtrack::Journal;
using backtrack::JournalHeader;
using backtrack::SplitInfo;

// A directory of the test's own, removed with what is in it.
class TempDirectory {
 public:
  TempDirectory() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = fs::temp_directory_path() /
            (std::string("backtrack-") + info->test_suite_name() + "-" + info->name() + "-" + std::to_string(::getpid()));
    fs::remove_all(path_);
    fs::create_directory(path_);
  }
  ~TempDirectory() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }
  // The names in it, sorted.
  std::vector<std::string> names() const {
    std::vector<std::string> found;
    for (const auto& entry : fs::directory_iterator(path_)) found.push_back(entry.path().filename().string());
    std::sort(found.begin(), found.end());
    return found;
  }

 private:
  fs::path path_;
};

const SplitInfo split{{64, 0}, 10};

backtrack::SearchStats stats(std::uint64_t nodes) {
  backtrack::SearchStats s;
  s.nodes = nodes;
  s.solutions = nodes / 10;
  return s;
}

// Whether a second Journal on `other` (another name of the file) is refused while `first` holds it.
bool refused_while_held(const fs::path& first, const fs::path& other) {
  Journal holder(first, header());
  holder.resume(split);
  Journal second(other, header());
  try {
    second.resume(split);
  } catch (const backtrack::BusyError&) {
    return true;
  }
  return false;
}

TEST(JournalFile, ALinkToAJournalInUseIsRefusedToo) {
  TempDirectory directory;
  const auto journal = directory.path() / "count.jnl";
  { Journal(journal, header()).resume(split); }
  fs::create_symlink(journal, directory.path() / "symbolic.jnl");
  fs::create_hard_link(journal, directory.path() / "hard.jnl");
  EXPECT_TRUE(refused_while_held(journal, journal));
  EXPECT_TRUE(refused_while_held(journal, directory.path() / "symbolic.jnl")) << "two writers through a symbolic link";
  EXPECT_TRUE(refused_while_held(journal, directory.path() / "hard.jnl")) << "two writers through a hard link";
  EXPECT_TRUE(refused_while_held(directory.path() / "hard.jnl", journal));
  // Nothing but the journal and its names: no lock file, no temporary file.
  EXPECT_EQ(directory.names(), (std::vector<std::string>{"count.jnl", "hard.jnl", "symbolic.jnl"}));
}

// A journal written through a symbolic link stays where the link points, and the link a link.
TEST(JournalFile, AJournalReachedByASymbolicLinkIsWrittenInPlace) {
  TempDirectory directory;
  const auto target = directory.path() / "target.jnl";
  const auto link = directory.path() / "link.jnl";
  { Journal(target, header()).resume(split); }
  fs::create_symlink(target, link);
  std::ofstream(target, std::ios::app) << "{\"torn";  // cut off when resumed
  {
    Journal journal(link, header());
    journal.resume(split);
    journal.record(2, stats(20));
  }
  EXPECT_TRUE(fs::is_symlink(link));
  Journal again(target, header());
  const auto finished = again.resume(split);
  ASSERT_EQ(finished.size(), 1u);
  EXPECT_EQ(finished[0].index, 2u);
}

TEST(JournalFile, ARefusedFileLeavesNothingBehind) {
  TempDirectory directory;
  const auto notes = directory.path() / "notes.txt";
  std::ofstream(notes) << "my precious notes\n";
  EXPECT_THROW(Journal(notes, header()).resume(split), backtrack::InputError);
  EXPECT_EQ(read(notes), "my precious notes\n");
  const auto other = directory.path() / "other.jnl";
  { Journal(other, header()).resume(split); }
  auto another_count = header();
  another_count.instance = "n=9 strategy=word symmetry=none";
  EXPECT_THROW(Journal(other, another_count).resume(split), backtrack::InputError);
  EXPECT_THROW(Journal(directory.path() / "missing" / "x.jnl", header()).resume(split), backtrack::InputError);
  EXPECT_EQ(directory.names(), (std::vector<std::string>{"notes.txt", "other.jnl"}));
}

TEST(JournalFile, ASymbolicLinkToNothingIsRefusedAndLeftAlone) {
  TempDirectory directory;
  fs::create_symlink(directory.path() / "nowhere", directory.path() / "link.jnl");
  EXPECT_THROW(Journal(directory.path() / "link.jnl", header()).resume(split), backtrack::InputError);
  EXPECT_EQ(directory.names(), std::vector<std::string>{"link.jnl"});
}

TEST(JournalFile, AnEmptyNameIsRefusedAndLeavesNothing) {
  TempDirectory directory;
  const auto here = fs::current_path();
  fs::current_path(directory.path());
  EXPECT_THROW(Journal("", header()).resume(split), backtrack::InputError);
  fs::current_path(here);
  EXPECT_TRUE(directory.names().empty());
}

// An editor or a copy through another system may end every line in "\r\n".
TEST(JournalFile, AJournalWithCrlfLineEndsResumes) {
  TempDirectory directory;
  const auto path = directory.path() / "crlf.jnl";
  {
    Journal journal(path, header());
    journal.resume(split);
    journal.record(1, stats(10));
    journal.record(4, stats(40));
  }
  std::string crlf;
  for (const char c : read(path)) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  std::ofstream(path, std::ios::trunc | std::ios::binary) << crlf;
  std::vector<std::string> warnings;
  {
    Journal journal(path, header(), [&](const std::string& m) { warnings.push_back(m); });
    const auto finished = journal.resume(split);
    ASSERT_EQ(finished.size(), 2u);
    EXPECT_EQ(finished[1].index, 4u);
    EXPECT_EQ(finished[1].stats.nodes, 40u);
    journal.record(7, stats(70));  // appended with "\n" after the "\r\n" lines
  }
  Journal again(path, header(), [&](const std::string& m) { warnings.push_back(m); });
  EXPECT_EQ(again.resume(split).size(), 3u);
  EXPECT_TRUE(warnings.empty()) << warnings.front();
}

// The name of the file an input came from is no part of the count: a journal whose
// header has it (as every journal did before file_options) resumes under another name.
TEST(JournalFile, TheInputFilesNameIsNotCompared) {
  TempDirectory directory;
  const auto path = directory.path() / "xcc.jnl";
  auto named = header();
  named.options["file"] = "p610.xcc";
  {
    Journal journal(path, named);  // as written before the name was left out
    journal.resume(split);
    journal.record(3, stats(30));
  }
  auto elsewhere = header();
  elsewhere.options["file"] = "/home/me/copy of p610.xcc";
  elsewhere.file_options = {"file"};
  {
    Journal journal(path, elsewhere);
    EXPECT_EQ(journal.resume(split).size(), 1u);
  }
  EXPECT_EQ(read(path).find("copy of"), std::string::npos) << "the name was written";
  auto other_data = elsewhere;
  other_data.input_digest = backtrack::sha1_hex("another problem");
  try {
    Journal(path, other_data).resume(split);
    ADD_FAILURE() << "another problem resumed the journal";
  } catch (const backtrack::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("the input data"), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).find("--file"), std::string::npos) << e.what();
  }
}

}  // namespace
