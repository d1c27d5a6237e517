#pragma once
// Runs the backtrack executable (or fzn-backtrack) under limits that a user may set (ulimit -v, ulimit -f),
// in a directory of the test's choosing. Its output comes back through pipes, which no
// limit on file sizes shortens.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/run_process.hpp"

namespace cli {

struct Limits {
  rlim_t address_space = RLIM_INFINITY;  // bytes of virtual memory (ulimit -v)
  rlim_t file_size = RLIM_INFINITY;      // bytes any file written may grow to (ulimit -f)
  std::string directory = {};            // the working directory; "": the test's
  std::string input = "/dev/null";       // standard input
};

// AddressSanitizer reserves terabytes of address space: no ulimit -v for it.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool address_sanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool address_sanitizer = true;
#else
constexpr bool address_sanitizer = false;
#endif
#else
constexpr bool address_sanitizer = false;
#endif

inline Outcome run_program_limited(const std::string& program, const std::vector<std::string>& args,
                                   const Limits& limits) {
  std::vector<std::string> argv_strings{program};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_strings) argv.push_back(a.data());
  argv.push_back(nullptr);
  int out[2], err[2];
  if (::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0) throw std::runtime_error("pipe failed");
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    // Only calls that are safe between fork and exec in a process with threads.
    const int in = ::open(limits.input.c_str(), O_RDONLY);
    if (in < 0 || ::dup2(in, STDIN_FILENO) < 0 || ::dup2(out[1], STDOUT_FILENO) < 0 ||
        ::dup2(err[1], STDERR_FILENO) < 0) {
      ::_exit(127);
    }
    if (!limits.directory.empty() && ::chdir(limits.directory.c_str()) != 0) ::_exit(127);
    const rlimit memory{limits.address_space, limits.address_space};
    const rlimit size{limits.file_size, limits.file_size};
    if ((limits.address_space != RLIM_INFINITY && ::setrlimit(RLIMIT_AS, &memory) != 0) ||
        (limits.file_size != RLIM_INFINITY && ::setrlimit(RLIMIT_FSIZE, &size) != 0)) {
      ::_exit(127);
    }
    // As a shell's `trap '' XFSZ`: a write past the limit fails (EFBIG) instead of killing.
    ::signal(SIGXFSZ, SIG_IGN);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(out[1]);
  ::close(err[1]);
  Outcome outcome;
  pollfd fds[2] = {{out[0], POLLIN, 0}, {err[0], POLLIN, 0}};
  std::string* texts[2] = {&outcome.out, &outcome.err};
  int open_pipes = 2;
  while (open_pipes > 0) {
    if (::poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("poll failed");
    }
    for (int k = 0; k < 2; ++k) {
      if (fds[k].fd < 0 || fds[k].revents == 0) continue;
      char buffer[4096];
      const auto got = ::read(fds[k].fd, buffer, sizeof buffer);
      if (got > 0) {
        texts[k]->append(buffer, static_cast<std::size_t>(got));
      } else if (got == 0 || errno != EINTR) {
        ::close(fds[k].fd);
        fds[k].fd = -1;
        --open_pipes;
      }
    }
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) {
    outcome.exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    outcome.killed = true;
    outcome.exit_code = 128 + WTERMSIG(status);
  }
  return outcome;
}

inline Outcome run_limited(const std::vector<std::string>& args, const Limits& limits) {
  return run_program_limited(BACKTRACK_EXE, args, limits);
}

}  // namespace cli
