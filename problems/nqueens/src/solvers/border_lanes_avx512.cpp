// count_in_lanes() for AVX-512 F and VPOPCNTDQ: a row's free squares counted by one
// instruction. Compiled for them by the target attribute alone, so that the rest of the
// build runs on any x86-64 CPU, and called only where the CPU has them
// (border_kernels.cpp).
// GCC 12's AVX-512 intrinsics fill their unused lanes from a variable set to itself
// (_mm512_undefined_epi32()), which -Wuninitialized reports once inlined here.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include "border_kernels.hpp"

#if defined(__x86_64__)

#define BORDER_KERNEL __attribute__((target("avx512f,avx512vpopcntdq,bmi,bmi2")))
#include "border_lanes_512.hpp"
#include "border_walkers.hpp"

namespace backtrack::nqueens::lanes {

namespace {

struct Vpopcntdq {
  BORDER_KERNEL [[gnu::always_inline]] static inline __m512i of(__m512i squares) {
    return _mm512_popcnt_epi32(squares);
  }
};

}  // namespace

SearchStats count_avx512(const LaneRoot& root, std::uint64_t weight, const SearchLimits& limits) {
  return walk(Lanes512<Vpopcntdq>(root), root, weight, limits);
}

}  // namespace backtrack::nqueens::lanes

#undef BORDER_KERNEL

#endif

#pragma GCC diagnostic pop
