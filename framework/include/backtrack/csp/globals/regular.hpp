#pragma once
// regular: the word xs is accepted by a deterministic finite automaton.
//
//   regular(m, xs, states, symbols, next, start, final)
//
// States 1 .. states, symbols 1 .. symbols (each x takes a symbol); next, row by row: the
// state after reading symbol s in state q is next[(q - 1) * symbols + (s - 1)], 0 for no
// transition; the word starts in `start` and must end in one of `final` (MiniZinc's
// regular, its transition table flattened).
//
// Native: one Regular propagator (propagators/regular.hpp), domain consistent (Pesant
// 2004's layered graph, kept incrementally). Decomposed, as MiniZinc's standard library:
// a state variable a[i] per position, a[0] = start, a[i + 1] = next[a[i], x[i]] (an
// element over the flattened table), a[n] in final.
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "backtrack/csp/int_model.hpp"
#include "backtrack/csp/propagators/regular.hpp"

namespace backtrack::csp {

inline void regular(IntModel& m, std::span<const IntVar> xs, int states, int symbols, const std::vector<int>& next,
                    int start, const std::vector<int>& final) {
  if (states < 1 || symbols < 1) {
    throw std::invalid_argument("regular: " + std::to_string(states) + " states and " + std::to_string(symbols) +
                                " symbols, at least one of each needed");
  }
  if (next.size() != static_cast<std::size_t>(states) * static_cast<std::size_t>(symbols)) {
    throw std::invalid_argument("regular: a transition table of " + std::to_string(next.size()) +
                                " entries for " + std::to_string(states) + " states and " +
                                std::to_string(symbols) + " symbols");
  }
  auto check_state = [&](int q, int lowest, const char* what) {
    if (q < lowest || q > states) {
      throw std::invalid_argument(std::string("regular: ") + what + " " + std::to_string(q) + " is no state 1.." +
                                  std::to_string(states));
    }
  };
  for (int q : next) check_state(q, 0, "the transition to");
  check_state(start, 1, "the start");
  for (int q : final) check_state(q, 1, "the final state");
  if (m.globals() == Globals::native) {
    std::vector<int> ids;
    for (IntVar x : xs) ids.push_back(x.id);
    m.add(Regular(std::move(ids), states, symbols, next, start, final));
    return;
  }
  std::vector<Value> table;  // indexed by (a - 1) * symbols + (x - 1)
  for (int q : next) table.push_back(q);
  IntVar a = m.int_var(start, start);
  for (IntVar x : xs) {
    m.post(LinearExpr(x) >= LinearExpr(1));
    m.post(LinearExpr(x) <= LinearExpr(symbols));
    const IntVar index = m.int_var(0, states * symbols - 1);
    m.post(LinearExpr(index) == symbols * LinearExpr(a) + LinearExpr(x) - (symbols + 1));
    const IntVar after = m.int_var(1, states);
    m.element(table, index, after);
    a = after;
  }
  if (final.empty()) {
    m.post(LinearExpr(a) <= LinearExpr(0));  // no final state: no word is accepted
    return;
  }
  std::vector<Value> accepting(final.begin(), final.end());
  const IntVar end = m.int_var(std::move(accepting));
  m.post(LinearExpr(a) == LinearExpr(end));
}

}  // namespace backtrack::csp
