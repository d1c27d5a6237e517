#pragma once
// Reading the XCC format (xcc_file.hpp) one line at a time, so that a large file is
// never held whole: what stays is the items, the options' text and the matrix, all in
// proportion to the file.
//
//   XccParser parser("pentomino.xcc");
//   parser.add_line("a b | c");   // each line without its newline, in order
//   parser.add_line("a c:red");
//   XccFile file = std::move(parser).finish();
//
// Every mistake is an InputError "SOURCE:LINE:COLUMN: what, naming the item" (exit 65,
// input_location.hpp), at the item's first character.
#include <algorithm>
#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "backtrack/digest.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/input_location.hpp"
#include "backtrack/quoted.hpp"
#include "backtrack/xcc/xcc_file.hpp"

namespace backtrack::xcc {

class XccParser {
 public:
  explicit XccParser(std::string source) : source_(std::move(source)) {}

  void add_line(std::string_view line) {
    ++line_number_;
    line_ = line;
    const std::string_view text = trimmed(line);
    if (text.empty() || text.front() == '|') return;  // a blank line or a comment
    if (!items_read_) {
      read_items(text);
    } else {
      read_option(text);
    }
  }

  XccFile finish() && {
    if (!items_read_) {
      throw_input_error(source_, {1, 1}, "no items: the first line that is not a comment must name them");
    }
    file_.digest = digest_.hex();
    return std::move(file_);
  }

 private:
  // Blanks as Knuth's programs (isspace in the C locale) see them.
  static bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

  static std::string_view trimmed(std::string_view text) {
    while (!text.empty() && blank(text.front())) text.remove_prefix(1);
    while (!text.empty() && blank(text.back())) text.remove_suffix(1);
    return text;
  }

  // Calls f(word) for each run of non-blank characters of `text`.
  template <class F>
  static void for_each_word(std::string_view text, F f) {
    std::size_t at = 0;
    while (at < text.size()) {
      while (at < text.size() && blank(text[at])) ++at;
      std::size_t end = at;
      while (end < text.size() && !blank(text[end])) ++end;
      if (end > at) f(text.substr(at, end - at));
      at = end;
    }
  }

  // `at`: the part of the line being read that is wrong.
  [[noreturn]] void fail(std::string_view at, const std::string& what) const {
    throw_input_error(source_, {line_number_, static_cast<int>(at.data() - line_.data()) + 1}, what);
  }

  void read_items(std::string_view text) {
    bool secondary = false;
    for_each_word(text, [&](std::string_view word) {
      if (word == "|") {
        if (secondary) fail(word, "'|' twice in the line of items");
        secondary = true;
        return;
      }
      if (word.find_first_of(":|") != std::string_view::npos) {
        fail(word, "item " + in_quotes(word) + ": a name cannot hold ':' or '|' (put blanks around the '|')");
      }
      if (file_.items.size() >= max_items) fail(word, "more than " + std::to_string(max_items) + " items");
      if (!index_.emplace(std::string(word), static_cast<int>(file_.items.size())).second) {
        fail(word, "item " + in_quotes(word) + " is named twice");
      }
      file_.items.emplace_back(word);
      if (!secondary) ++file_.primary;
    });
    if (file_.primary == 0) fail(text, "no primary item: the line of items must name at least one before any '|'");
    file_.matrix = exact_cover::Matrix(file_.primary, file_.secondary());
    last_option_of_.assign(file_.items.size(), -1);
    for (std::size_t i = 0; i < file_.items.size(); ++i) {
      if (static_cast<int>(i) == file_.primary) digest_.add("|\n");
      digest_.add(file_.items[i]);
      digest_.add("\n");
    }
    digest_.add("options\n");
    items_read_ = true;
  }

  void read_option(std::string_view text) {
    const int option = file_.options_in_file++;
    columns_.clear();
    colours_.clear();
    bool has_primary = false;
    for_each_word(text, [&](std::string_view word) {
      const auto colon = word.find(':');
      const std::string_view name = word.substr(0, colon);
      const auto found = index_.find(name);
      if (name.empty() || name.find('|') != std::string_view::npos) fail(word, "malformed item " + in_quotes(word));
      if (found == index_.end()) fail(word, "unknown item " + in_quotes(name) + " in an option");
      const int item = found->second;
      if (last_option_of_[static_cast<std::size_t>(item)] == option) {
        fail(word, "item " + in_quotes(name) + " twice in one option");
      }
      last_option_of_[static_cast<std::size_t>(item)] = option;
      int colour = 0;
      if (colon != std::string_view::npos) {
        const std::string_view colour_name = word.substr(colon + 1);
        if (colour_name.empty() || colour_name.find_first_of(":|") != std::string_view::npos) {
          fail(word, "malformed colour in " + in_quotes(word) + ": ITEM:COLOUR, a colour without ':' or '|'");
        }
        if (item < file_.primary) {
          fail(word, "primary item " + in_quotes(name) + " cannot have a colour (" + in_quotes(word) + ")");
        }
        colour = colour_of(colour_name);
      }
      has_primary = has_primary || item < file_.primary;
      columns_.push_back(item);
      colours_.push_back(colour);
    });
    if (!has_primary) {
      ++file_.ignored;
      return;
    }
    if (file_.matrix.entries() + columns_.size() > max_entries) {
      fail(text, "more than " + std::to_string(max_entries) + " item names in the options");
    }
    const bool any_colour = std::any_of(colours_.begin(), colours_.end(), [](int c) { return c != 0; });
    file_.matrix.add_row(columns_, any_colour ? std::span<const int>(colours_) : std::span<const int>());
    file_.option_text.append(text);
    file_.option_start.push_back(file_.option_text.size());
    file_.option_number.push_back(option);
    file_.option_line.push_back(line_number_);
    for (std::size_t k = 0; k < columns_.size(); ++k) {
      if (k != 0) digest_.add(" ");
      digest_.add(file_.items[static_cast<std::size_t>(columns_[k])]);
      if (colours_[k] != 0) {
        digest_.add(":");
        digest_.add(file_.colours[static_cast<std::size_t>(colours_[k] - 1)]);
      }
    }
    digest_.add("\n");
  }

  int colour_of(std::string_view name) {
    const auto [at, added] = colour_index_.emplace(std::string(name), static_cast<int>(file_.colours.size()) + 1);
    if (added) file_.colours.emplace_back(name);
    return at->second;
  }

  // Lookup by string_view, without a std::string per word.
  struct NameHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view name) const { return std::hash<std::string_view>{}(name); }
  };
  using NameIndex = std::unordered_map<std::string, int, NameHash, std::equal_to<>>;

  // Dancing links number their nodes with int: one a header, one an item named in an option.
  static constexpr std::size_t max_items = std::size_t{1} << 24;
  static constexpr std::size_t max_entries = std::numeric_limits<int>::max() / 2;

  std::string source_;
  int line_number_ = 0;
  std::string_view line_;  // the one being read, for the columns of messages
  bool items_read_ = false;
  XccFile file_;
  NameIndex index_;
  NameIndex colour_index_;
  std::vector<int> last_option_of_;  // item -> the last option that named it, to find repeats
  std::vector<int> columns_;         // of the option being read
  std::vector<int> colours_;
  Sha1 digest_;
};

}  // namespace backtrack::xcc
