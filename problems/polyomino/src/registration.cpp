// Registers the pentomino tiling problem with the driver's registry.
#include <boost/program_options.hpp>
#include <string>

#include "backtrack/errors.hpp"
#include "backtrack/polyomino/board_option.hpp"
#include "backtrack/polyomino/check.hpp"
#include "backtrack/polyomino/tiling.hpp"
#include "backtrack/registry.hpp"
#include "solvers/dlx.hpp"

namespace backtrack::polyomino {
namespace {

namespace po = boost::program_options;

// The input data: the board drawn, '#' a cell to cover, '.' a hole, so that the same
// holes however listed ("centre", in any order) are the same input.
std::string board_input(const Board& board) {
  std::string text;
  for (int r = 0; r < board.rows(); ++r) {
    for (int c = 0; c < board.cols(); ++c) text += board.index(Cell{r, c}) >= 0 ? '#' : '.';
    text += '\n';
  }
  return text;
}

std::unique_ptr<Solver> make(const po::variables_map& vm, const SolveIntent& intent) {
  const std::string& strategy = intent.strategy;  // declared, named and checked by the driver
  Board board = parse_board(vm["shape"].as<std::string>(), vm.count("holes") != 0 ? vm["holes"].as<std::string>() : "");
  auto pieces = pentominoes();
  if (board.cells().size() != 5 * pieces.size()) {
    throw UsageError("the 12 pentominoes cover 60 cells; this board has " + std::to_string(board.cells().size()));
  }
  std::string symmetry = vm.count("symmetry") != 0 ? vm["symmetry"].as<std::string>()
                         : intent.mode == SearchMode::count || intent.mode == SearchMode::unique ? "full"
                                                                                                 : "none";
  if (intent.mode == SearchMode::unique && symmetry != "full") {
    throw UsageError("--unique lists one tiling per symmetry class: it needs --symmetry full");
  }
  const bool classes = symmetry == "full";
  Tiling tiling(board, std::move(pieces), classes);
  const std::string description = "shape=" + vm["shape"].as<std::string>() +
                                  (vm.count("holes") != 0 ? " holes=" + vm["holes"].as<std::string>() : "") +
                                  " strategy=" + strategy + " symmetry=" + symmetry;
  return dlx_solver(std::move(tiling), Instance{description, board_input(board)}, classes);
}

const std::vector<OptionInfo> declared_options = {
    {.name = "shape",
     .help = "the box, ROWSxCOLS: 6x10, 5x12, 4x15, 3x20, 8x8 (with holes); at most 4096 cells",
     .default_value = "6x10",
     .former_names = {"board"},
     .value_name = "ROWSxCOLS"},
    {.name = "holes",
     .help = "cells left out: 'centre' (the middle 2x2) or 'ROW,COL ROW,COL ...', 0-based",
     .value_name = "centre|CELLS"},
    {.name = "symmetry",
     .help = "full: count a tiling only as the smallest of its images under the board's symmetries, and report "
             "the number of classes too. Default: full for --count and --unique, none when listing",
     .choices = {"none", "full"}},
};

const Registrar registrar(ProblemInfo{
    .name = "pentomino",
    .summary = "tile a board with the 12 pentominoes, each once (exact cover: pieces and cells)",
    .strategies =
        {
            {.name = "dlx",
             .summary = "exact cover with dancing links: one column per piece and per cell, one row per placement",
             .symmetries = {"none", "full"}},
        },
    .make = make,
    .check = check_solution,
    .default_strategy = [](const po::variables_map&, const SolveIntent&) { return std::string("dlx"); },
    .options = declared_options,
});

}  // namespace
}  // namespace backtrack::polyomino
