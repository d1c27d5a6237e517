// The arithmetic and element propagators of the integer layer (propagators/arithmetic.hpp,
// element.hpp): on random small models, the search finds exactly the solutions of
// generate-and-test, under several orders and value choices; domains cross zero, have
// holes, and some are wide (no bitset); the consistency each header states holds at the
// root; element over arrays of more than 64 positions under every prune level; products and
// quotients near the 32-bit limits do not overflow.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <optional>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "backtrack/csp/int_problem.hpp"
#include "backtrack/engine.hpp"
#include "int_solutions.hpp"

namespace backtrack::csp {
namespace arithmetic_test {  // a unity build shares one translation unit among the files

using Tuple = std::vector<Value>;

// (arc where forward checking, which runs a propagator only once one variable is open,
// would split a domain of 2^32 values unpruned.)
const std::vector<SearchOptions> settings{
    {Prune::bounds, VariableOrder::mrv, ValueOrder::min, 1},
    {Prune::arc, VariableOrder::static_order, ValueOrder::split, 1},
    {Prune::gac, VariableOrder::dom_wdeg, ValueOrder::random, 7},
    {Prune::bounds, VariableOrder::largest, ValueOrder::max, 1},
    {Prune::arc, VariableOrder::min_value, ValueOrder::mid, 1},
    {Prune::bounds, VariableOrder::dom_deg, ValueOrder::reverse_split, 1},
};

// A variable of a random model and what generate-and-test knows of it.
struct Var {
  IntVar v;
  Value lo, hi;
  std::vector<Value> values;  // the domain, smallest first; empty: too many to list (lo .. hi)
  bool contains(Value a) const {
    if (a < lo || a > hi) return false;
    return values.empty() || std::binary_search(values.begin(), values.end(), a);
  }
};

enum class Kind { interval, wider_interval, holes, spread_holes, enumerable_wide, sparse_wide, huge };

class Random {
 public:
  explicit Random(unsigned seed) : engine_(seed) {}
  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(engine_); }

  // A variable crossing zero more often than not.
  Var var(IntModel& m, Kind kind) {
    std::vector<Value> values;
    switch (kind) {
      case Kind::interval:
      case Kind::wider_interval: {
        const Value lo = kind == Kind::interval ? pick(-5, 2) : pick(-6, 0);
        const Value hi = lo + (kind == Kind::interval ? pick(0, 6) : pick(3, 9));
        for (Value a = lo; a <= hi; ++a) values.push_back(a);
        return {m.int_var(lo, hi), lo, hi, values};
      }
      case Kind::holes:
      case Kind::spread_holes: {
        const int reach = kind == Kind::holes ? 6 : 20;
        for (int n = pick(1, 6); n > 0; --n) values.push_back(pick(-reach, reach));
        std::sort(values.begin(), values.end());
        values.erase(std::unique(values.begin(), values.end()), values.end());
        return {m.int_var(values), values.front(), values.back(), values};
      }
      case Kind::enumerable_wide: {  // just over a bitset's reach: the interval alone
        const Value lo = -33000;
        const Value hi = 33000;
        for (Value a = lo; a <= hi; ++a) values.push_back(a);
        return {m.int_var(lo, hi), lo, hi, values};
      }
      case Kind::sparse_wide: {  // wide, with holes kept by a membership propagator
        values = {-70000, -3, 0, 2, 5, 70000};
        values.erase(values.begin() + pick(0, 5));
        return {m.int_var(values), values.front(), values.back(), values};
      }
      case Kind::huge:
        return {m.int_var(-1000000000, 1000000000), -1000000000, 1000000000, {}};
    }
    throw std::logic_error("no such kind");
  }
  // Mostly small domains, now and then a wide one; huge only where generate-and-test
  // need not list the values.
  Kind kind(bool listed) {
    const int k = pick(0, 19);
    if (k < 8) return Kind::interval;
    if (k < 13) return Kind::holes;
    if (k < 16) return Kind::spread_holes;
    if (k < 17) return Kind::sparse_wide;
    if (k < 18) return Kind::enumerable_wide;
    return listed ? Kind::interval : Kind::huge;
  }

