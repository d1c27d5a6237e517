// Checkpoint journal lines: journal_detail::unseal, then parse_record.
// The input is tried twice: as a line as it is (its checksum almost never matches), and
// sealed with its own checksum, so that the fuzzer explores the JSON behind the seal.
// Promises: a line unseals exactly when its checksum matches and its text is a JSON
// object, and the same with "\r" at its end (a journal with CRLF line ends);
// parse_record answers any object without throwing.
#include <boost/crc.hpp>
#include <cstdio>

#include "backtrack/journal_format.hpp"
#include "contract.hpp"

using backtrack::fuzz::require;

namespace {

void read_line(const std::string& line) {
  if (const auto payload = backtrack::journal_detail::unseal(line)) {
    require(payload->is_object(), "an unsealed line is an object");
    (void)backtrack::journal_detail::parse_record(*payload);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = backtrack::fuzz::text_of(data, size);
  read_line(text);

  boost::crc_32_type crc;
  crc.process_bytes(text.data(), text.size());
  char hex[9];
  std::snprintf(hex, sizeof hex, "%08x", static_cast<unsigned>(crc.checksum()));
  const std::string sealed = text + ' ' + hex;
  const auto parsed = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  require(backtrack::journal_detail::unseal(sealed).has_value() == (!parsed.is_discarded() && parsed.is_object()),
          "a sealed line unseals exactly when its text is a JSON object");
  read_line(sealed);
  require(backtrack::journal_detail::unseal(sealed + '\r').has_value() ==
              backtrack::journal_detail::unseal(sealed).has_value(),
          "a line ending in \"\\r\\n\" reads as the same line ending in \"\\n\"");
  read_line(sealed + '\r');
  return 0;
}
