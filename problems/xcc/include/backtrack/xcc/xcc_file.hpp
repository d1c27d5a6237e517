#pragma once
// An exact cover problem with colours (XCC) as Knuth's DLX programs read it, parsed.
//
// The format (TAOCP 7.2.2.1; the input of dlx1 and dlx2), one line at a time:
//
//   | a comment: any line whose first non-blank character is '|'; blank lines too
//   p q r | x y          the items: primary ones, then '|', then secondary ones
//   p q x                one option a line: the items it covers
//   p r x:A y            a secondary item may carry a colour, ITEM:COLOUR
//
// A solution is a set of options that covers every primary item exactly once and every
// secondary item at most once, or by options that all give it the same colour.
// Names are any run of characters but blanks, ':' and '|' (no length limit); so are
// colours. An option with no primary item can never be chosen by the search, which
// branches on primary items only: it is skipped, as Knuth's programs do, and counted
// in `ignored`. Every other mistake is an InputError naming the line and the item.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "backtrack/exact_cover/matrix.hpp"

namespace backtrack::xcc {

struct XccFile {
  std::vector<std::string> items;  // column k of the matrix is items[k]: primary first
  int primary = 0;
  exact_cover::Matrix matrix{0};   // one row per option kept; colour k is colours[k - 1]
  std::vector<std::string> colours;
  // The options kept, as the file wrote them (less the blanks around them), one after
  // another: row r is option_text[option_start[r] .. option_start[r + 1]).
  std::string option_text;
  std::vector<std::size_t> option_start{0};
  std::vector<int> option_number;  // row -> its place among the file's options, from 0
  std::vector<int> option_line;    // row -> its line in the file, from 1
  int options_in_file = 0;         // kept and ignored
  int ignored = 0;                 // options without a primary item
  // SHA-1 of the problem as read (items and options kept, one blank between names), so
  // that the same problem written with other blanks or comments is the same input.
  std::string digest;

  std::string_view option(int row) const {
    const auto r = static_cast<std::size_t>(row);
    return std::string_view(option_text).substr(option_start[r], option_start[r + 1] - option_start[r]);
  }
  int secondary() const { return static_cast<int>(items.size()) - primary; }
};

}  // namespace backtrack::xcc
