#pragma once
// solver_for<Coloured>, instantiated in coloured.cpp and plain.cpp.
#include <nlohmann/json.hpp>
#include <span>
#include <string_view>
#include <utility>

#include "backtrack/quoted.hpp"
#include "backtrack/solver.hpp"
#include "backtrack/xcc/problem.hpp"
#include "solvers.hpp"

namespace backtrack::xcc {

template <bool Coloured>
std::unique_ptr<Solver> solver_for(std::shared_ptr<const XccFile> file, exact_cover::ItemChoice choice,
                                   std::string description) {
  using Problem = XccProblem<Coloured>;
  auto render = [](const Problem& p, std::span<const typename Problem::Move> path) {
    const XccFile& f = p.file();
    Solution solution;
    nlohmann::json options = nlohmann::json::array();
    for (const int row : p.options(path)) {
      const auto r = static_cast<std::size_t>(row);
      const std::string text(f.option(row));
      // The text escaped as --trace's moves are (XccProblem::describe()); JSON escapes its own.
      solution.text += shown(text, std::string_view::npos) + '\n';
      options.push_back({{"index", f.option_number[r]}, {"line", f.option_line[r]}, {"text", text}});
    }
    solution.json = {{"options", options}};
    return solution;
  };
  // The problem as read, not the file's name or blanks: the same problem in another file resumes a journal.
  Instance instance{std::move(description), "xcc sha1 " + file->digest};
  return make_solver(Problem(std::move(file), choice), render, std::move(instance));
}

}  // namespace backtrack::xcc
