// Writes sample search trees to a directory, in every format, for check_tree_files.py:
// N-Queens trees built here by a small search of its own (checking each queen as it is
// placed, "scan", or also every later row for a free square, "forward"), whole, folded,
// stopped, under a node of several roots, with words that need escaping; and a
// comparison page. Usage: write_sample_trees DIR
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "watch/search_tree.hpp"
#include "watch/tree_drawing.hpp"

namespace {

using backtrack::SearchTree;
using backtrack::TreeNode;
using backtrack::TreeNodeKind;

struct Queens {
  int n;
  bool forward;
  bool odd_words;  // moves and boards with characters every format must escape
  std::vector<int> columns;
  SearchTree tree;

  bool safe(int row, int column) const {
    for (int r = 0; r < row && r < static_cast<int>(columns.size()); ++r) {
      const int c = columns[static_cast<std::size_t>(r)];
      if (c == column || std::abs(c - column) == row - r) return false;
    }
    return true;
  }
  bool later_rows_free() const {
    for (int row = static_cast<int>(columns.size()); row < n; ++row) {
      bool some = false;
      for (int column = 0; column < n; ++column) some = some || safe(row, column);
      if (!some) return false;
    }
    return true;
  }
  std::string board() const {
    std::string text;
    for (int row = 0; row < n; ++row) {
      for (int column = 0; column < n; ++column) {
        const bool queen = row < static_cast<int>(columns.size()) && columns[static_cast<std::size_t>(row)] == column;
        text += queen ? (odd_words ? "<Q>" : "Q") : (odd_words ? "&" : ".");
      }
      text += '\n';
    }
    return text;
  }
  void enter(std::size_t parent, const std::string& move) {
    const std::size_t index = tree.nodes.size();
    TreeNode node;
    node.parent = parent;
    node.depth = static_cast<int>(columns.size());
    node.move = move;
    node.drawing = board();
    tree.nodes.push_back(node);
    const int row = static_cast<int>(columns.size());
    bool any_child = false;
    if (row == n) {
      tree.nodes[index].kind = TreeNodeKind::solution;
      tree.nodes[index].solutions = 1;
      return;
    }
    if (!forward || later_rows_free()) {
      for (int column = 0; column < n; ++column) {
        if (!safe(row, column)) continue;
        any_child = true;
        columns.push_back(column);
        enter(index, odd_words ? "row " + std::to_string(row + 1) + " <&> \"col\" '" + std::to_string(column + 1) + "'\n</script>"
                               : "row " + std::to_string(row + 1) + ": queen in column " + std::to_string(column + 1));
        columns.pop_back();
      }
    }
    if (!any_child) {
      tree.nodes[index].kind = TreeNodeKind::failure;
      tree.nodes[index].failures = 1;
    }
  }
};

// Each node's counts: itself and its subtree (a roots node not itself).
void count(SearchTree& tree) {
  for (TreeNode& node : tree.nodes) {
    node.nodes = node.kind == TreeNodeKind::roots ? 0 : 1;
    node.solutions = node.kind == TreeNodeKind::solution ? 1 : 0;
    node.failures = node.kind == TreeNodeKind::failure ? 1 : 0;
  }
  for (std::size_t i = tree.nodes.size(); i-- > 1;) {
    TreeNode& parent = tree.nodes[tree.nodes[i].parent];
    if (parent.folded) continue;
    parent.nodes += tree.nodes[i].nodes;
    parent.solutions += tree.nodes[i].solutions;
    parent.failures += tree.nodes[i].failures;
  }
  tree.searched_nodes = tree.nodes[0].nodes;
  tree.searched_solutions = tree.nodes[0].solutions;
  tree.searched_failures = tree.nodes[0].failures;
}

SearchTree queens(int n, bool forward, bool odd_words = false) {
  Queens search{n, forward, odd_words, {}, {}};
  search.tree.title = "n=" + std::to_string(n) + " strategy=" + (forward ? "forward" : "scan");
  if (odd_words) search.tree.title += " </script> & \"quoted\" 'words'";
  search.enter(TreeNode::no_parent, "");
  count(search.tree);
  return search.tree;
}

// The nodes deeper than `level` folded into their ancestors at that level, counts kept.
SearchTree folded(const SearchTree& whole, int level) {
  SearchTree tree = whole;
  tree.nodes.clear();
  std::vector<std::size_t> new_index(whole.nodes.size(), TreeNode::no_parent);
  std::vector<int> levels(whole.nodes.size(), 0);
  for (std::size_t i = 0; i < whole.nodes.size(); ++i) {
    TreeNode node = whole.nodes[i];
    if (node.parent != TreeNode::no_parent) {
      levels[i] = levels[node.parent] + 1;
      if (levels[i] > level) continue;
      node.parent = new_index[node.parent];
    }
    if (levels[i] == level && node.nodes > 1) node.folded = true;
    new_index[i] = tree.nodes.size();
    tree.nodes.push_back(node);
  }
  tree.node_budget = tree.nodes.size();
  tree.title += " (folded)";
  return tree;
}

// The search stopped by a limit after `entered` nodes: the unfinished nodes are stopped.
SearchTree stopped(const SearchTree& whole, std::size_t entered) {
  SearchTree tree = whole;
  tree.nodes.resize(entered);
  if (tree.nodes.back().kind == TreeNodeKind::inner) tree.nodes.back().kind = TreeNodeKind::stopped;
  for (std::size_t i = tree.nodes.back().parent; i != TreeNode::no_parent; i = tree.nodes[i].parent) {
    if (tree.nodes[i].kind != TreeNodeKind::roots) tree.nodes[i].kind = TreeNodeKind::stopped;
  }
  count(tree);
  tree.stopped = true;
  tree.title += " (stopped)";
  return tree;
}

// The first row's placements as several roots of the problem, under a roots node.
SearchTree under_roots(SearchTree tree) {
  tree.nodes[0].kind = TreeNodeKind::roots;
  tree.nodes[0].drawing.clear();
  count(tree);
  tree.title += " (roots)";
  return tree;
}

void write(const std::filesystem::path& dir, const std::string& name, const SearchTree& tree) {
  for (const char* extension : {".svg", ".html", ".dot"}) backtrack::write_tree(tree, dir / (name + extension));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: write_sample_trees DIR\n";
    return 64;
  }
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  const SearchTree scan = queens(6, false), forward = queens(6, true);
  write(dir, "queens5_scan", queens(5, false));
  write(dir, "queens6_forward_folded", folded(forward, 2));
  write(dir, "queens5_roots_stopped_escaped", stopped(under_roots(queens(5, false, true)), 40));
  std::ofstream page(dir / "compared.html");
  backtrack::write_tree_comparison_html({scan, forward, folded(scan, 3)}, page);
  return page.good() ? 0 : 74;
}
