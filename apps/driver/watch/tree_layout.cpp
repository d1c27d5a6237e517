#include "tree_layout.hpp"

#include <algorithm>
#include <cstddef>

namespace backtrack {

TreeLayout lay_out(const SearchTree& tree) {
  const std::size_t n = tree.nodes.size();
  TreeLayout layout;
  layout.x.assign(n, 0.0);
  layout.level.assign(n, 0);
  constexpr std::size_t none = TreeNode::no_parent;
  std::vector<std::size_t> first_child(n, none), last_child(n, none);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t parent = tree.nodes[i].parent;
    if (parent == none) continue;
    layout.level[i] = layout.level[parent] + 1;
    if (first_child[parent] == none) first_child[parent] = i;
    last_child[parent] = i;
  }
  // Depth-first order lists the leaves left to right; a parent comes before its
  // children, so walking backwards finds every child placed before its parent.
  for (std::size_t i = 0; i < n; ++i) {
    if (first_child[i] == none) layout.x[i] = layout.leaves++;
    layout.levels = std::max(layout.levels, layout.level[i] + 1);
  }
  for (std::size_t i = n; i-- > 0;) {
    if (first_child[i] != none) layout.x[i] = (layout.x[first_child[i]] + layout.x[last_child[i]]) / 2;
  }
  return layout;
}

}  // namespace backtrack
