#pragma once
// The set bits of a machine word as a range of one-bit words, lowest first (x & -x).
// The candidate range of every bitmask strategy: iterating it compiles to the
// classic `while (x) { bit = x & -x; x ^= bit; ... }` loop.
#include <cstddef>
#include <cstdint>
#include <iterator>

namespace backtrack {

// The set bits of a word as moves that also name where they are (a row, a cell):
// make(where, bit) for each set bit (a one-bit word), lowest first. The candidates of one
// line of a board, for a problem whose Move is more than the bit.
template <class Move, class Where, Move (*make)(Where, std::uint64_t)>
class SetBitsAt {
 public:
  class iterator {
   public:
    using value_type = Move;
    using difference_type = std::ptrdiff_t;
    iterator() = default;
    iterator(Where where, std::uint64_t rest) : where_(where), rest_(rest) {}
    Move operator*() const { return make(where_, rest_ & (~rest_ + 1)); }
    iterator& operator++() {
      rest_ &= rest_ - 1;
      return *this;
    }
    void operator++(int) { ++*this; }
    friend bool operator==(const iterator& it, std::default_sentinel_t) { return it.rest_ == 0; }

   private:
    [[no_unique_address]] Where where_{};  // takes no room when empty (SetBits)
    std::uint64_t rest_ = 0;
  };

  SetBitsAt(Where where, std::uint64_t bits) : where_(where), bits_(bits) {}
  iterator begin() const { return {where_, bits_}; }
  std::default_sentinel_t end() const { return {}; }

 private:
  [[no_unique_address]] Where where_;
  std::uint64_t bits_;
};

namespace detail {
struct Nowhere {};
constexpr std::uint64_t the_bit(Nowhere, std::uint64_t bit) { return bit; }
}  // namespace detail

// The set bits themselves, each a one-bit word. Its iterator is the one word of bits left,
// as in the hand-written loop.
class SetBits : public SetBitsAt<std::uint64_t, detail::Nowhere, detail::the_bit> {
 public:
  explicit SetBits(std::uint64_t bits) : SetBitsAt({}, bits) {}
};
static_assert(sizeof(SetBits::iterator) == sizeof(std::uint64_t));

}  // namespace backtrack
