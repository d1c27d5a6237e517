#pragma once
// The program's messages on stderr ("backtrack: error: ...", "fzn-backtrack: error: ..."). spdlog writes them, but
// only log.cpp includes it: its headers cost some 20 s of CPU in every file that did
// (issue 42), and a message needs no formatting library, only a string.
#include <string>
#include <string_view>

namespace backtrack::log {

// Once per process, before the first message (a program may run the command line more
// than once): the default logger, on stderr, in color where stderr is a terminal; each
// message starts with `program`, a string that lives as long as the process.
void use_stderr_logger(const char* program = "backtrack");

// The name messages start with, for a message written without the logger.
const char* program_name();

// -q / -v: below 0 errors only, 0 the default, 1 debug, 2 and more trace.
void set_verbosity(int level);

// Whether debug() writes anything: a message that costs something to build is built
// only then.
bool debug_enabled();

void debug(std::string_view message);
void info(std::string_view message);
void warn(std::string_view message);
void error(std::string_view message);
void critical(std::string_view message);

// A number in a message as fmt's "{}" writes it: the shortest text that reads back as
// the same double, without an exponent from 1e-4 up to 1e16 ("0.5", "1e+20", "nan").
// Messages were formatted by fmt before they were built as strings, and tests and
// users' scripts read them; std::to_string() would write "0.500000".
std::string number(double value);

// Writes out what the logger holds: before leaving with std::_Exit(), which flushes nothing.
void flush();

}  // namespace backtrack::log
