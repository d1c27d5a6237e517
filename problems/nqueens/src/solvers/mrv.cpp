#include "backtrack/nqueens/mrv.hpp"

#include "backtrack/restarts.hpp"
#include "solver_for.hpp"

namespace backtrack::nqueens {

// First solutions with restarts, on a stack deep enough for n queens.
std::unique_ptr<Solver> mrv_solver(int n, const std::vector<Queen>& queens, const std::string& description) {
  std::vector<MrvQueens::Move> prefix;
  for (const Queen& q : queens) prefix.push_back({q.row, q.col});
  const Instance instance{description, given_input(queens)};  // "" without given queens
  auto make_attempt = [n, prefix, instance](std::uint64_t seed) {
    return make_solver(MrvQueens(n, prefix, seed), path_renderer(n), instance);
  };
  const auto size = static_cast<std::uint64_t>(n);
  return std::make_unique<RestartingSolver>(make_attempt, instance, RestartSchedule::doubling(size + 1, 20000),
                                            (std::size_t{16} << 20) + static_cast<std::size_t>(size) * 1024);
}

}  // namespace backtrack::nqueens
