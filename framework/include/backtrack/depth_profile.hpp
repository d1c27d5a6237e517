#pragma once
// Nodes and failures per depth (--profile), as Knuth's programs print them: where in the
// tree the work is, so that two strategies' trees can be seen side by side.
//
// Exact: a profiled search counts each node it enters at its depth (the same nodes as
// SearchStats::nodes) and each failure at its depth, and a split's own nodes are counted
// likewise, so the depths add up to the totals over threads and subtrees. Profiling is a
// compile-time choice of the engine (DepthFirstSearch<P, Sink, true>): a search without
// it counts nothing per depth.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace backtrack {

struct DepthCount {
  std::uint64_t nodes = 0;
  std::uint64_t failures = 0;
  friend bool operator==(const DepthCount&, const DepthCount&) = default;
};

// Index: the depth (the root is 0).
using DepthProfile = std::vector<DepthCount>;

// The entry of `depth`, the profile grown to hold it.
inline DepthCount& at_depth(DepthProfile& profile, std::size_t depth) {
  if (depth >= profile.size()) profile.resize(depth + 1);
  return profile[depth];
}

inline void add_profile(DepthProfile& into, const DepthProfile& from) {
  if (from.size() > into.size()) into.resize(from.size());
  for (std::size_t d = 0; d < from.size(); ++d) {
    into[d].nodes += from[d].nodes;
    into[d].failures += from[d].failures;
  }
}

}  // namespace backtrack
