#pragma once
// The solver of each strategy, each built in a translation unit of its own: the units
// compile in parallel (together they took a minute in one), and a change to one strategy
// rebuilds only its own.
#include <boost/program_options/variables_map.hpp>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "backtrack/nqueens/placement.hpp"
#include "backtrack/nqueens/symmetry.hpp"
#include "backtrack/nqueens/validator.hpp"
#include "backtrack/solver_interface.hpp"

namespace backtrack::nqueens {

// A solution as the driver prints it: the columns, and the board when it is small.
Solution render(const Placement& columns, int n);

std::string describe(int n, const std::string& strategy, Symmetry symmetry);

// The input data of a count with given queens: "ROW:COL,..." sorted, so that the same
// queens however given (--place in any order, --board) are the same input.
std::string given_input(std::vector<Queen> queens);

// The checks of n against what each strategy handles are done by the caller.
std::unique_ptr<Solver> word_solver(int n, Symmetry symmetry);
std::unique_ptr<Solver> word_full_solver(int n);  // word with --symmetry full
std::unique_ptr<Solver> border_solver(int n, Symmetry symmetry);
std::unique_ptr<Solver> bitset_solver(int n, Symmetry symmetry);
std::unique_ptr<Solver> arrays_solver(int n, Symmetry symmetry);
std::unique_ptr<Solver> scan_solver(int n, Symmetry symmetry);
std::unique_ptr<Solver> dlx_solver(int n, Symmetry symmetry);
std::unique_ptr<Solver> csp_solver(const boost::program_options::variables_map& vm, int n, Symmetry symmetry);
std::unique_ptr<Solver> int_csp_solver(const boost::program_options::variables_map& vm, int n, Symmetry symmetry);
std::unique_ptr<Solver> mrv_solver(int n, const std::vector<Queen>& queens, const std::string& description);

// Completions of `queens` (consistent) with strategy scan, arrays, bitset or word.
std::unique_ptr<Solver> given_queens_solver(int n, const std::vector<Queen>& queens, const std::string& strategy);
std::unique_ptr<Solver> given_scan_solver(int n, const std::vector<Queen>& queens);
std::unique_ptr<Solver> given_arrays_solver(int n, const std::vector<Queen>& queens);
std::unique_ptr<Solver> given_bitset_solver(int n, const std::vector<Queen>& queens);
std::unique_ptr<Solver> given_word_solver(int n, const std::vector<Queen>& queens);

}  // namespace backtrack::nqueens
