#pragma once
// Runs the backtrack executable as a user would: arguments in, stdout, stderr and exit
// status out; optionally sends it a signal after a delay.
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace cli {

struct Outcome {
  int exit_code = -1;  // the exit status, or 128 + signal if the process was killed
  bool killed = false; // ended by a signal rather than by exit()
  std::string out;
  std::string err;
  double seconds = 0.0;
};

struct Signal {
  int number;
  std::chrono::milliseconds after;
};

// The CPUs this process may run on, which bounds a program's --threads (ctest and mpiexec
// may bind a process to fewer than the machine has).
inline int usable_cpus() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) != 0) throw std::runtime_error("sched_getaffinity failed");
  return CPU_COUNT(&set);
}

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

class TempFile {
 public:
  TempFile() {
    std::string pattern = (std::getenv("TMPDIR") ? std::string(std::getenv("TMPDIR")) : std::string("/tmp")) +
                          "/backtrack-cli-test-XXXXXX";
    std::vector<char> name(pattern.begin(), pattern.end());
    name.push_back('\0');
    const int fd = mkstemp(name.data());
    if (fd < 0) throw std::runtime_error("mkstemp failed");
    close(fd);
    path_ = name.data();
  }
  // A journal's lock file (journal.hpp) goes with it, where the file was used as one.
  ~TempFile() {
    std::remove(path_.c_str());
    std::remove((path_ + ".lock").c_str());
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// Starts `program` with `args` under `actions` and `attributes` (null: none), and frees
// the actions; the child's pid, or -1 when it could not be started.
inline pid_t spawn(const std::string& program, const std::vector<std::string>& args,
                   posix_spawn_file_actions_t& actions, const posix_spawnattr_t* attributes) {
  std::vector<std::string> strings{program};
  strings.insert(strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& s : strings) argv.push_back(s.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, program.c_str(), &actions, attributes, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  return rc == 0 ? pid : -1;
}

// Runs `program` with `args`, e.g. mpiexec with backtrack and its arguments; its stdout
// goes to `stdout_path` if given (e.g. /dev/full), else is captured; its stdin is read
// from `stdin_path`.
inline Outcome run_program(const std::string& program, const std::vector<std::string>& args,
                           std::optional<Signal> signal = std::nullopt,
                           const std::optional<std::string>& stdout_path = std::nullopt,
                           const std::string& stdin_path = "/dev/null") {
  TempFile out_file;
  TempFile err_file;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, stdin_path.c_str(), O_RDONLY | O_NOCTTY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, stdout_path.value_or(out_file.path()).c_str(),
                                   O_WRONLY | O_TRUNC, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err_file.path().c_str(), O_WRONLY | O_TRUNC, 0);
  // The child starts with default signal handling, whatever the test runner set up.
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGTERM);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);

  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = spawn(program, args, actions, &attr);
  posix_spawnattr_destroy(&attr);
  if (pid < 0) throw std::runtime_error("posix_spawn failed for " + program);

  if (signal) {
    std::this_thread::sleep_for(signal->after);
    kill(pid, signal->number);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
  }
  Outcome outcome;
  outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (WIFEXITED(status)) {
    outcome.exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    outcome.killed = true;
    outcome.exit_code = 128 + WTERMSIG(status);
  }
  outcome.out = slurp(out_file.path());
  outcome.err = slurp(err_file.path());
  return outcome;
}

inline Outcome run(const std::vector<std::string>& args, std::optional<Signal> signal = std::nullopt) {
  return run_program(BACKTRACK_EXE, args, signal);
}

// backtrack with `args`, reading standard input from `stdin_path` (a file, a terminal).
inline Outcome run_with_stdin(const std::vector<std::string>& args, const std::string& stdin_path) {
  return run_program(BACKTRACK_EXE, args, std::nullopt, std::nullopt, stdin_path);
}

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Each line of `text` as JSON (a line that is not throws, naming it).
inline std::vector<nlohmann::json> json_lines(const std::string& text) {
  std::vector<nlohmann::json> objects;
  for (const auto& line : lines_of(text)) {
    try {
      objects.push_back(nlohmann::json::parse(line));
    } catch (const nlohmann::json::parse_error& e) {
      throw std::runtime_error("not JSON: " + line + " (" + e.what() + ")");
    }
  }
  return objects;
}

// The JSON summary: the last line of a --format json run ({} without output, discarded
// JSON for a line that is not).
inline nlohmann::json summary_of(const Outcome& o) {
  const auto lines = lines_of(o.out);
  return lines.empty() ? nlohmann::json::object() : nlohmann::json::parse(lines.back(), nullptr, false);
}

inline std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// The value of the first "key: value" line, or nullopt.
inline std::optional<std::string> field(const std::string& text, const std::string& key) {
  for (const auto& line : lines_of(text)) {
    if (line.rfind(key + ": ", 0) == 0) return line.substr(key.size() + 2);
  }
  return std::nullopt;
}

}  // namespace cli
