#include "plugin_loader.hpp"

#include <dlfcn.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string_view>
#include <system_error>

#include "backtrack/plugin_module.hpp"

// BACKTRACK_VERSION and BACKTRACK_INSTALLED_PLUGIN_DIR come from apps/CMakeLists.txt; the
// directory, when relative, is below the program's prefix (bin/backtrack -> lib/backtrack/plugins).

namespace backtrack {
namespace {

namespace fs = std::filesystem;

std::string dl_error() {
  const char* error = dlerror();
  return error != nullptr ? error : "unknown error";
}

// The module's Registrars have run (dlopen runs a module's static initializers), but they
// only collected its problems: nothing of it reaches the registry before both symbols
// are found and the version matches. A refused module is closed again; an accepted one
// stays open for the rest of the run, since its problems' code lives in it.
void load_plugin(const std::string& file, Registry& registry) {
  std::error_code error;
  if (!fs::exists(file, error)) throw PluginError("plugin " + file + ": no such file");
  // A name without a slash would make dlopen search the library path: a file is meant.
  const std::string path = file.find('/') == std::string::npos ? "./" + file : file;
  void* module = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (module == nullptr) throw PluginError("plugin " + file + " cannot be loaded: " + dl_error());
  auto refuse = [&](const std::string& why) {
    dlclose(module);
    throw PluginError("plugin " + file + ": " + why);
  };
  const auto* built_for = static_cast<const char*>(dlsym(module, plugin_module::built_for_symbol));
  auto* problems =
      reinterpret_cast<plugin_module::ProblemsFunction*>(dlsym(module, plugin_module::problems_symbol));
  if (built_for == nullptr || problems == nullptr) {
    refuse("not a backtrack plugin (no " + std::string(plugin_module::built_for_symbol) +
           "; build it with backtrack_add_plugin)");
  }
  const char* const program_built_for = BACKTRACK_PLUGIN_BUILT_FOR(BACKTRACK_VERSION);
  if (std::strcmp(built_for, program_built_for) != 0) {
    refuse("built against backtrack " + std::string(built_for) + ", but this is backtrack " + program_built_for +
           ": rebuild the plugin against this version");
  }
  // Loading the same file twice gives the same module, whose problems were taken already.
  // All names are checked before any problem is added, so that a refused module is
  // closed with none of its code left in the registry.
  std::vector<ProblemInfo>& offered = *problems();
  for (auto it = offered.begin(); it != offered.end(); ++it) {
    const auto same_name = [&](const ProblemInfo& p) { return p.name == it->name; };
    const bool offered_before = std::any_of(offered.begin(), it, same_name);
    if (offered_before || registry.find(it->name) != nullptr) {
      refuse("offers problem '" + it->name + "', which is registered already");
    }
  }
  for (auto& problem : offered) {
    spdlog::debug("plugin {}: problem {}", file, problem.name);
    registry.add(std::move(problem));
  }
  offered.clear();
}

// Every *.so in `directory`, in name order, so that which one loads first is the same on
// every machine. A directory that does not exist has none.
std::vector<std::string> modules_in(const fs::path& directory) {
  std::vector<std::string> files;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(directory, error)) {
    if (entry.path().extension() == ".so") files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

fs::path installed_plugin_dir() {
  const fs::path dir(BACKTRACK_INSTALLED_PLUGIN_DIR);
  if (dir.is_absolute()) return dir;
  std::error_code error;
  const fs::path program = fs::read_symlink("/proc/self/exe", error);
  if (error) return {};
  return program.parent_path().parent_path() / dir;
}

}  // namespace

void load_plugins(const std::vector<std::string>& files, Registry& registry) {
  std::vector<std::string> all = files;
  if (const char* path = std::getenv("BACKTRACK_PLUGIN_PATH")) {
    std::string_view rest(path);
    while (!rest.empty()) {
      const auto colon = rest.find(':');
      const std::string directory(rest.substr(0, colon));
      if (!directory.empty()) {
        const auto found = modules_in(directory);
        all.insert(all.end(), found.begin(), found.end());
      }
      rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
    }
  }
  if (const fs::path installed = installed_plugin_dir(); !installed.empty()) {
    const auto found = modules_in(installed);
    all.insert(all.end(), found.begin(), found.end());
  }
  for (const auto& file : all) load_plugin(file, registry);
}

}  // namespace backtrack
