#include <span>
#include <string>
#include <utility>

#include "backtrack/csp/restarting_solver.hpp"
#include "backtrack/golomb/csp.hpp"
#include "backtrack/solver.hpp"
#include "solvers.hpp"

namespace backtrack::golomb {
namespace {

// "marks: 0 1 4 6", and in JSON the marks and the length.
Solution render(const std::vector<csp::Value>& marks) {
  Solution solution;
  solution.text = "marks:";
  for (const csp::Value m : marks) solution.text += " " + std::to_string(m);
  solution.text += '\n';
  solution.json = {{"marks", marks}, {"length", marks.back()}};
  return solution;
}

// A solution as its marks; a move of --trace and --tree as "mark 2 = 5", the layer's
// words for it ("x2 = 5") with the variable named.
struct RulerWords {
  Solution operator()(const CspGolomb& p, std::span<const CspGolomb::Move> path) const { return render(p.ruler(path)); }
  std::string describe(const CspGolomb&, std::span<const CspGolomb::Move> path) const {
    const std::string words = CspGolomb::describe(path.back());
    return "mark " + std::to_string(path.back().x) + words.substr(words.find(' '));
  }
};

}  // namespace

std::unique_ptr<Solver> csp_solver(int marks, const csp::SearchOptions& options, Instance instance) {
  return csp::with_restarts(CspGolomb(marks, options), instance, [instance](CspGolomb problem) {
    return make_solver(std::move(problem), RulerWords{}, instance);
  });
}

}  // namespace backtrack::golomb
