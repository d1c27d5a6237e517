// Limits a hostile user meets: Ctrl-C and --time-limit in every long phase (the
// estimator's probes, the progress line's), a listing's cap in its summary, inputs that
// can be read once, and numbers beyond any board.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <pty.h>
#include <sys/stat.h>

#include <condition_variable>
#include <fstream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "run_process.hpp"

namespace {

using cli::run;

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

}  // namespace
