#pragma once
// Ctrl-C and SIGTERM ask the running search to stop; it then prints what it has.
#include <atomic>

namespace backtrack::interrupt {

// Installs the handlers (once) and returns the flag they set. A second signal kills.
const std::atomic<bool>& install();
// The signal that set the flag, 0 if none.
int signal_number();
// Set the flag from inside the program (e.g. the output went away).
void request_stop();

}  // namespace backtrack::interrupt
