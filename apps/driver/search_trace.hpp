#pragma once
// --trace: every step of a search on stdout, one line each, indented by depth: the move
// tried and what became of it (a child, refused by the problem's check, a dead end, a
// solution), as a textbook walks through a backtracking search; JSON Lines with
// --format json.
#include <cstdint>
#include <ostream>
#include <string>

#include "backtrack/search_watcher.hpp"

namespace backtrack {

class SearchTrace final : public SearchWatcher {
 public:
  // `boards`: the state drawn at every node, not only at solutions.
  SearchTrace(std::ostream& out, bool json, bool boards) : out_(out), json_(json), boards_(boards) {}

  void enter(int depth, const NodeView& node) override;
  void solution(std::uint64_t weight) override;
  void refused(const NodeView& move) override;
  void dead_end(const NodeView& node) override;
  void leave() override;

  std::uint64_t nodes() const { return nodes_; }

 private:
  void line(int depth, const std::string& text);
  void drawing(int depth, const std::string& text);

  std::ostream& out_;
  bool json_;
  bool boards_;
  int depth_ = 0;        // of the node entered last
  int refused_ = 0;      // moves refused since
  std::string board_;    // its drawing, kept for a solution
  std::uint64_t nodes_ = 0;
};

}  // namespace backtrack
