#pragma once
// What the N-Queens tests share: the Solver the driver would make for a command line's
// problem options, a count with it, and a total as 64 bits (every count here fits).
#include <boost/program_options.hpp>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "backtrack/registry.hpp"
#include "backtrack/solution.hpp"
#include "backtrack/solver_interface.hpp"

inline std::uint64_t u64(backtrack::uint128 v) { return static_cast<std::uint64_t>(v); }

inline const backtrack::ProblemInfo& nqueens_info() {
  const auto* info = backtrack::Registry::global().find("nqueens");
  if (info == nullptr) throw std::logic_error("nqueens is not registered");
  return *info;
}

// The Solver the driver would make for these options ("" strategy: the plugin's choice).
inline std::unique_ptr<backtrack::Solver> make(const std::vector<std::string>& args, backtrack::SearchMode mode,
                                               const std::string& strategy, bool force = false) {
  namespace po = boost::program_options;
  const auto& info = nqueens_info();
  po::options_description options;
  info.describe_options(options);
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(options).run(), vm);
  po::notify(vm);
  backtrack::SolveIntent intent;
  intent.mode = mode;
  intent.strategy = strategy;
  intent.force = force;
  return info.build(vm, intent);
}

inline backtrack::RunResult count(const backtrack::Solver& solver, unsigned threads) {
  backtrack::RunRequest request;
  request.mode = backtrack::SearchMode::count;
  request.threads = threads;
  return solver.run(request, [](const backtrack::Solution&) { return true; });
}
