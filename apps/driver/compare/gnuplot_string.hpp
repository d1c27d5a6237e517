#pragma once
// Text that reaches a gnuplot script (compare --plot) only as a string literal.
#include <string>
#include <string_view>

namespace backtrack {

// A gnuplot string literal that holds `text` and nothing else. gnuplot reads a line, runs
// `backquoted` commands and @macros in it, then parses it; so every byte but letters,
// digits and a few harmless marks is written as an octal escape (\ooo): the line then
// holds no quote, newline, backquote, @, ; or # of the text's, and the text cannot end
// the string or the line, whatever it is (a file name with a newline, say).
inline std::string gnuplot_string(std::string_view text) {
  std::string literal = "\"";
  for (const char c : text) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       std::string_view(" .,_=+-:/").find(c) != std::string_view::npos;
    if (plain) {
      literal += c;
    } else {
      literal += '\\';
      const auto byte = static_cast<unsigned char>(c);
      for (const int shift : {6, 3, 0}) literal += static_cast<char>('0' + ((byte >> shift) & 7));
    }
  }
  return literal + '"';
}

}  // namespace backtrack
