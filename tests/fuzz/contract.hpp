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

inline std::string text_of(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

}  // namespace backtrack::fuzz
