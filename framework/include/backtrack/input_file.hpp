#pragma once
// Reading one input (a file, or standard input), whole into memory or line by line, bounded.
//
// Every reader of user files goes through read_descriptor_chunks (read_input_chunks,
// read_input_file and for_each_input_line use it; the journal, on the file it holds
// open), so that no input can take the memory of the machine (`--board /dev/zero`, a file of gigabytes) and every
// unreadable file fails the same way: an InputError (exit 65) with the system's reason,
// "board.txt: Is a directory", rather than an exception from the standard library.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>

#include "backtrack/errors.hpp"

namespace backtrack {

// What a reader accepts unless it says otherwise: far more than any puzzle or solution
// a search can handle (the columns of a million queens take under 7 MB), far less than
// the memory of any machine.
inline constexpr std::size_t default_input_limit = std::size_t{64} << 20;

// `path` as messages name it: "<stdin>" for '-' (as compilers name it; no file is called that).
inline std::string input_name(const std::string& path) { return path == "-" ? "<stdin>" : path; }

// For an input read from standard input when no file is named: a pipe or a file is read
// as any, but on a terminal nobody means to type a puzzle, and the program would wait
// without a word, so it refuses at once with `how` (the ways to give the input).
inline void require_redirected_stdin(const std::string& how) {
  if (::isatty(STDIN_FILENO) == 1) throw UsageError(how + "; standard input is a terminal");
}

// Calls on_chunk(std::string_view) with the bytes read from the open file `fd` (named
// `name` in messages), piece by piece, to its end. Throws InputError "NAME: REASON" when
// it cannot be read, and when it holds more than `limit` bytes.
template <class OnChunk>
void read_descriptor_chunks(int fd, const std::string& name, std::size_t limit, OnChunk on_chunk) {
  std::size_t total = 0;
  char buffer[1 << 16];
  for (;;) {
    const ::ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw InputError(name + ": " + std::strerror(errno));
    }
    if (got == 0) return;
    total += static_cast<std::size_t>(got);
    if (total > limit) {
      throw InputError(name + " is larger than the " + std::to_string(limit >> 20) + " MiB this reader accepts");
    }
    on_chunk(std::string_view(buffer, static_cast<std::size_t>(got)));
  }
}

// Calls on_chunk(std::string_view) with the bytes of `path` ('-': standard input), piece
// by piece as they are read. Throws InputError "PATH: REASON" when it cannot be opened
// or read, and when it holds more than `limit` bytes.
template <class OnChunk>
void read_input_chunks(const std::string& path, std::size_t limit, OnChunk on_chunk) {
  const std::string name = input_name(path);
  const bool standard_input = path == "-";
  const int fd = standard_input ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw InputError(name + ": " + std::strerror(errno));
  // Closes what was opened here, on every way out.
  struct Closer {
    int fd;
    bool owned;
    ~Closer() {
      if (owned) ::close(fd);
    }
  } closer{fd, !standard_input};
  read_descriptor_chunks(fd, name, limit, on_chunk);
}

// The bytes of `path` ('-': standard input), whole; errors as read_input_chunks.
inline std::string read_input_file(const std::string& path, std::size_t limit = default_input_limit) {
  std::string text;
  read_input_chunks(path, limit, [&](std::string_view chunk) { text.append(chunk); });
  return text;
}

// Calls on_line(std::string_view) for each line of `path` ('-': standard input), without
// its newline, as the lines are read: only the line being read is held. A last line
// without a newline counts. Errors as read_input_chunks.
template <class OnLine>
void for_each_input_line(const std::string& path, std::size_t limit, OnLine on_line) {
  std::string partial;  // the start of a line that a chunk cut
  read_input_chunks(path, limit, [&](std::string_view chunk) {
    for (auto newline = chunk.find('\n'); newline != std::string_view::npos; newline = chunk.find('\n')) {
      if (partial.empty()) {
        on_line(chunk.substr(0, newline));
      } else {
        partial.append(chunk.substr(0, newline));
        on_line(std::string_view(partial));
        partial.clear();
      }
      chunk.remove_prefix(newline + 1);
    }
    partial.append(chunk);
  });
  if (!partial.empty()) on_line(std::string_view(partial));
}

}  // namespace backtrack
