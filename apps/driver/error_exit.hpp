#pragma once
// From an error to an exit code: the one place that maps the exceptions of a command
// (usage, input data, anything else) to sysexits codes, after logging them.
#include <spdlog/spdlog.h>

#include <boost/program_options/errors.hpp>
#include <exception>
#include <new>
#include <string>
#include <system_error>

#include "backtrack/cli.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/memory_limit.hpp"
#include "backtrack/quoted.hpp"
#include "plugin_loader.hpp"

namespace backtrack {

// How much memory this process may use, for a message: "ulimit -v leaves this process
// 12 MiB". Reading the limits takes memory too (a file buffer), which may be what ran
// out: then the words say so instead of throwing from an error handler (an abort).
inline std::string available_memory_words() {
  try {
    const AvailableMemory available = available_memory();
    return available.held_by + " " + memory_text(available.bytes);
  } catch (const std::bad_alloc&) {
    return "too little memory left to read the limits";
  }
}

// Call from a catch block: logs the exception being handled, returns its exit code.
// A message is one line whatever user text it holds: what a message quotes goes through
// in_quotes() where it is written, and what a library quotes (Boost's "the argument ('...')
// for option ...") has its control characters escaped here.
inline int exit_code_for_current_exception() {
  const auto one_line = [](const std::exception& e) { return shown(e.what(), std::string_view::npos); };
  try {
    throw;
  } catch (const UsageError& e) {
    spdlog::error("{}", one_line(e));
    return exit_usage;
  } catch (const boost::program_options::error& e) {
    spdlog::error("{}", one_line(e));
    return exit_usage;
  } catch (const InputError& e) {
    spdlog::error("{}", one_line(e));
    return exit_data;
  } catch (const PluginError& e) {
    spdlog::error("{}", one_line(e));
    return exit_unavailable;
  } catch (const WriteError& e) {
    spdlog::error("{}", e.what());
    return exit_io;
  } catch (const BusyError& e) {
    spdlog::error("{}", one_line(e));
    return exit_busy;
  } catch (const std::bad_alloc&) {
    // Past the estimates (memory_limit.hpp), which are upper bounds of the largest terms,
    // not of everything; the failed allocation is unwound, so a message can be built.
    spdlog::error("out of memory: the system refused an allocation ({}); fewer --threads or a smaller "
                  "instance need less",
                  available_memory_words());
    return exit_out_of_memory;
  } catch (const std::system_error& e) {
    // A thread the system would not start (its stack is memory too, under ulimit -v).
    if (e.code() != std::errc::resource_unavailable_try_again && e.code() != std::errc::not_enough_memory) {
      spdlog::critical("internal error: {}", e.what());
      return exit_internal;
    }
    spdlog::error("out of memory: the system refused a thread ({}); fewer --threads need less", e.what());
    return exit_out_of_memory;
  } catch (const std::exception& e) {
    spdlog::critical("internal error: {}", e.what());
    return exit_internal;
  } catch (...) {
    spdlog::critical("internal error: an unknown exception");
    return exit_internal;
  }
}

}  // namespace backtrack
