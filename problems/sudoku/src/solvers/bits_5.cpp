#include "bits.hpp"

namespace backtrack::sudoku {

template std::unique_ptr<Solver> bits_solver<5>(const Grid& puzzle, Instance instance);

}  // namespace backtrack::sudoku
