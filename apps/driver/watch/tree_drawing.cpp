#include "tree_drawing.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <span>
#include <sstream>
#include <string_view>

#include "backtrack/errors.hpp"
#include "backtrack/quoted.hpp"
#include "tree_layout.hpp"
#include "tree_page.hpp"

namespace backtrack {
namespace {

// The SVG's scale, the same in the page's script (tree_page.cpp, which makes the levels
// of a very wide tree taller): pixels per leaf and per level, and the room above the
// tree for its title, counts and legend.
constexpr double leaf_width = 24;
constexpr double level_height = 48;
constexpr double header_height = 96;
constexpr double side_margin = 20;

std::string_view kind_name(TreeNodeKind kind) {
  switch (kind) {
    case TreeNodeKind::inner: return "inner";
    case TreeNodeKind::solution: return "solution";
    case TreeNodeKind::failure: return "failure";
    case TreeNodeKind::stopped: return "stopped";
    case TreeNodeKind::roots: return "roots";
  }
  return "inner";
}

// Text in XML/HTML content or a quoted attribute. Control characters other than the
// newline cannot appear in XML 1.0 at all: a space stands for them.
std::string xml_escaped(std::string_view text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      case '\n': out += "&#10;"; break;
      default: out += (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) ? ' ' : c;
    }
  }
  return out;
}

// A JSON string, safe inside a <script> element too: '<' escaped, so no "</script>" or
// "<!--" can end or change it.
std::string json_string(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (byte < 0x20 || c == '<' || c == '>' || c == '&' || byte == 0x7f) {
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\u%04x", byte);
      out += escape;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

// A DOT string's content: quotes and backslashes escaped, a newline as DOT's \n (a
// centred line break), other control characters as spaces.
std::string dot_escaped(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) ? ' ' : c;
    }
  }
  return out;
}

std::string plural(std::uint64_t count, std::string_view word) {
  return std::to_string(count) + " " + std::string(word) + (count == 1 ? "" : "s");
}

std::size_t drawn_search_nodes(const SearchTree& tree) {
  return static_cast<std::size_t>(std::count_if(tree.nodes.begin(), tree.nodes.end(),
                                                [](const TreeNode& node) { return node.kind != TreeNodeKind::roots; }));
}

// ", 2 solutions, 31 failures; folded to 40 nodes of 54; stopped by a limit": what
// follows "54 nodes" in a drawing's totals.
std::string totals_after_nodes(const SearchTree& tree) {
  std::string line = ", " + plural(tree.searched_solutions, "solution") + ", " + plural(tree.searched_failures, "failure");
  const std::size_t drawn = drawn_search_nodes(tree);
  if (drawn < tree.searched_nodes) line += "; folded to " + std::to_string(drawn) + " nodes of " + std::to_string(tree.searched_nodes);
  if (tree.stopped) line += "; stopped by a limit";
  return line;
}

std::string totals_line(const SearchTree& tree) { return plural(tree.searched_nodes, "node") + totals_after_nodes(tree); }

// What hovering a node shows in a viewer: its move, its kind, its subtree's counts.
std::string node_summary(const TreeNode& node) {
  std::string text = node.move.empty() ? "root" : node.move;
  text += "\n" + std::string(kind_name(node.kind)) + (node.folded ? ", folded" : "");
  if (node.nodes > 1) {
    text += "\nsubtree: " + plural(node.nodes, "node") + ", " + plural(node.solutions, "solution") + ", " +
            plural(node.failures, "failure");
  }
  return text;
}

// One node's shape, centred at the origin of its group.
std::string svg_shape(TreeNodeKind kind) {
  switch (kind) {
    case TreeNodeKind::solution: return R"(<path class="shape" d="M0,-8L8,0L0,8L-8,0Z"/>)";
    case TreeNodeKind::failure: return R"(<rect class="shape" x="-6" y="-6" width="12" height="12"/>)";
    case TreeNodeKind::roots: return R"(<circle class="shape" r="3"/>)";
    default: return R"(<circle class="shape" r="7"/>)";
  }
}

// Around a node of a comparison that only one tree visits, clear of its shape, whose
// colour stays its kind's.
constexpr std::string_view svg_ring = R"(<circle class="ring" r="12"/>)";

