#pragma once
// bin_packing_load(m, loads, bins, w, first): item i, of weight w[i] >= 0, goes into bin
// bins[i] - first (0 .. loads.size() - 1), and loads[b] is the weight bin b holds.
// bin_packing_capa(m, capacity, bins, w, first): each bin b holds at most capacity[b].
// MiniZinc's bin_packing_load, bin_packing_capa and bin_packing (one capacity for the
// bins its items' domains name), whose first bin is the load (capacity) array's first
// index.
//
// Native: propagators/bin_packing.hpp (Shaw 2004's load and item rules) and sum(loads) =
// sum(w). Decomposed as MiniZinc's standard library does: bins within range, sum(loads)
// = sum(w), and loads[b] = sum(w[i] * (bins[i] = first + b)) over a 0/1 variable each.
#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "backtrack/csp/int_model.hpp"
#include "backtrack/csp/propagators/bin_packing.hpp"

namespace backtrack::csp {

inline void bin_packing_load(IntModel& m, std::span<const IntVar> loads, std::span<const IntVar> bins,
                             std::span<const Value> w, Value first = 0) {
  if (bins.size() != w.size()) {
    throw std::invalid_argument("bin_packing: " + std::to_string(bins.size()) + " items but " +
                                std::to_string(w.size()) + " weights");
  }
  for (Value x : w) {
    if (x < 0) throw std::invalid_argument("bin_packing: a negative weight " + std::to_string(x));
  }
  if (loads.empty()) {
    if (!bins.empty()) throw std::invalid_argument("bin_packing: items but no bin");
    return;
  }
  LinearExpr total;
  Value weight = 0;
  for (IntVar l : loads) total = std::move(total) + l;
  for (Value x : w) weight += x;
  m.post(std::move(total) == LinearExpr(weight));
  if (m.globals() == Globals::native) {
    BinPackingLoad p{{}, {}, {w.begin(), w.end()}, first};
    for (IntVar l : loads) p.loads.push_back(l.id);
    for (IntVar b : bins) p.bins.push_back(b.id);
    m.add(Boxed<BinPackingLoad>(std::move(p)));
    return;
  }
  const auto last = first + static_cast<Value>(loads.size()) - 1;
  for (IntVar b : bins) {
    m.post(LinearExpr(b) >= LinearExpr(first));
    m.post(LinearExpr(b) <= LinearExpr(last));
  }
  for (std::size_t b = 0; b < loads.size(); ++b) {
    LinearExpr held;
    for (std::size_t i = 0; i < bins.size(); ++i) {
      const IntVar in = m.bool_var();
      m.post(LinearExpr(bins[i]) == LinearExpr(first + static_cast<Value>(b)), iff(in));
      held = std::move(held) + w[i] * LinearExpr(in);
    }
    m.post(LinearExpr(loads[b]) == std::move(held));
  }
}

inline void bin_packing_capa(IntModel& m, std::span<const Value> capacity, std::span<const IntVar> bins,
                             std::span<const Value> w, Value first = 0) {
  std::vector<IntVar> loads;
  for (Value c : capacity) {
    if (c < 0) throw std::invalid_argument("bin_packing: a negative capacity " + std::to_string(c));
    loads.push_back(m.int_var(0, c));
  }
  bin_packing_load(m, loads, bins, w, first);
}

}  // namespace backtrack::csp
