// Registers the Golomb ruler and its strategy with the driver's registry.
#include <boost/program_options.hpp>
#include <string>

#include "backtrack/csp/program_options.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/registry.hpp"
#include "solvers/solvers.hpp"

namespace backtrack::golomb {
namespace {

namespace po = boost::program_options;

// Lengths up to 2^16 keep every domain a bitset (csp/space.hpp); the search proves no
// optimum near there anyway (M = 14 took hours for the programs that did it first).
constexpr int max_marks = 100;

// The marks in order, the smallest value first: the first ruler is the greedy one, and
// each later one shorter (the classic branch and bound). The differences at bounds
// consistency: domain consistency searches the same tree (M = 11: 642,873 nodes) at three
// times the cost (27.1 s of CPU against 8.6 s on one thread here; M = 10 0.37 s against
// 0.42 s); forward checking needs 185,515 nodes for M = 10 where both need 39,877.
constexpr csp::SearchOptions defaults{.prune = csp::Prune::bounds, .variables = csp::VariableOrder::static_order};

std::unique_ptr<Solver> make(const po::variables_map& vm, const SolveIntent&) {
  const int marks = vm["marks"].as<int>();
  if (marks < 1 || marks > max_marks) {
    throw UsageError("-n must be a number of marks from 1 to " + std::to_string(max_marks) + ", got " +
                     std::to_string(marks));
  }
  const auto options = csp::read_search_options(vm, defaults, csp::Layer::integer);
  // The options say it all: no input data.
  return csp_solver(marks, options, Instance{"marks=" + std::to_string(marks) + " strategy=csp " + csp::describe(options), ""});
}

std::vector<OptionInfo> declared_options() {
  using Type = OptionInfo::Type;
  std::vector<OptionInfo> options = {
      {.name = "marks", .help = "the number of marks M of the ruler", .type = Type::integer, .default_value = "6",
       .short_name = 'n'},
  };
  for (auto& option : csp::search_options()) options.push_back(std::move(option));
  return options;
}

const Registrar registrar(ProblemInfo{
    .name = "golomb",
    .summary = "the shortest ruler with M marks whose pairwise distances all differ (an optimisation: each shorter "
               "ruler is listed as it is found)",
    .strategies = {{.name = "csp",
                    .summary = "the integer CSP layer: the marks and their differences, all different, branch and "
                               "bound on the length (--prune, --order, --values; default bounds, static, min)",
                    .max_size = max_marks,
                    .modes = {SearchMode::count, SearchMode::all, SearchMode::first, SearchMode::limit},
                    .options = csp::restarting_search_option_names}},
    .make = make,
    .size_option = "marks",
    .default_strategy = [](const po::variables_map&, const SolveIntent&) { return std::string("csp"); },
    .options = declared_options(),
});

}  // namespace
}  // namespace backtrack::golomb
