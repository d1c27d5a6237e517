// A plugin built as backtrack 0.0.1 would build it (tests/cli/CMakeLists.txt): its
// Registrar and its constructor must not run in a program of another version.
#include <cstdio>

#include "backtrack/registry.hpp"

namespace {
[[maybe_unused]] const int announced = std::fputs("older_plugin: constructor ran\n", stderr);
const backtrack::Registrar registrar(
    backtrack::ProblemInfo{.name = "older", .summary = "a problem of another version", .strategies = {}, .make = {}});
}  // namespace
