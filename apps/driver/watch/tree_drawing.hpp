#pragma once
// Drawings of a SearchTree: SVG (a static picture), HTML (one self-contained page: pan,
// zoom, fold, hover), Graphviz DOT; and compare --tree's page of several trees.
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include "search_tree.hpp"

namespace backtrack {

enum class TreeFormat { svg, html, dot };

// The format a file's extension names (.svg, .html, .dot); a UsageError for any other.
TreeFormat tree_format_of(const std::filesystem::path& file);

void write_tree_svg(const SearchTree& tree, std::ostream& out);
void write_tree_html(const SearchTree& tree, std::ostream& out);
void write_tree_dot(const SearchTree& tree, std::ostream& out);

// The tree to `file`, in the format its extension names; an InputError where it cannot
// be written.
void write_tree(const SearchTree& tree, const std::filesystem::path& file);

// compare --tree: one page of every row's tree; two chosen rows side by side at one
// scale, the nodes only one of them visits marked (nodes matched by their path of moves).
void write_tree_comparison_html(const std::vector<SearchTree>& trees, std::ostream& out);

}  // namespace backtrack
