// The journal's file handling (journal.hpp): POSIX calls for the lock, the appends, the
// syncs and the link that makes a new journal.
#include "backtrack/journal.hpp"
#include "backtrack/journal_format.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "backtrack/errors.hpp"
#include "backtrack/input_file.hpp"
#include "backtrack/quoted.hpp"

namespace backtrack {
namespace {

std::string errno_text() { return std::strerror(errno); }

// The error of a failed call on the journal, "WHAT PATH: REASON", by errno (read before
// anything else here): a disk that will not take more is a WriteError (exit 74; the same
// command works once there is room), anything else a file that cannot be a journal (exit 65).
[[noreturn]] void fail(const char* what, const std::filesystem::path& path) {
  const int error = errno;
  const std::string message = std::string(what) + " " + path.string() + ": " + std::strerror(error);
  if (error == ENOSPC || error == EDQUOT || error == EFBIG || error == EIO) throw WriteError(message);
  throw InputError(message);
}

}  // namespace

Journal::~Journal() {
  stop_flusher();
  try {
    write_pending();
  } catch (...) {
    // out of memory for the message: what was written stays, the rest is searched again
  }
  if (fd_ >= 0) ::close(fd_);  // releases the lock
}

std::vector<FinishedSubtree> Journal::resume(const SplitInfo& split) {
  if (path_.empty()) throw InputError("the journal needs a file name");
  std::error_code ec;
  // Checked before it is opened: opening a device may do things (a tape rewinds), and
  // `--checkpoint /dev/zero` would read zeros without end.
  if (std::filesystem::exists(path_, ec) && !std::filesystem::is_regular_file(path_, ec)) {
    throw InputError("the journal " + path_.string() +
                     " is not a regular file (a directory, a device or a pipe cannot keep a journal)");
  }
  header_.split_target = split.plan.subtrees;
  header_.probe_nodes = split.plan.probe_nodes;
  header_.subtrees = split.subtrees;
  std::vector<FinishedSubtree> finished;
  for (;;) {
    fd_ = ::open(path_.c_str(), O_RDWR | O_APPEND | O_CLOEXEC | O_NOCTTY);
    if (fd_ >= 0) break;
    if (errno != ENOENT) fail("cannot open the journal", path_);
    if (create()) break;
  }
  lock();
  if (!load(finished)) {
    // An empty file, made by the user: the header goes into it, and out again if the
    // disk takes only part of it.
    if (!write_all(fd_, journal_detail::seal(journal_detail::header_json(header_))) || ::fsync(fd_) != 0) {
      const int error = errno;
      (void)::ftruncate(fd_, 0);
      errno = error;
      fail("cannot write the journal", path_);
    }
  }
  struct stat status {};
  if (::fstat(fd_, &status) != 0) fail("cannot read the size of the journal", path_);
  durable_bytes_ = static_cast<std::uint64_t>(status.st_size);
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
    std::lock_guard lock(pending_mutex_);
    pending_.append(line.data(), length);
    ++pending_count_;
    full = pending_.size() >= batch_bytes;
  }
  if (full && !batch_full_.exchange(true)) wake_.notify_one();
}

void Journal::flush() { write_pending(); }

void Journal::lock() {
  while (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    if (errno == EINTR) continue;
    if (errno == EWOULDBLOCK) {
      throw BusyError("the journal " + path_.string() +
                      " is in use by another process (it holds a lock on the file); wait until that count ends, or "
                      "use another file");
    }
    fail("cannot lock the journal", path_);
  }
}

bool Journal::create() {
  // Named after the process: even without the lock (a file system that ignores it),
  // two processes never write into one temporary file.
  const std::string temporary = path_.string() + "." + std::to_string(::getpid()) + ".tmp";
  const int fd = ::open(temporary.c_str(), O_RDWR | O_APPEND | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY, 0644);
  if (fd < 0) fail("cannot create the journal", path_);
  // The temporary name goes on every way out: the journal, if made, is the link.
  struct Remover {
    const std::string& name;
    int fd;
    ~Remover() {
      ::unlink(name.c_str());
      if (fd >= 0) ::close(fd);
    }
  } remover{temporary, fd};
  // Locked before it has the journal's name, so that no other process can take it first.
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) fail("cannot lock the journal", path_);
  if (!write_all(fd, journal_detail::seal(journal_detail::header_json(header_))) || ::fsync(fd) != 0) {
    fail("cannot write the journal", path_);
  }
  if (::link(temporary.c_str(), path_.c_str()) != 0) {
    if (errno == EEXIST) {
      // Made meanwhile by another process, to be opened now; or a symbolic link to
      // nothing, which would be met again and again.
      struct stat status {};
      if (::stat(path_.c_str(), &status) == 0) return false;
      throw InputError("the journal " + path_.string() + " is a symbolic link to a file that does not exist");
    }
    // A file system without hard links (FAT): the rename may replace a journal that
    // another process made in the last microseconds, which a link would not.
    if (errno != EPERM && errno != EOPNOTSUPP && errno != ENOSYS) fail("cannot create the journal", path_);
    if (std::rename(temporary.c_str(), path_.c_str()) != 0) fail("cannot create the journal", path_);
  }
  sync_directory();
  fd_ = fd;
  remover.fd = -1;
  return true;
}

