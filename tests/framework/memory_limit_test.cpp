// Refusing a run whose memory the machine lacks, on one thread and on several.
#include "backtrack/memory_limit.hpp"

#include <gtest/gtest.h>

#include <string>

#include "backtrack/errors.hpp"

namespace {

using backtrack::RunBytes;
using backtrack::UsageError;

constexpr double gib = 1024.0 * 1024.0 * 1024.0;

// The message of the UsageError that require_memory() throws, or "" where it accepts.
std::string refusal(const RunBytes& bytes, unsigned threads, double available) {
  try {
    backtrack::require_memory("strategy x", "n = 5", bytes, threads, available);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

// Each thread beyond the first adds a search's state and a copy of the problem; one
// thread holds the problem itself, not a copy.
TEST(MemoryLimit, ThreadsAddASearchAndACopyOfTheProblemEach) {
  const RunBytes bytes{.shared = 1 * gib, .problem = 2 * gib, .search = 3 * gib};
  EXPECT_EQ(bytes.on(1), 6 * gib);
  EXPECT_EQ(bytes.on(2), 13 * gib);
  EXPECT_EQ(bytes.on(4), 23 * gib);
}

TEST(MemoryLimit, SaysHowManyThreadsFit) {
  const RunBytes bytes{.shared = 1 * gib, .problem = 2 * gib, .search = 3 * gib};
  EXPECT_EQ(refusal(bytes, 1, 6 * gib), "");
  EXPECT_EQ(refusal(bytes, 3, 18 * gib), "");
  EXPECT_EQ(refusal(bytes, 4, 18 * gib),
            "strategy x needs about 23 GiB for n = 5 on 4 threads (a copy of the problem and a search's state "
            "each); this machine has 18 GiB, enough for --threads 3");
  // Too large for one thread: the size is what to change, whatever the threads.
  EXPECT_EQ(refusal(bytes, 4, 5 * gib), "strategy x needs about 6.0 GiB for n = 5; this machine has 5.0 GiB");
  // Where the system does not say what it has, nothing is refused.
  EXPECT_EQ(refusal(bytes, 4096, 0), "");
}

}  // namespace
