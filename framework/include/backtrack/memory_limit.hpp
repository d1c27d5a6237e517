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

// Throws UsageError (exit 64) when `bytes` is more than `available`, e.g.
// "strategy dlx needs about 745 GiB for n = 100000; this machine has 23 GiB".
// `what` names the strategy, `size` the instance ("n = 100000").
inline void require_memory(const std::string& what, const std::string& size, double bytes,
                           double available = physical_memory_bytes()) {
  if (available <= 0 || bytes <= available) return;
  throw UsageError(what + " needs about " + gib_text(bytes) + " for " + size + "; this machine has " +
                   gib_text(available));
}

}  // namespace backtrack