std::string svg_fold(const TreeNode& node) {
  std::string text = R"(<path class="fold" d="M0,8L-10,30L10,30Z"/><text class="fold-label" y="42">)" +
                     std::to_string(node.nodes) + "</text>";
  if (node.solutions > 0) text += R"(<text class="fold-label" y="53">)" + std::to_string(node.solutions) + " sol</text>";
  return text;
}

// A coordinate in pixels, never in exponent notation however wide the tree.
std::string coordinate(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", value);
  return text;
}

// A sample of every mark a drawing uses, drawn as the drawing draws it (tree_style): the
// point above several roots where there is one, and on a comparison page the ring of a
// node only one tree visits. Returns the width it takes.
double write_svg_legend(std::ostream& out, double y, bool roots, bool ringed) {
  const std::pair<TreeNodeKind, std::string_view> entries[] = {{TreeNodeKind::inner, "inner node"},
                                                               {TreeNodeKind::solution, "solution"},
                                                               {TreeNodeKind::failure, "failure"},
                                                               {TreeNodeKind::stopped, "stopped by a limit"}};
  double x = side_margin + 8;
  const auto entry = [&](std::string_view classes, double dy, const std::string& marks, std::string_view words) {
    out << R"(<g class="legend )" << classes << R"(" transform="translate()" << x << "," << y + dy << ")\">" << marks
        << R"(<text class="legend-label" x="16" y=")" << 4 - dy << "\">" << words << "</text></g>\n";
    x += 40 + 7 * static_cast<double>(words.size());
  };
  for (const auto& [kind, words] : entries) entry(kind_name(kind), 0, svg_shape(kind), words);
  entry("folded", -8, R"(<path class="fold" d="M0,0L-8,16L8,16Z"/>)", "folded subtree: its node count");
  if (roots) entry("roots", 0, svg_shape(TreeNodeKind::roots), "point above several roots");
  if (ringed) entry("inner only", 0, svg_shape(TreeNodeKind::inner) + std::string(svg_ring), "ringed: only in this tree");
  return x;
}

bool has_roots_point(const SearchTree& tree) {
  return std::any_of(tree.nodes.begin(), tree.nodes.end(),
                     [](const TreeNode& node) { return node.kind == TreeNodeKind::roots; });
}

}  // namespace

TreeFormat tree_format_of(const std::filesystem::path& file) {
  std::string extension = file.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (extension == ".svg") return TreeFormat::svg;
  if (extension == ".html" || extension == ".htm") return TreeFormat::html;
  if (extension == ".dot" || extension == ".gv") return TreeFormat::dot;
  throw UsageError(in_quotes(file.string()) + ": a tree's drawing is named by its extension: .svg, .html or .dot");
}

void write_tree_svg(const SearchTree& tree, std::ostream& out) {
  const TreeLayout layout = lay_out(tree);
  std::ostringstream legend;
  const double legend_width = write_svg_legend(legend, 76, has_roots_point(tree), false);
  const std::string width = coordinate(std::max(legend_width + side_margin, 2 * side_margin + layout.leaves * leaf_width));
  const std::string height = coordinate(header_height + layout.levels * level_height + 60);
  const auto px = [&](std::size_t i) { return coordinate(side_margin + (layout.x[i] + 0.5) * leaf_width); };
  const auto py = [&](std::size_t i) { return coordinate(header_height + 20 + layout.level[i] * level_height); };
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << R"(<svg xmlns="http://www.w3.org/2000/svg" width=")" << width << R"(" height=")" << height << R"(" viewBox="0 0 )"
      << width << " " << height << R"(" data-drawn-nodes=")" << drawn_search_nodes(tree) << R"(" data-searched-nodes=")"
      << tree.searched_nodes << "\">\n<style>" << tree_style << "</style>\n"
      << R"(<rect width="100%" height="100%" fill="white"/>)" << "\n"
      << R"(<text class="title" x=")" << side_margin << R"(" y="28">)" << xml_escaped(tree.title) << "</text>\n"
      << R"(<text class="totals" x=")" << side_margin << R"(" y="50">)" << xml_escaped(totals_line(tree)) << "</text>\n";
  out << legend.str();
  for (std::size_t i = 0; i < tree.nodes.size(); ++i) {
    const std::size_t parent = tree.nodes[i].parent;
    if (parent == TreeNode::no_parent) continue;
    out << R"(<line class="edge" x1=")" << px(parent) << R"(" y1=")" << py(parent) << R"(" x2=")" << px(i) << R"(" y2=")"
        << py(i) << "\"/>\n";
  }
  for (std::size_t i = 0; i < tree.nodes.size(); ++i) {
    const TreeNode& node = tree.nodes[i];
    const std::string place = R"( transform="translate()" + px(i) + "," + py(i) + ")\"";
    if (node.kind == TreeNodeKind::roots) {
      out << R"(<g class="roots")" << place << R"( data-nodes=")" << node.nodes << R"(" data-solutions=")" << node.solutions
          << R"(" data-failures=")" << node.failures << R"("><title>the roots</title>)" << svg_shape(node.kind) << "</g>\n";
      continue;
    }
    out << R"(<g class="node )" << kind_name(node.kind) << (node.folded ? " folded" : "") << "\"" << place
        << R"( data-index=")" << i << R"(" data-move=")" << xml_escaped(node.move) << R"(" data-nodes=")" << node.nodes
        << R"(" data-solutions=")" << node.solutions << R"(" data-failures=")" << node.failures << "\"><title>"
        << xml_escaped(node_summary(node)) << "</title>" << svg_shape(node.kind) << (node.folded ? svg_fold(node) : "")
        << "</g>\n";
  }
  out << "</svg>\n";
}

