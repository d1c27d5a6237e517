// Registers problem xcc: any exact cover problem, with colours, read from a file in the
// format of Knuth's DLX programs (backtrack/xcc/xcc_file.hpp).
#include <boost/program_options.hpp>
#include <memory>
#include <string>

#include "backtrack/errors.hpp"
#include "backtrack/input_file.hpp"
#include "backtrack/memory_limit.hpp"
#include "backtrack/registry.hpp"
#include "backtrack/xcc/parser.hpp"
#include "solvers/solvers.hpp"

namespace backtrack::xcc {
namespace {

namespace po = boost::program_options;

std::shared_ptr<const XccFile> read_file(const std::string& path) {
  XccParser parser(input_name(path));
  for_each_input_line(path, default_input_limit, [&](std::string_view line) { parser.add_line(line); });
  return std::make_shared<const XccFile>(std::move(parser).finish());
}

// The driver may build a problem more than once (a count also looks for an example
// solution, compare runs rows), so standard input is read once and kept.
std::shared_ptr<const XccFile> read_input(const po::variables_map& vm) {
  if (vm.count("file") == 0) {
    require_redirected_stdin("xcc reads its problem from --file FILE or a pipe (backtrack solve xcc < problem.xcc)");
  }
  const std::string path = vm.count("file") != 0 ? vm["file"].as<std::string>() : "-";
  if (path != "-") return read_file(path);
  static const auto standard_input = read_file(path);
  return standard_input;
}

exact_cover::ItemChoice read_choice(const po::variables_map& vm) {
  const std::string order = vm["order"].as<std::string>();
  exact_cover::ItemChoice choice;
  choice.order = order == "static" ? exact_cover::ItemOrder::first
                 : order == "random" ? exact_cover::ItemOrder::random
                                     : exact_cover::ItemOrder::mrv;
  choice.seed = vm["seed"].as<unsigned long long>();
  return choice;
}

std::unique_ptr<Solver> make(const po::variables_map& vm, const SolveIntent& intent) {
  auto file = read_input(vm);
  const auto choice = read_choice(vm);
  const bool coloured = file->matrix.coloured();
  // Nodes of 20 or 24 bytes, one an item named: the matrix as read, the problem's start
  // state, and a search's copy of it (and, on several threads, a copy of the problem) each.
  const double nodes = static_cast<double>(file->matrix.entries() + file->items.size());
  const double node_bytes = coloured ? 24.0 : 20.0;
  require_memory("strategy dlx", "this file",
                 RunBytes{.shared = nodes * (node_bytes + 8), .problem = nodes * node_bytes, .search = 2 * nodes * node_bytes},
                 intent.threads);
  std::string description = "primary=" + std::to_string(file->primary) + " secondary=" + std::to_string(file->secondary()) +
                            " options=" + std::to_string(file->matrix.rows());
  if (file->ignored != 0) description += " ignored=" + std::to_string(file->ignored);
  description += " colours=" + std::to_string(file->colours.size()) + " order=" + vm["order"].as<std::string>();
  if (choice.order == exact_cover::ItemOrder::random) description += " seed=" + std::to_string(choice.seed);
  description += " strategy=" + intent.strategy;
  if (coloured) return solver_for<true>(std::move(file), choice, std::move(description));
  return solver_for<false>(std::move(file), choice, std::move(description));
}

const std::vector<OptionInfo> declared_options = {
    {.name = "file",
     .help = "the problem ('-' or none: standard input, a pipe or a file; at most 64 MiB), as Knuth's DLX programs "
             "read it: first a line "
             "of items, primary ones (covered once), '|', secondary ones (at most once); then an option a line, the "
             "items it covers, ITEM:COLOUR for a secondary one that options of one colour may share; '|' starts a "
             "comment line",
     .short_name = 'f',
     .names_input_file = true},
    {.name = "order",
     .help = "the item to branch on (the words of a CSP's --order): mrv, the primary item with the fewest options "
             "left, the first on ties (Knuth's default); static, the first primary item left, in the order of the "
             "file; random, as mrv with ties broken by an order of the items drawn from --seed",
     .choices = {"mrv", "static", "random"},
     .default_value = "mrv",
     .former_choices = {{"first", "static"}}},
    {.name = "seed", .help = "the search's random seed: that of --order random", .type = OptionInfo::Type::unsigned_integer, .default_value = "1"},
};

const Registrar registrar(ProblemInfo{
    .name = "xcc",
    .summary = "any exact cover problem with colours (XCC), read from a file in the format of Knuth's DLX programs",
    .strategies =
        {
            {.name = "dlx",
             .summary = "dancing links with Knuth's colour controls (purify); the plain exact-cover loops for a file "
                        "without colours",
             .modes = {SearchMode::count, SearchMode::all, SearchMode::first, SearchMode::limit}},
        },
    .make = make,
    .default_strategy = [](const po::variables_map&, const SolveIntent&) { return std::string("dlx"); },
    .options = declared_options,
});

}  // namespace
}  // namespace backtrack::xcc
