// A module of the right version whose backtrack_plugin_problems() gives a null pointer
// instead of its list of problems: the program must refuse it, not follow the pointer.
// The entry points are written out here, as cmake/backtrack_plugin_entry.cpp writes them.
#include "backtrack/plugin_module.hpp"

extern "C" {

__attribute__((visibility("default"), section(BACKTRACK_PLUGIN_SECTION), used)) extern const char
    backtrack_plugin_built_for[] = BACKTRACK_PLUGIN_BUILT_FOR(BACKTRACK_PLUGIN_VERSION);

__attribute__((visibility("default"))) std::vector<backtrack::ProblemInfo>* backtrack_plugin_problems() {
  return nullptr;
}

}  // extern "C"
