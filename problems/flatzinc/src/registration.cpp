// Registers FlatZinc models (the files MiniZinc compiles models into) with the driver:
// `backtrack solve fzn --file model.fzn`, and `compare fzn --file a.fzn,b.fzn --vary ...`.
#include <boost/program_options.hpp>
#include <map>
#include <string>
#include <vector>

#include "backtrack/csp/program_options.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/flatzinc/parser.hpp"
#include "backtrack/flatzinc/model_builder.hpp"
#include "backtrack/flatzinc/solver.hpp"
#include "backtrack/input_file.hpp"
#include "backtrack/registry.hpp"

namespace backtrack::flatzinc {
namespace {

namespace po = boost::program_options;

// FlatZinc of large tables runs to tens of MiB.
constexpr std::size_t largest_model_file = std::size_t{256} << 20;

// As Gecode reads FlatZinc: all_different at bounds consistency unless annotated (or
// --prune given, BuildOptions::all_different); the variables no search annotation names
// by AFC/size with decay (afc-size), the smallest value first.
constexpr csp::SearchOptions defaults{.prune = csp::Prune::arc, .variables = csp::VariableOrder::afc_size};

// Each file once: the driver reads the input for instances() and again for make().
const std::string& model_text(const std::string& path) {
  static std::map<std::string, std::string> read;
  const auto known = read.find(path);
  if (known != read.end()) return known->second;
  return read.emplace(path, read_input_file(path, largest_model_file)).first->second;
}

std::vector<std::string> file_names(const po::variables_map& vm) {
  if (vm.count("file") == 0) throw UsageError("fzn reads its model from --file FILE.fzn (several: a.fzn,b.fzn)");
  std::vector<std::string> names;
  std::string rest = vm["file"].as<std::string>();
  for (std::size_t comma; (comma = rest.find(',')) != std::string::npos; rest.erase(0, comma + 1)) {
    names.push_back(rest.substr(0, comma));
  }
  names.push_back(rest);
  return names;
}

// Errors as every reader's (input_location.hpp): the parser's and the builder's own say
// "LINE:COLUMN: message", and are prefixed with the file.
FlatZincModel read_checked(const std::string& text, const std::string& path, const BuildOptions& options) {
  try {
    return read_model(text, options);
  } catch (const ParseError& e) {
    throw InputError(input_name(path) + ":" + e.what());
  } catch (const ModelError& e) {
    throw InputError(input_name(path) + ":" + e.what());
  }
}

std::unique_ptr<Solver> make(const po::variables_map& vm, const SolveIntent& intent) {
  const auto options = csp::read_search_options(vm, defaults, csp::Layer::integer);
  // An order or a value choice given is the whole search (MiniZinc's free search -f).
  BuildOptions build{.follow_search_annotations = vm.count("order") == 0 && vm.count("values") == 0,
                     .globals = csp::detail::read_choice(vm, "globals", csp::all_globals, csp::Globals::native)};
  if (vm.count("prune") != 0) build.all_different = std::nullopt;
  // An instance was read and checked by instances(), under its file's name.
  const std::string path = intent.instance ? "the model" : file_names(vm).front();
  const std::string& text = intent.instance ? *intent.instance : model_text(path);
  FlatZincModel model = read_checked(text, path, build);
  const char* goal = model.goal == SolveItem::Goal::satisfy   ? "satisfy"
                     : model.goal == SolveItem::Goal::minimize ? "minimize"
                                                               : "maximize";
  std::string description = "variables=" + std::to_string(model.model.variables()) +
                            " constraints=" + std::to_string(model.model.propagation().size()) + " goal=" + goal +
                            " strategy=csp " + csp::describe(options);
  if (!build.follow_search_annotations) description += " search=free";
  if (build.globals != csp::Globals::native) description += " globals=" + std::string(to_string(build.globals));
  return fzn_solver(std::move(model), options, Instance{description, text});
}

// Each file a model, read and checked before the first is solved.
std::vector<std::string> instances(const po::variables_map& vm) {
  std::vector<std::string> texts;
  for (const std::string& name : file_names(vm)) {
    const std::string& text = model_text(name);
    read_checked(text, name, BuildOptions{});
    texts.push_back(text);
  }
  return texts;
}

std::vector<OptionInfo> declared_options() {
  std::vector<OptionInfo> options = {
      {.name = "file",
       .help = "the FlatZinc model (minizinc -c --solver backtrack model.mzn data.dzn makes one); several, "
               "a.fzn,b.fzn, are solved in turn",
       .short_name = 'f',
       .names_input_file = true},
      {.name = "globals",
       .help = "native: each global constraint of the solver library (all_different, cumulative, circuit, ...) "
               "is a propagator of its own; decomposed: the reader posts the smaller constraints a solver "
               "without it would (compare fzn --vary globals=native,decomposed shows what a propagator buys)",
       .choices = {"native", "decomposed"},
       .default_value = "native"},
  };
  for (auto& option : csp::search_options()) options.push_back(std::move(option));
  return options;
}

const Registrar registrar(ProblemInfo{
    .name = "fzn",
    .summary = "a FlatZinc model, as MiniZinc compiles one: integer and Boolean variables, its constraints, "
               "objective and search annotations",
    .strategies = {{.name = "csp",
                    .summary = "the integer CSP layer; the model's search annotations, or the search --order and "
                               "--values name (default: the annotations, then afc-size, min; --prune forward)",
                    .modes = {SearchMode::count, SearchMode::all, SearchMode::first, SearchMode::limit},
                    .options = csp::restarting_search_option_names}},
    .make = make,
    .default_strategy = [](const po::variables_map&, const SolveIntent&) { return std::string("csp"); },
    .options = declared_options(),
    .instances = instances,
});

}  // namespace
}  // namespace backtrack::flatzinc
