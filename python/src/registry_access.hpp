#pragma once
// What the command line knows of its problems, for Python: the registry's declarations
// as data, plugin modules loaded by path, and commands run as the program runs them.
#include <string>
#include <vector>

#include <pybind11/pybind11.h>

namespace backtrack::python {

// Every problem with its strategies and options, as declared (list of dicts).
pybind11::list describe_problems();

// Python handles SIGINT itself (KeyboardInterrupt): the driver must install no handler of
// its own, and reads the flag this module sets instead (interrupt::use_host_flag).
void keep_signals_to_python();

// Loads a plugin module (backtrack_add_plugin) into the registry, as --plugin FILE does.
void load_plugin(const std::string& path);

// `backtrack compare ARGS...` or `backtrack solve ARGS...` (for what it draws: --tree):
// what it writes to stdout, and its exit code. Runs with the GIL released; Ctrl-C stops
// it and raises KeyboardInterrupt once it has stopped.
pybind11::tuple run_command(const std::string& name, const std::vector<std::string>& args);

}  // namespace backtrack::python
