// Registers Sudoku and its strategies with the driver's registry.
#include <boost/program_options.hpp>
#include <map>
#include <optional>
#include <string>

#include "backtrack/csp/program_options.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/input_file.hpp"
#include "backtrack/registry.hpp"
#include "backtrack/sudoku/check.hpp"
#include "backtrack/sudoku/grid.hpp"
#include "backtrack/sudoku/puzzle_set.hpp"
#include "solvers/solvers.hpp"

namespace backtrack::sudoku {
namespace {

namespace po = boost::program_options;

// A 25x25 grid with rulings and comments takes a few KiB; a set of 9x9 puzzles, one a
// line, 82 bytes each: 64 MiB holds 800,000 of them.
constexpr std::size_t largest_puzzle_file = std::size_t{64} << 20;

// The driver reads an input more than once: instances() to learn whether it holds a set,
// then make() for its one puzzle, and compare for each row. A pipe, a FIFO or
// /dev/stdin gives its bytes once, so each file is read once and kept.
const std::string& input_text(const std::string& path) {
  static std::map<std::string, std::string> read;
  const auto known = read.find(path);
  if (known != read.end()) return known->second;
  return read.emplace(path, read_input_file(path, largest_puzzle_file)).first->second;
}

// The input as messages name it: "--puzzle", the file, or "<stdin>".
std::string input_source(const po::variables_map& vm) {
  if (vm.count("puzzle") != 0) return "--puzzle";
  return input_name(vm.count("file") != 0 ? vm["file"].as<std::string>() : "-");
}

std::string read_input(const po::variables_map& vm) {
  if (vm.count("puzzle") != 0) {
    if (vm.count("file") != 0) throw UsageError("give the puzzle with --puzzle or --file, not both");
    return vm["puzzle"].as<std::string>();
  }
  if (vm.count("file") != 0) return input_text(vm["file"].as<std::string>());
  require_redirected_stdin(
      "sudoku reads its puzzle from --file FILE, --puzzle TEXT or a pipe (backtrack solve sudoku < puzzle.txt)");
  return input_text("-");
}

// The puzzle make() builds: the instance of a set, or the one the options name.
Grid read_puzzle(const po::variables_map& vm, const SolveIntent& intent) {
  return parse_grid(intent.instance ? *intent.instance : read_input(vm), input_source(vm));
}

// bits is the fastest up to 16x16, at finding one solution and at counting many (top95
// --first: 2,060 nodes against dlx's 34,808; the classic puzzle less ten givens,
// 1,391,664 fillings: 0.73 s against dlx's 1.77 s and csp's 1.04 s). On a 25x25 grid its
// singles and locked candidates are too weak: of Gecode's five 25x25 puzzles that Gecode
// solves in 10 s, bits solves two in 20 CPU s, csp at domain consistency (all-different
// by matching: every hidden single, pair, ...) with dom-wdeg all five
// (docs/performance.md, "25x25 Sudoku against Gecode").
constexpr int largest_box_for_bits_by_default = 4;

std::string default_strategy(const po::variables_map& vm, const SolveIntent& intent) {
  return read_puzzle(vm, intent).box() <= largest_box_for_bits_by_default ? "bits" : "csp";
}

// csp's search where --prune and --order are not given: on a grid larger than bits
// takes by default, the one that solves them (above); on a smaller one the layer's own,
// forward checking and MRV, the cheapest a node.
csp::SearchOptions csp_defaults(const Grid& puzzle) {
  csp::SearchOptions defaults;
  if (puzzle.box() > largest_box_for_bits_by_default) {
    defaults.prune = csp::Prune::domain;
    defaults.variables = csp::VariableOrder::dom_wdeg;
  }
  return defaults;
}

std::unique_ptr<Solver> make(const po::variables_map& vm, const SolveIntent& intent) {
  const std::string& strategy = intent.strategy;  // declared, named and checked by the driver
  const Grid puzzle = read_puzzle(vm, intent);
  std::string description = "size=" + std::to_string(puzzle.size()) + "x" + std::to_string(puzzle.size()) +
                            " givens=" + std::to_string(puzzle.givens()) + " strategy=" + strategy;
  // The puzzle is the input: its cells on one line, whichever form it was read in.
  const std::string cells = puzzle.one_line();
  if (strategy == "bits") {
    switch (puzzle.box()) {
      case 2: return bits_solver<2>(puzzle, Instance{description, cells});
      case 3: return bits_solver<3>(puzzle, Instance{description, cells});
      case 4: return bits_solver<4>(puzzle, Instance{description, cells});
      default: return bits_solver<5>(puzzle, Instance{description, cells});
    }
  }
  if (strategy == "csp") {
    const auto options = csp::read_search_options(vm, csp_defaults(puzzle));
    return csp_solver(puzzle, options, Instance{description + " " + csp::describe(options), cells});
  }
  return dlx_solver(puzzle, Instance{description, cells});
}

std::vector<std::string> instances(const po::variables_map& vm) {
  std::vector<std::string> texts;
  const std::string source = input_source(vm);
  for (auto& puzzle : split_puzzles(read_input(vm))) {
    parse_grid(puzzle.text, source, puzzle.first_line);  // every puzzle checked before the first is solved
    texts.push_back(std::move(puzzle.text));
  }
  return texts;
}

std::vector<OptionInfo> declared_options() {
  std::vector<OptionInfo> options = {
      {.name = "file", .help = "read the puzzle from this file ('-' or none: standard input, a pipe or a file, not a terminal; at most 64 MiB), or a set of puzzles: one a line, or grids separated by blank lines",
       .short_name = 'f', .names_input_file = true},
      {.name = "puzzle", .help = "the puzzle itself, one line: 81 cells for 9x9, '.' or '0' empty", .short_name = 'p'},
  };
  for (auto& option : csp::search_options()) options.push_back(std::move(option));
  return options;
}

const Registrar registrar(ProblemInfo{
    .name = "sudoku",
    .summary = "fill an n x n grid (4x4, 9x9, 16x16, 25x25) so that every row, column and box holds each symbol once",
    .strategies =
        {
            {.name = "bits",
             .summary = "each symbol's places as a bitboard; naked and hidden singles and locked candidates to a "
                        "fixpoint after each move; the open cell with the fewest candidates next (the fast path, "
                        "the default up to 16x16)"},
            {.name = "dlx",
             .summary = "exact cover with dancing links: cell, row-symbol, column-symbol and box-symbol columns"},
            {.name = "csp",
             .summary = "the generic CSP layer: a variable per cell, all-different per row, column and box (--prune, "
                        "--order, --values; on 25x25, where it is the default, --prune domain --order dom-wdeg unless "
                        "given)",
             .options = csp::restarting_search_option_names},
        },
    .make = make,
    .check = check_solution,
    .default_strategy = default_strategy,
    .options = declared_options(),
    .instances = instances,
});

}  // namespace
}  // namespace backtrack::sudoku
