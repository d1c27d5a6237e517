#pragma once
// The fixed text of the tree drawings: the colours and shapes' style (the SVG's and the
// page's), and the page's script, which draws the embedded data (tree_page.cpp).
#include <string_view>

namespace backtrack {

extern const std::string_view tree_style;
extern const std::string_view tree_page_style;
extern const std::string_view tree_page_script;

}  // namespace backtrack
