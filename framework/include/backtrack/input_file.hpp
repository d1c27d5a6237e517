#pragma once
// Reading one input (a file, or standard input) whole into memory, bounded.
//
// Every reader of user files goes through read_input_file, so that no input can take
// the memory of the machine (`--board /dev/zero`, a file of gigabytes) and every
// unreadable file fails the same way: an InputError (exit 65) with the system's reason,
// "board.txt: Is a directory", rather than an exception from the standard library.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstring>
#include <string>

#include "backtrack/errors.hpp"

namespace backtrack {

// What a reader accepts unless it says otherwise: far more than any puzzle or solution
// a search can handle (the columns of a million queens take under 7 MB), far less than
// the memory of any machine.
inline constexpr std::size_t default_input_limit = std::size_t{64} << 20;

// `path` as messages name it: "stdin" for '-'.
inline std::string input_name(const std::string& path) { return path == "-" ? "stdin" : path; }

// The bytes of `path` ('-': standard input). Throws InputError "PATH: REASON" when it
// cannot be opened or read, and when it holds more than `limit` bytes.
inline std::string read_input_file(const std::string& path, std::size_t limit = default_input_limit) {
  const std::string name = input_name(path);
  auto fail = [&](int error) { return InputError(name + ": " + std::strerror(error)); };
  const bool standard_input = path == "-";
  const int fd = standard_input ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw fail(errno);
  // Closes what was opened here, on every way out.
  struct Closer {
    int fd;
    bool owned;
    ~Closer() {
      if (owned) ::close(fd);
    }
  } closer{fd, !standard_input};

  std::string text;
  char buffer[1 << 16];
  for (;;) {
    const ::ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw fail(errno);
    }
    if (got == 0) return text;
    if (text.size() + static_cast<std::size_t>(got) > limit) {
      throw InputError(name + " is larger than the " + std::to_string(limit >> 20) + " MiB this reader accepts");
    }
    text.append(buffer, static_cast<std::size_t>(got));
  }
}

}  // namespace backtrack
