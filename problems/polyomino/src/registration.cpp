// Registers the pentomino tiling problem with the driver's registry.
#include <boost/program_options.hpp>
#include <sstream>
#include <string>

#include "backtrack/errors.hpp"
#include "backtrack/polyomino/tiling.hpp"
#include "backtrack/registry.hpp"

namespace backtrack::polyomino {
namespace {

namespace po = boost::program_options;

Board parse_board(const std::string& box, const std::string& holes) {
  int rows = 0;
  int cols = 0;
  char x = 0;
  std::istringstream in(box);
  if (!(in >> rows >> x >> cols) || (x != 'x' && x != 'X') || !in.eof() || rows < 1 || cols < 1 || rows * cols > 4096) {
    throw UsageError("--board must be ROWSxCOLS, e.g. 6x10, got '" + box + "'");
  }
  std::vector<Cell> hole_cells;
  if (holes == "centre" || holes == "center") {
    if (rows % 2 != 0 || cols % 2 != 0) throw UsageError("--holes centre needs an even number of rows and columns");
    for (int r : {rows / 2 - 1, rows / 2}) {
      for (int c : {cols / 2 - 1, cols / 2}) hole_cells.push_back({r, c});
    }
  } else if (!holes.empty()) {
    std::istringstream list(holes);
    std::string item;
    while (list >> item) {
      Cell cell;
      char comma = 0;
      std::istringstream one(item);
      if (!(one >> cell.row >> comma >> cell.col) || comma != ',' || !one.eof() || cell.row < 0 || cell.row >= rows ||
          cell.col < 0 || cell.col >= cols) {
        throw UsageError("--holes takes 'centre' or cells 'ROW,COL ROW,COL ...' (0-based, on the board), got '" + item + "'");
      }
      hole_cells.push_back(cell);
    }
  }
  return Board(rows, cols, hole_cells);
}

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
  const std::string strategy = intent.strategy.empty() ? "dlx" : intent.strategy;
  if (strategy != "dlx") throw UsageError("unknown strategy '" + strategy + "' for pentomino (choose dlx)");
  Board board = parse_board(vm["board"].as<std::string>(), vm.count("holes") != 0 ? vm["holes"].as<std::string>() : "");
  auto pieces = pentominoes();
  if (board.cells().size() != 5 * pieces.size()) {
    throw UsageError("the 12 pentominoes cover 60 cells; this board has " + std::to_string(board.cells().size()));
  }
  std::string symmetry = vm.count("symmetry") != 0 ? vm["symmetry"].as<std::string>()
                         : intent.mode == SearchMode::count || intent.mode == SearchMode::unique ? "full"
                                                                                                 : "none";
  if (symmetry != "none" && symmetry != "full") throw UsageError("unknown --symmetry '" + symmetry + "' (choose none or full)");
  if (intent.mode == SearchMode::unique && symmetry != "full") {
    throw UsageError("--unique lists one tiling per symmetry class: it needs --symmetry full");
  }
  const bool classes = symmetry == "full";
  Tiling tiling(board, std::move(pieces), classes);
  const std::string description = "board=" + vm["board"].as<std::string>() +
                                  (vm.count("holes") != 0 ? " holes=" + vm["holes"].as<std::string>() : "") +
                                  " strategy=" + strategy + " symmetry=" + symmetry;
  auto render = [](const Tiling& t, std::span<const Tiling::Move> path) {
    Solution solution;
    for (const auto& line : t.picture(path)) solution.text += line + '\n';
    solution.json = {{"tiling", t.picture(path)}};
    return solution;
  };
  return make_solver(std::move(tiling), render, Instance{description, board_input(board)}, classes);
}

void add_options(po::options_description& options) {
  options.add_options()
    ("board", po::value<std::string>()->default_value("6x10"), "the box, ROWSxCOLS: 6x10, 5x12, 4x15, 3x20, 8x8 (with holes)")
    ("holes", po::value<std::string>(), "cells left out: 'centre' (the middle 2x2) or 'ROW,COL ROW,COL ...', 0-based")
    ("symmetry", po::value<std::string>(),
     "none | full. full: count a tiling only as the smallest of its images under the board's symmetries, "
     "and report the number of classes too. Default: full for --count and --unique, none when listing");
}

const Registrar registrar(ProblemInfo{
    "pentomino",
    "tile a board with the 12 pentominoes, each once (exact cover: pieces and cells)",
    {
        {"dlx", "exact cover with dancing links: one column per piece and per cell, one row per placement"},
    },
    add_options,
    make,
    "",
});

}  // namespace
}  // namespace backtrack::polyomino
