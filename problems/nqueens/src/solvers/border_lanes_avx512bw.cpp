// count_in_lanes() for AVX-512 F and BW without VPOPCNTDQ (Skylake-SP, Cascade Lake): a
// row's free squares counted by table, as the AVX2 kernel counts them; the 16-bit lanes
// of one 256-bit register where the root's free squares span at most 16 columns
// (border_lanes_16.hpp, 10% faster here than the 32-bit lanes of a 512-bit one, which
// take the other roots).
// Compiled for them by the target attribute alone, and called only where the CPU has
// them (border_kernels.cpp).
// GCC 12's AVX-512 intrinsics fill their unused lanes from a variable set to itself
// (_mm512_undefined_epi32()), which -Wuninitialized reports once inlined here.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include "border_kernels.hpp"

#if defined(__x86_64__)

#include <optional>

#define BORDER_KERNEL __attribute__((target("avx512f,avx512bw,bmi,bmi2")))
#include "border_lanes_16.hpp"
#include "border_lanes_512.hpp"
#include "border_walkers.hpp"

namespace backtrack::nqueens::lanes {

namespace {

// Each byte's set bits looked up per nibble in a 16-entry table (vpshufb, Mula's
// method), then the four bytes of a lane added by two multiply-adds.
struct NibbleTable {
  BORDER_KERNEL [[gnu::always_inline]] static inline __m512i of(__m512i squares) {
    const __m512i table = _mm512_broadcast_i32x4(_mm_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4));
    const __m512i nibble = _mm512_set1_epi8(0x0f);
    const __m512i low = _mm512_and_si512(squares, nibble);
    const __m512i high = _mm512_and_si512(_mm512_srli_epi16(squares, 4), nibble);
    const __m512i bytes = _mm512_add_epi8(_mm512_shuffle_epi8(table, low), _mm512_shuffle_epi8(table, high));
    return _mm512_madd_epi16(_mm512_maddubs_epi16(bytes, _mm512_set1_epi8(1)), _mm512_set1_epi16(1));
  }
};

}  // namespace

SearchStats count_avx512bw(const LaneRoot& root, std::uint64_t weight, const SearchLimits& limits) {
  if (const std::optional<int> first = Lanes16<NibbleTable16>::first_column(root)) {
    return walk(Lanes16<NibbleTable16>(root, *first), root, weight, limits);
  }
  return walk(Lanes512<NibbleTable>(root), root, weight, limits);
}

}  // namespace backtrack::nqueens::lanes

#undef BORDER_KERNEL

#endif

#pragma GCC diagnostic pop
