#pragma once
// Tarjan's strongly connected components without recursion, in scratch the caller owns:
// the filters built on a matching or a flow (Régin's all-different in distinct.hpp, the
// global cardinality's flow in global_cardinality.hpp) keep an edge exactly when its ends
// share a component of the residual graph.
#include <algorithm>
#include <cstddef>

namespace backtrack::csp {

// The most edges such a filter builds a graph of; a larger scope gets a weaker filter.
inline constexpr std::size_t gac_edge_limit = std::size_t{1} << 20;

// Scratch for `nodes` nodes: 6 ints each.
struct StrongComponents {
  int* index;
  int* low;
  int* component;  // the result: each node's component
  int* stack;
  int* calls;
  int* at;  // per node on the call stack: its next successor
  static std::size_t ints(std::size_t nodes) { return 6 * nodes; }
  StrongComponents(int* scratch, std::size_t nodes)
      : index(scratch),
        low(scratch + nodes),
        component(scratch + 2 * nodes),
        stack(scratch + 3 * nodes),
        calls(scratch + 4 * nodes),
        at(scratch + 5 * nodes) {}

  // successors(j, from, to) sets [from, to) to the positions of j's successors in `edges`.
  template <class Successors>
  void find(int nodes, const int* edges, Successors successors) {
    std::fill(index, index + nodes, 0);
    std::fill(component, component + nodes, -1);
    int counter = 0;
    int count = 0;
    int depth = 0;
    for (int root = 0; root < nodes; ++root) {
      if (index[root] != 0) continue;
      int depth_calls = 0;
      int end = 0;
      auto enter = [&](int j) {
        index[j] = low[j] = ++counter;
        stack[depth++] = j;
        calls[depth_calls++] = j;
        successors(j, at[j], end);
      };
      enter(root);
      while (depth_calls > 0) {
        const int j = calls[depth_calls - 1];
        int from = 0;
        successors(j, from, end);
        if (at[j] < end) {
          const int i = edges[at[j]++];
          if (index[i] == 0) {
            enter(i);
          } else if (component[i] < 0) {  // on the stack
            low[j] = std::min(low[j], index[i]);
          }
          continue;
        }
        --depth_calls;
        if (depth_calls > 0) low[calls[depth_calls - 1]] = std::min(low[calls[depth_calls - 1]], low[j]);
        if (low[j] == index[j]) {
          int i = -1;
          do {
            i = stack[--depth];
            component[i] = count;
          } while (i != j);
          ++count;
        }
      }
    }
  }
};

}  // namespace backtrack::csp
