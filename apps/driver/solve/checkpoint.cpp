#include "checkpoint.hpp"

#include "../program/log.hpp"
#include "backtrack/digest.hpp"
#include "backtrack/errors.hpp"
#include "option_values.hpp"

namespace backtrack {

std::unique_ptr<Journal> open_checkpoint(const ProblemInfo& problem, const boost::program_options::variables_map& vm,
                                         const Solver& solver, SearchMode mode, const SearchLimits& limits) {
  if (vm.count("checkpoint") == 0) return nullptr;
  if (mode != SearchMode::count) throw UsageError("--checkpoint applies to --count only");
  if (limits.max_nodes != 0 || limits.max_failures != 0) {
    throw UsageError("--checkpoint cannot be combined with --max-nodes or --max-failures (use --time-limit)");
  }
  const std::string& path = vm["checkpoint"].as<std::string>();
  if (path.empty()) throw UsageError("--checkpoint needs a file name");
  // The count's identity: the plugin's Instance, and the problem's options besides,
  // but not the name of the file the input came from.
  boost::program_options::options_description own;
  problem.describe_options(own);
  JournalHeader header{.problem = problem.name,
                       .instance = solver.description(),
                       .input_digest = sha1_hex(solver.instance().input),
                       .options = option_values(vm, own),
                       .program_version = BACKTRACK_VERSION,
                       .problem_version = problem.version};
  for (const auto& option : problem.options) {
    if (!option.names_input_file) continue;
    header.file_options.insert(option.name);
    // A journal of an earlier release may hold the file under the option's former name.
    header.file_options.insert(option.former_names.begin(), option.former_names.end());
  }
  return std::make_unique<Journal>(path, header, [](const std::string& message) { log::warn(message); });
}

}  // namespace backtrack
