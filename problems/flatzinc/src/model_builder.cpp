#include "backtrack/flatzinc/model_builder.hpp"

#include <algorithm>
#include <utility>
#include <variant>

#include "builtins.hpp"
#include "search_annotations.hpp"
#include "symbols.hpp"

namespace backtrack::flatzinc {

ModelError::ModelError(Position at, const std::string& message)
    : std::runtime_error(std::to_string(at.line) + ":" + std::to_string(at.column) + ": " + message), at_(at) {}

namespace {

using csp::IntVar;
using csp::Value;
using detail::Element;
using detail::largest_listed_domain;
using detail::Resolved;

// The walk over a model: its declarations (Symbols), then its constraints (the registry
// of builtins), then its solve item (objective and search annotations).
class Builder {
 public:
  Builder(const Model& ast, const BuildOptions& options) : ast_(ast), options_(options) {
    m_.set_globals(options.globals);
    symbols_.all_different = options.all_different;
  }

  FlatZincModel build() {
    symbols_.find_bool2int_aliases(ast_);
    for (const Declaration& d : ast_.declarations) {
      const Resolved& r = symbols_.declare(d);
      if (d.type.is_var) note_variables(d, r);
    }
    for (const ConstraintItem& c : ast_.constraints) detail::post_builtin(symbols_, c);
    solve(ast_.solve);
    out_.model = std::move(m_);
    return std::move(out_);
  }

 private:
  void note_variables(const Declaration& d, const Resolved& r) {
    bool introduced = false;
    for (const Expr& a : d.annotations) {
      const auto* name = std::get_if<Name>(&a.value);
      const auto* call = std::get_if<Call>(&a.value);
      if (name && (name->id == "var_is_introduced" || name->id == "is_defined_var")) introduced = true;
      if (name && name->id == "output_var") {
        if (r.is_array) throw ModelError(a.at, "output_var on the array '" + d.id + "' (output_array expected)");
        out_.output.push_back({d.id, {}, output_values(r), r.boolean});
      }
      if (call && call->id == "output_array") {
        if (!r.is_array) throw ModelError(a.at, "output_array on the scalar '" + d.id + "'");
        OutputItem item{d.id, {}, output_values(r), r.boolean};
        if (call->args.size() != 1) throw ModelError(a.at, "output_array takes one argument, the index sets");
        const auto* dims = std::get_if<ArrayLiteral>(&call->args.front().value);
        if (!dims) throw ModelError(a.at, "output_array expects an array of index sets, e.g. [1..3]");
        csp::Wide size = 1;  // a range of 64-bit bounds has up to 2^64 elements
        for (const Expr& dim : dims->items) {
          const auto* set = std::get_if<IntSet>(&dim.value);
          if (!set || set->ranges.size() > 1) throw ModelError(dim.at, "an index set of output_array must be a range");
          const IntRange range = set->ranges.empty() ? IntRange{1, 0} : set->ranges.front();
          item.dimensions.push_back(range);
          size *= std::max<csp::Wide>(csp::Wide{range.hi} - range.lo + 1, 0);
          if (size > largest_listed_domain) throw ModelError(dim.at, "output_array is too large");
        }
        if (dims->items.empty() || size != static_cast<csp::Wide>(item.values.size())) {
          throw ModelError(a.at, "the index sets of output_array do not match the " +
                                     std::to_string(item.values.size()) + " elements of '" + d.id + "'");
        }
        out_.output.push_back(std::move(item));
      }
    }
    for (const Element& e : r.items) {
      if (e.is_var() && !introduced) declared_.push_back(e.var);
    }
  }

  static std::vector<OutputValue> output_values(const Resolved& r) {
    std::vector<OutputValue> values;
    for (const Element& e : r.items) values.push_back({e.var, e.constant});
    return values;
  }

  void solve(const SolveItem& s) {
    out_.goal = s.goal;
    if (s.goal != SolveItem::Goal::satisfy) {
      if (!s.objective) throw ModelError(s.at, "minimize and maximize need an objective");
      // A constant objective is a fixed variable: the first solution is then proved
      // optimal, as the search proves any other optimum, not listed with every other.
      const IntVar x = symbols_.var(*s.objective);
      s.goal == SolveItem::Goal::minimize ? m_.minimize(x) : m_.maximize(x);
    }
    const bool phased =
        options_.follow_search_annotations && detail::add_search_phases(s.annotations, symbols_, out_.warnings);
    out_.names_a_search = phased;
    // Then the model's own variables, those it prints and the objective; the compiler's
    // (var_is_introduced, is_defined_var) and those made here only as far as one way to
    // fix them, as Gecode does: else a solution would be listed once for each way to set
    // the Booleans of the constraints it does not need (half-reified ones).
    std::vector<char> decided(static_cast<std::size_t>(m_.variables()), 0);
    std::vector<IntVar> rest;
    const auto decide = [&](int x) {
      if (!decided[static_cast<std::size_t>(x)]) rest.push_back(IntVar{x});
      decided[static_cast<std::size_t>(x)] = 1;
    };
    for (const csp::SearchPhase& p : m_.phases()) {
      if (!phased) break;  // phases() lists every variable when none was added
      for (int x : p.xs) decided[static_cast<std::size_t>(x)] = 1;
    }
    for (int x : declared_) decide(x);
    for (const OutputItem& item : out_.output) {
      for (const OutputValue& v : item.values) {
        if (v.var >= 0) decide(v.var);
      }
    }
    if (const auto& o = m_.objective()) decide(o->x);
    m_.add_phase(rest);
    std::vector<IntVar> auxiliary;
    for (int x = 0; x < m_.variables(); ++x) {
      if (!decided[static_cast<std::size_t>(x)]) auxiliary.push_back(IntVar{x});
    }
    m_.auxiliary(auxiliary);
  }

  const Model& ast_;
  BuildOptions options_;
  csp::IntModel m_;
  detail::Symbols symbols_{m_};
  FlatZincModel out_;
  std::vector<int> declared_;
};

std::string value_text(Value v, bool boolean) {
  if (boolean) return v != 0 ? "true" : "false";
  return std::to_string(v);
}

}  // namespace

FlatZincModel build_model(const Model& ast, const BuildOptions& options) {
  try {
    return Builder(ast, options).build();
  } catch (const std::invalid_argument& e) {  // from the CSP layer, for a case not checked above
    throw ModelError(ast.solve.at, e.what());
  }
}

std::string format_solution(const std::vector<OutputItem>& output, const std::vector<csp::Value>& values) {
  std::string text;
  for (const OutputItem& item : output) {
    const auto value = [&](const OutputValue& v) {
      return value_text(v.var >= 0 ? values[static_cast<std::size_t>(v.var)] : v.constant, item.boolean);
    };
    text += item.name + " = ";
    if (item.dimensions.empty()) {
      text += value(item.values.front());
    } else {
      text += "array" + std::to_string(item.dimensions.size()) + "d(";
      for (const IntRange& r : item.dimensions) text += std::to_string(r.lo) + ".." + std::to_string(r.hi) + ", ";
      text += "[";
      for (std::size_t i = 0; i < item.values.size(); ++i) text += (i ? ", " : "") + value(item.values[i]);
      text += "])";
    }
    text += ";\n";
  }
  return text;
}

}  // namespace backtrack::flatzinc
