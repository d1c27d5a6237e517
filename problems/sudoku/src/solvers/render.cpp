#include "backtrack/solution.hpp"
#include "solvers.hpp"

namespace backtrack::sudoku {

Solution render(const Grid& grid) {
  Solution solution;
  solution.text = grid.text();
  solution.json = {{"grid", grid.rows()}, {"line", grid.one_line()}};
  return solution;
}

}  // namespace backtrack::sudoku
