// The journal's file handling (journal.hpp): POSIX calls for the lock, the appends, the
// syncs and the renames.
#include "backtrack/journal.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "backtrack/errors.hpp"
#include "backtrack/input_file.hpp"
#include "backtrack/quoted.hpp"

namespace backtrack {
namespace {

std::string errno_text() { return std::strerror(errno); }

}  // namespace

Journal::~Journal() {
  stop_flusher();
  try {
    write_pending();
  } catch (...) {
    // a destructor cannot report; flush() does
  }
  if (fd_ >= 0) ::close(fd_);
  if (lock_fd_ >= 0) ::close(lock_fd_);  // releases the lock
}

std::vector<FinishedSubtree> Journal::resume(const SplitInfo& split) {
  std::error_code ec;
  // Checked before the lock file is made next to it: `--checkpoint /dev/zero` would
  // otherwise leave /dev/zero.lock behind and then read zeros without end.
  if (std::filesystem::exists(path_, ec) && !std::filesystem::is_regular_file(path_, ec)) {
    throw InputError("the journal " + path_.string() +
                     " is not a regular file (a directory, a device or a pipe cannot keep a journal)");
  }
  lock();
  header_.split_target = split.plan.subtrees;
  header_.probe_nodes = split.plan.probe_nodes;
  header_.subtrees = split.subtrees;
  std::vector<FinishedSubtree> finished;
  if (!load(finished)) create();
  fd_ = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd_ < 0) throw InputError("cannot open the journal " + path_.string() + ": " + errno_text());
  resumed_ = finished.size();
  // The two buffers take turns and keep their memory: with short subtrees, page
  // faults on a growing buffer were a large part of what the journal cost.
  pending_.reserve(2 * batch_bytes);
  spare_.reserve(2 * batch_bytes);
  flusher_ = std::thread([this] { flush_loop(); });
  return finished;
}

void Journal::record(std::size_t index, const SearchStats& stats) {
  journal_detail::RecordBuffer line;
  const std::size_t length = journal_detail::format_record(line, index, stats);
  bool full = false;
  {
    tbb::spin_mutex::scoped_lock lock(pending_mutex_);
    pending_.append(line.data(), length);
    ++pending_count_;
    full = pending_.size() >= batch_bytes;
  }
  if (full && !batch_full_.exchange(true)) wake_.notify_one();
}

void Journal::flush() {
  write_pending();
  std::lock_guard lock(mutex_);
  if (!error_.empty()) throw std::runtime_error(error_);
}

