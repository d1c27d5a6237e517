#pragma once
// What a plugin declares (StrategyInfo, OptionInfo), as `list` and `solve --help` show it.
#include <nlohmann/json_fwd.hpp>
#include <string>

#include "backtrack/registry.hpp"

namespace backtrack {

// "size <= 64; --symmetry none|mirror|full; --count --all --first --limit; takes --place --board";
// empty when the strategy declares nothing.
std::string declared_text(const ProblemInfo& problem, const StrategyInfo& strategy);

// {"name", "summary", "max_size" (null: any), "symmetries", "modes", "options"}
nlohmann::json declared_json(const StrategyInfo& strategy);

// {"name", "description", "type", "choices", "default" (null: none)}.
nlohmann::json option_json(const OptionInfo& option);

}  // namespace backtrack
