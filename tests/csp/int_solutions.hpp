#pragma once
// Every solution of an integer model as the engine finds it: what the tests of the
// integer layer compare with generate-and-test.
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <span>
#include <vector>

#include "backtrack/csp/int_problem.hpp"
#include "backtrack/engine.hpp"

namespace backtrack::csp {

// Each variable's value in every solution; a solution found twice fails the test.
inline std::set<std::vector<Value>> solutions_of(const IntModel& model, SearchOptions options = {}) {
  const IntProblem problem(model, options);
  std::set<std::vector<Value>> found;
  auto take = [&](std::span<const Decision> path, std::uint64_t, const FoundAt&) {
    EXPECT_TRUE(found.insert(problem.values(path)).second) << "a solution found twice";
    return true;
  };
  DepthFirstSearch<IntProblem, PathSink<IntProblem>>(problem, {}, path_sink<IntProblem>(take)).run();
  return found;
}

}  // namespace backtrack::csp
