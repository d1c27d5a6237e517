// The backtrack executable with --checkpoint, killed with SIGKILL at random moments and
// run again until it finishes: the total is exactly the known count (OEIS A000170).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "backtrack/journal_format.hpp"
#include "journal_fixtures.hpp"

namespace {

namespace fs = std::filesystem;

#if defined(__SANITIZE_ADDRESS__)
constexpr bool sanitized = true;  // the executable is several times slower: smaller boards
#else
constexpr bool sanitized = false;
#endif

// Starts the executable with `args`, stdout to `out`, stderr to `err`.
pid_t start(const std::vector<std::string>& args, const fs::path& out, const fs::path& err) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int o = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(o, 1);
    ::dup2(e, 2);
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(BACKTRACK_EXE));
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(BACKTRACK_EXE, argv.data());
    ::_exit(127);
  }
  return pid;
}

int wait_for(pid_t pid) {
  int status = 0;
  ::waitpid(pid, &status, 0);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return WEXITSTATUS(status);
}

// The value of "key: value" in the text summary.
std::string field(const std::string& text, const std::string& key) {
  const auto at = text.find(key + ": ");
  if (at == std::string::npos) return "";
  const auto begin = at + key.size() + 2;
  return text.substr(begin, text.find('\n', begin) - begin);
}

// The subtrees a run resuming from `journal` will skip: records whose checksum holds,
// each subtree once (what Journal::resume() accepts).
std::size_t finished_in(const fs::path& journal) {
  std::istringstream lines(read(journal));
  std::string line;
  std::getline(lines, line);  // the header
  std::set<std::size_t> subtrees;
  while (std::getline(lines, line)) {
    const auto payload = backtrack::journal_detail::unseal(line);
    const auto record = payload ? backtrack::journal_detail::parse_record(*payload) : std::nullopt;
    if (record) subtrees.insert(record->index);
  }
  return subtrees.size();
}

// X of "checkpoint FILE: X of Y subtrees were finished by earlier runs" on stderr.
std::optional<std::size_t> resumed_subtrees(const std::string& err) {
  const auto at = err.find(" subtrees were finished by earlier runs");
  if (at == std::string::npos) return std::nullopt;
  const auto of = err.rfind(" of ", at);
  const auto colon = err.rfind(": ", of);
  if (of == std::string::npos || colon == std::string::npos) return std::nullopt;
  return std::stoul(err.substr(colon + 2, of - colon - 2));
}

struct Files {
  fs::path journal, out, err;
  explicit Files(const std::string& name) {
    const auto base = fs::temp_directory_path() / ("backtrack-kill-" + name + "-" + std::to_string(::getpid()));
    journal = base.string() + ".jnl";
    out = base.string() + ".out";
    err = base.string() + ".err";
    fs::remove(journal);
  }
  ~Files() {
    // The journal, and a temporary file that a run killed while making it left behind.
    // Error codes, not exceptions: a destructor must not throw, and other programs may
    // change the directory meanwhile.
    const std::string stem = journal.filename().string();
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(journal.parent_path(), ec)) {
      if (entry.path().filename().string().starts_with(stem)) fs::remove(entry.path(), ec);
    }
    for (const auto& p : {out, err}) fs::remove(p, ec);
  }
};

