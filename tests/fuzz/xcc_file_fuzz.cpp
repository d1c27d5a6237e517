// `solve xcc --file F`: XccParser fed the input's lines, then a bounded search of what it
// read. Promises: a mistake is an InputError that names a line of the input (or says
// there are no items); a file read has one matrix row per option kept, each with a
// primary item, and options kept plus ignored make the options of the file; every
// option's text is a line of the input; and every solution the search reaches within
// its node budget covers each primary item once and each secondary item once or in one
// colour (checked on the matrix, not by the dancing links).
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "backtrack/engine.hpp"
#include "backtrack/xcc/parser.hpp"
#include "backtrack/xcc/problem.hpp"
#include "contract.hpp"

using backtrack::fuzz::require;

namespace {

bool is_solution(const backtrack::xcc::XccFile& file, const std::vector<int>& rows) {
  const auto& m = file.matrix;
  std::vector<int> taken(static_cast<std::size_t>(m.columns()), 0);  // 0: free; -1: no colour; else the colour
  std::vector<int> covered(static_cast<std::size_t>(m.columns()), 0);
  for (const int r : rows) {
    const auto columns = m.row(r);
    const auto colours = m.row_colours(r);
    for (std::size_t k = 0; k < columns.size(); ++k) {
      const auto c = static_cast<std::size_t>(columns[k]);
      const int colour = colours.empty() || colours[k] == 0 ? -1 : colours[k];
      if (++covered[c] > 1 && (m.is_primary(columns[k]) || colour == -1 || taken[c] != colour)) return false;
      taken[c] = colour;
    }
  }
  for (int c = 0; c < m.primary_columns(); ++c) {
    if (covered[static_cast<std::size_t>(c)] != 1) return false;
  }
  return true;
}

template <bool Coloured>
void search(const std::shared_ptr<const backtrack::xcc::XccFile>& file) {
  const backtrack::xcc::XccProblem<Coloured> problem(file, {});
  backtrack::SearchLimits limits;
  limits.max_nodes = 5000;
  backtrack::enumerate_solutions(
      problem,
      [&](const auto&, std::span<const int> path, std::uint64_t) {
        require(is_solution(*file, problem.options(path)), "every solution reached is one");
      },
      limits);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input = backtrack::fuzz::text_of(data, size);
  int lines = 0;
  backtrack::xcc::XccParser parser("fuzz");
  try {
    std::string_view rest = input;
    while (!rest.empty()) {
      const auto end = rest.find('\n');
      ++lines;
      parser.add_line(rest.substr(0, end));
      rest.remove_prefix(end == std::string_view::npos ? rest.size() : end + 1);
    }
    const auto file = std::make_shared<const backtrack::xcc::XccFile>(std::move(parser).finish());
    const int rows = file->matrix.rows();
    require(static_cast<int>(file->option_start.size()) == rows + 1, "one text per row");
    require(file->options_in_file == rows + file->ignored, "options kept and ignored are the file's");
    for (int r = 0; r < rows; ++r) {
      const auto columns = file->matrix.row(r);
      require(!columns.empty() && file->matrix.is_primary(*std::min_element(columns.begin(), columns.end())),
              "every row has a primary item");
      require(input.find(file->option(r)) != std::string::npos, "an option's text is the input's");
      const int line = file->option_line[static_cast<std::size_t>(r)];
      require(line >= 1 && line <= lines, "an option's line is in the input");
    }
    if (file->matrix.coloured()) {
      search<true>(file);
    } else {
      search<false>(file);
    }
  } catch (const backtrack::InputError& e) {
    // An input with no line at all is wrong at 1:1.
    const int line = backtrack::fuzz::located_line(e.what(), "fuzz");
    require(line >= 1 && line <= std::max(lines, 1), "an error names the input, a line of it and a column");
  }
  return 0;
}
