#include "backtrack/registry.hpp"

#include <algorithm>
#include <stdexcept>

namespace backtrack {

Registry& Registry::global() {
  static Registry registry;
  return registry;
}

void Registry::add(ProblemInfo problem) {
  if (find(problem.name) != nullptr) throw std::logic_error("problem registered twice: " + problem.name);
  problems_.push_back(std::move(problem));
  std::sort(problems_.begin(), problems_.end(),
            [](const ProblemInfo& a, const ProblemInfo& b) { return a.name < b.name; });
}

const ProblemInfo* Registry::find(const std::string& name) const {
  for (const auto& problem : problems_) {
    if (problem.name == name) return &problem;
  }
  return nullptr;
}

}  // namespace backtrack
