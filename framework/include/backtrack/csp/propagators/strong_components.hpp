#pragma once
// Tarjan's strongly connected components without recursion, in scratch the caller owns:
// the filters built on a matching or a flow (Régin's all-different in distinct.hpp, the
// global cardinality's flow in global_cardinality.hpp) keep an edge exactly when its ends
// share a component of the residual graph; circuit.hpp asks whether its graph is one.
// Both filters also walk their bipartite graph from the value side: holders_by_value.
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

  // first(j): a cursor at j's first successor; next(j, cursor): the successor at the
  // cursor, moved on, or -1 when there is none left. The number of components.
  template <class First, class Next>
  int find(int nodes, First first, Next next) {
    std::fill(index, index + nodes, 0);
    std::fill(component, component + nodes, -1);
    int counter = 0;
    int count = 0;
    int depth = 0;
    for (int root = 0; root < nodes; ++root) {
      if (index[root] != 0) continue;
      int open = 0;
      auto enter = [&](int j) {
        index[j] = low[j] = ++counter;
        stack[depth++] = j;
        calls[open++] = j;
        at[j] = first(j);
      };
      enter(root);
      while (open > 0) {
        const int j = calls[open - 1];
        if (const int i = next(j, at[j]); i >= 0) {
          if (index[i] == 0) {
            enter(i);
          } else if (component[i] < 0) {  // on the stack
            low[j] = std::min(low[j], index[i]);
          }
          continue;
        }
        --open;
        if (open > 0) low[calls[open - 1]] = std::min(low[calls[open - 1]], low[j]);
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
    return count;
  }
  // Successors as ranges of one array: j's are edges[from(j) .. to(j)).
  template <class From, class To>
  int find(int nodes, const int* edges, From from, To to) {
    return find(nodes, from, [&](int j, int& cursor) { return cursor < to(j) ? edges[cursor++] : -1; });
  }
};

// The other side of a bipartite graph whose k sources list their targets (0 .. m-1):
// source j's are targets[first[j] .. first[j + 1]). After it, target v's sources are
// holders[at[v] .. at[v + 1]), in increasing order: a counting sort of the edges by
// target, in time and space linear in the edges (at: m + 1 ints, holders: one per edge).
inline void holders_by_value(int k, const int* first, const int* targets, int m, int* at, int* holders) {
  std::fill(at, at + m + 1, 0);
  for (int p = first[0]; p < first[k]; ++p) ++at[targets[p] + 1];
  for (int v = 0; v < m; ++v) at[v + 1] += at[v];
  for (int j = 0; j < k; ++j) {
    for (int p = first[j]; p < first[j + 1]; ++p) holders[at[targets[p]]++] = j;
  }
  // Each at[v] has moved on to where v + 1's sources start.
  for (int v = m; v > 0; --v) at[v] = at[v - 1];
  at[0] = 0;
}

}  // namespace backtrack::csp
