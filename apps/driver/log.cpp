// The one file of the driver that includes spdlog (log.hpp says why).
#include "log.hpp"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

namespace backtrack::log {

void use_stderr_logger() {
  if (spdlog::get("backtrack") != nullptr) return;
  auto logger = spdlog::stderr_color_mt("backtrack");
  logger->set_pattern("backtrack: %^%l%$: %v");
  spdlog::set_default_logger(logger);
}

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
