// Which kernel counts in lanes: what the CPU has, or what BACKTRACK_NQUEENS_KERNEL asks for.
#include <cstdlib>
#include <string>
#include <string_view>

#include "backtrack/errors.hpp"
#include "backtrack/nqueens/border_count.hpp"
#include "border_kernels.hpp"

namespace backtrack::nqueens {

std::string_view kernel_name(LaneKernel kernel) {
  switch (kernel) {
    case LaneKernel::engine: return "engine";
    case LaneKernel::avx2: return "avx2";
    case LaneKernel::avx512bw: return "avx512bw";
    case LaneKernel::avx512: return "avx512";
  }
  return "engine";
}

std::string_view kernel_needs(LaneKernel kernel) {
  switch (kernel) {
    case LaneKernel::engine: return "nothing";
    case LaneKernel::avx2: return "AVX2, BMI1 and BMI2";
    case LaneKernel::avx512bw: return "AVX-512 F and BW, BMI1 and BMI2";
    case LaneKernel::avx512: return "AVX-512 F and VPOPCNTDQ, BMI1 and BMI2";
  }
  return "nothing";
}

bool kernel_supported(LaneKernel kernel) {
#if defined(__x86_64__)
  // The kernels' walkers use BMI1 and BMI2 (blsi, tzcnt, shlx), which every CPU with
  // AVX2 we know of has; asked for all the same.
  const bool bmi = __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
  switch (kernel) {
    case LaneKernel::engine: return true;
    case LaneKernel::avx2: return bmi && __builtin_cpu_supports("avx2");
    case LaneKernel::avx512bw: return bmi && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
    case LaneKernel::avx512:
      return bmi && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vpopcntdq");
  }
  return false;
#else
  return kernel == LaneKernel::engine;
#endif
}

LaneKernel best_kernel() {
  static const LaneKernel best = [] {
    LaneKernel found = LaneKernel::engine;
    for (LaneKernel kernel : lane_kernels) {
      if (kernel_supported(kernel)) found = kernel;  // listed slowest first
    }
    return found;
  }();
  return best;
}

LaneKernel chosen_kernel() {
  const char* asked = std::getenv("BACKTRACK_NQUEENS_KERNEL");  // NOLINT(concurrency-mt-unsafe): read before threads
  if (asked == nullptr || *asked == '\0') return best_kernel();  // set and empty: as if unset
  for (LaneKernel kernel : lane_kernels) {
    if (kernel_name(kernel) != asked) continue;
    if (!kernel_supported(kernel)) {
      throw UsageError("BACKTRACK_NQUEENS_KERNEL=" + std::string(asked) + ": this CPU lacks " +
                       std::string(kernel_needs(kernel)));
    }
    return kernel;
  }
  throw UsageError("BACKTRACK_NQUEENS_KERNEL=" + std::string(asked) +
                   ": unknown kernel (avx512, avx512bw, avx2 or engine)");
}

SearchStats count_in_lanes(LaneKernel kernel, const LaneRoot& root, std::uint64_t weight, const SearchLimits& limits) {
#if defined(__x86_64__)
  switch (kernel) {
    case LaneKernel::avx512: return lanes::count_avx512(root, weight, limits);
    case LaneKernel::avx512bw: return lanes::count_avx512bw(root, weight, limits);
    case LaneKernel::avx2: return lanes::count_avx2(root, weight, limits);
    case LaneKernel::engine: break;
  }
#endif
  (void)kernel, (void)root, (void)weight, (void)limits;
  return {};
}

}  // namespace backtrack::nqueens
