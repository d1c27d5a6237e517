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
// input from a file (--file) names those options in `file_options`, which are
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
#include <algorithm>
#include <array>
#include <atomic>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <limits>
#include <map>
#include <mutex>
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
  class SpinLock {
   public:
    void lock() {
      while (held_.test_and_set(std::memory_order_acquire)) held_.wait(true, std::memory_order_relaxed);
    }
    void unlock() {
      held_.clear(std::memory_order_release);
      held_.notify_one();
    }

   private:
    std::atomic_flag held_;
  };
  SpinLock pending_mutex_;  // guards pending_, pending_count_
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
