// The drawings of a SearchTree built by hand: the layout, and the SVG, DOT and HTML
// written for one root, several roots, folded and stopped nodes, and words to escape.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "backtrack/errors.hpp"
#include "watch/search_tree.hpp"
#include "watch/tree_drawing.hpp"
#include "watch/tree_layout.hpp"

namespace backtrack {
namespace {

TreeNode node(std::size_t parent, TreeNodeKind kind, std::string move, std::uint64_t nodes = 1) {
  TreeNode result;
  result.parent = parent;
  result.kind = kind;
  result.move = std::move(move);
  result.nodes = nodes;
  result.solutions = kind == TreeNodeKind::solution ? 1 : 0;
  result.failures = kind == TreeNodeKind::failure ? 1 : 0;
  return result;
}

// root -> a (inner) -> {a1 solution, a2 failure}; root -> b failure.
SearchTree small_tree() {
  SearchTree tree;
  tree.title = "small";
  tree.nodes = {node(TreeNode::no_parent, TreeNodeKind::inner, "", 5), node(0, TreeNodeKind::inner, "a", 3),
                node(1, TreeNodeKind::solution, "a1"), node(1, TreeNodeKind::failure, "a2"),
                node(0, TreeNodeKind::failure, "b")};
  tree.nodes[0].solutions = tree.nodes[1].solutions = 1;
  tree.nodes[0].failures = 2;
  tree.nodes[1].failures = 1;
  tree.searched_nodes = 5;
  tree.searched_solutions = 1;
  tree.searched_failures = 2;
  return tree;
}

std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++count;
  return count;
}

std::string svg_of(const SearchTree& tree) {
  std::ostringstream out;
  write_tree_svg(tree, out);
  return out.str();
}
std::string dot_of(const SearchTree& tree) {
  std::ostringstream out;
  write_tree_dot(tree, out);
  return out.str();
}
std::string html_of(const SearchTree& tree) {
  std::ostringstream out;
  write_tree_html(tree, out);
  return out.str();
}

// The JSON the page's script reads.
nlohmann::json page_data(const std::string& html) {
  const std::string start = "<script type=\"application/json\" id=\"tree-data\">";
  const std::size_t from = html.find(start) + start.size();
  return nlohmann::json::parse(html.substr(from, html.find("</script>", from) - from));
}

TEST(TreeLayout, LeavesLeftToRightParentsCentred) {
  const TreeLayout layout = lay_out(small_tree());
  EXPECT_EQ(layout.leaves, 3);
  EXPECT_EQ(layout.levels, 3);
  EXPECT_DOUBLE_EQ(layout.x[2], 0);
  EXPECT_DOUBLE_EQ(layout.x[3], 1);
  EXPECT_DOUBLE_EQ(layout.x[4], 2);
  EXPECT_DOUBLE_EQ(layout.x[1], 0.5);
  EXPECT_DOUBLE_EQ(layout.x[0], 1.25);
  EXPECT_EQ(layout.level[3], 2);
}

TEST(TreeSvg, OneElementPerNodeWithItsKindAndCounts) {
  const std::string svg = svg_of(small_tree());
  EXPECT_EQ(svg.rfind("<?xml", 0), 0U);
  EXPECT_EQ(occurrences(svg, "<g class=\"node "), 5U);
  EXPECT_EQ(occurrences(svg, "<g class=\"node inner\""), 2U);
  EXPECT_EQ(occurrences(svg, "<g class=\"node solution\""), 1U);
  EXPECT_EQ(occurrences(svg, "<g class=\"node failure\""), 2U);
  EXPECT_EQ(occurrences(svg, "<title>"), 5U);
  EXPECT_EQ(occurrences(svg, "class=\"edge\""), 4U);
  EXPECT_NE(svg.find("data-drawn-nodes=\"5\" data-searched-nodes=\"5\""), std::string::npos);
  EXPECT_NE(svg.find(">5 nodes, 1 solution, 2 failures</text>"), std::string::npos);
  EXPECT_EQ(svg.find("folded to"), std::string::npos);
  EXPECT_NE(svg.find("data-move=\"a1\" data-nodes=\"1\" data-solutions=\"1\" data-failures=\"0\""), std::string::npos);
  EXPECT_EQ(occurrences(svg, "<svg "), 1U);
  EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
}

TEST(TreeSvg, SeveralRootsUnderAPointThatIsNoNode) {
  SearchTree tree;
  tree.nodes = {node(TreeNode::no_parent, TreeNodeKind::roots, "", 2), node(0, TreeNodeKind::solution, ""),
                node(0, TreeNodeKind::failure, "")};
  tree.nodes[0].solutions = tree.nodes[0].failures = 1;
  tree.searched_nodes = 2;
  const std::string svg = svg_of(tree);
  EXPECT_EQ(occurrences(svg, "<g class=\"node "), 2U);
  EXPECT_EQ(occurrences(svg, "<g class=\"roots\""), 1U);
  EXPECT_NE(svg.find(">2 nodes, 0 solutions, 0 failures</text>"), std::string::npos);  // the search's own counts
  const std::string dot = dot_of(tree);
  EXPECT_NE(dot.find("roots0 [shape=point"), std::string::npos);
  EXPECT_NE(dot.find("\n  n1 [label=\"\""), std::string::npos);
  EXPECT_NE(dot.find("\n  n2 [label=\"\""), std::string::npos);
  EXPECT_NE(dot.find("roots0 -> n2;"), std::string::npos);
  EXPECT_EQ(page_data(html_of(tree))["trees"][0]["nodes"][0][1], "roots");
}

TEST(TreeSvg, FoldedAndStoppedNodes) {
  SearchTree tree = small_tree();
  tree.nodes.resize(2);
  tree.nodes[1].folded = true;
  tree.nodes[1].kind = TreeNodeKind::stopped;
  tree.nodes.push_back(node(0, TreeNodeKind::inner, "c", 40));
  tree.nodes.back().folded = true;
  tree.nodes.back().solutions = 2;
  tree.nodes[0].nodes = 44;
  tree.nodes[0].solutions = 3;
  tree.searched_nodes = 44;
  tree.searched_solutions = 3;
  tree.searched_failures = 1;
  tree.stopped = true;
  const std::string svg = svg_of(tree);
  EXPECT_EQ(occurrences(svg, "<g class=\"node "), 3U);
  EXPECT_EQ(occurrences(svg, "<g class=\"node stopped folded\""), 1U);
  EXPECT_EQ(occurrences(svg, "<g class=\"node inner folded\""), 1U);
  EXPECT_EQ(occurrences(svg, "class=\"fold\""), 2U + 1U);  // two triangles and the legend's
  EXPECT_NE(svg.find("<text class=\"fold-label\" y=\"42\">40</text><text class=\"fold-label\" y=\"53\">2 sol</text>"),
            std::string::npos);
  EXPECT_NE(svg.find(">44 nodes, 3 solutions, 1 failure; folded to 3 nodes of 44; stopped by a limit</text>"),
            std::string::npos);
  const std::string dot = dot_of(tree);
  EXPECT_EQ(dot.rfind("// backtrack search tree: drawn=3 searched=44\n", 0), 0U);
  EXPECT_NE(dot.find("n2 [label=\"c\\n40 nodes\\n2 solutions\""), std::string::npos);
  EXPECT_EQ(occurrences(dot, "shape=triangle"), 2U);
  EXPECT_NE(dot.find("style=\"filled,dashed\""), std::string::npos);
}

// The marks a drawing's nodes use: each kind's class, "folded" for a triangle.
std::vector<std::string> marks_drawn(const std::string& svg) {
  std::vector<std::string> marks;
  for (const std::string kind : {"inner", "solution", "failure", "stopped", "roots"}) {
    if (svg.find("<g class=\"node " + kind) != std::string::npos || svg.find("<g class=\"" + kind + "\"") != std::string::npos) {
      marks.push_back(kind);
    }
  }
  if (svg.find(" folded\"") != std::string::npos) marks.push_back("folded");
  return marks;
}

TEST(TreeSvg, TheLegendShowsEveryMarkDrawn) {
  SearchTree roots;
  roots.nodes = {node(TreeNode::no_parent, TreeNodeKind::roots, "", 2), node(0, TreeNodeKind::solution, "a"),
                 node(0, TreeNodeKind::inner, "b")};
  roots.nodes[2].folded = true;
  roots.nodes[2].kind = TreeNodeKind::stopped;
  roots.searched_nodes = 2;
  for (const SearchTree& tree : {small_tree(), roots}) {
    const std::string svg = svg_of(tree);
    const std::vector<std::string> marks = marks_drawn(svg);
    EXPECT_GE(marks.size(), 3U);
    for (const std::string& mark : marks) {
      EXPECT_NE(svg.find("<g class=\"legend " + mark + "\""), std::string::npos) << mark;
      EXPECT_NE(html_of(tree).find("<g class=\"legend " + mark + "\""), std::string::npos) << mark;
    }
  }
  // The point above several roots only where there is one; the ring only on a comparison.
  EXPECT_EQ(svg_of(small_tree()).find("legend roots"), std::string::npos);
  EXPECT_EQ(html_of(small_tree()).find("class=\"ring\""), std::string::npos);
  std::ostringstream page;
  write_tree_comparison_html({small_tree(), roots}, page);
  EXPECT_NE(page.str().find(R"(<g class="legend inner only")"), std::string::npos);
  EXPECT_NE(page.str().find(R"(<circle class="ring" r="12"/><text class="legend-label" x="16" y="4">ringed: only in this tree)"),
            std::string::npos);
  EXPECT_NE(page.str().find("<g class=\"legend roots\""), std::string::npos);
}

TEST(TreeSvg, AWideTreeKeepsPlainCoordinates) {
  SearchTree tree;
  tree.nodes.push_back(node(TreeNode::no_parent, TreeNodeKind::inner, "", 60001));
  for (int i = 0; i < 60000; ++i) tree.nodes.push_back(node(0, TreeNodeKind::failure, ""));
  tree.searched_nodes = 60001;
  const std::string svg = svg_of(tree);
  EXPECT_EQ(svg.find("e+"), std::string::npos);
  EXPECT_NE(svg.find("width=\"1440040.00\""), std::string::npos);  // 60000 leaves of 24 pixels, 20 on each side
}

TEST(TreeDrawings, EscapeWhatTheProblemSays) {
  SearchTree tree = small_tree();
  tree.title = "</script><b>";
  tree.nodes[1].move = "a<b & \"c\" 'd'\nnext</script>\x01";
  tree.nodes[1].drawing = "Q.\n.\\";
  const std::string svg = svg_of(tree);
  EXPECT_NE(svg.find("data-move=\"a&lt;b &amp; &quot;c&quot; &#39;d&#39;&#10;next&lt;/script&gt; \""), std::string::npos);
  EXPECT_EQ(svg.find("<b>"), std::string::npos);
  EXPECT_EQ(svg.find('\x01'), std::string::npos);
  const std::string dot = dot_of(tree);
  EXPECT_NE(dot.find("n1 [label=\"a<b & \\\"c\\\" 'd'\\nnext</script> \""), std::string::npos);
  const std::string html = html_of(tree);
  EXPECT_EQ(occurrences(html, "</script>"), 2U);  // the data's and the script's own ends
  EXPECT_NE(html.find("<title>&lt;/script&gt;&lt;b&gt;</title>"), std::string::npos);
  const nlohmann::json data = page_data(html);
  EXPECT_EQ(data["trees"][0]["title"], "</script><b>");
  EXPECT_EQ(data["trees"][0]["nodes"][1][3], "a<b & \"c\" 'd'\nnext</script>\x01");
  EXPECT_EQ(data["trees"][0]["nodes"][1][4], "Q.\n.\\");
}

TEST(TreeHtml, OnePageWithTheDataAndTheTotals) {
  const std::string html = html_of(small_tree());
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0U);
  EXPECT_NE(html.find("<body data-nodes=\"5\">"), std::string::npos);
  EXPECT_NE(html.find("<span id=\"node-count\">5 nodes</span>"), std::string::npos);
  EXPECT_EQ(occurrences(html, "http"), occurrences(html, "http://www.w3.org/2000/svg"));  // no address but a namespace
  EXPECT_EQ(html.find("src="), std::string::npos);
  const nlohmann::json data = page_data(html);
  EXPECT_FALSE(data["comparison"]);
  ASSERT_EQ(data["trees"].size(), 1U);
  const nlohmann::json& tree = data["trees"][0];
  EXPECT_EQ(tree["searched_nodes"], 5);
  ASSERT_EQ(tree["nodes"].size(), 5U);
  EXPECT_EQ(tree["nodes"][3], nlohmann::json::parse(R"([1,"failure",0,"a2","",1,0,1])"));
  EXPECT_EQ(tree["nodes"][0][0], -1);
}

