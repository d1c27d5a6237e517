#include "registry_access.hpp"

#include <atomic>
#include <chrono>
#include <exception>
#include <iostream>
#include <mutex>
#include <sstream>
#include <thread>

#include "backtrack/errors.hpp"
#include "backtrack/registry.hpp"
#include "commands/commands.hpp"
#include "plugins/plugin_loader.hpp"
#include "program/interrupt.hpp"

namespace backtrack::python {

namespace py = pybind11;

namespace {

// The stop flag of the commands run here (compare, solve --tree), which Ctrl-C sets from
// the waiting thread; every search reads it in place of the program's signal handlers.
std::atomic<bool> command_stop{false};

const char* type_name(OptionInfo::Type type) {
  switch (type) {
    case OptionInfo::Type::integer: return "int";
    case OptionInfo::Type::unsigned_integer: return "unsigned";
    case OptionInfo::Type::real: return "float";
    case OptionInfo::Type::text: return "str";
  }
  return "str";
}

py::list string_list(const std::vector<std::string>& values) {
  py::list list;
  for (const auto& value : values) list.append(value);
  return list;
}

}  // namespace

py::list describe_problems() {
  py::list problems;
  for (const ProblemInfo& problem : Registry::global().problems()) {
    py::list strategies;
    for (const StrategyInfo& strategy : problem.strategies) {
      py::list modes;
      for (SearchMode mode : strategy.modes) modes.append(to_string(mode));
      strategies.append(py::dict(py::arg("name") = strategy.name, py::arg("summary") = strategy.summary,
                                 py::arg("max_size") = strategy.max_size,
                                 py::arg("symmetries") = string_list(strategy.symmetries),
                                 py::arg("modes") = modes, py::arg("options") = string_list(strategy.options)));
    }
    py::list options;
    for (const OptionInfo& option : problem.options) {
      options.append(py::dict(py::arg("name") = option.name, py::arg("help") = option.help,
                              py::arg("type") = type_name(option.type), py::arg("choices") = string_list(option.choices),
                              py::arg("default") = option.default_value,
                              py::arg("short_name") = option.short_name != 0 ? std::string(1, option.short_name) : "",
                              py::arg("names_input_file") = option.names_input_file));
    }
    problems.append(py::dict(py::arg("name") = problem.name, py::arg("summary") = problem.summary,
                             py::arg("size_option") = problem.size_option, py::arg("strategies") = strategies,
                             py::arg("options") = options));
  }
  return problems;
}

void keep_signals_to_python() { interrupt::use_host_flag(&command_stop); }

void load_plugin(const std::string& path) { load_plugins({path}, Registry::global()); }

py::tuple run_command(const std::string& name, const std::vector<std::string>& args) {
  if (name != "compare" && name != "solve") throw UsageError("command must be compare or solve, got '" + name + "'");
  // A command writes to std::cout and reads the process's stop flag: one at a time.
  static std::mutex one_command;
  std::lock_guard serial(one_command);
  std::atomic<bool>& stop = command_stop;
  stop.store(false);

  std::ostringstream table;
  int code = 0;
  std::exception_ptr error;
  std::atomic<bool> finished{false};
  std::streambuf* const terminal = std::cout.rdbuf(table.rdbuf());
  std::thread worker([&] {
    try {
      code = name == "compare" ? compare_command(args, Registry::global()) : solve_command(args, Registry::global());
    } catch (...) {
      error = std::current_exception();
    }
    finished.store(true);
  });
  bool interrupted = false;
  while (!finished.load()) {
    {
      py::gil_scoped_release release;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    if (!interrupted && PyErr_CheckSignals() != 0) {
      interrupted = true;  // the exception stays set: raised once the command has stopped
      stop.store(true);
    }
  }
  {
    py::gil_scoped_release release;
    worker.join();
  }
  std::cout.rdbuf(terminal);
  if (interrupted) throw py::error_already_set();
  if (error) std::rethrow_exception(error);
  return py::make_tuple(table.str(), code);
}

}  // namespace backtrack::python
