#pragma once
// Tiling a board with a set of pieces, each used once, as an exact-cover problem.
//
// Columns: one per piece (primary: every piece is used) and one per cell of the board
// (primary: every cell is covered). Rows: every placement of every orientation of
// every piece that fits on the board, covering its piece and its cells.
//
// Symmetry: with `one_per_class`, one piece (the one it prunes most, X on a rectangle,
// as in Knuth's paper) keeps only its placements that are the smallest of their images
// under the board's symmetries: every class of tilings has a member with the piece so
// placed, and the tree shrinks by about the number of symmetries. A tiling reached then
// counts only if no symmetry that leaves that piece in place gives a smaller tiling
// (compared as the sequence of piece numbers cell by cell), and stands for all its
// distinct images; the check runs once per tiling, not per node.
#include <algorithm>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "backtrack/exact_cover/dancing_links.hpp"
#include "backtrack/exact_cover/matrix.hpp"
#include "backtrack/polyomino/board.hpp"
#include "backtrack/polyomino/pieces.hpp"

namespace backtrack::polyomino {

struct Placement {
  int piece;
  std::vector<int> cells;  // board cell numbers
};

class Tiling : public exact_cover::DancingLinks {
 public:
  Tiling(Board board, std::vector<Piece> pieces, bool one_per_class = false)
      : Tiling(Data(std::move(board), std::move(pieces), one_per_class), one_per_class) {}

  // How many solutions a tiling stands for: 0 when another member of its class is counted.
  std::uint64_t solution_weight(const State&, std::span<const Move> path) const {
    if (!one_per_class_) return 1;
    const auto tiling = pieces_by_cell(path);
    std::vector<std::vector<int>> images;
    for (const auto& symmetry : symmetries_) {
      std::vector<int> image(tiling.size());
      for (std::size_t cell = 0; cell < tiling.size(); ++cell) image[static_cast<std::size_t>(symmetry[cell])] = tiling[cell];
      bool keeps_restricted_piece = true;
      for (std::size_t cell = 0; cell < tiling.size(); ++cell) {
        if ((tiling[cell] == restricted_piece_) != (image[cell] == restricted_piece_)) keeps_restricted_piece = false;
      }
      if (keeps_restricted_piece && image < tiling) return 0;
      images.push_back(std::move(image));
    }
    std::sort(images.begin(), images.end());
    return static_cast<std::uint64_t>(std::unique(images.begin(), images.end()) - images.begin());
  }

  // The piece on each board cell (-1 where none is), for a path of moves.
  std::vector<int> pieces_by_cell(std::span<const Move> path) const {
    std::vector<int> by_cell(board_.cells().size(), -1);
    for (Move m : path) {
      const auto& placement = placements_[static_cast<std::size_t>(row_of(m))];
      for (int cell : placement.cells) by_cell[static_cast<std::size_t>(cell)] = placement.piece;
    }
    return by_cell;
  }

  // The board as text, one letter per piece, ' ' for holes and '.' for uncovered cells.
  std::vector<std::string> picture(std::span<const Move> path) const {
    std::vector<std::string> lines(static_cast<std::size_t>(board_.rows()), std::string(static_cast<std::size_t>(board_.cols()), ' '));
    const auto by_cell = pieces_by_cell(path);
    for (std::size_t i = 0; i < by_cell.size(); ++i) {
      const auto& cell = board_.cells()[i];
      lines[static_cast<std::size_t>(cell.row)][static_cast<std::size_t>(cell.col)] =
          by_cell[i] < 0 ? '.' : pieces_[static_cast<std::size_t>(by_cell[i])].name;
    }
    return lines;
  }

