// Registers the cryptarithm with the registry: one strategy, `int`, on the integer CSP
// layer, which brings the layer's options (--prune, --order, --values, --branching,
// --seed, --restarts) with it.
#include <boost/program_options.hpp>
#include <cstddef>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "backtrack/csp/program_options.hpp"
#include "backtrack/csp/restarting_solver.hpp"
#include "backtrack/registry.hpp"
#include "backtrack/solver.hpp"
#include "cryptarithm/cryptarithm.hpp"

namespace cryptarithm {
namespace {

namespace po = boost::program_options;

// Propagation to a fixpoint: SearchOptions{} says forward, which on this layer runs the
// sum only once all but one of its letters are fixed.
constexpr csp::SearchOptions defaults{.prune = csp::Prune::arc};

// The solver calls words(problem, path) for a solution, and words.describe(problem, path)
// for each move of --trace and --tree.
struct CryptarithmWords {
  backtrack::Solution operator()(const Cryptarithm& p, std::span<const csp::Decision> path) const {
    const std::vector<csp::Value> digit = p.values(path);  // every variable's value, in the model's order
    std::map<std::string, csp::Value> letters;
    for (std::size_t i = 0; i < digit.size(); ++i) letters[std::string(1, p.sum().letters[i])] = digit[i];
    backtrack::Solution solution;
    solution.text = p.in_digits(digit) + '\n';  // the driver prints the text as it is
    solution.json = {{"digits", letters}};
    return solution;
  }
  // Binary branching tries E = 4, then E != 4; a split (--values split) E <= 5, then E > 5.
  std::string describe(const Cryptarithm& p, std::span<const csp::Decision> path) const {
    const csp::Decision& d = path.back();
    const char* relation = " = ";
    switch (d.kind) {
      case csp::Decision::Kind::equal: break;
      case csp::Decision::Kind::not_equal: relation = " != "; break;
      case csp::Decision::Kind::at_most: relation = " <= "; break;
      case csp::Decision::Kind::more_than: relation = " > "; break;
    }
    return std::string(1, p.letter(d)) + relation + std::to_string(d.v);
  }
};

std::unique_ptr<backtrack::Solver> make(const po::variables_map& vm, const backtrack::SolveIntent&) {
  const std::string puzzle = vm["puzzle"].as<std::string>();
  const csp::SearchOptions options = csp::read_search_options(vm, defaults, csp::Layer::integer);
  // The puzzle and the search options are the whole instance: no input data. A
  // checkpoint's journal is kept for this description alone.
  const backtrack::Instance instance{"puzzle=" + puzzle + " " + csp::describe(options), ""};
  // --restarts: with_restarts makes a solver per run (--first, --limit K) through the
  // lambda, or restarts within the one run (a count, --all); without it, the lambda's solver.
  return csp::with_restarts(Cryptarithm(parse(puzzle), options), instance, [instance](Cryptarithm problem) {
    return backtrack::make_solver(std::move(problem), CryptarithmWords{}, instance);
  });
}

std::vector<backtrack::OptionInfo> declared_options() {
  std::vector<backtrack::OptionInfo> options = {
      {.name = "puzzle", .help = "the sum: words of capital letters, joined by '+' and one '='",
       .default_value = "SEND+MORE=MONEY"},
  };
  for (auto& option : csp::search_options()) options.push_back(std::move(option));
  return options;
}

const backtrack::Registrar registrar(backtrack::ProblemInfo{
    .name = "cryptarithm",
    .summary = "give each letter a digit, different letters different digits, so that the words add up",
    .strategies = {{.name = "int",
                    .summary = "the integer CSP layer: a digit a letter, all different, one linear equality",
                    .options = csp::restarting_search_option_names}},
    .make = make,
    .default_strategy = [](const po::variables_map&, const backtrack::SolveIntent&) { return std::string("int"); },
    .options = declared_options(),
    .version = "1.0",
});

}  // namespace
}  // namespace cryptarithm
