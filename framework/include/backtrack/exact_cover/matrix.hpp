#pragma once
// An exact-cover problem as a sparse 0/1 matrix.
//
// Columns are the conditions, rows the pieces of a solution. A solution is a set of
// rows that covers every *primary* column exactly once and every *secondary* column at
// most once (Knuth's generalisation: N-Queens diagonals, which need not all be used).
// Primary columns are numbered 0 .. primary-1, secondary ones primary .. primary+secondary-1.
//
// Colours (Knuth's XCC): an entry of a row in a secondary column may carry a colour, a
// number above 0. Then rows that give the column the same colour may share it; a
// row with the column uncoloured still takes it alone. A matrix without any colour is
// plain exact cover, and keeps no colours at all.
//
//   Matrix m(2, 1);            // two primary columns, one secondary
//   m.add_row({0, 2});         // row 0 covers column 0 and the secondary column
//   m.add_row({1});            // row 1
//   DancingLinks(m) then finds {0, 1}.
#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace backtrack::exact_cover {

class Matrix {
 public:
  explicit Matrix(int primary_columns, int secondary_columns = 0)
      : primary_(primary_columns), secondary_(secondary_columns) {
    if (primary_ < 0 || secondary_ < 0) throw std::invalid_argument("exact cover: negative column count");
  }

  int primary_columns() const { return primary_; }
  int secondary_columns() const { return secondary_; }
  int columns() const { return primary_ + secondary_; }
  bool is_primary(int column) const { return column < primary_; }

  // Adds a row that has a 1 in each of `columns` (each at most once); returns its index.
  // `colours`, if given, holds one colour per column (0: none; only secondary columns
  // may have one).
  int add_row(std::span<const int> columns, std::span<const int> colours = {}) {
    if (!colours.empty() && colours.size() != columns.size()) {
      throw std::invalid_argument("exact cover: a row's colours do not match its columns");
    }
    // The row this column was last named by: a repeat is found in one pass, however long the row.
    last_row_.resize(static_cast<std::size_t>(this->columns()), -1);
    const int row = rows();
    for (std::size_t i = 0; i < columns.size(); ++i) {
      if (columns[i] < 0 || columns[i] >= this->columns()) {
        throw std::invalid_argument("exact cover: column " + std::to_string(columns[i]) + " out of range");
      }
      if (!colours.empty() && colours[i] != 0 && (colours[i] < 0 || is_primary(columns[i]))) {
        throw std::invalid_argument("exact cover: a colour must be positive, and in a secondary column");
      }
    }
    for (std::size_t i = 0; i < columns.size(); ++i) {
      int& last = last_row_[static_cast<std::size_t>(columns[i])];
      if (last == row) {
        for (std::size_t j = 0; j < i; ++j) last_row_[static_cast<std::size_t>(columns[j])] = -1;  // leave no trace
        throw std::invalid_argument("exact cover: a row names a column twice");
      }
      last = row;
    }
    const bool any_colour = std::any_of(colours.begin(), colours.end(), [](int c) { return c != 0; });
    if (any_colour && !coloured_) {
      colours_.assign(entries_.size(), 0);
      coloured_ = true;
    }
    if (coloured_) {
      if (any_colour) {
        colours_.insert(colours_.end(), colours.begin(), colours.end());
      } else {
        colours_.resize(colours_.size() + columns.size(), 0);
      }
    }
    entries_.insert(entries_.end(), columns.begin(), columns.end());
    row_start_.push_back(entries_.size());
    return row;
  }
  int add_row(std::initializer_list<int> columns) { return add_row(std::span<const int>(columns.begin(), columns.size())); }

  int rows() const { return static_cast<int>(row_start_.size()) - 1; }
  std::span<const int> row(int r) const {
    const auto begin = row_start_[static_cast<std::size_t>(r)];
    const auto end = row_start_[static_cast<std::size_t>(r) + 1];
    return {entries_.data() + begin, end - begin};
  }
  std::size_t entries() const { return entries_.size(); }
  // Whether any row gives a column a colour.
  bool coloured() const { return coloured_; }
  // The colours of row r, one per column of row(r) (0: none); empty when !coloured().
  std::span<const int> row_colours(int r) const {
    if (!coloured_) return {};
    const auto begin = row_start_[static_cast<std::size_t>(r)];
    const auto end = row_start_[static_cast<std::size_t>(r) + 1];
    return {colours_.data() + begin, end - begin};
  }

 private:
  int primary_;
  int secondary_;
  std::vector<int> entries_;               // the columns of every row, row after row
  std::vector<std::size_t> row_start_{0};  // row r is entries_[row_start_[r] .. row_start_[r+1])
  bool coloured_ = false;
  std::vector<int> colours_;               // parallel to entries_, once any row has a colour
  std::vector<int> last_row_;              // column -> the last row that named it (-1: none)
};

}  // namespace backtrack::exact_cover
