#pragma once
// Where a SearchTree's nodes go in a drawing: a tidy tree, one unit of width per leaf
// (a folded node's triangle is a leaf), leaves left to right in depth-first order, a
// parent centred over its children, one level per edge from nodes[0]. Units, not pixels:
// every drawing scales them alike, so two trees side by side compare by size.
#include <vector>

#include "search_tree.hpp"

namespace backtrack {

struct TreeLayout {
  std::vector<double> x;   // per node, in leaf units from the left
  std::vector<int> level;  // per node, edges from nodes[0]
  int leaves = 0;          // the width, in units
  int levels = 0;          // the deepest level + 1
};

TreeLayout lay_out(const SearchTree& tree);

}  // namespace backtrack
