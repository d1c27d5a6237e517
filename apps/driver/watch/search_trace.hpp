#pragma once
// --trace: every step of a search on stdout, one line each, indented by depth: the move
// tried and what became of it (a child, refused by the problem's check, a dead end, a
// solution), as a textbook walks through a backtracking search; JSON Lines with
// --format json.
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "backtrack/search_watcher.hpp"

namespace backtrack {

// The lines a trace writes unless --force is given: a trace is read by a person, and
// N-Queens at n = 12 alone takes ten million.
inline constexpr std::uint64_t max_trace_lines_without_force = 100000;

class SearchTrace final : public SearchWatcher {
 public:
  // `boards`: the state drawn at every node, not only at solutions. `max_lines`: past
  // this many lines (0: no limit) the trace writes no more and asks the search to stop
  // (interrupt::request_stop()), as a listing stops at its cap.
  SearchTrace(std::ostream& out, bool json, bool boards, std::uint64_t max_lines)
      : out_(out), json_(json), boards_(boards), max_lines_(max_lines) {}

  void enter(int depth, const NodeView& node) override;
  void solution(std::uint64_t weight) override;
  void refused(const NodeView& move) override;
  void dead_end(const NodeView& node) override;
  void backjump(int to) override;
  void learnt(const std::vector<std::string>& nogood, int to) override;
  void restart() override;
  void leave() override;

  std::uint64_t nodes() const { return nodes_; }
  // The trace stopped at max_lines.
  bool cut() const { return cut_; }

 private:
  // Whether this step may be written: not past max_lines, where the trace is cut and
  // the search asked to stop; its lines go out whole.
  bool writes();
  void line(int depth, const std::string& text);
  void json(const nlohmann::json& event);
  void drawing(int depth, const std::string& text);

  std::ostream& out_;
  bool json_;
  bool boards_;
  int depth_ = 0;        // of the node entered last
  int refused_ = 0;      // moves refused since
  std::string board_;    // its drawing, kept for a solution
  std::uint64_t nodes_ = 0;
  std::uint64_t max_lines_;
  std::uint64_t lines_ = 0;  // written
  bool cut_ = false;
};

}  // namespace backtrack