void write_tree_dot(const SearchTree& tree, std::ostream& out) {
  out << "// backtrack search tree: drawn=" << drawn_search_nodes(tree) << " searched=" << tree.searched_nodes << "\n"
      << "digraph \"search tree\" {\n"
      << "  graph [label=\"" << dot_escaped(tree.title + "\n" + totals_line(tree))
      << "\", labelloc=t, fontname=\"Helvetica\"];\n"
      << "  node [fontname=\"Helvetica\", fontsize=10, style=filled, fillcolor=\"#d9d9d9\", color=\"#222222\"];\n"
      << "  edge [color=\"#888888\", arrowhead=none];\n";
  const auto name = [&](std::size_t i) {
    std::string text = tree.nodes[i].kind == TreeNodeKind::roots ? "roots" : "n";
    text += std::to_string(i);  // appended, not "n" + ...: GCC 12 warns of that, wrongly (-Wstringop-overflow)
    return text;
  };
  for (std::size_t i = 0; i < tree.nodes.size(); ++i) {
    const TreeNode& node = tree.nodes[i];
    out << "  " << name(i) << " [";
    if (node.kind == TreeNodeKind::roots) {
      out << "shape=point, width=0.08, tooltip=\"the roots\"];\n";
      continue;
    }
    std::string label = node.move;
    if (node.folded) {
      label += '\n';
      label += plural(node.nodes, "node");
      if (node.solutions > 0) {
        label += '\n';
        label += plural(node.solutions, "solution");
      }
    }
    out << "label=\"" << dot_escaped(label) << "\", tooltip=\"" << dot_escaped(node_summary(node)) << "\", ";
    if (node.folded) {
      out << "shape=triangle, fillcolor=\"#f0f0f0\"" << (node.kind == TreeNodeKind::stopped ? ", style=\"filled,dashed\", color=\"#e66101\"" : "");
    } else {
      switch (node.kind) {
        case TreeNodeKind::solution: out << "shape=diamond, fillcolor=\"#1b7837\", fontcolor=white"; break;
        case TreeNodeKind::failure: out << "shape=box, fillcolor=\"#d7301f\", fontcolor=white"; break;
        case TreeNodeKind::stopped: out << "shape=ellipse, style=\"dashed\", color=\"#e66101\", penwidth=2"; break;
        default: out << "shape=ellipse";
      }
    }
    out << "];\n";
  }
  for (std::size_t i = 0; i < tree.nodes.size(); ++i) {
    if (tree.nodes[i].parent != TreeNode::no_parent) out << "  " << name(tree.nodes[i].parent) << " -> " << name(i) << ";\n";
  }
  out << "}\n";
}

