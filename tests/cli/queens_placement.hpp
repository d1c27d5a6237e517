#pragma once
// A board of N-Queens as the CLI lists it (a column per row), checked here rather than
// by the code under test: no two queens share a column or a diagonal.
#include <cstdlib>
#include <vector>

namespace cli {

inline bool is_placement(const std::vector<int>& columns) {
  for (std::size_t r = 0; r < columns.size(); ++r) {
    for (std::size_t s = r + 1; s < columns.size(); ++s) {
      if (columns[r] == columns[s] || std::abs(columns[r] - columns[s]) == static_cast<int>(s - r)) return false;
    }
  }
  return true;
}

}  // namespace cli
