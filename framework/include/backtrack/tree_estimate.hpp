#pragma once
// What Knuth's estimator and the calibration say of a tree (estimate.hpp), as values the
// driver reads without compiling the estimator.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace backtrack {

// Mean and spread of many independent estimates of one number.
struct Estimate {
  double mean = 0;
  double standard_error = 0;  // of the mean: the standard deviation of one probe / sqrt(samples)
};

struct TreeEstimate {
  std::uint64_t samples = 0;
  Estimate nodes;
  Estimate solutions;
  std::vector<double> nodes_per_depth;  // mean estimate of the nodes at each depth
  double seconds = 0;                   // spent probing
  // The probes stopped before `samples`: they had walked a tenth as many nodes as the
  // tree has, so a count costs little more than probing on would.
  bool small_tree = false;
};

// Nodes a second of one thread of the engine on `problem`: whole subtrees of the split
// a count uses (`plan`), in random order, for about `seconds`; or the split's probe, when
// it searched the whole tree.
struct Calibration {
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::size_t subtrees = 0;  // searched, the last one perhaps only in part
  std::size_t split_subtrees = 0;  // in the split

  double nodes_per_second() const { return seconds > 0 ? static_cast<double>(nodes) / seconds : 0; }
};

}  // namespace backtrack
