#pragma once
// Polyomino pieces and their orientations.
//
// A piece is a set of unit cells (row, column). An orientation is one of its images
// under the 8 symmetries of the square (4 rotations, each possibly mirrored), shifted
// so that its smallest row and column are 0; a piece has 1, 2, 4 or 8 distinct ones.
#include <algorithm>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace backtrack::polyomino {

struct Cell {
  int row = 0;
  int col = 0;
  friend auto operator<=>(const Cell&, const Cell&) = default;
};

using Shape = std::vector<Cell>;  // sorted, normalised to start at row 0, column 0

struct Piece {
  char name;
  Shape shape;
};

// Cells from a picture: rows separated by '/', '#' marks a cell.
inline Shape shape_from_picture(std::string_view picture) {
  Shape shape;
  int row = 0;
  int col = 0;
  for (char ch : picture) {
    if (ch == '/') {
      ++row;
      col = 0;
      continue;
    }
    if (ch == '#') shape.push_back({row, col});
    ++col;
  }
  std::sort(shape.begin(), shape.end());
  return shape;
}

// The image of (r, c) under symmetry k of the square (k = 0 .. 7): k & 3 quarter turns,
// then a mirror when k >= 4. Only relative positions matter here, so no offset is added.
inline Cell transform(Cell cell, int k) {
  int r = cell.row;
  int c = cell.col;
  for (int t = 0; t < (k & 3); ++t) std::tie(r, c) = std::pair{c, -r};
  if (k >= 4) c = -c;
  return {r, c};
}

inline Shape normalised(Shape shape) {
  int min_row = shape.front().row;
  int min_col = shape.front().col;
  for (const auto& cell : shape) {
    min_row = std::min(min_row, cell.row);
    min_col = std::min(min_col, cell.col);
  }
  for (auto& cell : shape) cell = {cell.row - min_row, cell.col - min_col};
  std::sort(shape.begin(), shape.end());
  return shape;
}

// The distinct orientations of a shape, in a fixed order.
inline std::vector<Shape> orientations(const Shape& shape) {
  std::vector<Shape> result;
  for (int k = 0; k < 8; ++k) {
    Shape image;
    for (const auto& cell : shape) image.push_back(transform(cell, k));
    image = normalised(std::move(image));
    if (std::find(result.begin(), result.end(), image) == result.end()) result.push_back(std::move(image));
  }
  return result;
}

// The 12 pentominoes, in Conway's letters.
inline std::vector<Piece> pentominoes() {
  const std::pair<char, const char*> pictures[] = {
      {'F', ".##/##./.#."}, {'I', "#####"},       {'L', "####/#..."},   {'N', "##../.###"},
      {'P', "##/##/#."},    {'T', "###/.#./.#."}, {'U', "#.#/###"},     {'V', "#../#../###"},
      {'W', "#../##./.##"}, {'X', ".#./###/.#."}, {'Y', "####/.#.."},   {'Z', "##./.#./.##"},
  };
  std::vector<Piece> pieces;
  for (const auto& [name, picture] : pictures) pieces.push_back({name, shape_from_picture(picture)});
  return pieces;
}

}  // namespace backtrack::polyomino
