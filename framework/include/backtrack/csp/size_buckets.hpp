#pragma once
// The undecided variables by the size of their domain: one bitset of variables per size
// and a mask of the sizes in use. A domain that shrinks moves its variable with two bit
// flips; the smallest domain (ties: the lowest variable) is found in a few word
// operations, not by a scan of every variable. Preallocated once: nothing allocates
// during the search.
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace backtrack::csp {

class SizeBuckets {
 public:
  void reset(int variables, int max_size) {
    words_ = (static_cast<std::size_t>(variables) + 63) / 64;
    bits_.assign(static_cast<std::size_t>(max_size + 1) * words_, 0);
    count_.assign(static_cast<std::size_t>(max_size + 1), 0);
    used_ = {};
  }
  void add(int var, int size) {
    bits_[slot(var, size)] |= bit(var);
    if (count_[static_cast<std::size_t>(size)]++ == 0) used_[static_cast<std::size_t>(size) / 64] |= bit(size);
  }
  void remove(int var, int size) {
    bits_[slot(var, size)] &= ~bit(var);
    if (--count_[static_cast<std::size_t>(size)] == 0) used_[static_cast<std::size_t>(size) / 64] &= ~bit(size);
  }
  void move(int var, int from, int to) {
    if (from == to) return;
    remove(var, from);
    add(var, to);
  }
  // The smallest size in use, or -1 when no variable is left.
  int smallest() const {
    if (used_[0] != 0) return std::countr_zero(used_[0]);
    if (used_[1] != 0) return 64 + std::countr_zero(used_[1]);
    return -1;
  }
  // The next size in use above `size`, or -1.
  int next_size(int size) const {
    for (int s = size + 1; s < static_cast<int>(count_.size()); ++s) {
      if (count_[static_cast<std::size_t>(s)] != 0) return s;
    }
    return -1;
  }
  // The lowest variable with a domain of `size` (which is in use).
  int first(int size) const {
    const std::uint64_t* row = bits_.data() + static_cast<std::size_t>(size) * words_;
    std::size_t w = 0;
    while (row[w] == 0) ++w;
    return static_cast<int>(w * 64) + std::countr_zero(row[w]);
  }
  // f(var) for every variable with a domain of `size`, lowest first.
  template <class F>
  void for_each(int size, F f) const {
    const std::uint64_t* row = bits_.data() + static_cast<std::size_t>(size) * words_;
    for (std::size_t w = 0; w < words_; ++w) {
      for (std::uint64_t rest = row[w]; rest != 0; rest &= rest - 1) f(static_cast<int>(w * 64) + std::countr_zero(rest));
    }
  }

 private:
  static std::uint64_t bit(int i) { return std::uint64_t{1} << (i % 64); }
  std::size_t slot(int var, int size) const {
    return static_cast<std::size_t>(size) * words_ + static_cast<std::size_t>(var) / 64;
  }

  std::size_t words_ = 0;
  std::vector<std::uint64_t> bits_;
  std::vector<int> count_;
  std::array<std::uint64_t, 2> used_{};
};

}  // namespace backtrack::csp
