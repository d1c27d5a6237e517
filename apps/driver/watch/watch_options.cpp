#include "watch_options.hpp"

#include "../output/output_path.hpp"
#include "../program/log.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/quoted.hpp"
#include "tree_drawing.hpp"

namespace backtrack {

namespace po = boost::program_options;

void add_watch_options(po::options_description& options, bool trace, const char* tree_help) {
  if (trace) {
    options.add_options()
      ("trace", po::value<std::string>()->implicit_value("moves")->value_name("WHAT"),
       "print every step of the search, indented by depth: each move tried and what became of it (a child, "
       "refused by a check, a dead end, a solution, drawn); --trace=boards draws the state at every node. "
       "One thread; for small instances (--max-nodes N bounds it); JSON Lines with --format json");
  }
  options.add_options()
    ("tree", po::value<std::string>()->value_name(trace ? "FILE" : "DIR"), tree_help)
    ("tree-nodes", po::value<long long>()->value_name("N"),
     "--tree: draw at most N nodes (default 2000); a larger tree's deepest levels fold into triangles that "
     "give their exact node counts");
}

std::size_t read_tree_nodes(const po::variables_map& vm) {
  if (vm.count("tree-nodes") == 0) return default_tree_nodes;
  const long long n = vm["tree-nodes"].as<long long>();
  if (n < 1 || n > 1000000) throw UsageError("--tree-nodes must be between 1 and 1000000, got " + std::to_string(n));
  if (vm.count("tree") == 0) throw UsageError("--tree-nodes applies to --tree");
  return static_cast<std::size_t>(n);
}

Watching::Watching(const po::variables_map& vm, std::ostream& out, bool json, Trees trees)
    : tree_nodes_(read_tree_nodes(vm)), trees_(trees) {
  if (vm.count("trace") != 0) {
    const std::string what = vm["trace"].as<std::string>();
    if (what != "moves" && what != "boards") {
      throw UsageError("--trace takes nothing or =boards, got " + in_quotes(what));
    }
    const std::uint64_t max_lines = vm.count("force") != 0 ? 0 : max_trace_lines_without_force;
    trace_ = std::make_unique<SearchTrace>(out, json, what == "boards", max_lines);
  }
  if (vm.count("tree") != 0) {
    tree_path_ = vm["tree"].as<std::string>();
    if (trees_ == Trees::a_directory) {
      if (tree_path_.empty()) throw UsageError("--tree needs a directory name");
      check_output_directory("--tree", tree_path_.string());
    } else {
      if (tree_path_.empty()) throw UsageError("--tree needs a file name");
      tree_format_of(tree_path_);  // refuses another extension before the search
      check_output_file("--tree", tree_path_);
    }
    recorder_ = std::make_unique<TreeRecorder>(tree_nodes_);
  }
  both_.a = trace_.get();
  both_.b = recorder_.get();
}

void Watching::on_one_thread(SolveIntent& intent, bool profile, bool threads_asked) const {
  const bool rows = trees_ == Trees::a_directory;
  if (profile) {
    throw UsageError(std::string(rows ? "--tree" : "--trace and --tree") +
                     ": not with --profile (the tree shows the nodes per depth)");
  }
  if (threads_asked) {
    log::info(rows ? "--tree watches one search in depth-first order: each row on one thread"
                   : "--trace and --tree watch one search in depth-first order: on one thread");
  }
  intent.threads = 1;
  intent.watched = true;
}

void Watching::finish(const std::string& title, const RunResult& result) {
  if (!recorder_) return;
  write_tree(recorder_->finish(title, result.stats), tree_path_);
}

std::optional<SearchTree> Watching::take_tree(const std::string& title, const SearchStats& stats) {
  if (!recorder_) return std::nullopt;
  SearchTree tree = recorder_->finish(title, stats);
  recorder_ = std::make_unique<TreeRecorder>(tree_nodes_);
  both_.b = recorder_.get();
  return tree;
}

}  // namespace backtrack
