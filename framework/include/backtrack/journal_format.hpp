#pragma once
// The journal's lines (journal.hpp): the header and the records as sealed JSON, read
// back and compared. Apart from journal.hpp, so that only the journal's own code and its
// tests compile JSON.
#include <boost/crc.hpp>
#include <charconv>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "backtrack/journal.hpp"
#include "backtrack/quoted.hpp"

namespace backtrack {

namespace journal_detail {

// 2: the header names the input data and the options too.
// 3: the split starts with a probe (probe_nodes), which changed the list of subtrees.
// 4: the split asks for subtrees in proportion to what the probe left, not to the whole
//    tree: fewer for a tree the probe nearly finished, another list.
// 5: a probe that stopped deep lists few of its path's siblings, and the first subtree
//    covers the rest: another list, and another first subtree, for such trees.
inline constexpr int format_version = 5;

inline std::string crc_hex(const std::string& text) {
  boost::crc_32_type crc;
  crc.process_bytes(text.data(), text.size());
  char hex[9];
  std::snprintf(hex, sizeof hex, "%08x", static_cast<unsigned>(crc.checksum()));
  return hex;
}

// "<json> <crc>\n"
inline std::string seal(const nlohmann::json& payload) {
  std::string text = payload.dump();
  return text + ' ' + crc_hex(text) + '\n';
}

// The JSON of a line whose checksum matches, or nothing. The line may end in '\r'.
inline std::optional<nlohmann::json> unseal(std::string line) {
  if (!line.empty() && line.back() == '\r') line.pop_back();
  const auto space = line.rfind(' ');
  if (space == std::string::npos || line.size() - space - 1 != 8) return std::nullopt;
  const std::string text = line.substr(0, space);
  if (crc_hex(text) != line.substr(space + 1)) return std::nullopt;
  auto payload = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (payload.is_discarded() || !payload.is_object()) return std::nullopt;
  return payload;
}

inline std::string uint128_text(uint128 value) { return to_string(value); }

inline std::optional<uint128> parse_uint128(const std::string& text) {
  if (text.empty() || text.size() > 39) return std::nullopt;
  uint128 value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    const uint128 next = value * 10 + static_cast<unsigned>(c - '0');
    if (next / 10 != value) return std::nullopt;
    value = next;
  }
  return value;
}

inline nlohmann::json header_json(const JournalHeader& h) {
  return {{"journal", "backtrack"},       {"format", format_version},  {"problem", h.problem},
          {"instance", h.instance},       {"input_sha1", h.input_digest}, {"options", h.options},
          {"split_target", h.split_target}, {"probe_nodes", h.probe_nodes}, {"subtrees", h.subtrees},
          {"program_version", h.program_version}, {"problem_version", h.problem_version}};
}

// A record line, written by hand rather than through nlohmann::json: it is formatted
// once per subtree by the workers, and must cost next to nothing next to the search
// (std::to_chars into the caller's buffer: no allocation, no locale).
using RecordBuffer = std::array<char, 384>;  // the longest record, every number at its widest, is under 270

inline std::size_t format_record(RecordBuffer& line, std::size_t index, const SearchStats& s) {
  char* out = line.data();
  char* const end = line.data() + line.size();
  auto text = [&](std::string_view t) { out = std::copy(t.begin(), t.end(), out); };
  auto number = [&](auto value) { out = std::to_chars(out, end, value).ptr; };
  auto count = [&](uint128 value) {  // a 128-bit count as a decimal string
    char digits[40];
    char* first = digits + sizeof digits;
    do {
      *--first = static_cast<char>('0' + static_cast<int>(value % 10));
      value /= 10;
    } while (value != 0);
    *out++ = '"';
    out = std::copy(first, digits + sizeof digits, out);
    *out++ = '"';
  };
  text("{\"failures\":");
  number(s.failures);
  text(",\"i\":");
  number(index);
  text(",\"max_depth\":");
  number(s.max_depth);
  text(",\"nodes\":");
  number(s.nodes);
  text(",\"seconds\":");
  out = std::to_chars(out, end, s.seconds, std::chars_format::general, 6).ptr;
  text(",\"representatives\":");
  count(s.representatives);
  text(",\"solutions\":");
  count(s.solutions);
  text("}");
  boost::crc_32_type crc;
  crc.process_bytes(line.data(), static_cast<std::size_t>(out - line.data()));
  const auto checksum = static_cast<unsigned>(crc.checksum());
  *out++ = ' ';
  for (int shift = 28; shift >= 0; shift -= 4) *out++ = "0123456789abcdef"[(checksum >> shift) & 0xfu];
  *out++ = '\n';
  return static_cast<std::size_t>(out - line.data());
}

inline std::string record_line(std::size_t index, const SearchStats& s) {
  RecordBuffer line;
  return std::string(line.data(), format_record(line, index, s));
}

inline std::optional<FinishedSubtree> parse_record(const nlohmann::json& j) {
  // Every number must be a whole number in range as written: nlohmann's get<> of a
  // float such as 1e300 into an integer is undefined behaviour, and 1.5 would be read
  // as subtree 1 (found by tests/fuzz/journal_line_fuzz).
  auto whole = [&](const char* key, std::uint64_t largest) -> std::optional<std::uint64_t> {
    const auto it = j.find(key);
    if (it == j.end() || !it->is_number_unsigned()) return std::nullopt;
    const auto value = it->get<std::uint64_t>();
    if (value > largest) return std::nullopt;
    return value;
  };
  try {
    const auto index = whole("i", std::numeric_limits<std::size_t>::max());
    const auto nodes = whole("nodes", std::numeric_limits<std::uint64_t>::max());
    const auto failures = whole("failures", std::numeric_limits<std::uint64_t>::max());
    const auto max_depth = whole("max_depth", static_cast<std::uint64_t>(std::numeric_limits<int>::max()));
    const auto solutions = parse_uint128(j.at("solutions").get<std::string>());
    const auto representatives = parse_uint128(j.at("representatives").get<std::string>());
    if (!index || !nodes || !failures || !max_depth || !solutions || !representatives) return std::nullopt;
    FinishedSubtree f;
    f.index = static_cast<std::size_t>(*index);
    f.stats.solutions = *solutions;
    f.stats.representatives = *representatives;
    f.stats.nodes = *nodes;
    f.stats.failures = *failures;
    f.stats.max_depth = static_cast<int>(*max_depth);
    f.stats.seconds = j.value("seconds", 0.0);
    return f;
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

// "n=16 strategy=word" -> {n: 16, strategy: word}
inline std::map<std::string, std::string> key_values(const std::string& description) {
  std::map<std::string, std::string> pairs;
  std::istringstream words(description);
  std::string word;
  while (words >> word) {
    const auto eq = word.find('=');
    pairs[eq == std::string::npos ? word : word.substr(0, eq)] = eq == std::string::npos ? "" : word.substr(eq + 1);
  }
  return pairs;
}

// What differs between the journal's header and this run's, for the user: "" if nothing.
inline std::string differences(const JournalHeader& journal, const JournalHeader& run) {
  std::vector<std::string> diffs;
  auto compare = [&](const std::string& what, const std::string& was, const std::string& is) {
    if (was != is) {
      diffs.push_back(shown(what) + " " + (was.empty() ? "(none)" : shown(was)) + " in the journal, " +
                      (is.empty() ? "(none)" : shown(is)) + " now");
    }
  };
  // Every key of either map whose values differ, a missing one as "(none)".
  using Pairs = std::map<std::string, std::string>;
  auto compare_pairs = [&](const std::string& prefix, const Pairs& was, const Pairs& is) {
    for (const auto& [key, value] : was) {
      const auto now = is.find(key);
      compare(prefix + key, value, now == is.end() ? "" : now->second);
    }
    for (const auto& [key, value] : is) {
      if (!was.contains(key)) compare(prefix + key, "", value);
    }
  };
  compare("problem", journal.problem, run.problem);
  if (journal.problem == run.problem) {
    compare_pairs("", key_values(journal.instance), key_values(run.instance));
    if (journal.input_digest != run.input_digest) {
      diffs.push_back("the input data (given queens, puzzle, board, holes) differs from the journal's");
    }
    compare_pairs("option --", journal.options, run.options);
  }
  compare("split target", std::to_string(journal.split_target), std::to_string(run.split_target));
  compare("probe nodes", std::to_string(journal.probe_nodes), std::to_string(run.probe_nodes));
  compare("number of subtrees", std::to_string(journal.subtrees), std::to_string(run.subtrees));
  compare("program version", journal.program_version, run.program_version);
  compare("version of the problem's plugin", journal.problem_version, run.problem_version);
  std::string text;
  for (const auto& d : diffs) text += (text.empty() ? "" : "; ") + d;
  return text;
}

}  // namespace journal_detail

}  // namespace backtrack