bool Journal::load(std::vector<FinishedSubtree>& finished) {
  // A journal holds a header and about one record a subtree (each under 400 bytes; a
  // torn or repeated one is rare): a file far larger is not a journal of this count,
  // and is not read whole.
  const std::size_t largest = (header_.subtrees + 16) * 1024 + (std::size_t{1} << 20);
  std::string content;
  if (::lseek(fd_, 0, SEEK_SET) != 0) fail("cannot read the journal", path_);
  read_descriptor_chunks(fd_, path_.string(), largest, [&](std::string_view chunk) { content.append(chunk); });
  if (content.empty()) return false;

  std::vector<std::string> lines;
  for (std::size_t start = 0; start < content.size();) {
    const auto end = content.find('\n', start);
    if (end == std::string::npos) break;  // the torn end of a write, cut off below
    lines.push_back(content.substr(start, end - start));
    start = end + 1;
  }
  // The header is linked into place whole, so it is never torn.
  const auto header = lines.empty() ? std::nullopt : journal_detail::unseal(lines[0]);
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
  for (const auto& name : header_.file_options) found.options.erase(name);  // kept by journals before file_options
  if (const auto diff = journal_detail::differences(found, header_); !diff.empty()) {
    throw InputError("the journal " + path_.string() + " belongs to another count (" + shown(found.problem) + " " +
                     shown(found.instance) + "): " + diff + ". Use another file, or delete this one to start over");
  }

  std::vector<bool> seen(header_.subtrees, false);
  for (std::size_t k = 1; k < lines.size(); ++k) {
    const auto payload = journal_detail::unseal(lines[k]);
    const auto record = payload ? journal_detail::parse_record(*payload) : std::nullopt;
    if (!record || record->index >= header_.subtrees) {
      warn("the journal " + path_.string() + ": ignoring a damaged record (line " + std::to_string(k + 1) +
           "); its subtree will be searched again");
      continue;
    }
    if (seen[record->index]) {
      warn("the journal " + path_.string() + ": ignoring a second record of subtree " + std::to_string(record->index) +
           " (line " + std::to_string(k + 1) + ")");
      continue;
    }
    seen[record->index] = true;
    finished.push_back(*record);
  }
  // Lines are appended after the last newline: a tail without one goes first.
  if (content.back() != '\n') {
    warn("the journal " + path_.string() + ": ignoring a torn last record (line " + std::to_string(lines.size() + 1) +
         "); its subtree will be searched again");
    if (::ftruncate(fd_, static_cast<off_t>(content.rfind('\n') + 1)) != 0 || ::fsync(fd_) != 0) {
      fail("cannot cut the torn end off the journal", path_);
    }
  }
  return true;
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
    std::lock_guard lock(pending_mutex_);
    batch.swap(pending_);
    count = pending_count_;
    pending_count_ = 0;
  }
  if (batch.empty() || fd_ < 0) return;
  if (!write_all(fd_, batch) || ::fsync(fd_) != 0) {
    const std::string reason = errno_text();
    // What part of the batch reached the file goes again (a record needs its whole line
    // to count), so later lines are not joined to a torn one.
    (void)::ftruncate(fd_, static_cast<off_t>(durable_bytes_));
    {
      std::lock_guard lock(pending_mutex_);
      batch.append(pending_);
      batch.swap(pending_);
      pending_count_ += count;
    }
    std::lock_guard lock(mutex_);
    if (error_.empty()) {
      error_ = "cannot write the journal " + path_.string() + ": " + reason;
      warn(error_ + "; the count goes on, and its records are written once the disk takes them");
    }
    return;
  }
  durable_bytes_ += batch.size();
  written_ += count;
  std::lock_guard lock(mutex_);
  error_.clear();
}

void Journal::flush_loop() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    // A wake-up missed between the test and the wait costs at most one interval. While
    // the disk refuses, the batch stays full: it is tried again once an interval.
    const bool failing = !error_.empty();
    wake_.wait_for(lock, interval_, [&] { return stopping_ || (!failing && batch_full_.load()); });
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
