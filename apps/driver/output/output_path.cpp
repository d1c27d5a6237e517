#include "output_path.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "backtrack/errors.hpp"
#include "backtrack/quoted.hpp"

namespace backtrack {

namespace fs = std::filesystem;

void check_output_file(const std::string& option, const std::string& file_name) {
  const fs::path file(file_name);
  const std::string name = in_quotes(file.string());
  std::error_code ec;
  const auto status = fs::status(file, ec);
  if (fs::is_directory(status)) throw UsageError(option + " " + name + " is a directory");
  if (fs::exists(status) && !fs::is_regular_file(status)) {
    throw UsageError(option + " " + name + " is not a regular file");
  }
  const auto parent = file.has_parent_path() ? file.parent_path() : fs::path(".");
  if (!fs::is_directory(parent, ec) || ::access(parent.c_str(), W_OK) != 0) {
    throw UsageError(option + " " + name + ": cannot write into " + in_quotes(parent.string()) + ": " +
                     std::strerror(ec ? ec.value() : errno));
  }
  if (fs::exists(status) && ::access(file.c_str(), W_OK) != 0) {
    throw UsageError(option + " " + name + ": " + std::strerror(errno));
  }
}

void check_output_directory(const std::string& option, const std::string& directory_name) {
  const fs::path directory(directory_name);
  const std::string name = in_quotes(directory.string());
  std::error_code ec;
  fs::path existing = directory;  // the directory, or the nearest above it that exists
  while (!fs::exists(existing, ec)) {
    if (!existing.has_parent_path() || existing.parent_path() == existing) {
      existing = ".";
      break;
    }
    existing = existing.parent_path();
  }
  if (!fs::is_directory(existing, ec)) {
    const std::string what = existing == directory ? name : name + ": " + in_quotes(existing.string());
    throw UsageError(option + " " + what + " is not a directory (" + option + " names a directory to write into)");
  }
  if (::access(existing.c_str(), W_OK) != 0) {
    throw UsageError(option + " " + name + ": cannot write into " + in_quotes(existing.string()) + ": " +
                     std::strerror(errno));
  }
}

}  // namespace backtrack
