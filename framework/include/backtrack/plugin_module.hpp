#pragma once
// A plugin as a loadable module: what a shared object built with backtrack_add_plugin()
// exports, and what the backtrack program reads before it trusts one.
//
// The program and a module pass C++ objects to each other (ProblemInfo, Solver, strings),
// so both must be built against the same version of backtrack and the same standard
// library ABI. A module says which in a plain string, kept in an ELF section of its own:
// the program reads it from the file before it loads the module, so a file that is no
// plugin, or one built for another version, is refused before any of its code runs
// (dlopen would run its static initializers). An accepted module's Registrars only
// collect its problems (registry.hpp), and the program takes them into its own registry.
// So the registry is always the program's: the module never calls into it, nor carries
// a copy of it.
#include <vector>

#include "backtrack/registry.hpp"

#define BACKTRACK_PLUGIN_STRING_(x) #x
#define BACKTRACK_PLUGIN_STRING(x) BACKTRACK_PLUGIN_STRING_(x)
// std::string and std::list differ between libstdc++'s two ABIs.
#if defined(_GLIBCXX_USE_CXX11_ABI)
#define BACKTRACK_PLUGIN_STD_ABI "libstdc++ ABI " BACKTRACK_PLUGIN_STRING(_GLIBCXX_USE_CXX11_ABI)
#elif defined(_LIBCPP_ABI_VERSION)
#define BACKTRACK_PLUGIN_STD_ABI "libc++ ABI " BACKTRACK_PLUGIN_STRING(_LIBCPP_ABI_VERSION)
#else
#define BACKTRACK_PLUGIN_STD_ABI "unknown standard library"
#endif
// What a module and the program compare, e.g. "0.1.0 (libstdc++ ABI 1)".
#define BACKTRACK_PLUGIN_BUILT_FOR(version) version " (" BACKTRACK_PLUGIN_STD_ABI ")"

// The section that holds the string, alone: an allocated section, which strip keeps.
#define BACKTRACK_PLUGIN_SECTION ".backtrack_plugin"

namespace backtrack::plugin_module {

inline constexpr const char* built_for_section = BACKTRACK_PLUGIN_SECTION;
// extern "C" const char backtrack_plugin_built_for[]: BACKTRACK_PLUGIN_BUILT_FOR(version),
// alone in the section above. It is exported, which keeps the section from the linker's
// garbage collection, and lets a program that looks the string up by name tell it too.
inline constexpr const char* built_for_symbol = "backtrack_plugin_built_for";
// extern "C" std::vector<ProblemInfo>* backtrack_plugin_problems(): what the module's
// Registrars collected, for the program to move into its registry (never null).
inline constexpr const char* problems_symbol = "backtrack_plugin_problems";
using ProblemsFunction = std::vector<ProblemInfo>* ();

}  // namespace backtrack::plugin_module
