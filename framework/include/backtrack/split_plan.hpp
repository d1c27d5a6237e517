#pragma once
// How a count is split into subtrees (split.hpp), as a value: a checkpoint records it
// without compiling the split.
#include <cstddef>
#include <cstdint>

namespace backtrack {

// What fixes the list of subtrees, with the problem (a checkpoint keeps it).
struct SplitPlan {
  std::size_t subtrees = 4096;         // for a large tree: enough to balance many threads
  std::uint64_t probe_nodes = 1 << 15;  // searched before splitting; 0: no probe
  friend bool operator==(const SplitPlan&, const SplitPlan&) = default;
};

}  // namespace backtrack
