#pragma once
// circuit and subcircuit over successor variables (globals/circuit.hpp): node i's
// successor is x[i] - offset. circuit: the successors form one cycle through every node.
// subcircuit: x[i] = i + offset leaves node i out, and the others form one cycle, or none.
// All-different is a propagator of its own (Distinct), posted beside this one.
//
// Consistency: neither is domain consistent (deciding that is deciding whether a graph
// has a Hamiltonian cycle). Each run:
//   - chains: the fixed successors form paths; a path that closes into a cycle short of
//     every node fails (circuit), or leaves every other node out (subcircuit); the end of
//     an open path may not point back to its start while that would close a cycle short
//     of the nodes that must be on it (Caseau and Laburthe 1997, "Solving small TSPs with
//     constraints");
//   - components: Tarjan's (1972) strongly connected components of the graph "i -> j when
//     j - offset is a successor x[i] may take" (self-loops aside). circuit fails unless
//     the graph is one component. subcircuit: the nodes that must be on the cycle (whose
//     own value is gone) share one component, every node outside it is left out, and an
//     edge between two components goes (no cycle runs along it).
// Not idempotent: what the components remove may close a chain, and the reverse.
// Scratch (prepare): 7 ints a node; none is allocated per run.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "backtrack/csp/propagators/basics.hpp"
#include "backtrack/csp/propagators/strong_components.hpp"

namespace backtrack::csp {

struct Circuit {
  std::vector<int> xs;
  Value offset = 0;  // the value naming node 0
  bool sub = false;  // subcircuit: a node may be left out
  std::uint32_t scratch = 0;

  static constexpr bool idempotent = false;
  static constexpr Cost cost = Cost::high;

  void prepare(Space& s) { scratch = static_cast<std::uint32_t>(s.reserve_scratch(7 * xs.size() + 1)); }
  std::vector<Subscription> subscriptions() const {
    std::vector<Subscription> subs;
    for (int x : xs) subs.push_back({x, Event::domain});
    return subs;
  }

  bool propagate(Space& s) const {
    const int n = size();
    if (n == 0) return true;
    for (int i = 0; i < n; ++i) {
      if (!s.set_min(xs[at(i)], offset) || !s.set_max(xs[at(i)], offset + n - 1)) return false;
      if (!sub && !s.remove(xs[at(i)], offset + i)) return false;
    }
    return chains(s) && components(s);
  }

 private:
  int size() const { return static_cast<int>(xs.size()); }
  static std::size_t at(int i) { return static_cast<std::size_t>(i); }
  int successor(const Space& s, int i) const { return static_cast<int>(s.value(xs[at(i)]) - offset); }
  // Fixed to another node: an edge of a chain (a subcircuit's node fixed to itself is out).
  bool linked(const Space& s, int i) const { return s.fixed(xs[at(i)]) && successor(s, i) != i; }
  bool must_be_in(const Space& s, int i) const { return !s.contains(xs[at(i)], offset + i); }
  int* ints(Space& s) const { return s.scratch_ints().data() + scratch; }

  bool chains(Space& s) const {
    const int n = size();
    int* has_predecessor = ints(s);
    int* visited = has_predecessor + n;
    int in = 0;  // the nodes that must be on a subcircuit
    for (int i = 0; i < n; ++i) {
      has_predecessor[i] = visited[i] = 0;
      in += sub && must_be_in(s, i) ? 1 : 0;
    }
    for (int i = 0; i < n; ++i) {
      if (linked(s, i)) has_predecessor[successor(s, i)] = 1;
    }
    // Every path from its start (a node no fixed edge enters), then what is left: cycles.
    for (const bool cycles : {false, true}) {
      for (int start = 0; start < n; ++start) {
        if (visited[start] != 0 || !linked(s, start) || (has_predecessor[start] != 0) != cycles) continue;
        int length = 1;
        int in_on_path = sub && must_be_in(s, start) ? 1 : 0;
        int end = start;
        visited[start] = 1;
        while (linked(s, end)) {
          end = successor(s, end);
          if (end == start) break;
          if (visited[end] != 0) return s.fail();  // two edges into one node
          visited[end] = 1;
          ++length;
          in_on_path += sub && must_be_in(s, end) ? 1 : 0;
        }
        if (end == start) {
          if (!closed(s, start, length)) return false;
          continue;
        }
        // Closing the path now makes a cycle of `length` nodes.
        const bool too_short = sub ? in_on_path < in : length < n;
        if (too_short && !s.remove(xs[at(end)], offset + start)) return false;
      }
    }
    return true;
  }
  // A fixed cycle of `length` nodes through `start`.
  bool closed(Space& s, int start, int length) const {
    if (!sub) return length == size() || s.fail();
    int* on_cycle = ints(s) + 2 * size();
    std::fill(on_cycle, on_cycle + size(), 0);
    for (int i = start, k = 0; k < length; i = successor(s, i), ++k) on_cycle[i] = 1;
    for (int j = 0; j < size(); ++j) {
      if (on_cycle[j] == 0 && !s.fix(xs[at(j)], offset + j)) return false;
    }
    return true;
  }
  // Tarjan's components, without recursion, then what they rule out (header comment).
  bool components(Space& s) const {
    const int n = size();
    StrongComponents scc(ints(s), static_cast<std::size_t>(n));
    const int count = scc.find(
        n, [&](int j) { return static_cast<int>(s.min(xs[at(j)]) - offset); },
        [&](int j, int& next) {
          const int x = xs[at(j)];
          while (next < n && next + offset <= s.max(x)) {
            const int i = next;
            next = static_cast<int>(s.next(x, offset + i) - offset);
            if (i != j) return i;
          }
          return -1;
        });
    const int* component = scc.component;
    if (!sub) return count == 1 || s.fail();
    int home = -1;  // the component of the nodes that must be in
    for (int i = 0; i < n; ++i) {
      if (!must_be_in(s, i)) continue;
      if (home >= 0 && component[i] != home) return s.fail();
      home = component[i];
    }
    for (int i = 0; i < n; ++i) {
      const int x = xs[at(i)];
      if (home >= 0 && component[i] != home) {
        if (!s.fix(x, offset + i)) return false;
        continue;
      }
      if (!s.keep_only(x, [&](Value v) { return v == offset + i || component[v - offset] == component[i]; })) return false;
    }
    return true;
  }
};

}  // namespace backtrack::csp
