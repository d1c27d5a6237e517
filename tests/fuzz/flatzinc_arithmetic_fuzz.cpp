// The FlatZinc builder's arithmetic at the 64-bit limits (model_builder.cpp, int_model.hpp's
// LinearExpr, the linear propagators): the input makes a FlatZinc text of 1-3 variables
// over tiny domains and one constraint whose coefficients, constants and set bounds are
// drawn from values at and around 2^31, 2^62 and 2^63; the builder must either refuse it
// with its place (a ModelError, "LINE:COL: ...") or answer exactly what a brute force over
// the domains, in exact arithmetic, answers. Never a wrong answer, never undefined
// behaviour (the sanitizers stop the run).
//
// The input, a byte at a time (past its end every byte reads 0): the variables, each a
// lowest value and a width (or, rarely, a domain at the 64-bit limits, which must be
// refused); then the constraint's kind and its arguments, each either a variable or a
// value of `extremes`.
#include <array>
#include <cstdint>
#include <functional>
#include <limits>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "backtrack/csp/int_problem.hpp"
#include "backtrack/engine.hpp"
#include "backtrack/flatzinc/model_builder.hpp"
#include "backtrack/flatzinc/parser.hpp"
#include "contract.hpp"

namespace {

using namespace backtrack;
using backtrack::fuzz::require;
using csp::Value;
using csp::Wide;
using Values = std::vector<Value>;

constexpr Value min64 = std::numeric_limits<Value>::min();
constexpr Value max64 = std::numeric_limits<Value>::max();
constexpr std::array<Value, 24> extremes{
    0,          1,           -1,          2,          3,           -3,
    Value{1} << 30,   Value{1} << 31,    (Value{1} << 31) - 1, -(Value{1} << 31), -(Value{1} << 31) + 1, Value{1} << 32,
    3037000499, -3037000499, Value{1} << 40,   Value{1} << 62,   -(Value{1} << 62), (Value{1} << 62) + 1,
    max64,      max64 - 1,   min64,       min64 + 1, max64 / 3,   min64 / 2};

struct Input {
  std::span<const std::uint8_t> bytes;
  std::size_t at = 0;
  bool done() const { return at >= bytes.size(); }
  int next(int count) { return done() ? 0 : bytes[at++] % count; }
  int between(int lo, int hi) { return lo + next(hi - lo + 1); }
  Value extreme() { return extremes[static_cast<std::size_t>(next(static_cast<int>(extremes.size())))]; }
};

// A sum of 128-bit products, exact past 128 bits: each product split into its multiple of
// 2^64 and the rest, the two summed apart (a handful of terms cannot overflow either).
class ExactSum {
 public:
  void add(Wide p) {
    high_ += p >> 64;  // arithmetic: p = high * 2^64 + low, 0 <= low < 2^64
    low_ += p & low_mask;
  }
  int sign() const {
    const Wide high = high_ + (low_ >> 64);
    const Wide low = low_ & low_mask;
    return high < 0 ? -1 : high == 0 && low == 0 ? 0 : 1;
  }

