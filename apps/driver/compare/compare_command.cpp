// backtrack compare: every strategy of a problem on every size of a range, one table.
// The command line is read once (compare_settings), the rows planned and the columns
// probed (compare_plan), the rows run (compare_rows), their counts checked against each
// other (compare_agreement), and what is drawn after the table written (compare_outputs).
#include <algorithm>
#include <boost/program_options.hpp>

#include "../commands/commands.hpp"
#include "../options/command_line.hpp"
#include "../options/search_options.hpp"
#include "../options/shared_options.hpp"
#include "../program/log.hpp"
#include "../watch/watch_options.hpp"
#include "backtrack/cli.hpp"
#include "compare_agreement.hpp"
#include "compare_outputs.hpp"
#include "compare_plan.hpp"
#include "compare_rows.hpp"
#include "compare_settings.hpp"

namespace backtrack {

namespace po = boost::program_options;

po::options_description compare_options() {
  po::options_description common("Options of backtrack compare");
  add_help_option(common);
  add_strategy_option(common, "the strategies to run, comma-separated (default: all of the problem's)", "S1,S2,...");
  common.add_options()
    ("vary", po::value<std::vector<std::string>>()->composing()->value_name("OPTION=V1,V2,..."),
     "run every row with each value of this option of the problem (repeatable)")
    ("repeat", po::value<int>()->default_value(1)->value_name("R"), "run every row R times, in turn; times are medians")
    ("baseline", po::value<std::string>()->value_name("ROW"),
     "the row whose search seconds the others' speed divides, run first at each size: a strategy, with its "
     "varied options as the table names them (e.g. 'csp prune=none'); default: the first row of each size")
    ("per-instance", "an input of many instances (a Sudoku file, one puzzle a line): a row for each, not one for all");
  add_first_option(common, "time the search for the first solution, not the count");
  add_limit_option(common, "time the search for the first K solutions");
  add_profile_option(common, "count nodes and failures per depth for every row (tables after the table; \"profile\" "
                             "in JSON; with --plot a second chart, nodes per depth); --first and --limit then search "
                             "on one thread");
  common.add_options()
    ("plot", po::value<std::string>()->value_name("FILE"),
     "also draw search seconds vs n (log scale) into this file with gnuplot, in the format its extension names: "
     ".svg, .png or .pdf");
  add_watch_options(common, false,
                    "draw each row's search tree into DIR (made if missing): an .svg a row, and index.html, two rows "
                    "side by side (see above)");
  add_verbosity_options(common);
  add_threads_option(common, "worker threads for every run (default 1, for comparable times)", 1);
  add_time_limit_option(common, "stop each run after this many seconds (its row is then partial)");
  add_max_nodes_option(common, "stop each run after this many nodes (its row is then partial)");
  add_max_failures_option(common, "stop each run after this many failures (its row is then partial)");
  add_format_option(common, compare_formats);
  return common;
}

int compare_command(const Arguments& raw_args, const Registry& registry) {
  // Each row's clock starts where the last one stopped: the rows add up to the command.
  Clock::time_point row_start = Clock::now();
  const std::unique_ptr<compare::Settings> settings = compare::read_settings(raw_args, registry, compare_options());
  if (!settings) return exit_ok;  // --help
  compare::Settings& s = *settings;
  if (!s.plot_file.empty()) {
    if (!s.terminal.unavailable.empty()) {
      log::error(s.terminal.unavailable);
      return exit_unavailable;
    }
    // Asking gnuplot takes a third of a second: the first row's set-up, which counts the
    // command line, would look slow for it. Drawing is not in the rows either.
    row_start = Clock::now();
  }
  const std::vector<compare::Plan> plans = compare::plan_rows(s);
  // Like asking gnuplot, probing is in no row's time.
  const auto probes_begin = Clock::now();
  const std::optional<compare::Columns> columns = compare::probe_columns(s, plans);
  if (!columns) return exit_code_for(StopReason::interrupted);
  row_start += Clock::now() - probes_begin;
  const compare::Report report(s.format, s.problem->name, *columns);
  report.header();

  compare::RowsRun run = compare::run_rows(s, plans, report, row_start);
  if (!s.watching->tree_path().empty()) compare::write_trees(s.watching->tree_path(), run.trees);
  const bool agree = compare::rows_agree(run.rows, s.axes, s.intent.mode);
  report.finish(run.rows, agree, s.profile, s.sizes.size() > 1);
  if (!s.plot_file.empty() && !run.interrupted) compare::draw_plot(s, run.rows);
  if (!agree) return exit_disagreement;
  if (run.interrupted) return exit_code_for(StopReason::interrupted);
  const bool partial =
      std::any_of(run.rows.begin(), run.rows.end(), [](const compare::Row& r) { return compare::cut(r.result.stats); });
  return partial ? exit_stopped_by_limit : exit_ok;
}

}  // namespace backtrack
