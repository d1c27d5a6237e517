#pragma once
// A digest of a text, to recognise it again later without keeping it: the journal
// keeps one of a count's input data (a puzzle, a board file), which may be large.
//
// SHA-1 from Boost (the one its name-based UUIDs use) rather than a hash of our own:
// the point is that two different inputs never meet by accident, not secrecy.
#include <boost/uuid/detail/sha1.hpp>
#include <cstdio>
#include <string>
#include <string_view>

namespace backtrack {

// A digest fed piece by piece, for a text read as a stream and never held whole.
class Sha1 {
 public:
  void add(std::string_view text) { sha1_.process_bytes(text.data(), text.size()); }
  // 40 lower-case hex digits.
  std::string hex() {
    boost::uuids::detail::sha1::digest_type digest;
    sha1_.get_digest(digest);
    std::string hex;
    char word[9];
    for (const unsigned part : digest) {  // Boost 1.74: five 32-bit words
      std::snprintf(word, sizeof word, "%08x", part);
      hex += word;
    }
    return hex;
  }

 private:
  boost::uuids::detail::sha1 sha1_;
};

// 40 lower-case hex digits.
inline std::string sha1_hex(std::string_view text) {
  Sha1 sha1;
  sha1.add(text);
  return sha1.hex();
}

}  // namespace backtrack
