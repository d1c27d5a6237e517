#pragma once
// The set bits of a machine word as a range of one-bit words, lowest first (x & -x).
// The candidate range of every bitmask strategy: iterating it compiles to the
// classic `while (x) { bit = x & -x; x ^= bit; ... }` loop.
#include <cstddef>
#include <cstdint>
#include <iterator>

namespace backtrack {

class SetBits {
 public:
  class iterator {
   public:
    using value_type = std::uint64_t;
    using difference_type = std::ptrdiff_t;
    iterator() = default;
    explicit iterator(std::uint64_t rest) : rest_(rest) {}
    std::uint64_t operator*() const { return rest_ & (~rest_ + 1); }
    iterator& operator++() {
      rest_ &= rest_ - 1;
      return *this;
    }
    void operator++(int) { ++*this; }
    friend bool operator==(const iterator& it, std::default_sentinel_t) { return it.rest_ == 0; }

   private:
    std::uint64_t rest_ = 0;
  };

  explicit SetBits(std::uint64_t bits) : bits_(bits) {}
  iterator begin() const { return iterator(bits_); }
  std::default_sentinel_t end() const { return {}; }

 private:
  std::uint64_t bits_;
};

}  // namespace backtrack
