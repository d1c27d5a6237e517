#pragma once
// The journal: a Checkpoint kept in a file, so that a long count survives Ctrl-C,
// kill -9 and power cuts.
//
// The file is text, one record a line, each line "<JSON> <CRC-32 of the JSON, 8 hex
// digits>\n". The first line is the header: which count the journal belongs to (the
// problem, the solver's Instance: its description with parameters, strategy and
// symmetry, and a SHA-1 of its input data; the problem's options; the split; the program
// version and the plugin's). Every other line is one finished subtree:
//
//   {"format":5,"input_sha1":"da39a3ee...","instance":"n=16 strategy=word symmetry=full","journal":"backtrack",
//    "options":{"size":"16"},"probe_nodes":32768,"problem":"nqueens","problem_version":"","program_version":"0.1.0",
//    "split_target":4096,"subtrees":4200} 1f2e3d4c
//   {"failures":4321,"i":17,"max_depth":16,"nodes":98765,"seconds":0.01,"representatives":"160","solutions":"1234"} 5a6b7c8d
//
// The identity is that wide because a journal of another count with the same shape
// (other given queens, another puzzle with as many givens) would otherwise be resumed,
// and its subtrees' counts silently added to this one's: a wrong answer.
//
// The identity is the data read, not where it was read from: a plugin that reads its
// input from a file (--file, --board) names those options in `file_options`, which are
// left out of the header; the same problem from a copy, another spelling of the path or
// standard input resumes the journal.
//
// One process at a time: resume() takes an exclusive lock (flock) on the journal's own
// open file and holds it until the Journal is destroyed; a second process, whatever
// name it opens the file by (a symbolic or a hard link), gets a BusyError. So the file
// is never replaced while it is in use: a new journal is written to a temporary file,
// locked, synced and linked under its name (which fails if another process made one
// meanwhile), and everything after that is appended in place. Nothing but the journal
// is left next to it, and nothing at all by a run that refuses the file.
//
// Only whole lines are appended (O_APPEND), and a subtree counts as done once its line
// is on disk (fsync). A crash can therefore only leave the last line torn: no newline,
// or a checksum that does not match. A line without its newline is cut off (it is the
// end of a write that did not finish) and its subtree searched again; any other line
// that fails its checksum, and a line for an index already seen, is ignored with a
// warning. So nothing is counted twice, and nothing finished and flushed is lost. A
// line may end in "\r\n" (a journal copied through an editor or another system).
//
// Workers record a finished subtree into a buffer under a spin lock and go on; a
// background thread writes and fsyncs the buffer every `flush_interval`, or sooner when
// it holds 256 KiB (one write and one fsync per batch, not per subtree), and flush()
// does it at once. A write that fails (a full disk) is cut off again, so that the file
// still ends with a whole line, and its batch is kept and tried again with the next
// one; the run goes on, and failure() says why the journal is behind.
#include <tbb/spin_mutex.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <boost/crc.hpp>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <limits>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "backtrack/checkpoint.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/quoted.hpp"

namespace backtrack {

// Which count a journal belongs to. Two counts may share a journal only if every field
// is equal.
struct JournalHeader {
  std::string problem;          // "nqueens"
  std::string instance;         // Instance::description: "n=16 strategy=word symmetry=full"
  std::string input_digest;     // sha1_hex(Instance::input): the given queens, the puzzle, ...
  // The problem's own options as given or defaulted, name -> value ("place" -> "1:0"):
  // a second guard, should a plugin leave one out of its Instance.
  std::map<std::string, std::string> options;
  std::string program_version;  // results of another version are not trusted
  std::string problem_version = {};  // ProblemInfo::version: a plugin's own, likewise
  std::size_t split_target = 0;   // SplitPlan::subtrees
  std::uint64_t probe_nodes = 0;  // SplitPlan::probe_nodes
  std::size_t subtrees = 0;
  // The options that name the file the input was read from ("file", "board"): neither
  // written nor compared, input_digest standing for what was read. An older journal's
  // values for them are ignored too.
  std::set<std::string> file_options = {};
};

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

class Journal final : public Checkpoint {
 public:
  using Warn = std::function<void(const std::string&)>;

  // `header` without the split, which resume() fills in. Nothing is read or written
  // before resume().
  Journal(std::filesystem::path path, JournalHeader header, Warn warn = {},
          std::chrono::milliseconds flush_interval = std::chrono::milliseconds(500))
      : path_(std::move(path)), header_(std::move(header)), warn_(std::move(warn)), interval_(flush_interval) {
    for (const auto& name : header_.file_options) header_.options.erase(name);
  }

  ~Journal() override;

  Journal(const Journal&) = delete;
  Journal& operator=(const Journal&) = delete;

  // Throws InputError (another count's journal, not a journal, unreadable), BusyError
  // (in use) or WriteError (a new journal that the disk would not take).
  std::vector<FinishedSubtree> resume(const SplitInfo& split) override;

  void record(std::size_t index, const SearchStats& stats) override;

  // Writes what was recorded; never throws: failure() says what could not be written.
  void flush() override;

  // Why the last write failed ("cannot write the journal F: No space left on device"),
  // or "" if it did not: then every recorded subtree is in the file after flush().
  std::string failure() const {
    std::lock_guard lock(mutex_);
    return error_;
  }

  // Subtrees that resume() found finished by earlier runs.
  std::size_t resumed() const { return resumed_; }
  // Subtrees written and synced by this run so far.
  std::size_t written() const {
    std::lock_guard lock(io_mutex_);
    return written_;
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  void warn(const std::string& message) const {
    if (warn_) warn_(message);
  }

  // The lock of the header comment, on fd_: held until the destructor closes it.
  void lock();

  // Makes a new journal holding the header (see the header comment) and opens it as
  // fd_, locked; false if another process made one under the name meanwhile.
  bool create();

  // Reads the journal open as fd_ into `finished`; false if it is empty.
  bool load(std::vector<FinishedSubtree>& finished);

  void sync_directory() const;

  static bool write_all(int fd, const std::string& text);

  // Appends what was recorded so far and syncs it. One writer at a time (io_mutex_);
  // workers only wait for pending_mutex_ while the buffers are swapped.
  void write_pending();

  void flush_loop();

  void stop_flusher();

  std::filesystem::path path_;
  JournalHeader header_;
  Warn warn_;
  std::chrono::milliseconds interval_;
  int fd_ = -1;  // the journal, locked while this Journal lives
  std::size_t resumed_ = 0;

  // Workers append a line at a time, every few microseconds with a fast strategy: a
  // spin lock, since a std::mutex put the loser of each collision to sleep (hundreds of
  // context switches in a count of half a second, +9% of its time).
  tbb::spin_mutex pending_mutex_;  // guards pending_, pending_count_
  std::string pending_;
  std::size_t pending_count_ = 0;
  std::string spare_;  // the batch being written (io_mutex_)
  // A batch is written when it reaches this size, or after interval_, whichever comes
  // first; while the disk is slow the batches grow.
  static constexpr std::size_t batch_bytes = std::size_t{256} << 10;
  std::atomic<bool> batch_full_{false};
  mutable std::mutex mutex_;  // guards stopping_, error_
  bool stopping_ = false;
  std::string error_;
  std::condition_variable wake_;
  std::thread flusher_;

  mutable std::mutex io_mutex_;  // one writer of the file at a time; guards written_, durable_bytes_
  std::size_t written_ = 0;
  std::uint64_t durable_bytes_ = 0;  // the file's size after the last write that succeeded
};

}  // namespace backtrack
