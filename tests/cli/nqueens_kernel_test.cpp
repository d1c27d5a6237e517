// BACKTRACK_NQUEENS_KERNEL, which forces the kernel of N-Queens' border count: each
// kernel the CPU has counts right; one it lacks, or an unknown name, is refused (exit 64)
// with one line that says why.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "nqueens/reference.hpp"
#include "run_process.hpp"

namespace {

// backtrack with BACKTRACK_NQUEENS_KERNEL set to `kernel`.
cli::Outcome run_with_kernel(const std::string& kernel, const std::vector<std::string>& args) {
  setenv("BACKTRACK_NQUEENS_KERNEL", kernel.c_str(), 1);
  auto outcome = cli::run(args);
  unsetenv("BACKTRACK_NQUEENS_KERNEL");
  return outcome;
}

// Whether this CPU has what the kernel needs, asked here, not of the program under test.
bool cpu_has(const std::string& kernel) {
#if defined(__x86_64__)
  if (kernel == "avx2") return __builtin_cpu_supports("avx2");
  if (kernel == "avx512bw") return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
  if (kernel == "avx512") return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vpopcntdq");
#endif
  return kernel == "engine";
}

void expect_kernel_refused(const cli::Outcome& o, const std::string& wanted) {
  EXPECT_EQ(o.exit_code, 64) << o.err;
  EXPECT_TRUE(o.out.empty()) << o.out;
  EXPECT_EQ(cli::lines_of(o.err).size(), 1u) << o.err;
  EXPECT_NE(o.err.find(wanted), std::string::npos) << o.err;
}

// n = 14 counts with strategy border by default.
const std::vector<std::string> count_14 = {"solve", "nqueens", "-n", "14", "--count", "--print", "summary"};

TEST(NQueensKernel, EachKernelTheCpuHasCountsAndOneItLacksIsRefused) {
  for (const std::string kernel : {"engine", "avx2", "avx512bw", "avx512"}) {
    const auto o = run_with_kernel(kernel, count_14);
    if (!cpu_has(kernel)) {
      expect_kernel_refused(o, "BACKTRACK_NQUEENS_KERNEL=" + kernel + ": this CPU lacks");
      continue;
    }
    EXPECT_EQ(o.exit_code, 0) << kernel << ": " << o.err;
    EXPECT_NE(o.out.find("solutions: " + std::to_string(reference::a000170[14]) + "\n"), std::string::npos)
        << kernel << ": " << o.out;
  }
}

TEST(NQueensKernel, UnknownNameIsRefused) {
  expect_kernel_refused(run_with_kernel("sse9", count_14), "BACKTRACK_NQUEENS_KERNEL=sse9: unknown kernel");
}

}  // namespace