  // A move of --trace and --tree (watched_search.hpp): the piece and the squares it
  // covers, "L at (0,0) (1,0) (2,0) (3,0) (3,1)", rows and columns from 0 as in --holes.
  std::string describe(Move m) const {
    const auto& placement = placements_[static_cast<std::size_t>(row_of(m))];
    std::vector<int> cells = placement.cells;
    std::sort(cells.begin(), cells.end());  // cell numbers run row by row: reading order
    std::string words(1, pieces_[static_cast<std::size_t>(placement.piece)].name);
    words += " at";
    for (int cell : cells) {
      const Cell& square = board_.cells()[static_cast<std::size_t>(cell)];
      words += " (";
      words += std::to_string(square.row);
      words += ',';
      words += std::to_string(square.col);
      words += ')';
    }
    return words;
  }

  const Board& board() const { return board_; }
  std::size_t placements() const { return placements_.size(); }
  std::size_t symmetry_count() const { return symmetries_.size(); }

 private:
  struct Data {
    Board board;
    std::vector<Piece> pieces;
    std::vector<Placement> placements;
    int restricted_piece = -1;
    Data(Board b, std::vector<Piece> p, bool one_per_class) : board(std::move(b)), pieces(std::move(p)) {
      for (std::size_t piece = 0; piece < pieces.size(); ++piece) {
        for (const auto& shape : orientations(pieces[piece].shape)) {
          for (int dr = 0; dr < board.rows(); ++dr) {
            for (int dc = 0; dc < board.cols(); ++dc) {
              Placement placement{static_cast<int>(piece), {}};
              for (const auto& cell : shape) {
                const int index = board.index({cell.row + dr, cell.col + dc});
                if (index < 0) break;
                placement.cells.push_back(index);
              }
              if (placement.cells.size() == shape.size()) placements.push_back(std::move(placement));
            }
          }
        }
      }
      if (one_per_class) restrict_one_piece();
    }
    // A placement's cells, sorted, is the smallest of its images under the board's symmetries.
    static bool smallest_of_its_images(const std::vector<int>& cells, const std::vector<std::vector<int>>& symmetries) {
      std::vector<int> mine = cells;
      std::sort(mine.begin(), mine.end());
      for (const auto& symmetry : symmetries) {
        std::vector<int> image;
        for (int cell : cells) image.push_back(symmetry[static_cast<std::size_t>(cell)]);
        std::sort(image.begin(), image.end());
        if (image < mine) return false;
      }
      return true;
    }
    // Keeps only the smallest-of-their-images placements of the piece left with fewest.
    void restrict_one_piece() {
      const auto symmetries = board.symmetries();
      std::vector<std::size_t> kept(pieces.size(), 0);
      for (const auto& placement : placements) {
        if (smallest_of_its_images(placement.cells, symmetries)) ++kept[static_cast<std::size_t>(placement.piece)];
      }
      restricted_piece = static_cast<int>(std::min_element(kept.begin(), kept.end()) - kept.begin());
      std::erase_if(placements, [&](const Placement& placement) {
        return placement.piece == restricted_piece && !smallest_of_its_images(placement.cells, symmetries);
      });
    }
    exact_cover::Matrix matrix() const {
      const int piece_columns = static_cast<int>(pieces.size());
      exact_cover::Matrix m(piece_columns + static_cast<int>(board.cells().size()));
      for (const auto& placement : placements) {
        std::vector<int> columns{placement.piece};
        for (int cell : placement.cells) columns.push_back(piece_columns + cell);
        m.add_row(columns);
      }
      return m;
    }
  };

  Tiling(Data data, bool one_per_class)
      : DancingLinks(data.matrix()),
        board_(std::move(data.board)),
        pieces_(std::move(data.pieces)),
        placements_(std::move(data.placements)),
        symmetries_(board_.symmetries()),
        restricted_piece_(data.restricted_piece),
        one_per_class_(one_per_class) {}

  Board board_;
  std::vector<Piece> pieces_;
  std::vector<Placement> placements_;  // matrix row -> placement
  std::vector<std::vector<int>> symmetries_;
  int restricted_piece_;  // -1: none
  bool one_per_class_;
};

}  // namespace backtrack::polyomino
