// The one file of the driver that includes spdlog (log.hpp says why).
#include "log.hpp"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>
#include <string>

namespace backtrack::log {

namespace {
const char* program = "backtrack";
}  // namespace

void use_stderr_logger(const char* name) {
  if (spdlog::get(name) != nullptr) return;
  program = name;
  auto logger = spdlog::stderr_color_mt(name);
  logger->set_pattern(std::string(name) + ": %^%l%$: %v");
  spdlog::set_default_logger(logger);
}

const char* program_name() { return program; }

void set_verbosity(int level) {
  spdlog::set_level(level < 0    ? spdlog::level::err
                    : level == 0 ? spdlog::level::info
                    : level == 1 ? spdlog::level::debug
                                 : spdlog::level::trace);
}

bool debug_enabled() { return spdlog::should_log(spdlog::level::debug); }

namespace {
// The text as it is, not a format string: a "{}" in a file name stays.
void write(spdlog::level::level_enum level, std::string_view message) {
  spdlog::default_logger_raw()->log(level, spdlog::string_view_t(message.data(), message.size()));
}
}  // namespace

void debug(std::string_view message) { write(spdlog::level::debug, message); }
void info(std::string_view message) { write(spdlog::level::info, message); }
void warn(std::string_view message) { write(spdlog::level::warn, message); }
void error(std::string_view message) { write(spdlog::level::err, message); }
void critical(std::string_view message) { write(spdlog::level::critical, message); }

void flush() { spdlog::default_logger_raw()->flush(); }

std::string number(double value) { return fmt::format("{}", value); }

}  // namespace backtrack::log
