#pragma once
// How a constraint model is searched: pruning, variable order, value order.
//   --prune none      a value is checked only against the variables already assigned
//           forward   forward checking: assigning x removes the values of x's unassigned
//                     neighbours that conflict with it; an emptied domain fails at once
//           arc       forward checking, then arc consistency (AC-3) on the binary
//                     constraints, and all-different on the variables left one value
//   --order static    the first unassigned variable, in the model's order
//           mrv       fewest values left (minimum remaining values); ties: model order
//           dom-deg   fewest values per constraint neighbour (domain / static degree)
//   --values min      smallest first; mid: nearest the middle of the range first;
//            random   a random order per variable, fixed by --seed for the whole run
#include <cstdint>
#include <optional>
#include <string_view>

namespace backtrack::csp {

enum class Prune { none, forward, arc };
enum class VariableOrder { static_order, mrv, dom_deg };
enum class ValueOrder { min, mid, random };

struct SearchOptions {
  Prune prune = Prune::forward;
  VariableOrder variables = VariableOrder::mrv;
  ValueOrder values = ValueOrder::min;
  std::uint64_t seed = 1;
};

constexpr std::string_view to_string(Prune p) {
  return p == Prune::none ? "none" : p == Prune::forward ? "forward" : "arc";
}
constexpr std::string_view to_string(VariableOrder o) {
  return o == VariableOrder::static_order ? "static" : o == VariableOrder::mrv ? "mrv" : "dom-deg";
}
constexpr std::string_view to_string(ValueOrder o) {
  return o == ValueOrder::min ? "min" : o == ValueOrder::mid ? "mid" : "random";
}

inline std::optional<Prune> parse_prune(std::string_view s) {
  for (auto p : {Prune::none, Prune::forward, Prune::arc}) {
    if (s == to_string(p)) return p;
  }
  return std::nullopt;
}
inline std::optional<VariableOrder> parse_variable_order(std::string_view s) {
  for (auto o : {VariableOrder::static_order, VariableOrder::mrv, VariableOrder::dom_deg}) {
    if (s == to_string(o)) return o;
  }
  return std::nullopt;
}
inline std::optional<ValueOrder> parse_value_order(std::string_view s) {
  for (auto o : {ValueOrder::min, ValueOrder::mid, ValueOrder::random}) {
    if (s == to_string(o)) return o;
  }
  return std::nullopt;
}

}  // namespace backtrack::csp
