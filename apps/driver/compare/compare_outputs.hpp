#pragma once
// What compare draws after its table: --tree DIR's drawings of the rows' trees, and
// --plot's chart.
#include <filesystem>
#include <optional>
#include <vector>

#include "../watch/search_tree.hpp"
#include "compare_report.hpp"
#include "compare_settings.hpp"

namespace backtrack::compare {

// --tree DIR: each row's tree as DIR/K-LABEL.svg, and all of them in DIR/index.html.
void write_trees(const std::filesystem::path& dir, const std::vector<std::optional<SearchTree>>& rows);

// --plot: the rows' search seconds, titled by the problem, sizes, threads and repeats.
void draw_plot(const Settings& settings, const std::vector<Row>& rows);

}  // namespace backtrack::compare
