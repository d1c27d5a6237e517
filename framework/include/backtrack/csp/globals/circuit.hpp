#pragma once
// circuit(m, x, offset): node i's successor is x[i] - offset, and the successors form one
// cycle through all the nodes (none for an empty x; a single node has no circuit, as
// MiniZinc's has none). subcircuit(m, x, offset): x[i] = i + offset leaves node i out; the
// others form one cycle, or there are none. offset is the index of x's first variable as
// the model counts (MiniZinc's index set starts there, at 1 mostly).
//
// Native: all-different on x (at the strength the search's --prune chooses) and the
// Circuit propagator (propagators/circuit.hpp: the chains of Caseau and Laburthe, and
// Tarjan's strongly connected components). Decomposed: MiniZinc's standard library
// (std/fzn_circuit.mzn, std/fzn_subcircuit.mzn): an order number per node, the successor's
// one more, through element constraints.
#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "backtrack/csp/int_model.hpp"

namespace backtrack::csp {

namespace detail {

inline void check_nodes(const char* name, std::size_t n, Value offset) {
  if (offset < min_value || offset + static_cast<Value>(n) - 1 > max_value) {
    throw std::invalid_argument(std::string(name) + ": " + std::to_string(n) + " nodes from " + std::to_string(offset) +
                                " go past the 32-bit values");
  }
}
// x - offset: the position x names, counted from 0, as element() takes it.
inline IntVar from_zero(IntModel& m, IntVar x, Value offset) {
  if (offset == 0) return x;
  const IntVar y = m.int_var(m.space().min(x.id) - offset, m.space().max(x.id) - offset);
  m.post(LinearExpr(y) == LinearExpr(x) - LinearExpr(offset));
  return y;
}
inline IntVar constant(IntModel& m, Value v) { return m.int_var(v, v); }

inline void post_circuit(IntModel& m, std::span<const IntVar> x, Value offset, bool sub) {
  m.all_different(x);
  Circuit c;
  c.offset = offset;
  c.sub = sub;
  for (IntVar v : x) c.xs.push_back(v.id);
  m.add(std::move(c));
}

}  // namespace detail

inline void circuit(IntModel& m, std::span<const IntVar> x, Value offset = 0) {
  detail::check_nodes("circuit", x.size(), offset);
  if (m.globals() == Globals::native) return detail::post_circuit(m, x, offset, false);
  const auto n = static_cast<Value>(x.size());
  if (n == 0) return;
  m.all_different(x);
  const std::vector<IntVar> order = m.int_vars(static_cast<int>(n), 1, n);
  m.all_different(order);
  m.post(LinearExpr(order[0]) == LinearExpr(1));
  // order[x[i]] is order[i] + 1, or 1 after the last.
  std::vector<std::vector<Value>> next;
  for (Value k = 1; k <= n; ++k) next.push_back({k, k == n ? 1 : k + 1});
  for (std::size_t i = 0; i < x.size(); ++i) {
    m.post(LinearExpr(x[i]) != LinearExpr(offset + static_cast<Value>(i)));
    const IntVar successor_order = m.int_var(1, n);
    m.element(order, detail::from_zero(m, x[i], offset), successor_order);
    m.table(std::vector<IntVar>{order[i], successor_order}, next);
  }
}

inline void subcircuit(IntModel& m, std::span<const IntVar> x, Value offset = 0) {
  detail::check_nodes("subcircuit", x.size(), offset);
  if (m.globals() == Globals::native) return detail::post_circuit(m, x, offset, true);
  const auto n = static_cast<Value>(x.size());
  if (n == 0) return;
  const auto size = static_cast<int>(n);
  m.all_different(x);
  const std::vector<IntVar> order = m.int_vars(size, 1, n);
  m.all_different(order);
  // in[i]: node i is on the circuit; first: the least node on it (n: none); last: the one
  // before first on it.
  std::vector<IntVar> in;
  IntVar first{};
  for (Value i = 0; i < n; ++i) {
    in.push_back(m.bool_var());
    m.post(LinearExpr(x[static_cast<std::size_t>(i)]) != LinearExpr(offset + i), iff(in.back()));
    const IntVar candidate = m.int_var(i, n);  // i when in, else n
    m.post(LinearExpr(candidate) == LinearExpr(n) + (i - n) * LinearExpr(in.back()));
    if (i == 0) {
      first = candidate;
    } else {
      const IntVar least = m.int_var(0, n);
      m.min(first, candidate, least);
      first = least;
    }
  }
  const IntVar last = m.int_var(0, n - 1);
  const IntVar empty = m.bool_var();
  const IntVar some = m.bool_var();
  m.post(LinearExpr(first) >= LinearExpr(n), iff(empty));
  m.bool_not(empty, some);
  for (IntVar b : in) m.clause({}, std::vector<IntVar>{empty, b});
  // Where some node is in: first is numbered 1, last comes after it and points at it, and
  // both are in.
  const IntVar first_node = m.int_var(0, n - 1);
  m.post(LinearExpr(first_node) == LinearExpr(first), when(some));
  const IntVar first_order = m.int_var(1, n);
  m.element(order, first_node, first_order);
  m.post(LinearExpr(first_order) == LinearExpr(1), when(some));
  m.post(LinearExpr(last) >= LinearExpr(first) + 1, when(some));
  const IntVar last_successor = m.int_var(offset, offset + n - 1);
  m.element(std::vector<IntVar>(x.begin(), x.end()), last, last_successor);
  m.post(LinearExpr(last_successor) == LinearExpr(first_node) + LinearExpr(offset), when(some));
  for (const IntVar node : {last, first_node}) {
    const IntVar node_in = m.bool_var();
    m.element(in, node, node_in);
    m.clause(std::vector<IntVar>{node_in}, std::vector<IntVar>{some});
  }
  // An in node's successor (but first) is numbered one more; every node out, after last.
  const IntVar last_order = m.int_var(1, n);
  m.element(order, last, last_order);
  for (std::size_t i = 0; i < x.size(); ++i) {
    const IntVar not_to_first = m.bool_var();
    m.post(LinearExpr(x[i]) - LinearExpr(first_node) != LinearExpr(offset), iff(not_to_first));
    const IntVar numbered = m.bool_var();
    m.bool_and(std::vector<IntVar>{in[i], not_to_first, some}, numbered);
    const IntVar successor_order = m.int_var(1, n);
    m.element(order, detail::from_zero(m, x[i], offset), successor_order);
    m.post(LinearExpr(successor_order) == LinearExpr(order[i]) + 1, when(numbered));
    const IntVar after_last = m.bool_var();
    m.post(LinearExpr(last_order) < LinearExpr(order[i]), iff(after_last));
    m.clause(std::vector<IntVar>{in[i], after_last}, std::vector<IntVar>{some});
  }
}

}  // namespace backtrack::csp
