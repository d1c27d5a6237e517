#include "backtrack/memory_limit.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string_view>

namespace backtrack {
namespace {

double page_bytes() { return static_cast<double>(sysconf(_SC_PAGE_SIZE)); }

// What the process maps now, in bytes: all of it (field 0 of /proc/self/statm) or its data
// and stack (field 5), the parts that `ulimit -v` and `ulimit -d` hold.
double mapped_bytes(int field) {
  std::ifstream statm("/proc/self/statm");
  double pages = 0;
  for (int i = 0; i <= field && statm >> pages; ++i) {
  }
  return statm ? pages * page_bytes() : 0;
}

// What a resource limit leaves beyond what the process already maps; 0 without a limit.
double left_by(int resource, int statm_field) {
  rlimit limit{};
  if (getrlimit(resource, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return 0;
  const double left = static_cast<double>(limit.rlim_cur) - mapped_bytes(statm_field);
  return left > 1 ? left : 1;  // nothing left is a limit too, not "the system does not say"
}

// The least memory limit of the cgroup `path` (as /proc/self/cgroup names it) and of those
// above it, under `mount`; 0 where none is set ("max", or cgroup v1's near-2^63 default).
double cgroup_limit(const std::filesystem::path& mount, std::string_view path, const char* file) {
  double least = 0;
  const std::filesystem::path below = std::filesystem::path(path).relative_path();
  for (auto dir = below.empty() ? mount : mount / below;; dir = dir.parent_path()) {
    std::ifstream in(dir / file);
    double bytes = 0;
    if (in >> bytes && bytes > 0 && bytes < 0x1p60 && (least == 0 || bytes < least)) least = bytes;
    if (dir == mount || !dir.has_relative_path()) break;
  }
  return least;
}

// The memory limit of the cgroups this process is in, v2 (unified; mounted at
// /sys/fs/cgroup, or at /sys/fs/cgroup/unified beside v1) or v1's memory controller.
double cgroup_memory_limit(std::string& file_read) {
  std::ifstream in("/proc/self/cgroup");
  double least = 0;
  const auto take = [&](double bytes, const char* file) {
    if (bytes > 0 && (least == 0 || bytes < least)) {
      least = bytes;
      file_read = file;
    }
  };
  for (std::string line; std::getline(in, line);) {  // hierarchy:controllers:path
    const auto first = line.find(':');
    const auto second = line.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos) continue;
    const std::string_view controllers = std::string_view(line).substr(first + 1, second - first - 1);
    const std::string_view path = std::string_view(line).substr(second + 1);
    if (controllers.empty()) {
      for (const char* mount : {"/sys/fs/cgroup", "/sys/fs/cgroup/unified"}) {
        take(cgroup_limit(mount, path, "memory.max"), "memory.max");
      }
    } else if (controllers == "memory") {
      take(cgroup_limit("/sys/fs/cgroup/memory", path, "memory.limit_in_bytes"), "memory.limit_in_bytes");
    }
  }
  return least;
}

}  // namespace

AvailableMemory available_memory() {
  AvailableMemory least;
  const auto take = [&](double bytes, std::string held_by) {
    if (bytes > 0 && (least.bytes <= 0 || bytes < least.bytes)) least = {bytes, std::move(held_by)};
  };
  const long pages = sysconf(_SC_PHYS_PAGES);
  if (pages > 0) take(static_cast<double>(pages) * page_bytes(), "this machine has");
  take(left_by(RLIMIT_AS, 0), "ulimit -v leaves this process");
  take(left_by(RLIMIT_DATA, 5), "ulimit -d leaves this process");
  std::string file;
  const double cgroup = cgroup_memory_limit(file);
  take(cgroup, "its cgroup's " + file + " allows");
  return least;
}

std::string memory_text(double bytes) {
  const double gib = bytes / (1024.0 * 1024.0 * 1024.0);
  char text[64];
  if (gib < 1) {
    std::snprintf(text, sizeof text, "%.0f MiB", bytes / (1024.0 * 1024.0));
  } else {
    std::snprintf(text, sizeof text, gib < 10 ? "%.1f GiB" : "%.0f GiB", gib);
  }
  return text;
}

}  // namespace backtrack
