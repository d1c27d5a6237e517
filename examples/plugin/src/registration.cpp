// Registers Langford pairs with the registry, so that the driver's `list`, `solve`,
// `compare` and `estimate` offer them like any bundled problem.
#include <boost/program_options.hpp>
#include <memory>
#include <span>
#include <string>

#include "backtrack/errors.hpp"
#include "backtrack/registry.hpp"
#include "backtrack/solver.hpp"
#include "langford/array.hpp"
#include "langford/word.hpp"

namespace langford {
namespace {

namespace po = boost::program_options;

backtrack::Solution render(int n, std::span<const Placement> path) {
  const auto row = row_of(n, path);
  backtrack::Solution solution;
  for (std::size_t i = 0; i < row.size(); ++i) {
    if (i != 0) solution.text += ' ';
    solution.text += std::to_string(row[i]);
  }
  solution.text += '\n';  // as every plugin's text: the driver prints it as it is
  solution.json = {{"row", row}};
  return solution;
}

// Both strategies render the same way: the solver calls words(problem, path) for a
// solution, and words.describe(problem, path) for a move of --trace and --tree.
struct LangfordWords {
  backtrack::Solution operator()(const auto& p, std::span<const Placement> path) const {
    return render(p.size(), path);
  }
  std::string describe(const auto&, std::span<const Placement> path) const {
    const Placement& m = path.back();
    return "the two " + std::to_string(m.number) + "s at " + std::to_string(m.first) + " and " +
           std::to_string(m.second());
  }
};

// n, the strategy and the symmetry in `description` are the whole instance: Langford
// pairs read no input data, so the Instance's input is empty.
template <class Strategy>
std::unique_ptr<backtrack::Solver> solver_for(Strategy problem, const std::string& description, bool symmetric) {
  return backtrack::make_solver(std::move(problem), LangfordWords{}, backtrack::Instance{description, ""}, symmetric);
}

std::unique_ptr<backtrack::Solver> make(const po::variables_map& vm, const backtrack::SolveIntent& intent) {
  const int n = vm["size"].as<int>();
  if (n < 1 || n > max_n) {
    throw backtrack::UsageError("langford: n is 1 to " + std::to_string(max_n) + ", got " + std::to_string(n));
  }
  const std::string& strategy = intent.strategy;  // declared below: the driver named and checked it
  // Counting and --unique see one arrangement of each reversal pair; listing sees all.
  // compare asks for one setting for every strategy, which this default already is.
  const bool symmetric = intent.mode == backtrack::SearchMode::count || intent.mode == backtrack::SearchMode::unique;
  const Symmetry symmetry = symmetric ? Symmetry::reversal : Symmetry::none;
  const std::string description = "n=" + std::to_string(n) + " strategy=" + strategy +
                                  " symmetry=" + (symmetric ? "reversal" : "none");
  if (strategy == "array") return solver_for(ArrayLangford(n, symmetry), description, symmetric);
  return solver_for(WordLangford(n, symmetry), description, symmetric);
}

const backtrack::Registrar registrar(backtrack::ProblemInfo{
    .name = "langford",
    .summary = "arrange two of each number 1 .. n in a row so that the two k's have k numbers between them",
    .strategies =
        {
            {"word", "the row's free squares and the placed numbers as two 64-bit words, copied per move", max_n},
            {"array", "the row as an array, filled and cleared in place; every number tried, allowed() filters", max_n},
        },
    .make = make,
    .size_option = "size",
    .default_strategy = [](const po::variables_map&, const backtrack::SolveIntent&) { return std::string("word"); },
    .options = {{.name = "size",
                 .help = "how many pairs: the numbers 1 .. n, each twice",
                 .type = backtrack::OptionInfo::Type::integer,
                 .default_value = "7",
                 .short_name = 'n'}},
    .version = "1.0",
});

}  // namespace
}  // namespace langford
