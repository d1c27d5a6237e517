#include "finish_output.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

#include "backtrack/cli.hpp"
#include "log.hpp"

namespace backtrack {

int finish_output(int code) {
  std::cout.flush();
  if (!std::cout.fail() && std::fflush(stdout) == 0 && std::ferror(stdout) == 0) return code;
  // The failed write may lie far back, and errno has changed since: one more byte asks
  // the system for the reason (the output is incomplete already; a closed pipe raises
  // SIGPIPE here, which ends the program quietly).
  std::clearerr(stdout);
  errno = 0;
  const bool probe_failed = std::fputc('\n', stdout) == EOF || std::fflush(stdout) != 0;
  const int error = probe_failed ? errno : 0;
  if (error == EPIPE) return code == exit_interrupted ? exit_ok : code;
  log::error(std::string("cannot write the results to standard output") +
             (error != 0 ? std::string(": ") + std::strerror(error) : ""));
  return exit_io;
}

}  // namespace backtrack