void Journal::lock() {
  const std::string name = path_.string() + ".lock";
  lock_fd_ = ::open(name.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (lock_fd_ < 0) throw InputError("cannot create the lock file " + name + ": " + errno_text());
  while (::flock(lock_fd_, LOCK_EX | LOCK_NB) != 0) {
    if (errno == EINTR) continue;
    if (errno == EWOULDBLOCK) {
      throw BusyError("the journal " + path_.string() + " is in use by another process (it holds the lock " + name +
                      "); wait until that count ends, or use another file");
    }
    throw InputError("cannot lock " + name + ": " + errno_text());
  }
}

bool Journal::load(std::vector<FinishedSubtree>& finished) {
  std::error_code ec;
  if (!std::filesystem::exists(path_, ec)) return false;
  // A journal holds a header and about one record a subtree (each under 400 bytes; a
  // torn or repeated one is rare): a file far larger is not a journal of this count,
  // and is not read whole.
  const std::size_t largest = (header_.subtrees + 16) * 1024 + (std::size_t{1} << 20);
  const std::string content = read_input_file(path_.string(), largest);
  if (content.empty()) return false;

  std::vector<std::string> lines;
  for (std::size_t start = 0; start < content.size();) {
    const auto end = content.find('\n', start);
    if (end == std::string::npos) {
      lines.push_back(content.substr(start));  // no newline: torn
      break;
    }
    lines.push_back(content.substr(start, end - start));
    start = end + 1;
  }
  const auto header = journal_detail::unseal(lines[0]);
  // The header is written to a temporary file and renamed into place, so it is never torn.
  if (!header || header->value("journal", "") != "backtrack") {
    throw InputError(path_.string() + " is not a backtrack journal (or its header is damaged); not touching it");
  }
  JournalHeader found;
  try {
    if (header->at("format").get<int>() != journal_detail::format_version) {
      throw InputError("the journal " + path_.string() + " has format " + header->at("format").dump() +
                       ", this program reads format " + std::to_string(journal_detail::format_version));
    }
    found.problem = header->at("problem").get<std::string>();
    found.instance = header->at("instance").get<std::string>();
    found.input_digest = header->at("input_sha1").get<std::string>();
    found.options = header->at("options").get<std::map<std::string, std::string>>();
    found.program_version = header->at("program_version").get<std::string>();
    found.problem_version = header->value("problem_version", "");  // absent before plugins had versions
    found.split_target = header->at("split_target").get<std::size_t>();
    found.probe_nodes = header->at("probe_nodes").get<std::uint64_t>();
    found.subtrees = header->at("subtrees").get<std::size_t>();
  } catch (const nlohmann::json::exception&) {
    throw InputError("the header of the journal " + path_.string() + " is incomplete");
  }
  if (const auto diff = journal_detail::differences(found, header_); !diff.empty()) {
    throw InputError("the journal " + path_.string() + " belongs to another count (" + shown(found.problem) + " " +
                     shown(found.instance) + "): " + diff + ". Use another file, or delete this one to start over");
  }

  std::vector<bool> seen(header_.subtrees, false);
  // Lines are appended after the last newline: a tail without one must go first.
  std::size_t damaged = content.back() == '\n' ? 0 : 1;
  for (std::size_t k = 1; k < lines.size(); ++k) {
    const bool last = k + 1 == lines.size();
    const auto payload = journal_detail::unseal(lines[k]);
    const auto record = payload ? journal_detail::parse_record(*payload) : std::nullopt;
    if (!record || record->index >= header_.subtrees) {
      ++damaged;
      warn("the journal " + path_.string() + ": ignoring " + (last ? "a torn last record" : "a damaged record") +
           " (line " + std::to_string(k + 1) + "); its subtree will be searched again");
      continue;
    }
    if (seen[record->index]) {
      ++damaged;
      warn("the journal " + path_.string() + ": ignoring a second record of subtree " + std::to_string(record->index) +
           " (line " + std::to_string(k + 1) + ")");
      continue;
    }
    seen[record->index] = true;
    finished.push_back(*record);
  }
  if (damaged != 0) rewrite(finished);
  return true;
}

void Journal::replace_with(const std::string& text) {
  // Named after the process: even without the lock (a file system that ignores it),
  // two processes never write into one temporary file.
  const auto temporary = path_.string() + "." + std::to_string(::getpid()) + ".tmp";
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw InputError("cannot create " + temporary + ": " + errno_text());
  const bool ok = write_all(fd, text) && ::fsync(fd) == 0;
  const std::string error = ok ? "" : errno_text();
  ::close(fd);
  if (!ok || std::rename(temporary.c_str(), path_.c_str()) != 0) {
    throw InputError("cannot write the journal " + path_.string() + ": " + (ok ? errno_text() : error));
  }
  sync_directory();
}

void Journal::rewrite(const std::vector<FinishedSubtree>& finished) {
  std::string text = journal_detail::seal(journal_detail::header_json(header_));
  for (const auto& f : finished) text += journal_detail::record_line(f.index, f.stats);
  replace_with(text);
}

void Journal::sync_directory() const {
  auto directory = path_.parent_path();
  if (directory.empty()) directory = ".";
  const int fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

bool Journal::write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const auto n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

void Journal::write_pending() {
  std::lock_guard io(io_mutex_);
  std::string& batch = spare_;
  batch.clear();  // keeps its capacity: the two buffers take turns, grown once
  std::size_t count = 0;
  {
    tbb::spin_mutex::scoped_lock lock(pending_mutex_);
    batch.swap(pending_);
    count = pending_count_;
    pending_count_ = 0;
  }
  if (batch.empty() || fd_ < 0) return;
  if (!write_all(fd_, batch) || ::fsync(fd_) != 0) {
    std::lock_guard lock(mutex_);
    if (error_.empty()) error_ = "cannot write the journal " + path_.string() + ": " + errno_text();
    return;
  }
  written_ += count;
}

void Journal::flush_loop() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    // A wake-up missed between the test and the wait costs at most one interval.
    wake_.wait_for(lock, interval_, [this] { return stopping_ || batch_full_.load(); });
    if (stopping_) break;
    batch_full_ = false;
    lock.unlock();
    write_pending();
    lock.lock();
  }
}

void Journal::stop_flusher() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (flusher_.joinable()) flusher_.join();
}

}  // namespace backtrack
