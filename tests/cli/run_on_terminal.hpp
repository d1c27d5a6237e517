#pragma once
// Runs backtrack with its stderr on a terminal, as a user at a terminal does.
#include <fcntl.h>
#include <pty.h>

#include <cerrno>
#include <condition_variable>
#include <mutex>
#include <string_view>
#include <thread>

#include "run_process.hpp"

namespace cli {

// Runs backtrack with its stderr on a terminal (a pty), as a user at a terminal does:
// the progress line is drawn then. What reaches the terminal is the outcome's err. The
// signal's delay counts from when the terminal first shows `shown` (from the start where
// it is empty): a delay alone races with the set-up, slow under a sanitizer.
inline Outcome run_on_terminal(const std::vector<std::string>& args, std::optional<Signal> signal = std::nullopt,
                               std::string_view shown = {}) {
  int terminal = -1;
  int user_side = -1;
  if (openpty(&terminal, &user_side, nullptr, nullptr, nullptr) != 0) throw std::runtime_error("openpty failed");
  fcntl(terminal, F_SETFD, FD_CLOEXEC);
  fcntl(user_side, F_SETFD, FD_CLOEXEC);
  TempFile out_file;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out_file.path().c_str(), O_WRONLY | O_TRUNC, 0);
  posix_spawn_file_actions_adddup2(&actions, user_side, STDERR_FILENO);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGTERM);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF);
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = spawn(BACKTRACK_EXE, args, actions, &attr);
  posix_spawnattr_destroy(&attr);
  close(user_side);
  if (pid < 0) {
    close(terminal);
    throw std::runtime_error("posix_spawn failed");
  }
  Outcome outcome;
  std::mutex err_mutex;
  std::condition_variable err_grew;
  bool closed = false;
  // Read until the child's side is closed (EIO), so that a full terminal never blocks it.
  std::thread reader([&] {
    char buffer[4096];
    for (;;) {
      const ssize_t got = read(terminal, buffer, sizeof buffer);
      if (got > 0) {
        const std::lock_guard lock(err_mutex);
        outcome.err.append(buffer, static_cast<std::size_t>(got));
      } else if (got < 0 && errno == EINTR) {
        continue;
      } else {
        {
          const std::lock_guard lock(err_mutex);
          closed = true;
        }
        err_grew.notify_all();
        return;
      }
      err_grew.notify_all();
    }
  });
  if (signal) {
    std::unique_lock lock(err_mutex);
    err_grew.wait(lock, [&] { return closed || outcome.err.find(shown) != std::string::npos; });
    lock.unlock();
    std::this_thread::sleep_for(signal->after);
    kill(pid, signal->number);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
  }
  outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  reader.join();
  close(terminal);
  outcome.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  outcome.killed = WIFSIGNALED(status);
  outcome.out = slurp(out_file.path());
  return outcome;
}

}  // namespace cli
