// A shared object like any library: it would load, but exports nothing backtrack looks for.
// Its constructor says so on stderr if it ever runs: the program must refuse the file first.
#include <cstdio>

extern "C" int not_a_plugin_answer() { return 42; }

namespace {
[[maybe_unused]] const int announced = std::fputs("not_a_plugin: constructor ran\n", stderr);
}
