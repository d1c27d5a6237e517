#include "backtrack/flatzinc/solver.hpp"

#include <span>
#include <utility>

#include "backtrack/csp/int_problem.hpp"
#include "backtrack/csp/restarting_solver.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/flatzinc/model_builder.hpp"
#include "backtrack/flatzinc/parser.hpp"
#include "backtrack/solver.hpp"

namespace backtrack::flatzinc {
namespace {

Solution render(const std::vector<OutputItem>& output, const std::vector<csp::Value>& values) {
  Solution solution;
  solution.text = format_solution(output, values);
  solution.json = nlohmann::json::object();
  for (const OutputItem& item : output) {
    const auto value = [&](const OutputValue& v) -> nlohmann::json {
      const csp::Value x = v.var >= 0 ? values[static_cast<std::size_t>(v.var)] : v.constant;
      if (item.boolean) return x != 0;
      return x;
    };
    if (item.dimensions.empty()) {
      solution.json[item.name] = value(item.values.front());
    } else {
      nlohmann::json array = nlohmann::json::array();
      for (const OutputValue& v : item.values) array.push_back(value(v));
      solution.json[item.name] = std::move(array);  // row by row, as output_array lists them
    }
  }
  return solution;
}

}  // namespace

FlatZincModel read_model(const std::string& text, const BuildOptions& options) {
  return build_model(parse(text), options);
}

ModelSolver read_solver(const std::string& text, bool follow_search_annotations, csp::Globals globals,
                        bool prune_given, const csp::SearchOptions& options, Instance instance,
                        const std::optional<csp::SearchOptions>& unannotated) {
  BuildOptions build{.follow_search_annotations = follow_search_annotations, .globals = globals};
  if (prune_given) build.all_different = std::nullopt;
  FlatZincModel model;
  try {
    model = read_model(text, build);
  } catch (const ParseError& e) {
    throw InputError(e.what());
  } catch (const ModelError& e) {
    throw InputError(e.what());
  }
  ModelSolver made;
  made.warnings = model.warnings;
  made.optimises = model.model.objective().has_value();
  const bool free = unannotated && !model.names_a_search;
  made.solver = fzn_solver(std::move(model), free ? *unannotated : options, std::move(instance));
  return made;
}

std::unique_ptr<Solver> fzn_solver(FlatZincModel model, const csp::SearchOptions& options, Instance instance) {
  auto output = std::make_shared<const std::vector<OutputItem>>(std::move(model.output));
  return csp::with_restarts(csp::IntProblem(std::move(model.model), options), instance,
                            [instance, output](csp::IntProblem problem) {
                              return make_solver(
                                  std::move(problem),
                                  [output](const csp::IntProblem& p, std::span<const csp::IntProblem::Move> path) {
                                    return render(*output, p.values(path));
                                  },
                                  instance);
                            });
}

}  // namespace backtrack::flatzinc
