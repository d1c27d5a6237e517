// Limits a hostile user meets: Ctrl-C and --time-limit in every long phase (the
// estimator's probes, the progress line's), a listing's cap in its summary, inputs that
// can be read once, and numbers beyond any board.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <condition_variable>
#include <fstream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "run_on_terminal.hpp"
#include "run_process.hpp"

namespace {

using cli::run;
using cli::run_on_terminal;

std::string write_temp(const cli::TempFile& file, const std::string& text) {
  std::ofstream(file.path(), std::ios::binary) << text;
  return file.path();
}

// --- The estimator's probes hear Ctrl-C between their nodes -------------------------

// One probe of 20,000 queens on strategy bitset lists thousands of children a node, for
// thousands of nodes; Ctrl-C was looked at every 256 probes, minutes apart.
TEST(EstimateLimits, CtrlCStopsALongProbe) {
  const auto o = run({"estimate", "nqueens", "-n", "20000", "--strategy", "bitset"},
                     cli::Signal{SIGINT, std::chrono::milliseconds(1500)});
  EXPECT_EQ(o.exit_code, 130) << o.err;
  EXPECT_FALSE(o.killed);
  EXPECT_LT(o.seconds, 6.0);
  EXPECT_NE(o.out.find("status: interrupted"), std::string::npos) << o.out;
}

// Without Ctrl-C, a budget: the probes of 1000 queens on bitset took 605 s for half of
// the default samples; the estimate ends at its time limit with the probes made.
TEST(EstimateLimits, ALongEstimateEndsAtItsTimeLimit) {
  const auto o = run({"estimate", "nqueens", "-n", "1000", "--strategy", "bitset", "--time-limit", "1"});
  EXPECT_EQ(o.exit_code, 3) << o.err;
  EXPECT_LT(o.seconds, 6.0);
  EXPECT_NE(o.out.find("stopped at the time limit"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("status: time_limit"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("too large to estimate"), std::string::npos) << o.out;
  const auto json = run({"estimate", "nqueens", "-n", "1000", "--strategy", "bitset", "--time-limit", "0.5",
                         "--format", "json"});
  EXPECT_EQ(json.exit_code, 3) << json.err;
  EXPECT_EQ(nlohmann::json::parse(json.out)["status"], "time_limit") << json.out;
  EXPECT_EQ(run({"estimate", "nqueens", "--time-limit", "0"}).exit_code, 64);
}

// Dancing links of 50,000 items: a node looks at every item for the one with fewest
// options, and a probe walks some 35,000 nodes (a second or more).
TEST(EstimateLimits, CtrlCStopsALongXccProbe) {
  std::ostringstream text;
  constexpr int items = 50000;
  for (int i = 0; i < items; ++i) text << 'i' << i << ' ';
  text << '\n';
  for (int i = 0; i + 1 < items; i += 2) text << 'i' << i << " i" << i + 1 << "\ni" << i << "\ni" << i + 1 << '\n';
  const cli::TempFile file;
  const auto o = run({"estimate", "xcc", "--file", write_temp(file, text.str()), "--format", "json"},
                     cli::Signal{SIGINT, std::chrono::milliseconds(1500)});
  EXPECT_EQ(o.exit_code, 130) << o.err;
  EXPECT_FALSE(o.killed);
  EXPECT_LT(o.seconds, 6.0);
  const auto line = nlohmann::json::parse(o.out);
  EXPECT_EQ(line["status"], "interrupted") << o.out;
}

// --- The progress line's probes keep the deadline and hear Ctrl-C -------------------

TEST(ProgressLineLimits, ProbesStopAtTheTimeLimit) {
  const auto o = run_on_terminal({"solve", "nqueens", "-n", "3000", "--strategy", "bitset", "--count",
                                  "--time-limit", "1"});
  EXPECT_EQ(o.exit_code, 3) << o.err;
  EXPECT_LT(o.seconds, 5.0);
  EXPECT_EQ(cli::field(o.out, "status"), "time_limit (partial: the search did not finish)") << o.out;
}

// Ctrl-C comes once the instance is built (-v says so), while the probes run: in the
// set-up it would end the program at once, with nothing to report.
TEST(ProgressLineLimits, ProbesHearCtrlC) {
  const auto o = run_on_terminal({"solve", "nqueens", "-n", "3000", "--strategy", "bitset", "--count", "-v"},
                                 cli::Signal{SIGINT, std::chrono::milliseconds(100)}, "solving nqueens");
  EXPECT_EQ(o.exit_code, 130) << o.err;
  EXPECT_FALSE(o.killed);
  EXPECT_LT(o.seconds, 4.0);
  EXPECT_EQ(cli::field(o.out, "status"), "interrupted (partial: the search did not finish)") << o.out;
}

// The probes take a share of a second at most, also without a limit: a short search
// is not kept waiting for them.
TEST(ProgressLineLimits, ProbesAreBounded) {
  const auto o = run_on_terminal({"solve", "nqueens", "-n", "3000", "--strategy", "bitset", "--count",
                                  "--max-nodes", "1000"});
  EXPECT_EQ(o.exit_code, 3) << o.err;
  EXPECT_LT(o.seconds, 4.0);
  EXPECT_EQ(cli::field(o.out, "nodes"), "1000") << o.out;
}

// --- A progress line for every long search -----------------------------------------

// --first on a board whose first solution lies deep (scan, n = 60: far more than a second)
// and --all with its solutions counted, not printed: the line shows the nodes and the
// rate, and no percentage or time left, which nothing predicts. It showed nothing.
TEST(ProgressLineLimits, ASearchForSolutionsShowsNodesAndRate) {
  for (const std::vector<std::string>& mode : {std::vector<std::string>{"-n", "60", "--first"},
                                              std::vector<std::string>{"-n", "18", "--all", "--print", "summary"},
                                              std::vector<std::string>{"-n", "60", "--limit", "3"}}) {
    auto args = cli::with({"solve", "nqueens", "--strategy", "scan", "--time-limit", "1.5", "-j", "1"}, mode);
    const auto o = run_on_terminal(args);
    EXPECT_EQ(o.exit_code, 3) << mode[2] << o.err;
    EXPECT_TRUE(cli::contains(o.err, " nodes, ")) << mode[2] << o.err;
    EXPECT_TRUE(cli::contains(o.err, " nodes/s, ")) << mode[2] << o.err;
    EXPECT_TRUE(cli::contains(o.err, "s elapsed")) << mode[2] << o.err;
    EXPECT_FALSE(cli::contains(o.err, "%")) << mode[2] << o.err;
    EXPECT_FALSE(cli::contains(o.err, "left")) << mode[2] << o.err;
  }
}

// estimate shows its probes while it makes them, within its time budget.
TEST(ProgressLineLimits, EstimateShowsItsProbes) {
  const auto o = run_on_terminal({"estimate", "nqueens", "-n", "2000", "--strategy", "bitset", "--time-limit", "1.5"});
  EXPECT_EQ(o.exit_code, 3) << o.err;
  EXPECT_TRUE(cli::contains(o.err, " of 200000 probes, ")) << o.err;
  EXPECT_TRUE(cli::contains(o.err, "s elapsed (at most 1.5s)")) << o.err;
}

// --- A Sudoku file that can be read only once ----------------------------------------

const std::string classic =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";

TEST(SudokuInput, DevStdinIsReadOnce) {
  const auto o = cli::run_program(
      "/bin/sh", {"-c", "printf '" + classic.substr(0, 81) + "\\n' | '" BACKTRACK_EXE "' solve sudoku --file /dev/stdin"});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(cli::field(o.out, "solutions"), "1") << o.out;
}

TEST(SudokuInput, AFifoIsReadOnce) {
  const cli::TempFile place;
  const std::string fifo = place.path() + ".fifo";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  std::mutex mutex;
  std::condition_variable finished;
  bool done = false;
  // Writes the puzzle once; should the program open the FIFO again, it is let go with
  // nothing after a while rather than kept waiting for a writer forever.
  std::thread writer([&] {
    std::ofstream(fifo) << classic;
    std::unique_lock lock(mutex);
    if (finished.wait_for(lock, std::chrono::seconds(8), [&] { return done; })) return;
    const int fd = open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
    if (fd >= 0) close(fd);
  });
  const auto o = run({"solve", "sudoku", "--file", fifo, "--first"});
  {
    std::lock_guard lock(mutex);
    done = true;
  }
  finished.notify_all();
  writer.join();
  std::remove(fifo.c_str());
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(cli::field(o.out, "solutions"), "1") << o.out;
}

// --- Ctrl-C while the input is still being read ---------------------------------------

// `cat | backtrack solve sudoku`, then Ctrl-C: the program waits on a pipe that stays
// open, and the signal ends it as an interrupt (130), not later as bad input (65) once
// the pipe closes. The test holds the pipe open for 4 s; the signal comes at 0.5 s.
TEST(StandardInput, CtrlCWhileReadingIsAnInterrupt) {
  for (const std::string problem : {"sudoku", "xcc"}) {
    const cli::TempFile place;
    const std::string fifo = place.path() + ".fifo";
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    const int writer = open(fifo.c_str(), O_RDWR | O_CLOEXEC);  // a writer that never writes, while it is open
    ASSERT_GE(writer, 0);
    std::mutex mutex;
    std::condition_variable ended;
    bool done = false;
    std::thread closer([&] {
      std::unique_lock lock(mutex);
      ended.wait_for(lock, std::chrono::seconds(4), [&] { return done; });
      close(writer);
    });
    const auto o = cli::run_program(BACKTRACK_EXE, {"solve", problem}, cli::Signal{SIGINT, std::chrono::milliseconds(500)},
                                    std::nullopt, fifo);
    {
      std::lock_guard lock(mutex);
      done = true;
    }
    ended.notify_all();
    closer.join();
    std::remove(fifo.c_str());
    EXPECT_EQ(o.exit_code, 130) << problem << ' ' << o.err;
    EXPECT_FALSE(o.killed) << problem << ": the handler, not the default action, ends it";
    EXPECT_LT(o.seconds, 3.0) << problem << ": it waited for the pipe to close";
  }
}

// --- A capped listing says what it printed, and that it is partial ------------------

struct Listing {
  std::size_t printed = 0;
  nlohmann::json summary;
};

Listing json_listing(const std::string& text) {
  Listing listing;
  for (const auto& line : cli::lines_of(text)) {
    const auto j = nlohmann::json::parse(line);
    if (j["type"] == "solution") ++listing.printed;
    if (j["type"] == "summary") listing.summary = j;
  }
  return listing;
}

TEST(CappedListing, JsonCountsWhatItPrintedOnOneThread) {
  const auto o = run({"solve", "nqueens", "-n", "14", "--all", "--format", "json", "-j", "1"});
  EXPECT_EQ(o.exit_code, 3) << o.err;
  const auto listing = json_listing(o.out);
  EXPECT_EQ(listing.printed, 100000u);
  EXPECT_EQ(listing.summary["solutions"], "100000");
  EXPECT_EQ(listing.summary["partial"], true);
}

TEST(CappedListing, JsonCountsWhatItPrintedOnTwoThreads) {
  const auto o = run({"solve", "nqueens", "-n", "14", "--all", "--format", "json", "-j", "2"});
  EXPECT_EQ(o.exit_code, 3) << o.err;
  const auto listing = json_listing(o.out);
  EXPECT_EQ(listing.printed, 100000u);
  EXPECT_EQ(listing.summary["solutions"], "100000");
  EXPECT_EQ(listing.summary["partial"], true);
}

TEST(CappedListing, TextCountsWhatItPrinted) {
  const auto o = run({"solve", "nqueens", "-n", "14", "--all", "-j", "2", "--profile"});
  EXPECT_EQ(o.exit_code, 3) << o.err;
  EXPECT_NE(o.out.find("\nsolution 100000\n"), std::string::npos);
  EXPECT_EQ(o.out.find("\nsolution 100001\n"), std::string::npos);
  EXPECT_EQ(cli::field(o.out, "solutions"), "100000");
  EXPECT_EQ(cli::field(o.out, "status"), "solution_limit (partial: the listing stopped at its cap)");
}

// One symmetry class is several solutions: the summary counts those of the classes listed.
TEST(CappedListing, UniqueCountsTheClassesItPrinted) {
  const auto o = run({"solve", "nqueens", "-n", "15", "--unique", "--format", "json", "-j", "2"});
  EXPECT_EQ(o.exit_code, 3) << o.err;
  const auto listing = json_listing(o.out);
  EXPECT_EQ(listing.printed, 100000u);
  EXPECT_EQ(listing.summary["classes"], "100000");
  EXPECT_EQ(listing.summary["partial"], true);
  const auto solutions = std::stoull(listing.summary["solutions"].get<std::string>());
  EXPECT_GT(solutions, 100000u * 7);
  EXPECT_LE(solutions, 100000u * 8);
}

// --- An empty board picks the strategy that -n would ---------------------------------

TEST(BoardStrategy, AnEmptyBoardIsLikeN) {
  for (const int n : {30, 100}) {
    const std::string row(static_cast<std::size_t>(n), '.');
    std::string board;
    for (int r = 0; r < n; ++r) board += row + '\n';
    const cli::TempFile file;
    const auto o = run({"solve", "nqueens", "--file", write_temp(file, board), "--first", "--time-limit", "5"});
    EXPECT_EQ(o.exit_code, 0) << o.err;
    EXPECT_NE(o.out.find("n=" + std::to_string(n) + " strategy=mrv"), std::string::npos) << o.out;
  }
}

// --- A column beyond any board is an invalid solution, not unreadable input ----------

TEST(CheckLimits, AColumnBeyondAnyBoardIsOffTheBoard) {
  const std::vector<std::string> inputs = {
      "1 3 0 10000000000\n", "1 3 0 -99999999999999999999999\n", "columns: 1 3 0 123456789012345678901234567890\n",
      "{\"columns\":[1,3,0,100000000000000000000000000000]}\n", "{\"columns\":[1,3,0,-10000000000]}\n"};
  for (const auto& text : inputs) {
    const cli::TempFile file;
    const auto o = run({"check", "nqueens", write_temp(file, text)});
    EXPECT_EQ(o.exit_code, 1) << text << o.err;
    EXPECT_NE(o.out.find("invalid: the queen of row 3 lies off the 4 x 4 board"), std::string::npos) << text << o.out;
  }
  // Leading zeros do not make a column large.
  const cli::TempFile file;
  const auto o = run({"check", "nqueens", write_temp(file, "1 3 0 000000000000002\n")});
  EXPECT_EQ(o.exit_code, 0) << o.out << o.err;
}

}  // namespace