namespace {

// The tree as the page's script reads it: JSON, one array per node.
void write_tree_json(const SearchTree& tree, std::ostream& out) {
  out << "{\"title\":" << json_string(tree.title) << ",\"searched_nodes\":" << tree.searched_nodes
      << ",\"searched_solutions\":" << tree.searched_solutions << ",\"searched_failures\":" << tree.searched_failures
      << ",\"node_budget\":" << tree.node_budget << ",\"stopped\":" << (tree.stopped ? "true" : "false")
      << ",\"totals\":" << json_string(totals_line(tree))
      << ",\n\"nodes\":[";
  // parent, kind, folded, move, drawing, nodes, solutions, failures
  for (std::size_t i = 0; i < tree.nodes.size(); ++i) {
    const TreeNode& node = tree.nodes[i];
    out << (i == 0 ? "" : ",\n") << "["
        << (node.parent == TreeNode::no_parent ? std::string("-1") : std::to_string(node.parent)) << ",\""
        << kind_name(node.kind) << "\"," << (node.folded ? 1 : 0) << "," << json_string(node.move) << ","
        << json_string(node.drawing) << "," << node.nodes << "," << node.solutions << "," << node.failures << "]";
  }
  out << "]}";
}

void write_page(std::span<const SearchTree> trees, bool comparison, std::ostream& out) {
  const std::string title = comparison ? "search trees compared" : trees.front().title;
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" << xml_escaped(title)
      << "</title>\n<style>" << tree_style << tree_page_style << "</style>\n</head>\n";
  if (comparison) {
    out << "<body class=\"comparison\">\n<header><h1>search trees compared</h1>\n<div class=\"controls\">"
        << "<label class=\"side\">left <select id=\"left\"></select> <span id=\"left-totals\"></span></label>"
        << "<label class=\"side\">right <select id=\"right\"></select> <span id=\"right-totals\"></span></label>";
  } else {
    out << "<body data-nodes=\"" << trees.front().searched_nodes << "\">\n<header><h1>" << xml_escaped(title)
        << "</h1>\n<div class=\"controls\"><span id=\"node-count\">" << plural(trees.front().searched_nodes, "node")
        << "</span><span id=\"totals\">" << xml_escaped(totals_after_nodes(trees.front())) << "</span> ";
  }
  out << "<button id=\"zoom-in\" title=\"zoom in\">+</button><button id=\"zoom-out\" title=\"zoom out\">&#8722;</button>"
      << "<button id=\"fit\">fit</button> <span class=\"hint\">drag to pan, wheel to zoom, click a node to fold "
         "or unfold it, hover it for its path</span></div>\n"
      << "<svg class=\"legend-bar\" width=\"";
  std::ostringstream legend;
  const bool roots = std::any_of(trees.begin(), trees.end(), has_roots_point);
  out << write_svg_legend(legend, 13, roots, comparison) << "\" height=\"26\">" << legend.str() << "</svg>\n</header>\n"
      << "<main><svg id=\"view\" xmlns=\"http://www.w3.org/2000/svg\"><g id=\"viewport\"></g></svg>\n"
      << "<aside id=\"info\"><div id=\"path\">hover a node</div><pre id=\"drawing\"></pre></aside></main>\n"
      << "<pre id=\"selftest\"></pre>\n<script type=\"application/json\" id=\"tree-data\">{\"comparison\":"
      << (comparison ? "true" : "false") << ",\"trees\":[";
  for (std::size_t i = 0; i < trees.size(); ++i) {
    if (i > 0) out << ",\n";
    write_tree_json(trees[i], out);
  }
  out << "]}</script>\n<script>" << tree_page_script << "</script>\n</body>\n</html>\n";
}

}  // namespace

void write_tree_html(const SearchTree& tree, std::ostream& out) { write_page({&tree, 1}, false, out); }

void write_tree_comparison_html(const std::vector<SearchTree>& trees, std::ostream& out) {
  write_page(trees, true, out);
}

void write_tree(const SearchTree& tree, const std::filesystem::path& file) {
  const TreeFormat format = tree_format_of(file);
  std::ofstream out(file);
  if (!out) throw InputError("cannot write the tree to " + in_quotes(file.string()) + ": " + std::strerror(errno));
  switch (format) {
    case TreeFormat::svg: write_tree_svg(tree, out); break;
    case TreeFormat::html: write_tree_html(tree, out); break;
    case TreeFormat::dot: write_tree_dot(tree, out); break;
  }
  out.close();
  if (!out) throw InputError("cannot write the tree to " + in_quotes(file.string()) + ": " + std::strerror(errno));
}

}  // namespace backtrack
