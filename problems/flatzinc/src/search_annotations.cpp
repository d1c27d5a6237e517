#include "search_annotations.hpp"

#include <optional>
#include <string_view>
#include <unordered_map>
#include <variant>

namespace backtrack::flatzinc::detail {
namespace {

class Annotations {
 public:
  Annotations(Symbols& symbols, std::vector<std::string>& warnings) : symbols_(symbols), warnings_(warnings) {}

  bool phased() const { return phased_; }

  void add(const Expr& a) {
    const auto* call = std::get_if<Call>(&a.value);
    if (call && call->id == "seq_search" && call->args.size() == 1) {
      if (const auto* list = std::get_if<ArrayLiteral>(&call->args.front().value)) {
        for (const Expr& item : list->items) add(item);
        return;
      }
    }
    if (call && (call->id == "int_search" || call->id == "bool_search") &&
        (call->args.size() == 3 || call->args.size() == 4)) {
      std::vector<csp::IntVar> xs;
      for (const Element& e : symbols_.array(call->args[0])) {
        if (e.is_var()) xs.push_back(csp::IntVar{e.var});
      }
      symbols_.model().add_phase(xs, variable_order(call->args[1]), value_order(call->args[2]));
      phased_ = true;
      return;
    }
    warn(a.at, "the search annotation '" + (call ? call->id : std::string("?")) + "' is not supported: ignored");
  }

 private:
  std::optional<csp::VariableOrder> variable_order(const Expr& e) {
    using O = csp::VariableOrder;
    static const std::unordered_map<std::string_view, O> orders{
        {"input_order", O::static_order}, {"first_fail", O::mrv},      {"anti_first_fail", O::largest},
        {"smallest", O::min_value},       {"largest", O::max_value},   {"dom_w_deg", O::dom_wdeg},
        {"afc_max", O::afc},              {"afc_size_max", O::afc_size},
        {"activity_max", O::activity},    {"activity_size_max", O::activity_size},
    };
    return choice(e, orders, "variable choice");
  }
  std::optional<csp::ValueOrder> value_order(const Expr& e) {
    using O = csp::ValueOrder;
    static const std::unordered_map<std::string_view, O> orders{
        {"indomain_min", O::min},       {"indomain", O::min},
        {"indomain_max", O::max},       {"indomain_median", O::mid},
        {"indomain_random", O::random}, {"indomain_split", O::split},
        {"indomain_reverse_split", O::reverse_split},
    };
    return choice(e, orders, "value choice");
  }
  template <class O>
  std::optional<O> choice(const Expr& e, const std::unordered_map<std::string_view, O>& known, const char* what) {
    const auto* name = std::get_if<Name>(&e.value);
    if (name) {
      const auto found = known.find(name->id);
      if (found != known.end()) return found->second;
    }
    warn(e.at, std::string("the ") + what + " '" + (name ? name->id : std::string("?")) +
                   "' is not supported: the search options' choice instead");
    return std::nullopt;
  }

  void warn(Position at, const std::string& message) {
    warnings_.push_back(std::to_string(at.line) + ":" + std::to_string(at.column) + ": " + message);
  }

  Symbols& symbols_;
  std::vector<std::string>& warnings_;
  bool phased_ = false;
};

}  // namespace

bool add_search_phases(const std::vector<Expr>& annotations, Symbols& symbols, std::vector<std::string>& warnings) {
  Annotations phases(symbols, warnings);
  for (const Expr& a : annotations) phases.add(a);
  return phases.phased();
}

}  // namespace backtrack::flatzinc::detail