// Kills the count `kills` times at random moments in [0, max_delay), then lets it finish.
void kill_and_resume(int n, const char* expected, int kills, double max_delay) {
  Files files(std::to_string(n) + "queens");
  const std::vector<std::string> args = {"solve", "nqueens", "-n", std::to_string(n), "--count",
                                         "--threads", "2", "--checkpoint", files.journal.string()};
  const auto seed = std::random_device{}();
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> delay(0.0, max_delay);
  SCOPED_TRACE("seed " + std::to_string(seed));
  int finished_early = 0;
  for (int k = 0; k < kills; ++k) {
    const double seconds = delay(random);
    const pid_t pid = start(args, files.out, files.err);
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    ::kill(pid, SIGKILL);
    const int code = wait_for(pid);
    if (code == 0) {
      ++finished_early;  // it finished before the kill: nothing to resume
      EXPECT_EQ(field(read(files.out), "solutions"), expected);
      fs::remove(files.journal);
    } else {
      EXPECT_EQ(code, 128 + SIGKILL) << read(files.err);
    }
  }
  // One more kill, once the journal holds a finished subtree: the random ones may all
  // have come before the first batch was written (every half second), and a test of
  // resuming must resume. If the count ends first, its whole journal is resumed.
  {
    const pid_t pid = start(args, files.out, files.err);
    int status = 0;
    bool ended = false;
    while (!(ended = ::waitpid(pid, &status, WNOHANG) == pid) && finished_in(files.journal) == 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    if (ended) {
      ++finished_early;
      ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << read(files.err);
    } else {
      ::kill(pid, SIGKILL);
      wait_for(pid);
    }
  }
  const std::size_t finished = finished_in(files.journal);
  ASSERT_GT(finished, 0u);
  const pid_t pid = start(args, files.out, files.err);
  ASSERT_EQ(wait_for(pid), 0) << read(files.err);
  const std::string out = read(files.out);
  EXPECT_EQ(field(out, "solutions"), expected) << out << read(files.err);
  EXPECT_EQ(field(out, "status"), "complete");
  EXPECT_EQ(resumed_subtrees(read(files.err)), finished)
      << read(files.err) << finished_early << " run(s) finished before their kill";
  // A second run finds every subtree in the journal and searches nothing.
  ASSERT_EQ(wait_for(start(args, files.out, files.err)), 0);
  EXPECT_EQ(field(read(files.out), "solutions"), expected);
  EXPECT_NE(read(files.err).find(", 0 now"), std::string::npos) << read(files.err);
}

TEST(KillResume, Queens14) { kill_and_resume(14, "365596", 3, 0.6); }
TEST(KillResume, Queens15) { kill_and_resume(15, "2279184", 4, sanitized ? 6.0 : 1.5); }
TEST(KillResume, Queens16) {
  if (sanitized) GTEST_SKIP() << "n = 16 under the sanitizers takes minutes; covered by the Release run";
  kill_and_resume(16, "14772512", 4, 4.0);
}

TEST(KillResume, MismatchedJournalExits65) {
  Files files("mismatch");
  auto run = [&](const std::string& n) {
    return wait_for(start({"solve", "nqueens", "-n", n, "--count", "--checkpoint", files.journal.string()}, files.out,
                          files.err));
  };
  ASSERT_EQ(run("9"), 0);
  EXPECT_EQ(run("10"), 65);
  EXPECT_NE(read(files.err).find("n 9 in the journal, 10 now"), std::string::npos) << read(files.err);
  ASSERT_EQ(run("9"), 0);
  EXPECT_EQ(field(read(files.out), "solutions"), "352");
}

TEST(KillResume, TornJournalIsResumedWithAWarning) {
  Files files("torn");
  // A tree well beyond the split's probe, so that the journal has records to tear.
  const std::vector<std::string> args = {"solve",    "nqueens", "-n",           "13", "--strategy", "word",
                                         "--symmetry", "none",  "--count", "--checkpoint", files.journal.string()};
  ASSERT_EQ(wait_for(start(args, files.out, files.err)), 0);
  // Keep the header and the first 20 records, and half of the 21st.
  std::istringstream lines(read(files.journal));
  std::string kept, line;
  for (int k = 0; k < 21 && std::getline(lines, line); ++k) kept += line + '\n';
  std::getline(lines, line);
  kept += line.substr(0, line.size() / 2);
  std::ofstream(files.journal, std::ios::trunc) << kept;
  ASSERT_EQ(wait_for(start(args, files.out, files.err)), 0);
  EXPECT_EQ(field(read(files.out), "solutions"), "73712");
  EXPECT_NE(read(files.err).find("torn last record"), std::string::npos) << read(files.err);
}

}  // namespace
