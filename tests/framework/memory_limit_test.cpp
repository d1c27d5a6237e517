// Refusing a run whose memory the machine lacks, on one thread and on several.
#include "backtrack/memory_limit.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <fstream>
#include <string>

#include "backtrack/errors.hpp"

namespace {

using backtrack::RunBytes;
using backtrack::UsageError;

constexpr double gib = 1024.0 * 1024.0 * 1024.0;

// The message of the UsageError that require_memory() throws, or "" where it accepts.
std::string refusal(const RunBytes& bytes, unsigned threads, double available) {
  try {
    backtrack::require_memory("strategy x", "n = 5", bytes, threads, backtrack::AvailableMemory{available});
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

// The limit that binds is named in the refusal, with MiB below a GiB.
TEST(MemoryLimit, NamesTheLimitThatBinds) {
  const RunBytes bytes{.search = 2 * gib};
  EXPECT_EQ(refusal(bytes, 1, 0), "");
  try {
    backtrack::require_memory("strategy x", "n = 5", bytes, 1,
                              backtrack::AvailableMemory{0.25 * gib, "ulimit -v leaves this process"});
    ADD_FAILURE() << "accepted 2 GiB in 256 MiB";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "strategy x needs about 2.0 GiB for n = 5; ulimit -v leaves this process 256 MiB");
  }
}

// A process held to less than the machine has (ulimit -v, as a batch job may be) is
// refused by what it may use. Not under AddressSanitizer, which maps terabytes of shadow.
TEST(MemoryLimit, AnAddressSpaceLimitBinds) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer maps terabytes: an address-space limit means nothing to it";
#else
  rlimit saved{};
  ASSERT_EQ(getrlimit(RLIMIT_AS, &saved), 0);
  const auto unlimited = backtrack::available_memory();
  if (unlimited.bytes < 1 * gib) GTEST_SKIP() << "a machine of less than 1 GiB";
  // The limit is on all the process maps: what it maps now (its stacks, libraries and
  // allocator's arenas), plus 512 MiB to allocate.
  std::ifstream statm("/proc/self/statm");
  double pages = 0;
  ASSERT_TRUE(statm >> pages);
  const double mapped = pages * static_cast<double>(sysconf(_SC_PAGE_SIZE));
  rlimit held = saved;
  held.rlim_cur = static_cast<rlim_t>(mapped + 0.5 * gib);
  if (saved.rlim_max != RLIM_INFINITY && held.rlim_cur > saved.rlim_max) GTEST_SKIP() << "a lower hard limit";
  ASSERT_EQ(setrlimit(RLIMIT_AS, &held), 0);
  const auto available = backtrack::available_memory();
  ASSERT_EQ(setrlimit(RLIMIT_AS, &saved), 0);
  EXPECT_EQ(available.held_by, "ulimit -v leaves this process");
  EXPECT_LE(available.bytes, 0.5 * gib);
  EXPECT_GT(available.bytes, 0.4 * gib) << "what the process maps is counted once";
#endif
}

}  // namespace
