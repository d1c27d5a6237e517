#pragma once
// Plugins built as loadable modules (backtrack_add_plugin), loaded before a command runs:
// the files given with --plugin, every *.so in the directories of BACKTRACK_PLUGIN_PATH,
// and every *.so in the plugin directory installed with the program (an absolute path
// fixed when backtrack is built). A module runs only code the user chose to trust: its
// file and every directory above it must be writable by root or the user alone (or be
// root's or the user's in a sticky directory of root's, such as /tmp), and its
// version is read from the file before it is loaded.
#include <stdexcept>
#include <string>
#include <vector>

#include "backtrack/registry.hpp"

namespace backtrack {

// A module that cannot be used: missing, writable by others, not a plugin, built against
// another version of backtrack, or offering a problem the registry has already (exit 69).
struct PluginError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Loads every module and adds its problems to `registry`; the first that fails ends the
// loading with a PluginError naming the file. In the installed plugin directory, a
// module (or the directory) that others could have written is skipped with a warning
// instead, so that the program still runs.
void load_plugins(const std::vector<std::string>& files, Registry& registry);

}  // namespace backtrack
