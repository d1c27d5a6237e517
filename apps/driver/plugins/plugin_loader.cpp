#include "plugin_loader.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <system_error>

#include "../program/log.hpp"
#include "backtrack/plugin_module.hpp"
#include "elf_section.hpp"

// BACKTRACK_VERSION and BACKTRACK_INSTALLED_PLUGIN_DIR (an absolute path, fixed when
// backtrack is configured) come from apps/CMakeLists.txt.

namespace backtrack {
namespace {

namespace fs = std::filesystem;

// A plugin or a directory of plugins that a user other than root or this one could have
// written: never loaded. In the installed plugin directory it is skipped with a warning.
struct UntrustedPlugin : PluginError {
  using PluginError::PluginError;
};

std::string dl_error() {
  const char* error = dlerror();
  return error != nullptr ? error : "unknown error";
}

// Why someone but root or this user could change what `path` holds; nullopt if no one can.
std::optional<std::string> writable_by_others(const fs::path& path, const struct stat& status) {
  if (status.st_uid != 0 && status.st_uid != geteuid()) {
    return path.string() + " belongs to user " + std::to_string(status.st_uid) + ", neither root nor you";
  }
  if ((status.st_mode & (S_IWGRP | S_IWOTH)) != 0) {
    char mode[8];
    const auto octal = std::to_chars(mode, mode + sizeof mode, status.st_mode & 07777, 8);
    return path.string() + " is writable by " + ((status.st_mode & S_IWOTH) != 0 ? "every user" : "its group") +
           " (mode " + std::string(mode, octal.ptr) + ")";
  }
  return std::nullopt;
}

// Whether `directory` keeps `entry` as its owner left it though others may write the
// directory: root's sticky directories (/tmp) let no one else rename or remove what is
// not theirs, so an entry of root's or this user's stays (OpenSSH's and systemd's rule).
bool sticky_keeps(const struct stat& directory, const struct stat& entry) {
  return (directory.st_mode & S_ISVTX) != 0 && directory.st_uid == 0 &&
         (entry.st_uid == 0 || entry.st_uid == geteuid());
}

[[noreturn]] void refuse_untrusted(const std::string& what, const std::string& why) {
  throw UntrustedPlugin(what + ": not loaded, since " + why +
                        " (a plugin, and every directory above it, must be writable by root or you alone, "
                        "or be yours in a sticky directory of root's such as /tmp)");
}

// Pushes the names of `path` onto `names`, a stack whose next name is the last.
void push_names(std::vector<std::string>& names, const fs::path& path) {
  std::vector<std::string> in_order;
  for (const auto& name : path.relative_path()) in_order.push_back(name.string());
  names.insert(names.end(), in_order.rbegin(), in_order.rend());
}

// The real path of `file` (or of a directory), with every directory in which one of its
// names is looked up checked on the way, those reached through symbolic links included:
// none may be writable by anyone but root or this user, or what the path names could
// change, unless it is a sticky directory of root's and the name in it is root's or this
// user's. `what` starts the messages ("plugin FILE").
fs::path trusted_path(const std::string& file, const std::string& what) {
  if (file.empty()) throw PluginError(what + ": no such file");
  std::vector<std::string> names;
  push_names(names, fs::absolute(file));
  fs::path at = "/";
  int links = 0;
  while (!names.empty()) {
    const std::string name = names.back();
    names.pop_back();
    if (name.empty() || name == ".") continue;
    if (name == "..") {  // `at` holds no links, so this is its real parent
      at = at.parent_path();
      continue;
    }
    struct stat directory {};
    if (stat(at.c_str(), &directory) != 0) throw PluginError(what + " cannot be read: " + std::strerror(errno));
    // A file that is not there is the first thing to say, whoever may write its directory.
    const fs::path next = at / name;
    struct stat status {};
    if (lstat(next.c_str(), &status) != 0) {
      if (errno == ENOENT) throw PluginError(what + ": no such file");
      throw PluginError(what + " cannot be read: " + std::strerror(errno));
    }
    if (const auto why = writable_by_others(at, directory); why && !sticky_keeps(directory, status)) {
      refuse_untrusted(what, *why);
    }
    if (!S_ISLNK(status.st_mode)) {
      at = next;
      continue;
    }
    if (++links > 40) throw PluginError(what + " cannot be read: too many symbolic links");
    std::error_code error;
    const fs::path target = fs::read_symlink(next, error);
    if (error) throw PluginError(what + " cannot be read: " + error.message());
    if (target.is_absolute()) at = "/";
    push_names(names, target);
  }
  return at;
}

// An open file, closed when it goes.
struct Descriptor {
  explicit Descriptor(int opened) : fd(opened) {}
  ~Descriptor() {
    if (fd >= 0) close(fd);
  }
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  int fd;
};

// A module file's bytes, mapped read-only while it lives.
class MappedFile {
 public:
  MappedFile(const fs::path& path, const std::string& what) {
    // Non-blocking: a FIFO would otherwise wait for a writer before fstat could refuse it.
    const Descriptor file(open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW));
    if (file.fd < 0) throw PluginError(what + " cannot be loaded: " + std::strerror(errno));
    struct stat status {};
    if (fstat(file.fd, &status) != 0) throw PluginError(what + " cannot be loaded: " + std::strerror(errno));
    if (!S_ISREG(status.st_mode)) throw PluginError(what + " cannot be loaded: not a regular file");
    if (const auto why = writable_by_others(path, status)) refuse_untrusted(what, *why);
    if (status.st_size == 0) return;
    void* bytes = mmap(nullptr, static_cast<std::size_t>(status.st_size), PROT_READ, MAP_PRIVATE, file.fd, 0);
    if (bytes == MAP_FAILED) throw PluginError(what + " cannot be loaded: " + std::strerror(errno));
    bytes_ = static_cast<const unsigned char*>(bytes);
    size_ = static_cast<std::size_t>(status.st_size);
  }
  ~MappedFile() {
    if (bytes_ != nullptr) munmap(const_cast<unsigned char*>(bytes_), size_);
  }
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  std::span<const unsigned char> bytes() const { return {bytes_, size_}; }

