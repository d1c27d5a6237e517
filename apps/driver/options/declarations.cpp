#include "declarations.hpp"

#include <nlohmann/json.hpp>
#include <vector>

namespace backtrack {

namespace {

const std::vector<SearchMode> every_mode = {SearchMode::count, SearchMode::all, SearchMode::unique,
                                            SearchMode::first, SearchMode::limit};

const std::vector<SearchMode>& modes_of(const StrategyInfo& s) { return s.modes.empty() ? every_mode : s.modes; }

}  // namespace

std::string declared_text(const ProblemInfo& problem, const StrategyInfo& s) {
  std::vector<std::string> parts;
  if (s.max_size != 0) parts.push_back((problem.size_option.empty() ? "size" : problem.size_option) +
                                       " <= " + std::to_string(s.max_size));
  if (!s.symmetries.empty()) {
    std::string text = "--symmetry ";
    for (std::size_t i = 0; i < s.symmetries.size(); ++i) text += (i == 0 ? "" : "|") + s.symmetries[i];
    parts.push_back(text);
  }
  if (!s.modes.empty()) {
    std::string text;
    for (const auto mode : s.modes) text += std::string(text.empty() ? "" : " ") + "--" + to_string(mode);
    parts.push_back(text);
  }
  if (!s.options.empty()) {
    std::string text = "takes";
    for (const auto& option : s.options) text += " --" + option;
    parts.push_back(text);
  }
  std::string text;
  for (const auto& part : parts) text += (text.empty() ? "" : "; ") + part;
  return text;
}

nlohmann::json declared_json(const StrategyInfo& s) {
  nlohmann::json modes = nlohmann::json::array();
  for (const auto mode : modes_of(s)) modes.push_back(to_string(mode));
  return {{"name", s.name},
          {"summary", s.summary},
          {"max_size", s.max_size == 0 ? nlohmann::json(nullptr) : nlohmann::json(s.max_size)},
          {"symmetries", s.symmetries},
          {"modes", modes},
          {"options", s.options}};
}

nlohmann::json option_json(const OptionInfo& option) {
  return {{"name", option.name},
          {"description", option.help},
          {"type", option.type == OptionInfo::Type::integer            ? "integer"
                   : option.type == OptionInfo::Type::unsigned_integer ? "unsigned_integer"
                   : option.type == OptionInfo::Type::real             ? "real"
                                                                       : "text"},
          {"choices", option.choices},
          {"default", option.default_value.empty() ? nlohmann::json(nullptr) : nlohmann::json(option.default_value)}};
}

}  // namespace backtrack
