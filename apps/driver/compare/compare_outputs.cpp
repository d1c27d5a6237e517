#include "compare_outputs.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>

#include "../program/log.hpp"
#include "../watch/tree_drawing.hpp"
#include "backtrack/errors.hpp"
#include "compare_plot.hpp"

namespace backtrack::compare {

void write_trees(const std::filesystem::path& dir, const std::vector<std::optional<SearchTree>>& rows) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error) throw InputError("--tree " + dir.string() + ": cannot make the directory (" + error.message() + ")");
  std::vector<SearchTree> trees;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (!rows[i]) continue;  // not run (Ctrl-C)
    std::string name = std::to_string(i + 1) + "-";
    for (const char c : rows[i]->title) name += std::isalnum(static_cast<unsigned char>(c)) != 0 ? c : '-';
    write_tree(*rows[i], dir / (name + ".svg"));
    trees.push_back(*rows[i]);
  }
  const auto page = dir / "index.html";
  std::ofstream out(page);
  write_tree_comparison_html(trees, out);
  out.close();
  if (!out) throw InputError("--tree " + page.string() + ": cannot write the page");
  log::info("--tree: " + std::to_string(trees.size()) + " trees in " + dir.string() + ", side by side in " +
            page.string());
}

void draw_plot(const Settings& s, const std::vector<Row>& rows) {
  const ProblemInfo& problem = *s.problem;
  const unsigned threads_used = s.intent.threads;
  const std::string threads = std::to_string(threads_used) + (threads_used == 1 ? " thread" : " threads");
  std::vector<std::string> drawn;  // the rows' sizes: without -n, the ones the problem chose
  for (const auto& r : rows) {
    if (std::find(drawn.begin(), drawn.end(), r.config.size) == drawn.end()) drawn.push_back(r.config.size);
  }
  const std::string drawn_sizes =
      drawn.empty() ? s.default_size : drawn.size() == 1 ? drawn.front() : drawn.front() + ".." + drawn.back();
  const std::string sizes_drawn = problem.size_option.empty() ? "" : problem.size_option + " = " + drawn_sizes + ", ";
  plot(rows, s.axes, "backtrack compare " + problem.name + ", " + sizes_drawn + threads +
                         (s.repeat > 1 ? ", median of " + std::to_string(s.repeat) + " runs" : ""),
       problem.size_option, s.plot_file, s.terminal.name, s.profile, s.sizes.size() > 1);
}

}  // namespace backtrack::compare
