#include "dlx.hpp"

#include <span>
#include <utility>

#include "backtrack/solver.hpp"

namespace backtrack::polyomino {

std::unique_ptr<Solver> dlx_solver(Tiling tiling, Instance instance, bool classes) {
  auto render = [](const Tiling& t, std::span<const Tiling::Move> path) {
    Solution solution;
    for (const auto& line : t.picture(path)) solution.text += line + '\n';
    solution.json = {{"tiling", t.picture(path)}};
    return solution;
  };
  return make_solver(std::move(tiling), render, std::move(instance), classes);
}

}  // namespace backtrack::polyomino
