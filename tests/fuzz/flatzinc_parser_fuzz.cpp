// flatzinc::parse() on any text. Promises: it returns a model or throws a ParseError
// whose message starts with the line and column it carries, a place in the input; a
// model's items start in the input, its sets are sorted disjoint non-empty ranges; and the
// model printed back as FlatZinc parses to a model that prints the same.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <variant>

#include "backtrack/flatzinc/parser.hpp"
#include "contract.hpp"

using backtrack::fuzz::require;
namespace fzn = backtrack::flatzinc;

namespace {

struct Extent {
  int lines = 1;
  int longest_line = 0;  // in bytes
};

Extent extent_of(const std::string& text) {
  Extent extent;
  int column = 0;
  for (const char c : text) {
    if (c == '\n') {
      ++extent.lines;
      column = 0;
    } else {
      extent.longest_line = std::max(extent.longest_line, ++column);
    }
  }
  return extent;
}

void require_inside(fzn::Position at, const Extent& extent) {
  require(at.line >= 1 && at.line <= extent.lines, "a position's line is in the input");
  require(at.column >= 1 && at.column <= extent.longest_line + 1, "a position's column is on a line of the input");
}

void require_canonical(const fzn::IntSet& set) {
  for (std::size_t i = 0; i < set.ranges.size(); ++i) {
    require(set.ranges[i].lo <= set.ranges[i].hi, "a set's ranges are not empty");
    require(i == 0 || (set.ranges[i - 1].hi < set.ranges[i].lo && set.ranges[i - 1].hi + 1 < set.ranges[i].lo),
            "a set's ranges are sorted, apart");
  }
}

class Printer {
 public:
  std::string text;

  void model(const fzn::Model& model) {
    for (const auto& d : model.declarations) {
      type(d.type);
      text += ": " + d.id;
      annotations(d.annotations);
      if (d.value) {
        text += " = ";
        expr(*d.value);
      }
      text += ";\n";
    }
    for (const auto& c : model.constraints) {
      text += "constraint " + c.id + "(";
      list(c.args);
      text += ")";
      annotations(c.annotations);
      text += ";\n";
    }
    text += "solve";
    annotations(model.solve.annotations);
    if (model.solve.goal == fzn::SolveItem::Goal::satisfy) {
      text += " satisfy";
    } else {
      text += model.solve.goal == fzn::SolveItem::Goal::minimize ? " minimize " : " maximize ";
      expr(*model.solve.objective);
    }
    text += ";\n";
  }

 private:
  void type(const fzn::Type& type) {
    if (type.array_size) text += "array [1.." + std::to_string(*type.array_size) + "] of ";
    if (type.is_var) text += "var ";
    if (type.base == fzn::BaseType::int_set) text += "set of ";
    if (type.domain) {
      set(*type.domain);
    } else {
      text += type.base == fzn::BaseType::boolean ? "bool" : type.base == fzn::BaseType::floating ? "float" : "int";
    }
  }

  void set(const fzn::IntSet& set) {
    require_canonical(set);
    if (set.ranges.size() == 1) {
      text += std::to_string(set.ranges[0].lo) + ".." + std::to_string(set.ranges[0].hi);
      return;
    }
    // Several ranges come from a set literal that listed each of their values.
    text += "{";
    const char* separator = "";
    for (const auto& range : set.ranges) {
      for (fzn::Int v = range.lo;; ++v) {
        text += separator + std::to_string(v);
        separator = ",";
        if (v == range.hi) break;
      }
    }
    text += "}";
  }

  void annotations(const std::vector<fzn::Expr>& annotations) {
    for (const auto& a : annotations) {
      require(std::holds_alternative<fzn::Name>(a.value) || std::holds_alternative<fzn::Call>(a.value),
              "an annotation is a name or a call");
      text += " :: ";
      expr(a);
    }
  }

  void list(const std::vector<fzn::Expr>& items) {
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (i > 0) text += ",";
      expr(items[i]);
    }
  }

  void expr(const fzn::Expr& e) {
    if (const auto* b = std::get_if<bool>(&e.value)) {
      text += *b ? "true" : "false";
    } else if (const auto* i = std::get_if<fzn::Int>(&e.value)) {
      text += std::to_string(*i);
    } else if (const auto* f = std::get_if<double>(&e.value)) {
      require(std::isfinite(*f), "a float is finite");
      char buffer[40];
      std::snprintf(buffer, sizeof buffer, "%.17g", *f);
      std::string number = buffer;
      if (number.find_first_of(".e") == std::string::npos) number += ".0";
      text += number;
    } else if (const auto* s = std::get_if<fzn::IntSet>(&e.value)) {
      if (s->ranges.empty()) {
        text += "{}";
      } else {
        set(*s);
      }
    } else if (const auto* n = std::get_if<fzn::Name>(&e.value)) {
      text += n->id;
    } else if (const auto* a = std::get_if<fzn::ArrayAccess>(&e.value)) {
      text += a->id + "[" + std::to_string(a->index) + "]";
    } else if (const auto* l = std::get_if<fzn::ArrayLiteral>(&e.value)) {
      text += "[";
      list(l->items);
      text += "]";
    } else if (const auto* str = std::get_if<fzn::StringLiteral>(&e.value)) {
      text += "\"";
      for (const char c : str->text) {
        if (c == '"' || c == '\\') text += '\\';
        text += c == '\n' ? std::string("\\n") : std::string(1, c);
      }
      text += "\"";
    } else {
      const auto& call = std::get<fzn::Call>(e.value);
      text += call.id + "(";
      list(call.args);
      text += ")";
    }
  }
};

void require_positions(const fzn::Model& model, const Extent& extent) {
  for (const auto& d : model.declarations) {
    require_inside(d.at, extent);
    if (d.value) require_inside(d.value->at, extent);
  }
  for (const auto& c : model.constraints) {
    require_inside(c.at, extent);
    for (const auto& a : c.args) require_inside(a.at, extent);
  }
  require_inside(model.solve.at, extent);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input = backtrack::fuzz::text_of(data, size);
  const Extent extent = extent_of(input);
  fzn::Model model;
  try {
    model = fzn::parse(input);
  } catch (const fzn::ParseError& e) {
    require_inside(e.at(), extent);
    const std::string place = std::to_string(e.at().line) + ":" + std::to_string(e.at().column) + ": ";
    require(std::string(e.what()).starts_with(place), "an error's message starts with its line and column");
    return 0;
  }
  require_positions(model, extent);
  Printer printed;
  printed.model(model);
  fzn::Model again;
  try {
    again = fzn::parse(printed.text);
  } catch (const fzn::ParseError&) {
    require(false, "a model printed back parses");
  }
  Printer reprinted;
  reprinted.model(again);
  require(reprinted.text == printed.text, "a model printed back parses to the same model");
  return 0;
}
