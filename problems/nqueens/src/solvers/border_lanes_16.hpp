#pragma once
// Lanes of 16 bits, 16 rows in one 256-bit register, for the roots whose free squares
// span at most 16 columns (all of them for n <= 18: the border takes columns 0 and n-1).
// For AVX2 half the work of 32-bit lanes, which take two registers: n = 17 in 0.69 of
// the time. The kernels differ only in how they count a row's free squares (`Count::of`),
// and each compiles this with its own count and target (BORDER_KERNEL,
// border_walkers.hpp).
#include <immintrin.h>

#include <array>
#include <bit>
#include <cstdint>
#include <optional>

#include "backtrack/nqueens/border_count.hpp"

#ifndef BORDER_KERNEL
#error "define BORDER_KERNEL, the kernel's target attribute, before including border_lanes_16.hpp"
#endif

namespace backtrack::nqueens::lanes {

// Unnamed, as the kernels' own types are (border_walkers.hpp): each kernel's translation
// unit compiles its own.
namespace {

// A count of the set bits of each 16-bit lane: each byte's looked up per nibble in a
// 16-entry table (vpshufb, Mula's method), the two bytes added by one multiply-add.
struct NibbleTable16 {
  BORDER_KERNEL [[gnu::always_inline]] static inline __m256i of(__m256i squares) {
    const __m256i table =
        _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i nibble = _mm256_set1_epi8(0x0f);
    const __m256i low = _mm256_and_si256(squares, nibble);
    const __m256i high = _mm256_and_si256(_mm256_srli_epi16(squares, 4), nibble);
    const __m256i bytes = _mm256_add_epi8(_mm256_shuffle_epi8(table, low), _mm256_shuffle_epi8(table, high));
    return _mm256_maddubs_epi16(bytes, _mm256_set1_epi8(1));
  }
};

}  // namespace

// Lane i holds the free squares of the root's i-th open row, shifted down to the lowest
// column any row has. AVX2 has no 16-bit variable shift, and a lookup is cheaper than
// shifts anyway: for each lane and column, the attacks of a queen there on every row
// (8 KB, made once per subtree).
template <class Count>
class Lanes16 {
 public:
  using Vector = __m256i;

  // The root's lowest free column, if its free squares span at most 16 columns.
  static std::optional<int> first_column(const LaneRoot& root) {
    std::uint32_t any = 0;
    for (const std::uint32_t squares : root.free) any |= squares;
    const int first = any == 0 ? 0 : std::countr_zero(any);
    if ((any >> first) > 0xffff) return std::nullopt;
    return first;
  }

  BORDER_KERNEL Lanes16(const LaneRoot& root, int first) : first_(first) {
    std::array<std::uint16_t, lane_rows> values{};
    for (std::size_t i = 0; i < lane_rows; ++i) values[i] = static_cast<std::uint16_t>(i);
    lane_index_ = load16(values.data());
    for (std::size_t i = 0; i < lane_rows; ++i) values[i] = static_cast<std::uint16_t>(1U << i);
    lane_bit_ = load16(values.data());
    for (std::size_t lane = 0; lane < lane_rows; ++lane) {
      for (std::uint32_t column = 0; column < columns; ++column) {
        for (std::size_t i = 0; i < lane_rows; ++i) {
          const std::uint32_t apart =
              root.row[i] > root.row[lane] ? root.row[i] - root.row[lane] : root.row[lane] - root.row[i];
          std::uint32_t attacked = 1U << column;
          if (column + apart < columns) attacked |= 1U << (column + apart);
          if (column >= apart) attacked |= 1U << (column - apart);
          values[i] = static_cast<std::uint16_t>(attacked);
        }
        attack_[lane * columns + column] = load16(values.data());
      }
    }
  }

  BORDER_KERNEL Vector load(const LaneRoot& root) const {
    std::array<std::uint16_t, lane_rows> values{};
    for (std::size_t i = 0; i < lane_rows; ++i) values[i] = static_cast<std::uint16_t>(root.free[i] >> first_);
    return load16(values.data());
  }

  // The key of a node's chosen row, free squares << 4 | lane (the fewest free squares,
  // the first lane on a tie), and the columns the open rows' free squares cover.
  BORDER_KERNEL [[gnu::always_inline]] inline void choose(const Vector& free, std::uint32_t open, std::uint32_t& best,
                                                           std::uint32_t& covered) const {
    const __m256i rows = _mm256_set1_epi16(static_cast<short>(open));
    const __m256i closed = _mm256_cmpeq_epi16(_mm256_and_si256(rows, lane_bit_), _mm256_setzero_si256());
    // A closed row's key is 0xffff, above any open row's (at most 16 << 4 | 15).
    const __m256i keys = _mm256_or_si256(_mm256_or_si256(_mm256_slli_epi16(Count::of(free), 4), lane_index_), closed);
    const __m128i fewest = _mm_min_epu16(_mm256_castsi256_si128(keys), _mm256_extracti128_si256(keys, 1));
    best = static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_minpos_epu16(fewest))) & 0xffff;
    const __m256i open_free = _mm256_andnot_si256(closed, free);
    __m128i any = _mm_or_si128(_mm256_castsi256_si128(open_free), _mm256_extracti128_si256(open_free, 1));
    any = _mm_or_si128(any, _mm_shuffle_epi32(any, 0x4e));
    any = _mm_or_si128(any, _mm_shuffle_epi32(any, 0xb1));
    any = _mm_or_si128(any, _mm_srli_epi32(any, 16));
    covered = static_cast<std::uint32_t>(_mm_cvtsi128_si32(any)) & 0xffff;
  }

  // The free squares of the child whose queen is `bit` in the row of lane `lane`.
  BORDER_KERNEL [[gnu::always_inline]] inline Vector child(const Vector& free, std::uint32_t lane,
                                                            std::uint32_t bit) const {
    return _mm256_andnot_si256(attack_[lane * columns + static_cast<std::uint32_t>(std::countr_zero(bit))], free);
  }

 private:
  static constexpr std::uint32_t columns = 16;

  BORDER_KERNEL static __m256i load16(const std::uint16_t* values) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(values));
  }

  int first_;
  __m256i lane_index_;
  __m256i lane_bit_;
  __m256i attack_[lane_rows * columns];  // NOLINT: std::array would drop the vector type's attributes
};

}  // namespace backtrack::nqueens::lanes
