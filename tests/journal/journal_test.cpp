// The journal on its own, and run_subtrees() resuming from it.
#include "backtrack/journal_format.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "backtrack/digest.hpp"
#include "journal_fixtures.hpp"
#include "backtrack/nqueens/scan.hpp"
#include "backtrack/nqueens/word_symmetric.hpp"
#include "backtrack/solver.hpp"

namespace {

using backtrack::FinishedSubtree;
using backtrack::Journal;
using backtrack::JournalHeader;
using backtrack::SearchStats;
using backtrack::SplitInfo;

// A fresh file name in the temporary directory, removed at the end of the test.
class TempJournal {
 public:
  TempJournal() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::temp_directory_path() /
            (std::string("backtrack-") + info->test_suite_name() + "-" + info->name() + "-" + std::to_string(::getpid()) + ".jnl");
    std::filesystem::remove(path_);
  }
  ~TempJournal() {
    std::filesystem::remove(path_);
  }
  const std::filesystem::path& path() const { return path_; }
  std::string read() const {
    std::ifstream in(path_, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  void append(const std::string& text) const {
    std::ofstream out(path_, std::ios::binary | std::ios::app);
    out << text;
  }

 private:
  std::filesystem::path path_;
};

// Why a Journal of `h` on `path` refuses to resume (its InputError), or "" when it resumes.
std::string refusal(const std::filesystem::path& path, JournalHeader h, SplitInfo split = SplitInfo{{64, 0}, 10}) {
  Journal journal(path, std::move(h));
  try {
    journal.resume(split);
  } catch (const backtrack::InputError& e) {
    return e.what();
  }
  return "";
}

SearchStats stats(std::uint64_t nodes, backtrack::uint128 solutions) {
  SearchStats s;
  s.nodes = nodes;
  s.failures = nodes / 2;
  s.solutions = solutions;
  s.representatives = solutions / 8;
  s.max_depth = 7;
  return s;
}

struct Warnings {
  std::vector<std::string> messages;
  Journal::Warn sink() {
    return [this](const std::string& m) { messages.push_back(m); };
  }
};

TEST(Journal, RecordsSurviveAReopenExactly) {
  TempJournal file;
  const backtrack::uint128 big = (backtrack::uint128{1} << 100) + 12345;  // past 64 bits
  {
    Journal journal(file.path(), header());
    EXPECT_TRUE(journal.resume(SplitInfo{{64, 0}, 10}).empty());
    journal.record(3, stats(100, 7));
    journal.record(0, stats(5, big));
    journal.flush();
    EXPECT_EQ(journal.written(), 2u);
  }
  Warnings warnings;
  Journal again(file.path(), header(), warnings.sink());
  auto finished = again.resume(SplitInfo{{64, 0}, 10});
  ASSERT_EQ(finished.size(), 2u);
  EXPECT_TRUE(warnings.messages.empty());
  EXPECT_EQ(finished[0].index, 3u);
  EXPECT_EQ(finished[0].stats.nodes, 100u);
  EXPECT_EQ(finished[0].stats.failures, 50u);
  EXPECT_EQ(finished[0].stats.max_depth, 7);
  EXPECT_TRUE(finished[0].stats.solutions == 7);
  EXPECT_EQ(finished[1].index, 0u);
  EXPECT_TRUE(finished[1].stats.solutions == big);
  EXPECT_TRUE(finished[1].stats.representatives == big / 8);
  EXPECT_EQ(again.resumed(), 2u);
}

TEST(Journal, EveryLineCarriesAChecksum) {
  TempJournal file;
  {
    Journal journal(file.path(), header());
    journal.resume(SplitInfo{{64, 0}, 10});
    journal.record(1, stats(1, 1));
  }  // the destructor flushes as well
  std::istringstream lines(file.read());
  std::string line;
  int count = 0;
  while (std::getline(lines, line)) {
    ++count;
    const auto space = line.rfind(' ');
    ASSERT_NE(space, std::string::npos);
    EXPECT_EQ(line.size() - space - 1, 8u) << line;
    EXPECT_EQ(line.front(), '{');
  }
  EXPECT_EQ(count, 2);
}

// A record whose checksum matches but whose numbers are not whole numbers in range is
// damaged, not read approximately (a float index was undefined behaviour: found by
// tests/fuzz/journal_line_fuzz).
TEST(Journal, ARecordWithNumbersOutOfRangeIsDamaged) {
  auto record = [](const std::string& index, const std::string& depth) {
    return nlohmann::json::parse(R"({"failures":1,"i":)" + index + R"(,"max_depth":)" + depth +
                                 R"(,"nodes":5,"seconds":0.1,"representatives":"0","solutions":"3"})");
  };
  const auto good = backtrack::journal_detail::parse_record(record("2", "4"));
  ASSERT_TRUE(good.has_value());
  EXPECT_EQ(good->index, 2u);
  EXPECT_EQ(good->stats.max_depth, 4);
  EXPECT_TRUE(good->stats.solutions == 3);
  for (const auto& [index, depth] : std::vector<std::pair<std::string, std::string>>{
           {"1e300", "4"}, {"1.5", "4"}, {"-1", "4"}, {"2", "4294967297"}, {"2", "1e30"}, {"\"2\"", "4"}}) {
    EXPECT_FALSE(backtrack::journal_detail::parse_record(record(index, depth)).has_value()) << index << ' ' << depth;
  }
}

TEST(Journal, TornLastRecordIsIgnoredWithAWarningAndCleanedUp) {
  TempJournal file;
  {
    Journal journal(file.path(), header());
    journal.resume(SplitInfo{{64, 0}, 10});
    journal.record(1, stats(10, 1));
    journal.record(2, stats(20, 2));
  }
  // A power cut in the middle of the next line: no newline, no checksum.
  file.append(R"({"failures":3,"i":4,"max_depth":7,"no)");
  {
    Warnings warnings;
    Journal journal(file.path(), header(), warnings.sink());
    const auto finished = journal.resume(SplitInfo{{64, 0}, 10});
    ASSERT_EQ(finished.size(), 2u);
    ASSERT_EQ(warnings.messages.size(), 1u);
    EXPECT_NE(warnings.messages[0].find("torn"), std::string::npos) << warnings.messages[0];
    journal.record(4, stats(40, 4));  // appended after the torn piece was removed
  }
  Warnings warnings;
  Journal journal(file.path(), header(), warnings.sink());
  const auto finished = journal.resume(SplitInfo{{64, 0}, 10});
  EXPECT_TRUE(warnings.messages.empty());
  ASSERT_EQ(finished.size(), 3u);
  EXPECT_EQ(finished[2].index, 4u);
  EXPECT_EQ(finished[2].stats.nodes, 40u);
}

TEST(Journal, ALineWithAWrongChecksumOrATwiceRecordedSubtreeCountsOnce) {
  TempJournal file;
  {
    Journal journal(file.path(), header());
    journal.resume(SplitInfo{{64, 0}, 10});
    journal.record(1, stats(10, 1));
  }
  std::string text = file.read();
  const auto second_line = text.find('\n') + 1;
  const std::string record = text.substr(second_line);
  std::string corrupted = record;
  corrupted[corrupted.find("10")] = '9';  // nodes 90: the checksum no longer matches
  file.append(corrupted + record);        // a damaged line, then index 1 again
  Warnings warnings;
  Journal journal(file.path(), header(), warnings.sink());
  const auto finished = journal.resume(SplitInfo{{64, 0}, 10});
  ASSERT_EQ(finished.size(), 1u);
  EXPECT_EQ(finished[0].stats.nodes, 10u);
  EXPECT_EQ(warnings.messages.size(), 2u);
}

TEST(Journal, AnotherCountIsRefusedSayingWhatDiffers) {
  TempJournal file;
  {
    Journal journal(file.path(), header("n=8 strategy=word symmetry=none"));
    journal.resume(SplitInfo{{64, 0}, 10});
  }
  const std::string before = file.read();
  auto message_of = [&](JournalHeader h, SplitInfo split) { return refusal(file.path(), std::move(h), split); };
  const auto n = message_of(header("n=9 strategy=word symmetry=none"), SplitInfo{{64, 0}, 10});
  EXPECT_NE(n.find("n 8 in the journal, 9 now"), std::string::npos) << n;
  const auto strategy = message_of(header("n=8 strategy=arrays symmetry=mirror"), SplitInfo{{64, 0}, 10});
  EXPECT_NE(strategy.find("strategy word"), std::string::npos) << strategy;
  EXPECT_NE(strategy.find("symmetry none"), std::string::npos) << strategy;
  const auto split = message_of(header(), SplitInfo{{128, 0}, 10});
  EXPECT_NE(split.find("split target 64"), std::string::npos) << split;
  const auto probe = message_of(header(), SplitInfo{{64, 1000}, 10});
  EXPECT_NE(probe.find("probe nodes 0 in the journal, 1000 now"), std::string::npos) << probe;
  auto other_version = header();
  other_version.program_version = "test-2";
  const auto version = message_of(other_version, SplitInfo{{64, 0}, 10});
  EXPECT_NE(version.find("program version test-1"), std::string::npos) << version;
  auto other_plugin = header();
  other_plugin.problem_version = "2.0";
  const auto plugin = message_of(other_plugin, SplitInfo{{64, 0}, 10});
  EXPECT_NE(plugin.find("version of the problem's plugin"), std::string::npos) << plugin;
  EXPECT_EQ(file.read(), before);  // refused, untouched
}

// Counts of the same shape: other input data, or another value of an option that the
// description leaves out. Either is refused, saying which.
TEST(Journal, AnotherInputOrOptionIsRefused) {
  TempJournal file;
  auto with = [](const std::string& input, const std::string& place) {
    auto h = header("n=14 strategy=word symmetry=none given=1");
    h.input_digest = backtrack::sha1_hex(input);
    h.options = {{"size", "14"}, {"place", place}};
    return h;
  };
  {
    Journal journal(file.path(), with("1:0", "1:0"));
    journal.resume(SplitInfo{{64, 0}, 10});
  }
  auto message_of = [&](JournalHeader h) { return refusal(file.path(), std::move(h)); };
  const auto input = message_of(with("3:0", "1:0"));
  EXPECT_NE(input.find("the input data"), std::string::npos) << input;
  EXPECT_EQ(input.find("option"), std::string::npos) << input;
  const auto option = message_of(with("1:0", "3:0"));
  EXPECT_NE(option.find("option --place 1:0 in the journal, 3:0 now"), std::string::npos) << option;
  EXPECT_EQ(option.find("input data"), std::string::npos) << option;
  auto fewer = with("1:0", "1:0");
  fewer.options.erase("place");
  const auto absent = message_of(fewer);
  EXPECT_NE(absent.find("option --place 1:0 in the journal, (none) now"), std::string::npos) << absent;
  EXPECT_EQ(message_of(with("1:0", "1:0")), "");  // the same count resumes
}

TEST(Journal, AnOlderFormatIsRefusedByName) {
  TempJournal file;
  auto old = backtrack::journal_detail::header_json(header());
  old["format"] = 1;
  file.append(backtrack::journal_detail::seal(old));
  const auto message = refusal(file.path(), header());
  EXPECT_NE(message.find("has format 1, this program reads format 5"), std::string::npos) << "read: " << message;
}

// One process at a time: a second Journal on the file (here in the same process, as
// flock locks belong to an open file, not to a process) is refused while the first
// lives, and takes it over once the first is gone.
TEST(Journal, ASecondWriterIsRefusedUntilTheFirstEnds) {
  TempJournal file;
  {
    Journal first(file.path(), header());
    first.resume(SplitInfo{{64, 0}, 10});
    first.record(1, stats(10, 1));
    first.flush();
    const std::string before = file.read();
    Journal second(file.path(), header());
    try {
      second.resume(SplitInfo{{64, 0}, 10});
      ADD_FAILURE() << "two writers shared a journal";
    } catch (const backtrack::BusyError& e) {
      EXPECT_NE(std::string(e.what()).find(file.path().string() + " is in use by another process"), std::string::npos)
          << e.what();
    }
    EXPECT_EQ(file.read(), before);
  }
  EXPECT_FALSE(std::filesystem::exists(file.path().string() + ".lock"));  // the lock is on the journal itself
  Journal again(file.path(), header());
  EXPECT_EQ(again.resume(SplitInfo{{64, 0}, 10}).size(), 1u);
}

TEST(Journal, AFileThatIsNoJournalIsLeftAlone) {
  TempJournal file;
  file.append("my precious notes\n");
  Journal journal(file.path(), header());
  EXPECT_THROW(journal.resume(SplitInfo{{64, 0}, 10}), backtrack::InputError);
  EXPECT_EQ(file.read(), "my precious notes\n");
}

// A device, a directory or a file far larger than any journal of the count is refused
// without reading it whole (`--checkpoint /dev/zero` read zeros without end).
TEST(Journal, ANonRegularOrHugeFileIsRefusedUnread) {
  for (const std::string path : {"/dev/zero", "/tmp"}) {
    const auto message = refusal(path, header());
    EXPECT_NE(message.find("not a regular file"), std::string::npos) << path << " was taken for a journal: " << message;
    EXPECT_FALSE(std::filesystem::exists(path + ".lock")) << "a lock file was made next to " << path;
  }
  TempJournal file;
  file.append(std::string(std::size_t{4} << 20, 'x'));
  const auto message = refusal(file.path(), header());
  EXPECT_NE(message.find("larger than"), std::string::npos) << "a 4 MiB file read as a journal: " << message;
  EXPECT_EQ(file.read().size(), std::size_t{4} << 20) << "the file was changed";
}

TEST(Journal, AnEmptyFileStartsANewJournal) {
  TempJournal file;
  file.append("");
  Journal journal(file.path(), header());
  EXPECT_TRUE(journal.resume(SplitInfo{{64, 0}, 10}).empty());
  journal.flush();
  EXPECT_NE(file.read().find("\"journal\":\"backtrack\""), std::string::npos);
}

// Hands out every pending subtree, and raises `stop` once `count` of them are out.
class StopAfter final : public backtrack::SubtreeSource {
 public:
  StopAfter(std::size_t count, std::atomic<bool>& stop) : count_(count), stop_(stop) {}
  void begin(std::span<const std::size_t> pending) override { all_.begin(pending); }
  std::optional<std::size_t> next() override {
    if (++handed_ > count_) stop_ = true;
    return all_.next();
  }

 private:
  std::size_t count_;
  std::atomic<bool>& stop_;
  std::atomic<std::size_t> handed_{0};
  backtrack::PendingSubtrees all_;
};

// run_subtrees() with a journal: a run stopped half-way and resumed adds up to one
// uninterrupted count, with every subtree counted once.
template <class P>
void expect_resume_adds_up(const P& problem, const std::string& instance) {
  using namespace backtrack;
  TempJournal file;
  const auto split = split_tree(problem, {64, 0});
  SearchLimits limits;
  const auto make = [&](const auto& p) { return DepthFirstSearch<P>(p, limits); };
  const SearchStats whole = run_subtrees(problem, split, 1, limits, nullptr, make);

  // The first run stops after about a third of the subtrees.
  std::atomic<bool> stop{false};
  SearchLimits stopping;
  stopping.stop_requested = &stop;
  const auto make_stopping = [&](const auto& p) { return DepthFirstSearch<P>(p, stopping); };
  {
    Journal journal(file.path(), header(instance));
    Resumed resumed{99, 99};
    StopAfter a_third(split.subtrees.size() / 3, stop);
    const auto partial = run_subtrees(problem, split, 1, stopping, nullptr, make_stopping, &journal, &resumed, &a_third);
    EXPECT_EQ(resumed.subtrees, 0u);
    EXPECT_EQ(resumed.nodes, 0u);
    EXPECT_FALSE(partial.complete());
    EXPECT_GT(journal.written(), 0u);
    EXPECT_LT(journal.written(), split.subtrees.size());
  }
  Journal journal(file.path(), header(instance));
  Progress progress;
  Resumed resumed;
  const auto rest = run_subtrees(problem, split, 2, limits, &progress, make, &journal, &resumed);
  EXPECT_GT(resumed.subtrees, 0u);
  EXPECT_GT(resumed.nodes, 0u);
  EXPECT_LT(resumed.nodes, rest.nodes);
  EXPECT_EQ(resumed.subtrees + journal.written(), split.subtrees.size());
  EXPECT_EQ(progress.done.load(), split.subtrees.size());
  EXPECT_TRUE(rest.complete());
  EXPECT_EQ(to_string(rest.solutions), to_string(whole.solutions));
  EXPECT_EQ(to_string(rest.representatives), to_string(whole.representatives));
  EXPECT_EQ(rest.nodes, whole.nodes);
  EXPECT_EQ(rest.failures, whole.failures);
  EXPECT_EQ(rest.max_depth, whole.max_depth);
}

// The engine leaves a subtree untimed; run_subtrees() times each one for the journal,
// whose records say what it took: on two threads, at most twice the run in all.
TEST(RunSubtrees, TheJournalRecordsWhatEachSubtreeTook) {
  using namespace backtrack;
  using P = nqueens::SymmetricWordQueens;
  const P problem(12);
  const auto split = split_tree(problem, {64, 0});
  SearchLimits limits;
  const auto make = [&](const auto& p) { return DepthFirstSearch<P>(p, limits); };
  const std::string instance = "n=12 strategy=word symmetry=full";
  TempJournal file;
  SearchStats run;
  {
    Journal journal(file.path(), header(instance));
    run = run_subtrees(problem, split, 2, limits, nullptr, make, &journal);
  }
  Journal journal(file.path(), header(instance));
  const auto finished = journal.resume(SplitInfo{split.plan, split.subtrees.size()});
  ASSERT_EQ(finished.size(), split.subtrees.size());
  double recorded = 0;
  for (const auto& f : finished) {
    EXPECT_GE(f.stats.seconds, 0.0);
    recorded += f.stats.seconds;
  }
  EXPECT_GT(recorded, 0.0);
  EXPECT_LE(recorded, 2 * run.seconds);
}

TEST(RunSubtrees, ResumingFromTheJournalAddsUpToOneCount) {
  expect_resume_adds_up(backtrack::nqueens::SymmetricWordQueens(10), "n=10 strategy=word symmetry=full");
  // allowed() and mirror roots with weight 2
  expect_resume_adds_up(backtrack::nqueens::ScanQueens(9, backtrack::nqueens::Symmetry::mirror),
                        "n=9 strategy=scan symmetry=mirror");
}

}  // namespace
