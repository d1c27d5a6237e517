#include "double_text.hpp"

#include <fmt/format.h>

namespace backtrack {

std::string double_text(double value) { return fmt::format("{}", value); }

}  // namespace backtrack
