// Compiled into every module that backtrack_add_plugin() builds: the two symbols the
// backtrack program looks for (backtrack/plugin_module.hpp). BACKTRACK_PLUGIN_VERSION is
// the version of the package the module is built against.
#include "backtrack/plugin_module.hpp"

namespace backtrack {

std::vector<ProblemInfo>& module_problems() {
  static std::vector<ProblemInfo> problems;
  return problems;
}

}  // namespace backtrack

extern "C" {

// In a section of its own, where the program reads it from the file without loading it.
__attribute__((visibility("default"), section(BACKTRACK_PLUGIN_SECTION), used)) extern const char
    backtrack_plugin_built_for[] = BACKTRACK_PLUGIN_BUILT_FOR(BACKTRACK_PLUGIN_VERSION);

__attribute__((visibility("default"))) std::vector<backtrack::ProblemInfo>* backtrack_plugin_problems() {
  return &backtrack::module_problems();
}

}  // extern "C"
