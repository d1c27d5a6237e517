#pragma once
// Running compare's rows: each in turn, --repeat times, every row printed as it is done;
// a short search is run twice (the first run is the row's warm-up). Each row's clock
// starts where the last one stopped, so the rows add up to the command.
#include <optional>
#include <vector>

#include "../solve/instance_clock.hpp"
#include "../watch/search_tree.hpp"
#include "compare_plan.hpp"
#include "compare_report.hpp"
#include "compare_settings.hpp"

namespace backtrack::compare {

struct RowsRun {
  std::vector<Row> rows;                         // those not reached before Ctrl-C left out
  std::vector<std::optional<SearchTree>> trees;  // --tree: each row's, in the plans' order
  bool interrupted = false;
};

// Runs `plans`, the first row's clock from `start`.
RowsRun run_rows(Settings& settings, const std::vector<Plan>& plans, const Report& report, Clock::time_point start);

}  // namespace backtrack::compare
