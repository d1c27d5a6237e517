// count_in_lanes() for AVX2: the 16 rows in 16-bit lanes of one register where the
// root's free squares span at most 16 columns (border_lanes_16.hpp), else in two
// registers of 8 lanes of 32 bits; a row's free squares counted by table (vpshufb), the
// fewest picked by phminposuw (SSE4.1).
// Compiled for them by the target attribute alone, and called only where the CPU has them
// (border_kernels.cpp).
#include "border_kernels.hpp"

#if defined(__x86_64__)

#include <immintrin.h>

#include <array>
#include <cstdint>
#include <optional>

#define BORDER_KERNEL __attribute__((target("avx2,bmi,bmi2")))
#include "border_lanes_16.hpp"
#include "border_walkers.hpp"

namespace backtrack::nqueens::lanes {

namespace {

// Rows 0-7 and 8-15: lane i's 32 bits at byte 4i, as border_walkers.hpp reads them.
struct Pair {
  __m256i low;
  __m256i high;
};

class Lanes256 {
 public:
  using Vector = Pair;

  BORDER_KERNEL explicit Lanes256(const LaneRoot& root) {
    std::array<std::uint32_t, lane_rows> values{};
    for (int i = 0; i < lane_rows; ++i) values[static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(i);
    lane_index_ = load(values.data());
    for (std::size_t i = 0; i < lane_rows; ++i) values[i] = std::uint32_t{1} << i;
    lane_bit_ = load(values.data());
    for (std::size_t lane = 0; lane < lane_rows; ++lane) {
      for (std::size_t i = 0; i < lane_rows; ++i) {
        values[i] = root.row[i] > root.row[lane] ? root.row[i] - root.row[lane] : root.row[lane] - root.row[i];
      }
      distance_[lane] = load(values.data());
    }
  }

  BORDER_KERNEL static Pair load(const std::uint32_t* free) {
    return {_mm256_loadu_si256(reinterpret_cast<const __m256i*>(free)),
            _mm256_loadu_si256(reinterpret_cast<const __m256i*>(free + 8))};
  }
  BORDER_KERNEL Pair load(const LaneRoot& root) const { return load(root.free.data()); }

  // The key of a node's chosen row, free squares << 4 | lane (the fewest free squares,
  // the first lane on a tie), and the columns the open rows' free squares cover.
  BORDER_KERNEL [[gnu::always_inline]] inline void choose(const Pair& free, std::uint32_t open, std::uint32_t& best,
                                                           std::uint32_t& covered) const {
    const __m256i rows = _mm256_set1_epi32(static_cast<int>(open));
    const __m256i open_low = _mm256_cmpeq_epi32(_mm256_and_si256(rows, lane_bit_.low), lane_bit_.low);
    const __m256i open_high = _mm256_cmpeq_epi32(_mm256_and_si256(rows, lane_bit_.high), lane_bit_.high);
    // A closed row's key is 0xffff, above any open row's (at most 32 << 4 | 15).
    const __m256i closed = _mm256_set1_epi32(0xffff);
    const __m256i keys_low = _mm256_or_si256(_mm256_or_si256(_mm256_slli_epi32(count(free.low), 4), lane_index_.low),
                                             _mm256_andnot_si256(open_low, closed));
    const __m256i keys_high =
        _mm256_or_si256(_mm256_or_si256(_mm256_slli_epi32(count(free.high), 4), lane_index_.high),
                        _mm256_andnot_si256(open_high, closed));
    // The 16 keys as 16 bits, in some order (the key names its lane), then the least.
    const __m256i short_keys = _mm256_packus_epi32(keys_low, keys_high);
    const __m128i fewest =
        _mm_min_epu16(_mm256_castsi256_si128(short_keys), _mm256_extracti128_si256(short_keys, 1));
    best = static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_minpos_epu16(fewest))) & 0xffff;
    const __m256i half =
        _mm256_or_si256(_mm256_and_si256(free.low, open_low), _mm256_and_si256(free.high, open_high));
    __m128i any = _mm_or_si128(_mm256_castsi256_si128(half), _mm256_extracti128_si256(half, 1));
    any = _mm_or_si128(any, _mm_shuffle_epi32(any, 0x4e));
    any = _mm_or_si128(any, _mm_srli_epi64(any, 32));
    covered = static_cast<std::uint32_t>(_mm_cvtsi128_si32(any));
  }

  // The free squares of the child whose queen is `bit` in the row of lane `lane`: the
  // queen takes its column and its two diagonals off every row, at distance
  // |row - its row| on either side.
  BORDER_KERNEL [[gnu::always_inline]] inline Pair child(const Pair& free, std::uint32_t lane,
                                                          std::uint32_t bit) const {
    const __m256i queen = _mm256_set1_epi32(static_cast<int>(bit));
    const Pair& distance = distance_[lane];
    const auto off = [&](__m256i squares, __m256i apart) BORDER_KERNEL {
      const __m256i attacked = _mm256_or_si256(
          queen, _mm256_or_si256(_mm256_sllv_epi32(queen, apart), _mm256_srlv_epi32(queen, apart)));
      return _mm256_andnot_si256(attacked, squares);
    };
    return {off(free.low, distance.low), off(free.high, distance.high)};
  }

 private:
  // Each lane's two 16-bit counts (NibbleTable16) added by one multiply-add.
  BORDER_KERNEL [[gnu::always_inline]] static inline __m256i count(__m256i squares) {
    return _mm256_madd_epi16(NibbleTable16::of(squares), _mm256_set1_epi16(1));
  }

  Pair lane_index_;
  Pair lane_bit_;
  Pair distance_[lane_rows];  // NOLINT: std::array would drop the vector type's attributes
};

}  // namespace

SearchStats count_avx2(const LaneRoot& root, std::uint64_t weight, const SearchLimits& limits) {
  if (const std::optional<int> first = Lanes16<NibbleTable16>::first_column(root)) {
    return walk(Lanes16<NibbleTable16>(root, *first), root, weight, limits);
  }
  return walk(Lanes256(root), root, weight, limits);
}

}  // namespace backtrack::nqueens::lanes

#undef BORDER_KERNEL

#endif
