// Registers the magic square and its strategy with the driver's registry.
#include <boost/program_options.hpp>
#include <string>

#include "backtrack/csp/program_options.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/quoted.hpp"
#include "backtrack/registry.hpp"
#include "solvers/solvers.hpp"

namespace backtrack::magic_square {
namespace {

namespace po = boost::program_options;

// Beyond this the cells' values pass 2^16, the limit of a domain with holes (csp/space.hpp),
// and the search reaches no square anyway.
constexpr int max_order = 255;

// Arc (all-different by value): the line sums do the pruning. The 7,040 squares of order 4
// took 263,275 nodes, 0.46 s of CPU on one thread here, against 0.55 s at domain (235,135
// nodes). dom-deg: the smallest domain, ties to the cells in most
// constraints (the diagonals' first): half of MRV's 558,361 nodes.
constexpr csp::SearchOptions defaults{.prune = csp::Prune::arc, .variables = csp::VariableOrder::dom_deg};

bool one_per_class(const po::variables_map& vm, const SolveIntent& intent) {
  if (vm.count("symmetry") == 0) return intent.mode == SearchMode::unique;
  const std::string name = vm["symmetry"].as<std::string>();
  if (intent.mode == SearchMode::unique && name != "full") {
    throw UsageError("--unique lists one square per symmetry class: it needs --symmetry full");
  }
  return name == "full";
}

std::unique_ptr<Solver> make(const po::variables_map& vm, const SolveIntent& intent) {
  const int n = vm["size"].as<int>();
  if (n < 1 || n > max_order) {
    throw UsageError("-n must be an order from 1 to " + std::to_string(max_order) + ", got " + std::to_string(n));
  }
  const bool full = one_per_class(vm, intent);
  const auto options = csp::read_search_options(vm, defaults, csp::Layer::integer);
  // The options say it all: no input data.
  const Instance instance{"n=" + std::to_string(n) + " strategy=csp symmetry=" + (full ? "full" : "none") + " " +
                              csp::describe(options),
                          ""};
  return csp_solver(n, options, full, instance);
}

std::vector<OptionInfo> declared_options() {
  using Type = OptionInfo::Type;
  std::vector<OptionInfo> options = {
      {.name = "size", .help = "the order n: an n x n square of the numbers 1 .. n^2", .type = Type::integer,
       .default_value = "3", .short_name = 'n'},
      {.name = "symmetry",
       .help = "full: one square per class of the 8 rotations and reflections (Frénicle's standard form), each "
               "counted 8 times, and the classes reported; default: none (full with --unique)",
       .choices = {"none", "full"}},
  };
  for (auto& option : csp::search_options()) options.push_back(std::move(option));
  return options;
}

const Registrar registrar(ProblemInfo{
    .name = "magic-square",
    .summary = "fill an n x n square with 1 .. n^2 so that every row, column and both diagonals have the same sum",
    .strategies = {{.name = "csp",
                    .summary = "the integer CSP layer: a variable per cell, all different, a linear equality per "
                               "line (--prune, --order, --values; default forward, dom-deg, min)",
                    .max_size = max_order,
                    .symmetries = {"none", "full"},
                    .options = csp::restarting_search_option_names}},
    .make = make,
    .size_option = "size",
    .default_strategy = [](const po::variables_map&, const SolveIntent&) { return std::string("csp"); },
    .options = declared_options(),
});

}  // namespace
}  // namespace backtrack::magic_square