 private:
  std::mt19937 engine_;
};

// z = f(inputs) over every tuple of the inputs' domains, where f is defined and z's
// domain has its value; a tuple holds every variable in the order they were made.
using Function = std::function<std::optional<Value>(const Tuple&)>;
std::set<Tuple> generate_and_test(const std::vector<Var>& vars, const std::vector<int>& inputs, int output,
                                  const Function& f) {
  std::set<Tuple> found;
  Tuple t(vars.size());
  std::function<void(std::size_t)> next = [&](std::size_t i) {
    if (i == inputs.size()) {
      const std::optional<Value> z = f(t);
      if (!z || !vars[static_cast<std::size_t>(output)].contains(*z)) return;
      t[static_cast<std::size_t>(output)] = *z;
      found.insert(t);
      return;
    }
    for (Value a : vars[static_cast<std::size_t>(inputs[i])].values) {
      t[static_cast<std::size_t>(inputs[i])] = a;
      next(i + 1);
    }
  };
  next(0);
  return found;
}

// FlatZinc's int_div and int_mod: truncation toward zero, the remainder with x's sign.
std::optional<Value> divided(Value x, Value y) { return y == 0 ? std::nullopt : std::optional<Value>(x / y); }
std::optional<Value> remainder(Value x, Value y) { return y == 0 ? std::nullopt : std::optional<Value>(x % y); }

enum class Op { times, div, mod, abs, min, max, element_values, element_vars };
const char* name(Op op) {
  static const char* const names[] = {"times", "div", "mod", "abs", "min", "max", "element_values", "element_vars"};
  return names[static_cast<int>(op)];
}

// A random model of one constraint z = op(...) (the output made last), and its solutions
// by generate-and-test.
struct Instance {
  IntModel model;
  std::vector<Var> vars;
  std::set<Tuple> expected;
};
// The domains a random model may have: any kind, bitsets only, or intervals only.
enum class Domains { any, bitsets, intervals };
Instance random_instance(Op op, Random& r, Domains domains = Domains::any) {
  Instance in;
  IntModel& m = in.model;
  std::vector<Var>& vars = in.vars;
  auto input_kind = [&] {
    const Kind k = r.kind(true);
    if (domains == Domains::intervals) return Kind::interval;
    return domains == Domains::any || k == Kind::holes || k == Kind::spread_holes ? k : Kind::interval;
  };
  auto output_kind = [&](Kind bitset) {
    return domains == Domains::any ? r.kind(false) : domains == Domains::bitsets ? bitset : Kind::interval;
  };
  // At most one enumerable wide input: generate-and-test lists it.
  auto add_input = [&] {
    Kind k = input_kind();
    for (const Var& v : vars) {
      if (k == Kind::enumerable_wide && v.values.size() > 1000) k = Kind::interval;
    }
    vars.push_back(r.var(m, k));
  };
  std::vector<int> inputs;
  Function f;
  if (op == Op::element_values || op == Op::element_vars) {
    const int n = r.pick(1, 4);
    std::vector<Value> constants;
    if (op == Op::element_vars) {
      for (int i = 0; i < n; ++i) {
        vars.push_back(r.var(m, r.pick(0, 1) == 0 ? Kind::interval : Kind::holes));
        inputs.push_back(i);
      }
    } else {
      for (int i = 0; i < n; ++i) constants.push_back(r.pick(-4, 4));
    }
    // The index: around the positions, out of them too, or wide.
    const int index = static_cast<int>(vars.size());
    if (r.pick(0, 9) == 0) {
      vars.push_back(r.var(m, Kind::enumerable_wide));
    } else {
      std::vector<Value> positions;
      for (Value i = -2; i <= n + 1; ++i) {
        if (r.pick(0, 3) != 0) positions.push_back(i);
      }
      if (positions.empty()) positions.push_back(0);
      vars.push_back({m.int_var(positions), positions.front(), positions.back(), positions});
    }
    inputs.push_back(index);
    f = [=](const Tuple& t) -> std::optional<Value> {
      const Value i = t[static_cast<std::size_t>(index)];
      if (i < 0 || i >= n) return std::nullopt;
      return op == Op::element_vars ? t[static_cast<std::size_t>(i)] : constants[static_cast<std::size_t>(i)];
    };
    vars.push_back(r.var(m, output_kind(Kind::holes)));
    const int z = static_cast<int>(vars.size()) - 1;
    const IntVar zv = vars.back().v;
    if (op == Op::element_vars) {
      std::vector<IntVar> xs;
      for (int i = 0; i < n; ++i) xs.push_back(vars[static_cast<std::size_t>(i)].v);
      m.element(xs, vars[static_cast<std::size_t>(index)].v, zv);
    } else {
      m.element(constants, vars[static_cast<std::size_t>(index)].v, zv);
    }
    // An index out of the positions has no solution: generate-and-test skips it.
    std::vector<Var> listed = vars;
    std::erase_if(listed[static_cast<std::size_t>(index)].values, [&](Value i) { return i < 0 || i >= n; });
    in.expected = generate_and_test(listed, inputs, z, f);
    return in;
  }
  add_input();
  inputs.push_back(0);
  if (op != Op::abs) {
    add_input();
    inputs.push_back(1);
  }
  vars.push_back(r.var(m, output_kind(input_kind())));
  const int z = static_cast<int>(vars.size()) - 1;
  const IntVar x = vars[0].v;
  const IntVar y = vars[1].v;  // z itself for abs
  const IntVar zv = vars.back().v;
  switch (op) {
    case Op::times:
      m.times(x, y, zv);
      f = [](const Tuple& t) { return std::optional<Value>(t[0] * t[1]); };
      break;
    case Op::div:
      m.div(x, y, zv);
      f = [](const Tuple& t) { return divided(t[0], t[1]); };
      break;
    case Op::mod:
      m.mod(x, y, zv);
      f = [](const Tuple& t) { return remainder(t[0], t[1]); };
      break;
    case Op::abs:
      m.abs(x, zv);
      f = [](const Tuple& t) { return std::optional<Value>(t[0] < 0 ? -t[0] : t[0]); };
      break;
    case Op::min:
      m.min(x, y, zv);
      f = [](const Tuple& t) { return std::optional<Value>(std::min(t[0], t[1])); };
      break;
    case Op::max:
      m.max(x, y, zv);
      f = [](const Tuple& t) { return std::optional<Value>(std::max(t[0], t[1])); };
      break;
    default:
      break;
  }
  in.expected = generate_and_test(vars, inputs, z, f);
  return in;
}

// Where a wide variable is left free, the solutions are too many to list.
constexpr std::size_t max_solutions = 5000;

constexpr Op all_ops[] = {Op::times, Op::div, Op::mod, Op::abs, Op::min, Op::max, Op::element_values, Op::element_vars};

TEST(IntArithmetic, EachConstraintAgreesWithGenerateAndTest) {
  for (Op op : all_ops) {
    Random r(2026 + static_cast<unsigned>(op));
    int solved = 0;
    for (int round = 0; round < 300; ++round) {
      const Instance in = random_instance(op, r);
      if (in.expected.size() > max_solutions) continue;  // a wide variable left free
      solved += !in.expected.empty();
      for (const SearchOptions& o : settings) {
        ASSERT_EQ(solutions_of(in.model, o), in.expected)
            << name(op) << " round " << round << " order " << to_string(o.variables) << " values "
            << to_string(o.values);
      }
    }
    EXPECT_GE(solved, 100) << name(op) << ": too few models with a solution to tell much";
  }
}

// Several constraints sharing variables: each propagator wakes the others.
TEST(IntArithmetic, ChainsAgreeWithGenerateAndTest) {
  Random r(44);
  int solved = 0;
  for (int round = 0; round < 300; ++round) {
    IntModel m;
    std::vector<Var> vars;
    const int n = r.pick(3, 5);
    for (int i = 0; i < n; ++i) vars.push_back(r.var(m, r.pick(0, 2) == 0 ? Kind::holes : Kind::wider_interval));
    using Check = std::function<bool(const Tuple&)>;
    std::vector<Check> checks;
    auto at = [](const Tuple& t, int i) { return t[static_cast<std::size_t>(i)]; };
    for (int c = r.pick(2, 3); c > 0; --c) {
      // Three different variables, or now and then x op x.
      std::vector<int> order(static_cast<std::size_t>(n));
      for (int i = 0; i < n; ++i) order[static_cast<std::size_t>(i)] = i;
      for (int i = n - 1; i > 0; --i)
        std::swap(order[static_cast<std::size_t>(i)], order[static_cast<std::size_t>(r.pick(0, i))]);
      const int a = order[0];
      const int b = r.pick(0, 4) == 0 ? a : order[1];
      const int z = order[2];
      const IntVar av = vars[static_cast<std::size_t>(a)].v;
      const IntVar bv = vars[static_cast<std::size_t>(b)].v;
      const IntVar zv = vars[static_cast<std::size_t>(z)].v;
      switch (static_cast<Op>(r.pick(0, 7))) {
        case Op::times:
          m.times(av, bv, zv);
          checks.push_back([=](const Tuple& t) { return at(t, a) * at(t, b) == at(t, z); });
          break;
        case Op::div:
          m.div(av, bv, zv);
          checks.push_back([=](const Tuple& t) { return divided(at(t, a), at(t, b)) == at(t, z); });
          break;
        case Op::mod:
          m.mod(av, bv, zv);
          checks.push_back([=](const Tuple& t) { return remainder(at(t, a), at(t, b)) == at(t, z); });
          break;
        case Op::abs:
          m.abs(av, zv);
          checks.push_back([=](const Tuple& t) { return std::abs(at(t, a)) == at(t, z); });
          break;
        case Op::min:
          m.min(av, bv, zv);
          checks.push_back([=](const Tuple& t) { return std::min(at(t, a), at(t, b)) == at(t, z); });
          break;
        case Op::max:
          m.max(av, bv, zv);
          checks.push_back([=](const Tuple& t) { return std::max(at(t, a), at(t, b)) == at(t, z); });
          break;
        case Op::element_values: {
          std::vector<Value> constants;
          for (int i = r.pick(1, 4); i > 0; --i) constants.push_back(r.pick(-3, 3));
          m.element(constants, av, zv);
          checks.push_back([=](const Tuple& t) {
            return at(t, a) >= 0 && at(t, a) < static_cast<Value>(constants.size()) &&
                   constants[static_cast<std::size_t>(at(t, a))] == at(t, z);
          });
          break;
        }
        case Op::element_vars: {
          std::vector<int> picks;
          std::vector<IntVar> xs;
          for (int i = r.pick(1, 3); i > 0; --i) {
            picks.push_back(r.pick(0, n - 1));
            xs.push_back(vars[static_cast<std::size_t>(picks.back())].v);
          }
          m.element(xs, av, zv);
          checks.push_back([=](const Tuple& t) {
            return at(t, a) >= 0 && at(t, a) < static_cast<Value>(picks.size()) &&
                   at(t, picks[static_cast<std::size_t>(at(t, a))]) == at(t, z);
          });
          break;
        }
      }
    }
    std::set<Tuple> expected;
    Tuple t(static_cast<std::size_t>(n));
    std::function<void(int)> next = [&](int i) {
      if (i == n) {
        if (std::all_of(checks.begin(), checks.end(), [&](const Check& c) { return c(t); })) expected.insert(t);
        return;
      }
      for (Value v : vars[static_cast<std::size_t>(i)].values) {
        t[static_cast<std::size_t>(i)] = v;
        next(i + 1);
      }
    };
    next(0);
    solved += !expected.empty();
    for (const SearchOptions& o : settings) {
      ASSERT_EQ(solutions_of(m, o), expected)
          << "round " << round << " order " << to_string(o.variables) << " values " << to_string(o.values);
    }
    // A side of a min or max, or a position of an element, that stops waking its
    // propagator must not hide the run forward checking waits for.
    for (const Prune prune : all_prunes) {
      ASSERT_EQ(solutions_of(m, {.prune = prune}), expected) << "round " << round << " --prune " << to_string(prune);
    }
  }
  EXPECT_GE(solved, 100) << "too few models with a solution to tell much";
}

// Arrays longer than a word of positions (element.hpp keeps 64 a word): two elements on
// one index, z <= z2, and now and then array[i] = i (the index is its own z), under every
// prune level; the positions leave the index during the search, a few at a time.
TEST(IntArithmetic, LongElementsAgreeWithBruteForceUnderEveryPruneLevel) {
  Random r(60);
  int solved = 0;
  for (int round = 0; round < 60; ++round) {
    IntModel m;
    const int n = r.pick(65, 140);
    std::vector<Value> a, b, c;
    for (int i = 0; i < n; ++i) {
      a.push_back(r.pick(-4, 4));
      b.push_back(r.pick(-1, 3));
      c.push_back(r.pick(0, 3) == 0 ? i : r.pick(0, n - 1));
    }
    std::vector<Value> positions;
    for (Value i = -2; i <= n + 1; ++i) {
      if (r.pick(0, 2) != 0) positions.push_back(i);
    }
    const IntVar index = m.int_var(positions);
    const Var z = r.var(m, r.pick(0, 1) == 0 ? Kind::holes : Kind::interval);
    const Var z2 = r.var(m, r.pick(0, 1) == 0 ? Kind::holes : Kind::interval);
    const bool self = r.pick(0, 3) == 0;
    m.element(a, index, z.v);
    m.element(b, index, z2.v);
    m.post(LinearExpr(z.v) <= LinearExpr(z2.v));
    if (self) m.element(c, index, index);
    std::set<Tuple> expected;
    for (Value i : positions) {
      if (i < 0 || i >= n) continue;
      const auto k = static_cast<std::size_t>(i);
      if (z.contains(a[k]) && z2.contains(b[k]) && a[k] <= b[k] && (!self || c[k] == i)) {
        expected.insert({i, a[k], b[k]});
      }
    }
    solved += !expected.empty();
    for (const Prune prune : all_prunes) {
      ASSERT_EQ(solutions_of(m, {.prune = prune}), expected) << "round " << round << " --prune " << to_string(prune);
    }
  }
  EXPECT_GE(solved, 20) << "too few models with a solution to tell much";
}

// The values of each variable in the solutions.
std::vector<std::set<Value>> projections(const std::set<Tuple>& solutions, std::size_t variables) {
  std::vector<std::set<Value>> p(variables);
  for (const Tuple& t : solutions) {
    for (std::size_t i = 0; i < variables; ++i) p[i].insert(t[i]);
  }
  return p;
}

// The consistency the headers state, at the root of one constraint on bitset domains:
// domain consistency keeps exactly the values of some solution (bounds consistency on a
// variable without a bitset); bounds consistency keeps the least and greatest of them
// (on domains without holes).
TEST(IntArithmetic, RootIsAsConsistentAsStated) {
  for (Op op : {Op::abs, Op::element_values, Op::element_vars, Op::min, Op::max, Op::div}) {
    const bool domain = op == Op::abs || op == Op::element_values;
    Random r(7 + static_cast<unsigned>(op));
    int checked = 0;
    for (int round = 0; round < 300; ++round) {
      // Bounds consistency speaks of intervals (div's y has a hole at 0, which it makes).
      const bool holes = domain || op == Op::element_vars;
      const Instance in = random_instance(op, r, holes ? Domains::bitsets : Domains::intervals);
      if (in.expected.empty()) continue;  // a failure may show only in the search
      const IntProblem problem(in.model, {.prune = Prune::arc});
      ASSERT_TRUE(problem.root_consistent()) << name(op) << " round " << round;
      const IntProblem::State root = problem.root();
      const Space& s = root.space;
      ++checked;
      const auto p = projections(in.expected, in.vars.size());
      for (std::size_t i = 0; i < in.vars.size(); ++i) {
        const int x = in.vars[i].v.id;
        const bool is_index = (op == Op::element_vars || op == Op::element_values) && i + 2 == in.vars.size();
        if ((domain || is_index) && s.has_holes(x)) {
          std::set<Value> kept;
          s.for_each(x, [&](Value v) { kept.insert(v); });
          EXPECT_EQ(kept, p[i]) << name(op) << " round " << round << " variable " << i;
        } else if (op != Op::element_vars || is_index || i + 1 == in.vars.size()) {
          EXPECT_EQ(s.min(x), *p[i].begin()) << name(op) << " round " << round << " variable " << i;
          EXPECT_EQ(s.max(x), *p[i].rbegin()) << name(op) << " round " << round << " variable " << i;
        }
      }
    }
    EXPECT_GE(checked, 100) << name(op);
  }
}

TEST(IntArithmetic, ProductsAndQuotientsNearTheLimitsDoNotOverflow) {
  auto solutions = [](auto post) {
    IntModel m;
    const IntVar x = m.int_var(min_value, max_value);
    const IntVar y = m.int_var(min_value, max_value);
    const IntVar z = m.int_var(min_value, max_value);
    post(m, x, y, z);
    return solutions_of(m, {});
  };
  // 65536 * 65536 and -46341 * 46341 lie beyond 32 bits: no solution.
  EXPECT_TRUE(solutions([](IntModel& m, IntVar x, IntVar y, IntVar z) {
                m.times(x, y, z);
                m.post(x == 65536);
                m.post(y == 65536);
              }).empty());
  EXPECT_TRUE(solutions([](IntModel& m, IntVar x, IntVar y, IntVar z) {
                m.times(x, y, z);
                m.post(x == -46341);
                m.post(y == 46341);
              }).empty());
  EXPECT_EQ(solutions([](IntModel& m, IntVar x, IntVar y, IntVar z) {
              m.times(x, y, z);
              m.post(x == 46340);
              m.post(y == -46340);
            }),
            (std::set<Tuple>{{46340, -46340, -2147395600}}));
  // max_value is prime: x * y = max_value with x = -1 leaves y = -max_value.
  EXPECT_EQ(solutions([](IntModel& m, IntVar x, IntVar y, IntVar z) {
              m.times(x, y, z);
              m.post(x == -1);
              m.post(z == max_value);
            }),
            (std::set<Tuple>{{-1, -max_value, max_value}}));
  EXPECT_EQ(solutions([](IntModel& m, IntVar x, IntVar y, IntVar z) {
              m.div(x, y, z);
              m.post(x == min_value);
              m.post(y == -1);
            }),
            (std::set<Tuple>{{min_value, -1, max_value}}));
  EXPECT_EQ(solutions([](IntModel& m, IntVar x, IntVar y, IntVar z) {
              m.mod(x, y, z);
              m.post(x == min_value);
              m.post(y == max_value);
            }),
            (std::set<Tuple>{{min_value, max_value, 0}}));
  EXPECT_EQ(solutions([](IntModel& m, IntVar x, IntVar y, IntVar z) {
              m.abs(x, z);
              m.post(x == min_value);
              m.post(y == 0);
            }),
            (std::set<Tuple>{{min_value, 0, max_value}}));
  // The divisors of 1000000 below 1000 whose quotient is 1000 .. 1001.
  EXPECT_EQ(solutions([](IntModel& m, IntVar x, IntVar y, IntVar z) {
              m.div(x, y, z);
              m.post(x == 1000000);
              m.post(z >= 1000);
              m.post(z <= 1001);
            }),
            (std::set<Tuple>{{1000000, 1000, 1000}, {1000000, 999, 1001}}));
}

TEST(IntArithmetic, AVariableInTwoPlacesIsSettledAtOnceOverTheWholeRange) {
  // The rules read x, y and z as three variables; over one in two places they moved its
  // bounds a value a pass, 2^32 passes over the whole 32-bit range.
  auto root = [](auto post) {
    IntModel m;
    const IntVar a = m.int_var(min_value, max_value);
    const IntVar b = m.int_var(min_value, max_value);
    post(m, a, b);
    const IntProblem problem(m, {.prune = Prune::arc});
    std::vector<std::pair<Value, Value>> bounds;
    if (!problem.root_consistent()) return bounds;
    for (const IntVar x : {a, b}) bounds.emplace_back(problem.root().space.min(x.id), problem.root().space.max(x.id));
    return bounds;
  };
  using Bounds = std::vector<std::pair<Value, Value>>;
  // a div a = b < ... : b = 1, so a < 1 and a != 0.
  EXPECT_EQ(root([](IntModel& m, IntVar a, IntVar b) {
              m.div(a, a, b);
              m.post(a < b);
            }),
            (Bounds{{min_value, -1}, {1, 1}}));
  // a mod a = b = 0, a != 0, so a < 0.
  EXPECT_EQ(root([](IntModel& m, IntVar a, IntVar b) {
              m.mod(a, a, b);
              m.post(a < b);
            }),
            (Bounds{{min_value, -1}, {0, 0}}));
  // b = a mod b has none: |a mod b| < |b|.
  EXPECT_TRUE(root([](IntModel& m, IntVar a, IntVar b) { m.mod(a, b, b); }).empty());
  // a = a mod a would be 0, which no divisor is.
  EXPECT_TRUE(root([](IntModel& m, IntVar a, IntVar) { m.mod(a, a, a); }).empty());
  EXPECT_EQ(root([](IntModel& m, IntVar a, IntVar) { m.div(a, a, a); }), (Bounds{{1, 1}, {min_value, max_value}}));
  // a * a = b: b >= 0, and |a| <= 46340, the greatest square root within 32 bits.
  EXPECT_EQ(root([](IntModel& m, IntVar a, IntVar b) { m.times(a, a, b); }),
            (Bounds{{-46340, 46340}, {0, 2147395600}}));
  // max(a, a) = b <= 7: a <= 7 (it stayed at the top of the range).
  EXPECT_EQ(root([](IntModel& m, IntVar a, IntVar b) {
              m.max(a, a, b);
              m.post(b <= 7);
            }),
            (Bounds{{min_value, 7}, {min_value, 7}}));
  // b >= 10 and a > -3 leave a >= 4.
  EXPECT_EQ(root([](IntModel& m, IntVar a, IntVar b) {
              m.times(a, a, b);
              m.post(b >= 10);
              m.post(a >= -3);
            }),
            (Bounds{{4, 46340}, {16, 2147395600}}));
}

// a * a over the whole range with a's square one of {-big, 13, big}: none is a square, and
// the root shows it (the search took a a value at a time before).
TEST(IntArithmetic, ASquareOfNoSquareFailsAtTheRoot) {
  IntModel m;
  const IntVar a = m.int_var(min_value, max_value);
  const IntVar b = m.int_var(std::vector<Value>{-max_value, 13, max_value});
  m.times(a, a, b);
  EXPECT_FALSE(IntProblem(m, {.prune = Prune::bounds}).root_consistent());
}

// z = min(x, y): once one side can no longer be below the other, z is the other, and the
// first wakes the min no more below that node (arithmetic.hpp's MinMax); decided, it
// sleeps. Both come back when the search undoes the node.
TEST(IntArithmetic, AMinIsWokenOnlyByTheSideThatMayDecideIt) {
  IntModel m;
  const IntVar x = m.int_var(0, 6);
  const IntVar y = m.int_var(3, 9);
  const IntVar z = m.int_var(0, 9);
  m.min(x, y, z);
  const Propagation& propagation = m.propagation();
  const int id = propagation.size() - 1;
  Space s = m.space();
  ASSERT_EQ(propagation.run_all(s), -1);
  ASSERT_EQ(s.max(z.id), 6);

  s.mark();
  ASSERT_TRUE(s.set_max(x.id, 2));
  ASSERT_EQ(propagation.run(s), -1);
  EXPECT_EQ(s.max(z.id), 2);
  std::uint64_t runs = s.propagations;
  ASSERT_TRUE(s.set_max(y.id, 7));
  ASSERT_EQ(propagation.run(s), -1);
  EXPECT_EQ(s.propagations, runs) << "y, never below x now, woke the min";
  ASSERT_TRUE(s.fix(x.id, 1));
  ASSERT_EQ(propagation.run(s), -1);
  EXPECT_TRUE(s.fixed(z.id) && s.value(z.id) == 1);
  EXPECT_TRUE(propagation.subsumed(s, id));
  s.undo();
  EXPECT_FALSE(propagation.subsumed(s, id));

  runs = s.propagations;
  ASSERT_TRUE(s.set_max(y.id, 8));
  ASSERT_EQ(propagation.run(s), -1);
  EXPECT_EQ(s.propagations, runs + 1) << "y, below x's greatest again above the node, did not wake the min";
}

// [a, b][i] = z: a run that narrows z is a fixpoint of its own (one run, not a second on
// its own change); a variable at a position the index has lost wakes the element no more;
// and with i and z fixed it sleeps (element.hpp's ElementVars).
TEST(IntArithmetic, AnElementIsWokenOnlyByThePositionsItMayPick) {
  IntModel m;
  const IntVar a = m.int_var(0, 5);
  const IntVar b = m.int_var(3, 8);
  const IntVar i = m.int_var(0, 1);
  const IntVar z = m.int_var(0, 9);
  m.element({a, b}, i, z);
  const Propagation& propagation = m.propagation();
  const int id = propagation.size() - 1;
  Space s = m.space();
  ASSERT_EQ(propagation.run_all(s), -1);
  ASSERT_EQ(s.max(z.id), 8);

  s.mark();
  std::uint64_t runs = s.propagations;
  ASSERT_TRUE(s.set_max(b.id, 4));
  ASSERT_EQ(propagation.run(s), -1);
  EXPECT_EQ(s.max(z.id), 5);
  EXPECT_EQ(s.propagations, runs + 1) << "narrowing z woke the element again";
  ASSERT_TRUE(s.fix(i.id, 0));
  ASSERT_EQ(propagation.run(s), -1);
  runs = s.propagations;
  ASSERT_TRUE(s.set_min(b.id, 4));
  ASSERT_EQ(propagation.run(s), -1);
  EXPECT_EQ(s.propagations, runs) << "b, which the index no longer picks, woke the element";
  ASSERT_TRUE(s.fix(z.id, 2));
  ASSERT_EQ(propagation.run(s), -1);
  EXPECT_TRUE(s.fixed(a.id) && s.value(a.id) == 2);
  EXPECT_TRUE(propagation.subsumed(s, id));
  s.undo();
  EXPECT_FALSE(propagation.subsumed(s, id));
}

// [x0, x1, x2][i] = i with x0 = 1, x1 = x2 = 2: i >= 1 from z's least value, then i = 2
// from the least value left. The index is z: a run repeats until nothing changes, as its
// own changes do not wake it again.
TEST(IntArithmetic, AnElementWhoseIndexIsItsValueReachesItsFixpointInOneRun) {
  IntModel m;
  const IntVar x0 = m.int_var(1, 1);
  const IntVar x1 = m.int_var(2, 2);
  const IntVar x2 = m.int_var(2, 2);
  const IntVar i = m.int_var(0, 2);
  m.element({x0, x1, x2}, i, i);
  Space s = m.space();
  ASSERT_EQ(m.propagation().run_all(s), -1);
  EXPECT_TRUE(s.fixed(i.id) && s.value(i.id) == 2);
}

TEST(IntArithmetic, ElementCountsPositionsFromZero) {
  IntModel m;
  const IntVar i = m.int_var(-5, 5);
  const IntVar z = m.int_var(-100, 100);
  m.element({10, 20, 30}, i, z);
  EXPECT_EQ(solutions_of(m, settings[0]), (std::set<Tuple>{{0, 10}, {1, 20}, {2, 30}}));
  IntModel n;
  const IntVar a = n.int_var(7, 7);
  const IntVar b = n.int_var(8, 8);
  const IntVar j = n.int_var(-5, 5);
  const IntVar y = n.int_var(-100, 100);
  n.element({a, b}, j, y);
  EXPECT_EQ(solutions_of(n, settings[0]), (std::set<Tuple>{{7, 8, 0, 7}, {7, 8, 1, 8}}));
}

TEST(IntArithmetic, ElementRefusesAnEmptyArrayAndUnknownVariables) {
  IntModel m;
  const IntVar i = m.int_var(0, 3);
  const IntVar z = m.int_var(0, 3);
  EXPECT_THROW(m.element(std::vector<Value>{}, i, z), std::invalid_argument);
  EXPECT_THROW(m.element(std::vector<IntVar>{}, i, z), std::invalid_argument);
  EXPECT_THROW(m.element(std::vector<Value>{1, 2}, IntVar{7}, z), std::invalid_argument);
  EXPECT_THROW(m.times(i, z, IntVar{-1}), std::invalid_argument);
}

}  // namespace arithmetic_test
}  // namespace backtrack::csp
