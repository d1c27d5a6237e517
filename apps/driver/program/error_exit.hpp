#pragma once
// From an error to an exit code: the one place that maps the exceptions of a command
// (usage, input data, anything else) to sysexits codes, after logging them.
#include <boost/program_options/errors.hpp>
#include <cstdio>
#include <exception>
#include <new>
#include <string>
#include <system_error>

#include "../plugins/plugin_loader.hpp"
#include "backtrack/cli.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/memory_limit.hpp"
#include "backtrack/quoted.hpp"
#include "interrupt.hpp"
#include "log.hpp"

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
    log::error(one_line(e));
    return exit_usage;
  } catch (const boost::program_options::error& e) {
    log::error(one_line(e));
    return exit_usage;
  } catch (const InputError& e) {
    log::error(one_line(e));
    // Ctrl-C at a terminal stops the whole pipeline: the program that fed the input
    // ends too, and the input reads as cut short. The user interrupted; the exit says so.
    if (interrupt::signal_number() != 0) return 128 + interrupt::signal_number();
    return exit_data;
  } catch (const PluginError& e) {
    log::error(one_line(e));
    return exit_unavailable;
  } catch (const WriteError& e) {
    log::error(e.what());
    return exit_io;
  } catch (const BusyError& e) {
    log::error(one_line(e));
    return exit_busy;
  } catch (const std::bad_alloc&) {
    // Past the estimates (memory_limit.hpp), which are upper bounds of the largest terms,
    // not of everything; the failed allocation is unwound, so a message can be built.
    try {
      log::error("out of memory: the system refused an allocation (" + available_memory_words() +
                 "); fewer threads or a smaller instance need less");
    } catch (const std::bad_alloc&) {  // not even the message fits: one that needs no memory
      std::fputs(log::program_name(), stderr);
      std::fputs(": error: out of memory: the system refused an allocation\n", stderr);
    }
    return exit_out_of_memory;
  } catch (const std::system_error& e) {
    // A thread the system would not start (its stack is memory too, under ulimit -v).
    if (e.code() != std::errc::resource_unavailable_try_again && e.code() != std::errc::not_enough_memory) {
      log::critical(std::string("internal error: ") + e.what());
      return exit_internal;
    }
    log::error(std::string("out of memory: the system refused a thread (") + e.what() + "); fewer threads need less");
    return exit_out_of_memory;
  } catch (const std::exception& e) {
    log::critical(std::string("internal error: ") + e.what());
    return exit_internal;
  } catch (...) {
    log::critical("internal error: an unknown exception");
    return exit_internal;
  }
}

}  // namespace backtrack
