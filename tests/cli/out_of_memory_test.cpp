// The program under `ulimit -v`: where the limit falls short of what a count needs (its
// threads' stacks, their copies of the problem, oneTBB's own), it exits 71 with a message,
// and with the statistics so far where the search had begun; never an abort.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "cli/limited_run.hpp"

namespace {

constexpr rlim_t mib = rlim_t{1} << 20;

// The limits at which the program starts at all differ between builds and machines (its
// libraries), and so do those at which a count fails where: the test walks up from the
// least that starts, a MiB at a time, through the counts that fail to those that work.
TEST(OutOfMemory, ACountUnderUlimitVExits71AndNeverAborts) {
  if (cli::address_sanitizer) GTEST_SKIP() << "AddressSanitizer reserves terabytes of address space: no ulimit -v";
  rlim_t lowest = 4 * mib;
  while (lowest < 1024 * mib && cli::run_limited({"--version"}, {.address_space = lowest}).exit_code != 0) lowest += mib;
  ASSERT_LT(lowest, 1024 * mib) << "backtrack --version did not run under 1 GiB";
  int out_of_memory = 0, partial = 0, worked = 0;
  for (rlim_t limit = lowest; limit < lowest + 160 * mib && worked < 3; limit += mib) {
    const auto o = cli::run_limited({"solve", "nqueens", "-n", "12", "-j", "4", "--format", "json"},
                                    {.address_space = limit});
    const std::string at = "under ulimit -v " + std::to_string(limit / 1024) + ": ";
    ASSERT_FALSE(o.killed) << at << "killed by signal " << o.exit_code - 128 << '\n' << o.err;
    // 64: refused before it starts, for a size the limit cannot hold (memory_limit.hpp).
    ASSERT_TRUE(o.exit_code == 0 || o.exit_code == 64 || o.exit_code == 71) << at << "exit " << o.exit_code << '\n'
                                                                            << o.err;
    if (o.exit_code == 0) {
      ++worked;
      continue;
    }
    if (o.exit_code != 71) continue;
    ++out_of_memory;
    EXPECT_NE(o.err.find("out of memory"), std::string::npos) << at << o.err;
    const auto lines = cli::lines_of(o.out);
    if (lines.empty()) continue;
    const auto summary = nlohmann::json::parse(lines.back(), nullptr, false);
    ASSERT_TRUE(summary.is_object()) << at << o.out;
    EXPECT_EQ(summary.value("status", ""), "out_of_memory") << at << o.out;
    EXPECT_EQ(summary.value("partial", false), true) << at << o.out;
    ++partial;
  }
  EXPECT_GT(out_of_memory, 0) << "no limit between " << lowest / 1024 << " KiB and where the count worked failed it";
  EXPECT_EQ(worked, 3) << "the count never worked under 160 MiB more than --version needs";
  RecordProperty("runs_out_of_memory", out_of_memory);
  RecordProperty("runs_with_partial_statistics", partial);
}

}  // namespace