 private:
  const unsigned char* bytes_ = nullptr;
  std::size_t size_ = 0;
};

// Which version of backtrack the module at `path` was built for, read from its file:
// nothing of it runs before the answer is known to be this program's.
std::string built_for(const fs::path& path, const std::string& what) {
  const MappedFile file(path, what);
  std::optional<std::span<const unsigned char>> section;
  try {
    section = find_elf_section(file.bytes(), plugin_module::built_for_section);
  } catch (const ElfError& e) {
    throw PluginError(what + " cannot be loaded: " + e.what());
  }
  if (!section) {
    throw PluginError(what + ": not a backtrack plugin (no " + plugin_module::built_for_section +
                      " section; build it with backtrack_add_plugin)");
  }
  // A version is a short line (BACKTRACK_PLUGIN_BUILT_FOR), which the messages quote.
  const auto* text = reinterpret_cast<const char*>(section->data());
  const std::size_t end = std::string_view(text, section->size()).find('\0');
  if (end == std::string_view::npos || end > 200) {
    throw PluginError(what + ": not a backtrack plugin (its " + plugin_module::built_for_section +
                      " section holds no version)");
  }
  return std::string(text);
}

// The module runs only once its file has passed every check: where it lies, what it is,
// which version it is for. Then its Registrars run (dlopen runs a module's static
// initializers), but they only collect its problems: nothing of it reaches the registry
// before all of them are checked. A refused module is closed again; an accepted one
// stays open for the rest of the run, since its problems' code lives in it.
void load_plugin(const std::string& file, Registry& registry) {
  const std::string what = "plugin " + file;
  const fs::path path = trusted_path(file, what);
  const std::string module_built_for = built_for(path, what);
  const char* const program_built_for = BACKTRACK_PLUGIN_BUILT_FOR(BACKTRACK_VERSION);
  if (module_built_for != program_built_for) {
    throw PluginError(what + ": built against backtrack " + module_built_for + ", but this is backtrack " +
                      program_built_for + ": rebuild the plugin against this version");
  }
  void* module = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (module == nullptr) throw PluginError(what + " cannot be loaded: " + dl_error());
  auto refuse = [&](const std::string& why) {
    dlclose(module);
    throw PluginError(what + ": " + why);
  };
  auto* problems =
      reinterpret_cast<plugin_module::ProblemsFunction*>(dlsym(module, plugin_module::problems_symbol));
  if (problems == nullptr) {
    refuse("not a backtrack plugin (no " + std::string(plugin_module::problems_symbol) +
           "; build it with backtrack_add_plugin)");
  }
  std::vector<ProblemInfo>* const collected = problems();
  if (collected == nullptr) refuse(std::string(plugin_module::problems_symbol) + "() gave no list of problems");
  // Loading the same file twice gives the same module, whose problems were taken already.
  // All names are checked before any problem is added, so that a refused module is
  // closed with none of its code left in the registry.
  std::vector<ProblemInfo>& offered = *collected;
  for (auto it = offered.begin(); it != offered.end(); ++it) {
    const auto same_name = [&](const ProblemInfo& p) { return p.name == it->name; };
    const bool offered_before = std::any_of(offered.begin(), it, same_name);
    if (offered_before || registry.find(it->name) != nullptr) {
      refuse("offers problem '" + it->name + "', which is registered already");
    }
    try {
      declare_added_options(*it);
    } catch (const std::invalid_argument& e) {
      refuse(e.what());
    }
  }
  for (auto& problem : offered) {
    if (log::debug_enabled()) log::debug("plugin " + file + ": problem " + problem.name);
    registry.add(std::move(problem));
  }
  offered.clear();
}

// Every *.so in `directory`, in name order, so that which one loads first is the same on
// every machine. A directory that does not exist has none; one that others could write
// is refused, as a plugin would be.
std::vector<std::string> modules_in(const std::string& directory) {
  std::error_code error;
  if (!fs::is_directory(directory, error)) return {};
  const std::string what = "plugin directory " + directory;
  const fs::path path = trusted_path(directory, what);
  struct stat status {};
  if (stat(path.c_str(), &status) != 0) throw PluginError(what + " cannot be read: " + std::strerror(errno));
  if (const auto why = writable_by_others(path, status)) refuse_untrusted(what, *why);
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(directory, error)) {
    if (entry.path().extension() == ".so") files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

void load_plugins(const std::vector<std::string>& files, Registry& registry) {
  std::vector<std::string> named = files;
  if (const char* path = std::getenv("BACKTRACK_PLUGIN_PATH")) {
    std::string_view rest(path);
    while (!rest.empty()) {
      const auto colon = rest.find(':');
      const std::string directory(rest.substr(0, colon));
      if (!directory.empty()) {
        const auto found = modules_in(directory);
        named.insert(named.end(), found.begin(), found.end());
      }
      rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
    }
  }
  for (const auto& file : named) load_plugin(file, registry);
  // The installed directory is the only one read unasked, so it is a fixed path, never
  // one found from where the program lies: a copy of the program elsewhere must not
  // load what others put beside it. What others could have written there is skipped.
  try {
    for (const auto& file : modules_in(BACKTRACK_INSTALLED_PLUGIN_DIR)) {
      try {
        load_plugin(file, registry);
      } catch (const UntrustedPlugin& e) {
        log::warn(e.what());
      }
    }
  } catch (const UntrustedPlugin& e) {
    log::warn(e.what());
  }
}

}  // namespace backtrack