 private:
  static constexpr Wide low_mask = (Wide{1} << 64) - 1;
  Wide high_ = 0;
  Wide low_ = 0;
};

// An argument: a variable (its index) or a constant.
struct Arg {
  int var = -1;
  Value constant = 0;
  std::string text(const std::vector<std::string>& names) const {
    return var >= 0 ? names[static_cast<std::size_t>(var)] : std::to_string(constant);
  }
  Value at(const Values& v) const { return var >= 0 ? v[static_cast<std::size_t>(var)] : constant; }
};

struct Fuzzed {
  std::string text;
  std::vector<Values> domains;
  bool refusal_required = false;  // a domain past the variables' 32 bits
  // Whether the constraint holds for an assignment.
  std::function<bool(const Values&)> holds;
};

Arg arg(Input& in, const Fuzzed& f, bool variable_allowed = true) {
  if (variable_allowed && in.next(2) == 0) return {in.next(static_cast<int>(f.domains.size())), 0};
  return {-1, in.extreme()};
}

std::string list(const std::vector<Arg>& args, const std::vector<std::string>& names) {
  std::string text = "[";
  for (std::size_t i = 0; i < args.size(); ++i) text += (i ? ", " : "") + args[i].text(names);
  return text + "]";
}

Fuzzed read_model(Input& in) {
  Fuzzed f;
  std::vector<std::string> names;
  for (int i = in.between(1, 3); i > 0; --i) {
    names.push_back("x" + std::to_string(names.size()));
    if (in.next(16) == 0) {  // at the 64-bit limits: beyond what a variable holds
      const Value lo = in.extreme();
      f.text += "var " + std::to_string(lo) + ".." + std::to_string(lo == max64 ? lo : lo + 1) + ": " + names.back() +
                " :: output_var;\n";
      f.refusal_required = f.refusal_required || lo < csp::min_value || lo + (lo == max64 ? 0 : 1) > csp::max_value;
      f.domains.push_back(lo == max64 ? Values{lo} : Values{lo, lo + 1});
      continue;
    }
    const int lo = in.between(-2, 2);
    const int width = in.between(0, 2);
    f.text += "var " + std::to_string(lo) + ".." + std::to_string(lo + width) + ": " + names.back() + " :: output_var;\n";
    Values d;
    for (int v = lo; v <= lo + width; ++v) d.push_back(v);
    f.domains.push_back(d);
  }
  // A reified constraint's Boolean: a constant (the builder fixes it) or the truth itself.
  const int reification = in.next(3);  // 0: none, 1: _reif with true, 2: _reif with false
  const std::string suffix = reification == 0 ? "" : "_reif";
  const std::string last = reification == 0 ? "" : reification == 1 ? ", true" : ", false";
  const auto relate = [&](std::function<bool(const Values&)> relation) {
    if (reification == 0) {
      f.holds = relation;
    } else {
      const bool wanted = reification == 1;
      f.holds = [relation, wanted](const Values& v) { return relation(v) == wanted; };
    }
  };
  const int kind = in.next(4);
  if (kind == 0) {  // int_lin_{eq,ne,le}(as, bs, c)
    const int relation = in.next(3);
    std::vector<Arg> as;
    std::vector<Arg> bs;
    for (int t = in.between(1, 4); t > 0; --t) {
      as.push_back(arg(in, f, false));
      bs.push_back(arg(in, f));
    }
    const Value c = in.extreme();
    const char* names_of[] = {"int_lin_eq", "int_lin_ne", "int_lin_le"};
    f.text += std::string("constraint ") + names_of[relation] + suffix + "(" + list(as, names) + ", " + list(bs, names) +
              ", " + std::to_string(c) + last + ");\n";
    relate([=](const Values& v) {
      ExactSum sum;
      for (std::size_t i = 0; i < as.size(); ++i) sum.add(Wide{as[i].constant} * bs[i].at(v));
      sum.add(-Wide{c});
      return relation == 0 ? sum.sign() == 0 : relation == 1 ? sum.sign() != 0 : sum.sign() <= 0;
    });
  } else if (kind == 1) {  // int_{eq,ne,le,lt,ge,gt}(a, b)
    const int relation = in.next(6);
    const Arg a = arg(in, f);
    const Arg b = arg(in, f);
    const char* names_of[] = {"int_eq", "int_ne", "int_le", "int_lt", "int_ge", "int_gt"};
    f.text += std::string("constraint ") + names_of[relation] + suffix + "(" + a.text(names) + ", " + b.text(names) +
              last + ");\n";
    relate([=](const Values& v) {
      const Value x = a.at(v);
      const Value y = b.at(v);
      const bool results[] = {x == y, x != y, x <= y, x < y, x >= y, x > y};
      return results[relation];
    });
  } else {  // set_in(x, lo..hi) or set_in(x, {a, b, c})
    const std::size_t x = static_cast<std::size_t>(in.next(static_cast<int>(f.domains.size())));
    std::set<Value> members;
    std::string set;
    Value lo = 0;
    Value hi = 0;
    const bool range = kind == 2;
    if (range) {
      lo = in.extreme();
      hi = in.extreme();
      set = std::to_string(lo) + ".." + std::to_string(hi);
    } else {
      for (int k = in.between(1, 3); k > 0; --k) members.insert(in.next(2) == 0 ? in.between(-2, 2) : in.extreme());
      for (const Value m : members) set += (set.empty() ? "{" : ", ") + std::to_string(m);
      set += "}";
    }
    f.text += "constraint set_in" + suffix + "(" + names[x] + ", " + set + last + ");\n";
    relate([=](const Values& v) { return range ? lo <= v[x] && v[x] <= hi : members.count(v[x]) == 1; });
  }
  f.text += "solve satisfy;\n";
  return f;
}

std::set<Values> brute_force(const Fuzzed& f) {
  std::set<Values> found;
  Values v(f.domains.size());
  std::function<void(std::size_t)> next = [&](std::size_t i) {
    if (i == f.domains.size()) {
      if (f.holds(v)) found.insert(v);
      return;
    }
    for (const Value a : f.domains[i]) {
      v[i] = a;
      next(i + 1);
    }
  };
  next(0);
  return found;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Input in{{data, size}};
  const Fuzzed f = read_model(in);
  flatzinc::FlatZincModel model;
  try {
    model = flatzinc::build_model(flatzinc::parse(f.text));
  } catch (const flatzinc::ModelError& e) {
    // A refusal names its place: LINE:COL.
    const std::string message = e.what();
    require(message.find(':') != std::string::npos && message[0] >= '1' && message[0] <= '9',
            "a refusal names its line and column");
    return 0;
  }
  require(!f.refusal_required, "a domain past 32 bits is refused");
  const csp::IntProblem problem(model.model, csp::SearchOptions{.prune = csp::Prune::arc});
  std::set<Values> found;
  std::size_t count = 0;
  auto take = [&](std::span<const csp::Decision> path, std::uint64_t, const FoundAt&) {
    const Values all = problem.values(path);
    Values projected;
    for (const flatzinc::OutputItem& item : model.output) {
      const flatzinc::OutputValue& v = item.values.front();
      projected.push_back(v.var >= 0 ? all[static_cast<std::size_t>(v.var)] : v.constant);
    }
    found.insert(projected);
    ++count;
    return true;
  };
  DepthFirstSearch<csp::IntProblem, PathSink<csp::IntProblem>>(problem, {}, path_sink<csp::IntProblem>(take)).run();
  require(count == found.size(), "no solution found twice");
  require(found == brute_force(f), "the solutions are exactly those of the brute force");
  return 0;
}
