// _backtrack: the compiled half of `import backtrack` (the package in python/backtrack
// wraps it). Errors reach Python as the exceptions a Python user expects, with the
// command line's messages: a bad option or value is a ValueError, bad input data too, a
// plugin module that cannot be used an ImportError.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <boost/program_options/errors.hpp>

#include "backtrack/errors.hpp"
#include "plugins/plugin_loader.hpp"
#include "program/log.hpp"
#include "registry_access.hpp"
#include "search.hpp"

namespace py = pybind11;
using backtrack::python::FoundSolution;
using backtrack::python::Search;

PYBIND11_MODULE(_backtrack, m) {
  m.doc() = "backtrack's registry, searches and compare, as the command line runs them";
  // Warnings (a --threads above the CPUs, a renamed option) on stderr, as the program writes them.
  backtrack::log::use_stderr_logger("backtrack");
  backtrack::log::set_verbosity(0);
  backtrack::python::keep_signals_to_python();

  py::register_exception_translator([](std::exception_ptr error) {
    try {
      if (error) std::rethrow_exception(error);
    } catch (const backtrack::UsageError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const boost::program_options::error& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const backtrack::InputError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const backtrack::PluginError& e) {
      PyErr_SetString(PyExc_ImportError, e.what());
    }
  });

  py::class_<FoundSolution>(m, "FoundSolution")
      .def_readonly("json", &FoundSolution::json)
      .def_readonly("text", &FoundSolution::text);

  py::class_<Search>(m, "Search")
      .def(py::init<const std::vector<std::string>&, const std::string&, bool>(), py::arg("args"), py::arg("mode"),
           py::arg("hand_over"))
      .def("start", &Search::start)
      .def("next", &Search::next)
      .def("wait", &Search::wait)
      .def("stop", &Search::stop)
      .def("summary", &Search::summary)
      .def_property_readonly("optimises", &Search::optimises)
      .def_property_readonly("mode", &Search::mode);

  m.def("problems", &backtrack::python::describe_problems);
  m.def("load_plugin", &backtrack::python::load_plugin, py::arg("path"));
  m.def("command", &backtrack::python::run_command, py::arg("name"), py::arg("args"));
}
