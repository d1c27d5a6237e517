#include "compare_agreement.hpp"

#include "../program/log.hpp"

namespace backtrack::compare {

bool rows_agree(const std::vector<Row>& rows, const std::vector<Axis>& axes, SearchMode mode) {
  if (mode != SearchMode::count) return true;
  bool agree = true;
  auto same_tree = [&](const Row& a, const Row& b) {
    if (a.config.size != b.config.size || a.config.instance != b.config.instance) return false;
    for (std::size_t x = 0; x < axes.size(); ++x) {
      if (!axes[x].strategy_option && a.config.settings[x] != b.config.settings[x]) return false;
    }
    return true;
  };
  for (std::size_t i = 0; i < rows.size() && agree; ++i) {
    for (std::size_t j = i + 1; j < rows.size() && agree; ++j) {
      const auto& a = rows[i].result.stats;
      const auto& b = rows[j].result.stats;
      if (!same_tree(rows[i], rows[j]) || !a.complete() || !b.complete()) continue;
      // An optimisation's improvements on the way depend on the search order: the
      // rows agree on the optimum.
      const auto& oa = rows[i].result.objective;
      const auto& ob = rows[j].result.objective;
      if (oa && ob) {
        if (oa->best == ob->best) continue;
        agree = false;
        auto best = [](const ObjectiveResult& o) { return o.best ? std::to_string(*o.best) : "none"; };
        log::error("DISAGREEMENT: " + label(rows[i].config, axes) + " (" + rows[i].instance + ") proves the optimum " +
                   best(*oa) + " but " + label(rows[j].config, axes) + " (" + rows[j].instance + ") proves " +
                   best(*ob));
        continue;
      }
      if (a.solutions == b.solutions) continue;
      agree = false;
      log::error("DISAGREEMENT: " + label(rows[i].config, axes) + " (" + rows[i].instance + ") counts " +
                 to_string(a.solutions) + " solutions but " + label(rows[j].config, axes) + " (" + rows[j].instance +
                 ") counts " + to_string(b.solutions));
    }
  }
  return agree;
}

}  // namespace backtrack::compare
