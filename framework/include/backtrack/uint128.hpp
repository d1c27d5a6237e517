#pragma once
// Totals of a search are 128-bit: the number of N-Queens solutions passes 2^64 at n = 29.
#include <string>

namespace backtrack {

__extension__ using uint128 = unsigned __int128;

// Exact decimal digits; there is no std::to_string for 128-bit integers.
inline std::string to_string(uint128 value) {
  if (value == 0) return "0";
  std::string digits;
  while (value != 0) {
    digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(value % 10)));
    value /= 10;
  }
  return digits;
}

}  // namespace backtrack