TEST(TreeHtml, ComparisonPageHoldsEveryTreeAndTwoChoices) {
  SearchTree other = small_tree();
  other.title = "other";
  other.nodes.resize(2);
  std::ostringstream out;
  write_tree_comparison_html({small_tree(), other, small_tree()}, out);
  const std::string html = out.str();
  EXPECT_NE(html.find("<body class=\"comparison\">"), std::string::npos);
  EXPECT_NE(html.find("<select id=\"left\">"), std::string::npos);
  EXPECT_NE(html.find("<select id=\"right\">"), std::string::npos);
  const nlohmann::json data = page_data(html);
  EXPECT_TRUE(data["comparison"]);
  ASSERT_EQ(data["trees"].size(), 3U);
  EXPECT_EQ(data["trees"][1]["title"], "other");
}

TEST(TreeFiles, FormatByExtension) {
  EXPECT_EQ(tree_format_of("t.svg"), TreeFormat::svg);
  EXPECT_EQ(tree_format_of("dir/t.HTML"), TreeFormat::html);
  EXPECT_EQ(tree_format_of("t.dot"), TreeFormat::dot);
  EXPECT_THROW(tree_format_of("t.png"), UsageError);
  EXPECT_THROW(tree_format_of("t"), UsageError);
  EXPECT_THROW(write_tree(small_tree(), "/nonexistent-directory/t.svg"), InputError);
}

}  // namespace
}  // namespace backtrack
