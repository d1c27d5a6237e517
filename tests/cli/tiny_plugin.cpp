// The smallest module backtrack accepts: one problem, which `list` shows once it is loaded.
#include "backtrack/registry.hpp"

namespace {
const backtrack::Registrar registrar(
    backtrack::ProblemInfo{.name = "tiny", .summary = "a module the plugin tests load", .strategies = {}, .make = {}});
}
