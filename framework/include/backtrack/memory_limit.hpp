#pragma once
// Refusing, before anything is allocated, a size whose memory the machine lacks.
//
// A strategy's memory grows with its instance (dancing links for N-Queens keep 4 n^2
// nodes), and a size beyond the machine does not fail at once: it allocates for
// seconds or minutes, deaf to signals and --time-limit, until std::bad_alloc or the
// kernel's out-of-memory killer ends it. So every strategy estimates its bytes for the
// size asked (roughly: the largest terms, an upper bound rather than a guess) and
// refuses it up front, one rule for all: more than the process may use (available_memory()).
#include <string>

#include "backtrack/errors.hpp"

namespace backtrack {

// What a run may allocate, and what says so: the machine's physical memory, or less where
// the process is held to less, as a batch job or a container is (a limit that the memory
// of the machine hides would let a run start and die of std::bad_alloc or the
// out-of-memory killer instead).
struct AvailableMemory {
  double bytes = 0;                           // 0: the system does not say; a double, as the estimates
  std::string held_by = "this machine has";  // the words before the amount in a message
};

// The least of: the physical memory, what `ulimit -v` and `ulimit -d` leave this process
// beyond what it already maps, and its cgroup's memory limit (memory.max, or cgroup v1's
// memory.limit_in_bytes, of its cgroup and those above it).
AvailableMemory available_memory();

// "1.5 GiB", "745 GiB", "300 MiB": two significant figures are all an estimate has.
std::string memory_text(double bytes);

// What a run on `threads` threads holds at most: `shared` once (such as a split's list of
// subtrees), the problem, and on each thread a search's state and, with several threads,
// a copy of the problem of its own (on_threads.hpp).
struct RunBytes {
  double shared = 0;
  double problem = 0;
  double search = 0;
  double on(unsigned threads) const {
    const double each = search + (threads > 1 ? problem : 0);
    return shared + problem + static_cast<double>(threads) * each;
  }
};

// Throws UsageError (exit 64) when `bytes` is more than `available`, e.g.
// "strategy dlx needs about 745 GiB for n = 100000; this machine has 23 GiB".
// `what` names the strategy, `size` the instance ("n = 100000").
inline void require_memory(const std::string& what, const std::string& size, double bytes,
                           const AvailableMemory& available = available_memory()) {
  if (available.bytes <= 0 || bytes <= available.bytes) return;
  throw UsageError(what + " needs about " + memory_text(bytes) + " for " + size + "; " + available.held_by + " " +
                   memory_text(available.bytes));
}

// The same for a run on `threads` threads. Where one thread would fit and `threads` do
// not, says how many fit: "strategy dlx needs about 56 GiB for n = 3000 on 16 threads (a
// copy of the problem and a search's state each); this machine has 23 GiB, enough for
// --threads 6".
inline void require_memory(const std::string& what, const std::string& size, const RunBytes& bytes, unsigned threads,
                           const AvailableMemory& available = available_memory()) {
  require_memory(what, size, bytes.on(1), available);  // too large for any thread count
  if (threads <= 1 || available.bytes <= 0 || bytes.on(threads) <= available.bytes) return;
  unsigned fit = 1;
  while (fit + 1 < threads && bytes.on(fit + 1) <= available.bytes) ++fit;
  throw UsageError(what + " needs about " + memory_text(bytes.on(threads)) + " for " + size + " on " +
                   std::to_string(threads) + " threads (a copy of the problem and a search's state each); " +
                   available.held_by + " " + memory_text(available.bytes) + ", enough for --threads " +
                   std::to_string(fit));
}

}  // namespace backtrack
