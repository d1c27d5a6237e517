#pragma once
// An exact-cover problem as a sparse 0/1 matrix.
//
// Columns are the conditions, rows the pieces of a solution. A solution is a set of
// rows that covers every *primary* column exactly once and every *secondary* column at
// most once (Knuth's generalisation: N-Queens diagonals, which need not all be used).
// Primary columns are numbered 0 .. primary-1, secondary ones primary .. primary+secondary-1.
//
//   Matrix m(2, 1);            // two primary columns, one secondary
//   m.add_row({0, 2});         // row 0 covers column 0 and the secondary column
//   m.add_row({1});            // row 1
//   DancingLinks(m) then finds {0, 1}.
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
  int add_row(std::span<const int> columns) {
    for (std::size_t i = 0; i < columns.size(); ++i) {
      if (columns[i] < 0 || columns[i] >= this->columns()) {
        throw std::invalid_argument("exact cover: column " + std::to_string(columns[i]) + " out of range");
      }
      for (std::size_t j = 0; j < i; ++j) {
        if (columns[i] == columns[j]) throw std::invalid_argument("exact cover: a row names a column twice");
      }
    }
    entries_.insert(entries_.end(), columns.begin(), columns.end());
    row_start_.push_back(entries_.size());
    return rows() - 1;
  }
  int add_row(std::initializer_list<int> columns) { return add_row(std::span<const int>(columns.begin(), columns.size())); }

  int rows() const { return static_cast<int>(row_start_.size()) - 1; }
  std::span<const int> row(int r) const {
    const auto begin = row_start_[static_cast<std::size_t>(r)];
    const auto end = row_start_[static_cast<std::size_t>(r) + 1];
    return {entries_.data() + begin, end - begin};
  }
  std::size_t entries() const { return entries_.size(); }

 private:
  int primary_;
  int secondary_;
  std::vector<int> entries_;               // the columns of every row, row after row
  std::vector<std::size_t> row_start_{0};  // row r is entries_[row_start_[r] .. row_start_[r+1])
};

}  // namespace backtrack::exact_cover
