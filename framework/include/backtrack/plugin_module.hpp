#pragma once
// A plugin as a loadable module: what a shared object built with backtrack_add_plugin()
// exports, and what the backtrack program reads before it trusts one.
//
// The program and a module pass C++ objects to each other (ProblemInfo, Solver, strings),
// so both must be built against the same version of backtrack and the same standard
// library ABI. A module says which in a plain string (a data symbol, read without running
// any of the module's code); its Registrars only collect its problems (registry.hpp), and
// the program takes them into its own registry after the check. So the registry is always
// the program's: the module never calls into it, nor carries a copy of it.
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

namespace backtrack::plugin_module {

// extern "C" const char backtrack_plugin_built_for[]: BACKTRACK_PLUGIN_BUILT_FOR(version).
inline constexpr const char* built_for_symbol = "backtrack_plugin_built_for";
// extern "C" std::vector<ProblemInfo>* backtrack_plugin_problems(): what the module's
// Registrars collected, for the program to move into its registry.
inline constexpr const char* problems_symbol = "backtrack_plugin_problems";
using ProblemsFunction = std::vector<ProblemInfo>* ();

}  // namespace backtrack::plugin_module
