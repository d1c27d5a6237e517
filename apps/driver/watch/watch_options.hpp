#pragma once
// --trace and --tree (solve), --tree DIR and --tree-nodes (compare): watching a search
// step by step. A watched search runs on one thread in depth-first order.
#include <boost/program_options.hpp>
#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <ostream>
#include <string>

#include "backtrack/registry.hpp"
#include "backtrack/search_watcher.hpp"
#include "backtrack/solver_interface.hpp"
#include "search_trace.hpp"
#include "tree_recorder.hpp"

namespace backtrack {

// The nodes a drawing shows before it folds the deepest levels (--tree-nodes).
inline constexpr std::size_t default_tree_nodes = 2000;

// --tree-nodes; with `trace`, --trace[=boards] too (solve), and --tree's help.
void add_watch_options(boost::program_options::options_description& options, bool trace, const char* tree_help);
// --tree-nodes, checked.
std::size_t read_tree_nodes(const boost::program_options::variables_map& vm);

// What a command watches: solve's trace to `out` and tree to a file, or both; compare's
// tree of each row, for the drawings of a directory.
class Watching {
 public:
  enum class Trees { one_file, a_directory };  // solve --tree FILE, compare --tree DIR
  // The trace stops at max_trace_lines_without_force unless vm holds --force.
  Watching(const boost::program_options::variables_map& vm, std::ostream& out, bool json,
           Trees trees = Trees::one_file);
  // Null where nothing is watched.
  SearchWatcher* watcher() {
    if (trace_ && recorder_) return &both_;
    if (trace_) return trace_.get();
    return recorder_.get();
  }
  // The rule of every watched search, solve's and compare's: one thread, in depth-first
  // order (the default orders that read best), and no --profile, for the tree shows the
  // nodes per depth. `threads_asked`: the user chose more than one thread.
  void on_one_thread(SolveIntent& intent, bool profile, bool threads_asked) const;
  // The trace stopped the search at its lines without --force (max_trace_lines_without_force).
  bool trace_cut() const { return trace_ && trace_->cut(); }
  // solve: writes the tree (if asked for) of the search that gave `result` to its file.
  void finish(const std::string& title, const RunResult& result);
  // compare: the tree of the search that ended with `stats` (none where no tree is
  // asked for); the next search is recorded afresh.
  std::optional<SearchTree> take_tree(const std::string& title, const SearchStats& stats);
  // --tree's file (solve) or directory (compare).
  const std::filesystem::path& tree_path() const { return tree_path_; }

 private:
  // Both watchers at once.
  class Both final : public SearchWatcher {
   public:
    SearchWatcher* a = nullptr;
    SearchWatcher* b = nullptr;
    void enter(int depth, const NodeView& node) override { a->enter(depth, node), b->enter(depth, node); }
    void solution(std::uint64_t weight) override { a->solution(weight), b->solution(weight); }
    void refused(const NodeView& move) override { a->refused(move), b->refused(move); }
    void dead_end(const NodeView& node) override { a->dead_end(node), b->dead_end(node); }
    void backjump(int to) override { a->backjump(to), b->backjump(to); }
    void leave() override { a->leave(), b->leave(); }
  };

  std::unique_ptr<SearchTrace> trace_;
  std::unique_ptr<TreeRecorder> recorder_;
  std::size_t tree_nodes_ = default_tree_nodes;
  Trees trees_;
  std::filesystem::path tree_path_;
  Both both_;  // both at once: trace_ and recorder_
};

}  // namespace backtrack
