#pragma once
// Refusing, before anything is allocated, a size whose memory the machine lacks.
//
// A strategy's memory grows with its instance (dancing links for N-Queens keep 4 n^2
// nodes), and a size beyond the machine does not fail at once: it allocates for
// seconds or minutes, deaf to signals and --time-limit, until std::bad_alloc or the
// kernel's out-of-memory killer ends it. So every strategy estimates its bytes for the
// size asked (roughly: the largest terms, an upper bound rather than a guess) and
// refuses it up front, one rule for all: more than the machine's physical memory.
#include <unistd.h>

#include <cstdio>
#include <string>

#include "backtrack/errors.hpp"

namespace backtrack {

// The machine's physical memory in bytes, or 0 where the system does not say. A double:
// the estimates it is compared with pass 2^64 for the sizes a user can type.
inline double physical_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return 0;
  return static_cast<double>(pages) * static_cast<double>(page_size);
}

// "1.5 GiB", "745 GiB": two significant figures are all an estimate has.
inline std::string gib_text(double bytes) {
  const double gib = bytes / (1024.0 * 1024.0 * 1024.0);
  char text[64];
  std::snprintf(text, sizeof text, gib < 10 ? "%.1f GiB" : "%.0f GiB", gib);
  return text;
}

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
                           double available = physical_memory_bytes()) {
  if (available <= 0 || bytes <= available) return;
  throw UsageError(what + " needs about " + gib_text(bytes) + " for " + size + "; this machine has " +
                   gib_text(available));
}

// The same for a run on `threads` threads. Where one thread would fit and `threads` do
// not, says how many fit: "strategy dlx needs about 56 GiB for n = 3000 on 16 threads (a
// copy of the problem and a search's state each); this machine has 23 GiB, enough for
// --threads 6".
inline void require_memory(const std::string& what, const std::string& size, const RunBytes& bytes, unsigned threads,
                           double available = physical_memory_bytes()) {
  require_memory(what, size, bytes.on(1), available);  // too large for any thread count
  if (threads <= 1 || available <= 0 || bytes.on(threads) <= available) return;
  unsigned fit = 1;
  while (fit + 1 < threads && bytes.on(fit + 1) <= available) ++fit;
  throw UsageError(what + " needs about " + gib_text(bytes.on(threads)) + " for " + size + " on " +
                   std::to_string(threads) + " threads (a copy of the problem and a search's state each); this machine has " +
                   gib_text(available) + ", enough for --threads " + std::to_string(fit));
}

}  // namespace backtrack
