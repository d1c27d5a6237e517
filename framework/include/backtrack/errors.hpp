#pragma once
// The kinds of error a user can cause, mapped to sysexits codes by the driver.
#include <stdexcept>

namespace backtrack {

// The command line is wrong: unknown name, bad option, conflicting choices (exit 64).
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The data is wrong: a board that breaks the rules, a malformed file (exit 65).
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The system would not keep what a run writes (a journal on a full disk, a quota, an
// I/O error), exit 74: the same command may succeed once there is room.
struct WriteError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Nothing is wrong, but another process holds what this run needs (a journal): the same
// command may succeed later (exit 75).
struct BusyError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace backtrack
