#pragma once
// The last step of both programs (backtrack, fzn-backtrack): the results are only as good
// as their delivery.

namespace backtrack {

// Flushes standard output and returns `code`, or 74 (exit_io) with the system's reason
// where a write failed (a full disk, a closed file). A reader that went away (`| head -1`)
// is not an error: the program ends quietly, as after SIGPIPE.
int finish_output(int code);

}  // namespace backtrack
