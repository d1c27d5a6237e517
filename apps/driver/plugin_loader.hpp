#pragma once
// Plugins built as loadable modules (backtrack_add_plugin), loaded before a command runs:
// the files given with --plugin, every *.so in the directories of BACKTRACK_PLUGIN_PATH,
// and every *.so in the plugin directory installed with the program.
#include <stdexcept>
#include <string>
#include <vector>

#include "backtrack/registry.hpp"

namespace backtrack {

// A module that cannot be used: missing, not a plugin, built against another version of
// backtrack, or offering a problem the registry has already (exit 69).
struct PluginError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Loads every module and adds its problems to `registry`; the first that fails ends the
// loading with a PluginError naming the file.
void load_plugins(const std::vector<std::string>& files, Registry& registry);

}  // namespace backtrack
