// compare --plot's only road from user text (board file names, option values, titles)
// into a gnuplot script: the literal holds no byte gnuplot acts on before or while
// parsing a line (quotes, newline, backquote, @, ;, #), and reads back as the text itself.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "compare/gnuplot_string.hpp"
#include "fuzz/contract.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using backtrack::fuzz::require;
  const std::string text = backtrack::fuzz::text_of(data, size);
  const std::string literal = backtrack::gnuplot_string(text);
  require(literal.size() >= 2 && literal.front() == '"' && literal.back() == '"', "one double-quoted literal");
  const std::string_view inside = std::string_view(literal).substr(1, literal.size() - 2);
  std::string read_back;
  for (std::size_t i = 0; i < inside.size(); ++i) {
    const char c = inside[i];
    require(std::string_view("\"'`@;#\n\r$!{}").find(c) == std::string_view::npos,
            "no byte of the text that gnuplot acts on");
    if (c != '\\') {
      read_back += c;
      continue;
    }
    require(i + 3 < inside.size(), "an escape has three digits");
    int byte = 0;
    for (int k = 1; k <= 3; ++k) {
      const char digit = inside[i + static_cast<std::size_t>(k)];
      require(digit >= '0' && digit <= '7', "an escape is octal");
      byte = byte * 8 + (digit - '0');
    }
    read_back += static_cast<char>(byte);
    i += 3;
  }
  require(read_back == text, "the literal reads back as the text");
  return 0;
}
