#pragma once
// What a fuzz target checks beyond "no crash". A parser's broken promise aborts with
// the promise named, so that libFuzzer keeps the input as a crash; the errors a parser
// is allowed to throw (UsageError, InputError) are caught by the target itself, and
// anything else escapes and aborts too.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace backtrack::fuzz {

inline void require(bool holds, const char* promise) {
  if (holds) return;
  std::fprintf(stderr, "broken promise: %s\n", promise);
  std::abort();
}

// The line of an error message "SOURCE:LINE:COLUMN: what" (input_location.hpp), line
// and column from 1; 0 where the message is not of that form.
inline int located_line(const std::string& message, const std::string& source) {
  if (!message.starts_with(source + ":")) return 0;
  std::size_t at = source.size() + 1;
  const auto number = [&] {
    const std::size_t start = at;
    long n = 0;
    for (; at < message.size() && message[at] >= '0' && message[at] <= '9' && n < 1'000'000'000; ++at) {
      n = n * 10 + (message[at] - '0');
    }
    return at > start && n < 1'000'000'000 ? static_cast<int>(n) : 0;
  };
  const int line = number();
  if (line < 1 || at >= message.size() || message[at] != ':') return 0;
  ++at;
  const int column = number();
  return column >= 1 && message.compare(at, 2, ": ") == 0 ? line : 0;
}

inline std::string text_of(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

}  // namespace backtrack::fuzz
