#pragma once
// User text (a token of a file, an option's value, a file name) as a message shows it.
#include <cstddef>
#include <string>
#include <string_view>

namespace backtrack {

// `text` for a message: control characters escaped (\n, \t, \r, \xHH), so that the
// message stays one line and a file cannot send commands to the terminal, and at most
// `limit` bytes of it, then "...", so that a token of megabytes stays short. A UTF-8
// character is not cut in two.
inline std::string shown(std::string_view text, std::size_t limit = 60) {
  std::size_t end = text.size();
  if (end > limit) {
    end = limit;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;  // inside a character
  }
  std::string out;
  for (const char c : text.substr(0, end)) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n') out += "\\n";
    else if (c == '\t') out += "\\t";
    else if (c == '\r') out += "\\r";
    else if (byte < 0x20 || byte == 0x7F) {
      constexpr const char* hex = "0123456789abcdef";
      out += "\\x";
      out += hex[byte >> 4];
      out += hex[byte & 0xF];
    } else {
      out += c;
    }
  }
  if (end < text.size()) out += "...";
  return out;
}

// shown(text) between single quotes: a word of the user's within a sentence.
inline std::string in_quotes(std::string_view text, std::size_t limit = 60) {
  std::string out = "'";  // appended, not "'" + ...: GCC 12 warns of that, wrongly (-Wrestrict)
  out += shown(text, limit);
  out += '\'';
  return out;
}

}  // namespace backtrack
