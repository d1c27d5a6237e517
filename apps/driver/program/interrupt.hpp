#pragma once
// Ctrl-C and SIGTERM ask the running search to stop; it then prints what it has.
#include <atomic>

namespace backtrack::interrupt {

// Installs the handlers (once) and returns the flag they set. A second signal kills.
const std::atomic<bool>& install();
// The signal that set the flag, 0 if none.
int signal_number();
// The exit code of a run the flag stopped: 128 + the signal, as a shell reports a process
// that signal ended (130 for SIGINT, 143 for SIGTERM); 130 where the program set the flag.
int exit_code();
// Set the flag from inside the program (e.g. the output went away).
void request_stop();
// A host that keeps the signals for itself (the Python module: Python's own handler turns
// Ctrl-C into KeyboardInterrupt) gives the flag it sets instead: install() then returns it
// and installs no handler, and request_stop() sets it. Null: the program's own again.
void use_host_flag(std::atomic<bool>* flag);

}  // namespace backtrack::interrupt
