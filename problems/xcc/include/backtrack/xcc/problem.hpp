#pragma once
// An XCC file as a Problem: dancing links over its matrix, with colours only where the
// file has some (the plain loops otherwise), and its options' text for the solutions.
#include <algorithm>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "backtrack/exact_cover/dancing_links.hpp"
#include "backtrack/quoted.hpp"
#include "backtrack/xcc/xcc_file.hpp"

namespace backtrack::xcc {

template <bool Coloured>
class XccProblem : public exact_cover::BasicDancingLinks<Coloured> {
  using Base = exact_cover::BasicDancingLinks<Coloured>;

 public:
  using typename Base::Move;

  // `file` is shared: a problem built again from the same input (a count's search for
  // an example, compare's rows) reads it once.
  XccProblem(std::shared_ptr<const XccFile> file, exact_cover::ItemChoice choice)
      : Base(file->matrix, {}, choice), file_(std::move(file)) {}

  // The rows a path chose, in the order of the file.
  std::vector<int> options(std::span<const Move> path) const {
    auto rows = this->rows_of(path);
    std::sort(rows.begin(), rows.end());
    return rows;
  }
  const XccFile& file() const { return *file_; }
  // A move of --trace and --tree: the option it chose, as the file writes it, its control
  // characters escaped as a message's are (a name of the file cannot drive the terminal).
  std::string describe(Move m) const { return shown(file_->option(this->row_of(m)), std::string_view::npos); }

 private:
  std::shared_ptr<const XccFile> file_;
};

}  // namespace backtrack::xcc
