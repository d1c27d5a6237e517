// The graph globals (globals/circuit.hpp, globals/inverse.hpp): on random tiny instances
// the native propagators find the solutions of MiniZinc's decompositions and of a brute
// force, at every pruning level; inverse's channeling is domain consistent at the root;
// circuit's chains and components prune what they say.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "backtrack/csp/globals.hpp"
#include "int_solutions.hpp"

namespace backtrack::csp {
namespace graph_test {  // a unity build shares one translation unit among the files

using Assignment = std::vector<Value>;
using Domains = std::vector<std::vector<Value>>;

int pick(std::mt19937& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

// Some of lo .. hi, at least one.
std::vector<Value> some_of(std::mt19937& rng, Value lo, Value hi) {
  std::vector<Value> values;
  for (Value v = lo; v <= hi; ++v) {
    if (pick(rng, 0, 9) < 7) values.push_back(v);
  }
  if (values.empty()) values.push_back(pick(rng, static_cast<int>(lo), static_cast<int>(hi)));
  return values;
}

// The solutions of a model whose first variables are `domains`' (the decision variables;
// a decomposition's own are auxiliaries: one way to fix them is enough), those first
// values of each.
using Post = std::function<void(IntModel&, const std::vector<IntVar>&)>;
std::set<Assignment> solved(const Domains& domains, Globals globals, Prune prune, const Post& post) {
  IntModel m;
  m.set_globals(globals);
  std::vector<IntVar> xs;
  for (const auto& d : domains) xs.push_back(m.int_var(d));
  post(m, xs);
  m.branch_on(xs);
  std::vector<IntVar> rest;
  for (int v = static_cast<int>(xs.size()); v < m.variables(); ++v) rest.push_back(IntVar{v});
  m.auxiliary(rest);
  std::set<Assignment> found;
  for (const auto& all : solutions_of(m, {.prune = prune})) found.emplace(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(xs.size()));
  return found;
}

// The successors x (values from offset) form one cycle through the nodes not fixed to
// themselves (subcircuit), or through all (circuit; none for no node).
bool is_circuit(const Assignment& x, Value offset, bool sub) {
  const auto n = static_cast<Value>(x.size());
  std::vector<Value> on;
  for (Value i = 0; i < n; ++i) {
    const Value next = x[static_cast<std::size_t>(i)] - offset;
    if (next < 0 || next >= n) return false;
    if (!sub || next != i) on.push_back(i);
  }
  if (on.empty()) return true;
  if (!sub && on.size() == 1) return false;  // MiniZinc's circuit: no node is its own successor
  std::set<Value> seen;
  Value at = on.front();
  for (std::size_t k = 0; k < on.size(); ++k) {
    if (!seen.insert(at).second) return false;
    at = x[static_cast<std::size_t>(at)] - offset;
  }
  return at == on.front() && seen.size() == on.size();
}

void expect_same_solutions(const Domains& domains, const std::function<bool(const Assignment&)>& holds, const Post& post,
                           const std::string& what) {
  const std::set<Assignment> expected = every_assignment(domains, holds);
  for (const Prune prune : all_prunes) {
    EXPECT_EQ(solved(domains, Globals::native, prune, post), expected) << what << " native, prune " << to_string(prune);
    EXPECT_EQ(solved(domains, Globals::decomposed, prune, post), expected) << what << " decomposed, prune " << to_string(prune);
  }
}

std::string describe(const Domains& domains, Value offset) {
  std::ostringstream s;  // (not string +=: g++ 12 warns of a memcpy past any object)
  s << "offset " << offset << ", domains";
  for (const auto& d : domains) {
    s << " {";
    for (Value v : d) s << " " << v;
    s << " }";
  }
  return s.str();
}

TEST(Circuit, NativeAndDecomposedFindTheSolutionsOfABruteForce) {
  std::mt19937 rng(60);
  int with_solutions = 0;
  for (int round = 0; round < 100; ++round) {
    const bool sub = round % 2 == 1;
    const int n = pick(rng, 0, 5);
    const Value offset = pick(rng, -2, 2);
    Domains domains;
    for (int i = 0; i < n; ++i) domains.push_back(some_of(rng, offset - 1, offset + n));  // and values no node names
    const auto holds = [&](const Assignment& x) { return is_circuit(x, offset, sub); };
    with_solutions += every_assignment(domains, holds).empty() ? 0 : 1;
    expect_same_solutions(
        domains, holds,
        [&](IntModel& m, const std::vector<IntVar>& x) { sub ? subcircuit(m, x, offset) : circuit(m, x, offset); },
        std::string(sub ? "subcircuit, " : "circuit, ") + describe(domains, offset));
  }
  EXPECT_GE(with_solutions, 25);
}

// f[i] = j + g_base exactly when g[j] = i + f_base.
bool is_inverse(const Assignment& a, std::size_t f_size, Value f_base, Value g_base) {
  const auto g_size = a.size() - f_size;
  const auto f = [&](std::size_t i) { return a[i]; };
  const auto g = [&](std::size_t j) { return a[f_size + j]; };
  for (std::size_t i = 0; i < f_size; ++i) {
    const Value j = f(i) - g_base;
    if (j < 0 || j >= static_cast<Value>(g_size) || g(static_cast<std::size_t>(j)) != static_cast<Value>(i) + f_base) return false;
  }
  for (std::size_t j = 0; j < g_size; ++j) {
    const Value i = g(j) - f_base;
    if (i < 0 || i >= static_cast<Value>(f_size) || f(static_cast<std::size_t>(i)) != static_cast<Value>(j) + g_base) return false;
  }
  return true;
}

struct InverseInstance {
  std::size_t f_size;
  Value f_base, g_base;
  Domains domains;  // f's, then g's
};
// f of up to `most` variables; g as many, or now and then one more or fewer.
InverseInstance random_inverse(std::mt19937& rng, int most) {
  InverseInstance in{static_cast<std::size_t>(pick(rng, 0, most)), pick(rng, -1, 2), pick(rng, -1, 2), {}};
  const int g_size = std::max(0, static_cast<int>(in.f_size) + (pick(rng, 0, 9) == 0 ? pick(rng, -1, 1) : 0));
  for (std::size_t i = 0; i < in.f_size; ++i) in.domains.push_back(some_of(rng, in.g_base - 1, in.g_base + g_size));
  for (int j = 0; j < g_size; ++j) {
    in.domains.push_back(some_of(rng, in.f_base - 1, in.f_base + static_cast<Value>(in.f_size)));
  }
  return in;
}

TEST(Inverse, NativeAndDecomposedFindTheSolutionsOfABruteForce) {
  std::mt19937 rng(61);
  int with_solutions = 0;
  for (int round = 0; round < 60; ++round) {
    const InverseInstance in = random_inverse(rng, 3);
    const auto holds = [&](const Assignment& a) { return is_inverse(a, in.f_size, in.f_base, in.g_base); };
    with_solutions += every_assignment(in.domains, holds).empty() ? 0 : 1;
    expect_same_solutions(
        in.domains, holds,
        [&](IntModel& m, const std::vector<IntVar>& xs) {
          const std::span<const IntVar> all(xs);
          inverse(m, all.first(in.f_size), all.subspan(in.f_size), in.f_base, in.g_base);
        },
        "inverse, f of " + std::to_string(in.f_size) + ", bases " + std::to_string(in.f_base) + " " +
            std::to_string(in.g_base) + ", " + describe(in.domains, 0));
  }
  EXPECT_GE(with_solutions, 15);
}

// At the root, the channeling alone keeps exactly the values of the largest domains within
// the given ones where every value v of f[i] has i + f_base in g[v - g_base], and the
// reverse: what a plain fixpoint of removals leaves.
TEST(Inverse, ChannelingIsDomainConsistentAtTheRoot) {
  std::mt19937 rng(62);
  for (int round = 0; round < 150; ++round) {
    const InverseInstance in = random_inverse(rng, 5);
    Domains expected = in.domains;
    const std::size_t f_size = in.f_size;
    const std::size_t g_size = expected.size() - f_size;
    const auto supported = [&](std::size_t at, Value v) {
      const bool in_f = at < f_size;
      const Value position = v - (in_f ? in.g_base : in.f_base);
      const Value me = in_f ? static_cast<Value>(at) + in.f_base : static_cast<Value>(at - f_size) + in.g_base;
      if (position < 0 || position >= static_cast<Value>(in_f ? g_size : f_size)) return false;
      const auto& other = expected[static_cast<std::size_t>(position) + (in_f ? f_size : 0)];
      return std::find(other.begin(), other.end(), me) != other.end();
    };
    for (bool changed = true; changed;) {
      changed = false;
      for (std::size_t at = 0; at < expected.size(); ++at) {
        changed |= std::erase_if(expected[at], [&](Value v) { return !supported(at, v); }) > 0;
      }
    }
    IntModel m;
    Inverse p;
    p.f_base = static_cast<std::int32_t>(in.f_base);
    p.g_base = static_cast<std::int32_t>(in.g_base);
    for (std::size_t at = 0; at < in.domains.size(); ++at) {
      (at < f_size ? p.f : p.g).push_back(m.int_var(in.domains[at]).id);
    }
    m.add(p);
    Space s = m.space();
    const bool wiped = std::any_of(expected.begin(), expected.end(), [](const auto& d) { return d.empty(); });
    ASSERT_EQ(m.propagation().run_all(s) == -1, !wiped) << describe(in.domains, 0);
    if (wiped) continue;
    for (std::size_t at = 0; at < expected.size(); ++at) {
      std::vector<Value> kept;
      s.for_each(static_cast<int>(at), [&](Value v) { kept.push_back(v); });
      EXPECT_EQ(kept, expected[at]) << "variable " << at << ", " << describe(in.domains, 0);
    }
  }
}

// The domains after the root's propagation of circuit(x) alone (no search).
Domains circuit_root(const Domains& domains, bool sub) {
  IntModel m;
  std::vector<IntVar> x;
  for (const auto& d : domains) x.push_back(m.int_var(d));
  sub ? subcircuit(m, x) : circuit(m, x);
  Space s = m.space();
  if (m.propagation().run_all(s) != -1) return {};
  Domains left(domains.size());
  for (std::size_t i = 0; i < domains.size(); ++i) s.for_each(x[i].id, [&](Value v) { left[i].push_back(v); });
  return left;
}

// 0 -> 1 -> 2 fixed: 2 may not close the path while node 3 is out of it.
TEST(Circuit, AFixedPathMayNotCloseShortOfEveryNode) {
  EXPECT_EQ(circuit_root({{1}, {2}, {0, 3}, {0, 1, 2}}, false), (Domains{{1}, {2}, {3}, {0}}));
  // subcircuit: it may close while no other node must be in; not once node 3 must.
  EXPECT_EQ(circuit_root({{1}, {2}, {0, 2, 3}, {0, 3}}, true), (Domains{{1}, {2}, {0, 3}, {0, 3}}));
  EXPECT_EQ(circuit_root({{1}, {2}, {0, 2, 3}, {0}}, true), (Domains{{1}, {2}, {3}, {0}}));
  // A closed fixed cycle: every other node out (subcircuit), or failure (circuit).
  EXPECT_EQ(circuit_root({{1}, {0}, {0, 2, 3}, {2, 3}}, true), (Domains{{1}, {0}, {2}, {3}}));
  EXPECT_EQ(circuit_root({{1}, {0}, {3}, {2}}, false), Domains{});
}

// Nodes 0, 1 reach 2, 3 (and 4) but are not reached back: no circuit. A subcircuit stays
// within one component: where node 0 must be in, the nodes outside its component are out;
// where none must be, the edges between components go.
TEST(Circuit, ComponentsThatDoNotReachEachOtherFailOrLoseTheirEdges) {
  EXPECT_EQ(circuit_root({{1, 2}, {0, 3}, {3, 4}, {2, 4}, {2, 3}}, false), Domains{});
  EXPECT_EQ(circuit_root({{1, 2}, {0, 1, 3}, {2, 3}, {2, 3}}, true), (Domains{{1}, {0}, {2}, {3}}));
  EXPECT_EQ(circuit_root({{0, 1, 2}, {0, 1, 3}, {2, 3}, {2, 3}}, true), (Domains{{0, 1}, {0, 1}, {2, 3}, {2, 3}}));
}

TEST(Circuit, NodesPastThe32BitValuesAreRefused) {
  IntModel m;
  const std::vector<IntVar> x = m.int_vars(3, 0, 2);
  EXPECT_THROW(circuit(m, x, max_value - 1), std::invalid_argument);
  EXPECT_THROW(inverse(m, x, x, max_value - 1, 0), std::invalid_argument);
}

}  // namespace graph_test
}  // namespace backtrack::csp
