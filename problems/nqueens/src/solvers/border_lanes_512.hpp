#pragma once
// The lanes of the AVX-512 kernels: 16 rows of 32 bits in one register. The two differ
// only in how they count a row's free squares (`Count::of`), so each compiles this with
// its own count and its own target (BORDER_KERNEL, border_walkers.hpp).
#include <immintrin.h>

#include <array>
#include <cstdint>

#include "backtrack/nqueens/border_count.hpp"

#ifndef BORDER_KERNEL
#error "define BORDER_KERNEL, the kernel's target attribute, before including border_lanes_512.hpp"
#endif

namespace backtrack::nqueens::lanes {

template <class Count>
class Lanes512 {
 public:
  using Vector = __m512i;

  BORDER_KERNEL explicit Lanes512(const LaneRoot& root) {
    alignas(64) std::array<std::uint32_t, lane_rows> values{};
    for (int i = 0; i < lane_rows; ++i) values[static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(i);
    lane_index_ = _mm512_load_si512(values.data());
    for (std::size_t lane = 0; lane < lane_rows; ++lane) {
      for (std::size_t i = 0; i < lane_rows; ++i) {
        values[i] = root.row[i] > root.row[lane] ? root.row[i] - root.row[lane] : root.row[lane] - root.row[i];
      }
      distance_[lane] = _mm512_load_si512(values.data());
    }
  }

  BORDER_KERNEL Vector load(const LaneRoot& root) const { return _mm512_loadu_si512(root.free.data()); }

  // The key of a node's chosen row, free squares << 4 | lane (the fewest free squares,
  // the first lane on a tie), and the columns the open rows' free squares cover.
  BORDER_KERNEL [[gnu::always_inline]] inline void choose(const Vector& free, std::uint32_t open, std::uint32_t& best,
                                                           std::uint32_t& covered) const {
    const auto rows = static_cast<__mmask16>(open);
    const __m512i keys = _mm512_mask_mov_epi32(_mm512_set1_epi32(0xffff), rows,
                                               _mm512_or_si512(_mm512_slli_epi32(Count::of(free), 4), lane_index_));
    const __m256i short_keys = _mm512_cvtepi32_epi16(keys);
    const __m128i fewest =
        _mm_min_epu16(_mm256_castsi256_si128(short_keys), _mm256_extracti128_si256(short_keys, 1));
    best = static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_minpos_epu16(fewest))) & 0xffff;
    const __m512i open_free = _mm512_maskz_mov_epi32(rows, free);
    const __m256i half = _mm256_or_si256(_mm512_castsi512_si256(open_free), _mm512_extracti64x4_epi64(open_free, 1));
    __m128i any = _mm_or_si128(_mm256_castsi256_si128(half), _mm256_extracti128_si256(half, 1));
    any = _mm_or_si128(any, _mm_shuffle_epi32(any, 0x4e));
    any = _mm_or_si128(any, _mm_srli_epi64(any, 32));
    covered = static_cast<std::uint32_t>(_mm_cvtsi128_si32(any));
  }

  // The free squares of the child whose queen is `bit` in the row of lane `lane`: the
  // queen takes its column and its two diagonals off every row, at distance
  // |row - its row| on either side.
  BORDER_KERNEL [[gnu::always_inline]] inline Vector child(const Vector& free, std::uint32_t lane,
                                                            std::uint32_t bit) const {
    const __m512i queen = _mm512_set1_epi32(static_cast<int>(bit));
    const __m512i distance = distance_[lane];
    const __m512i attacked = _mm512_ternarylogic_epi32(queen, _mm512_sllv_epi32(queen, distance),
                                                       _mm512_srlv_epi32(queen, distance), 0xfe);  // a | b | c
    return _mm512_andnot_si512(attacked, free);
  }

 private:
  __m512i lane_index_;
  __m512i distance_[lane_rows];  // NOLINT: std::array would drop the vector type's attributes
};

}  // namespace backtrack::nqueens::lanes
