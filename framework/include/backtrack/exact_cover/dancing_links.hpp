#pragma once
// Knuth's Algorithm X with dancing links, as a Problem for the engine.
//
// The data structure (Knuth, "Dancing Links", 2000). Every 1 of the matrix is a node
// in two circular doubly linked lists: its row (left/right) and its column (up/down).
// Each column has a header node, which also counts the rows still in the column; the
// headers of the primary columns that are not yet covered form one more list, through
// a root node. Secondary column headers link only to themselves, so they are never
// chosen, but covering them still removes the rows that would cover them twice.
//
//   cover(c):   unlink c from the header list, and every row that has a 1 in c from all
//               the *other* columns it is in. c's own vertical list stays intact.
//   uncover(c): the exact reverse, in reverse order. Removed nodes keep their links,
//               so relinking them restores the matrix: the "dance".
//
// The search. A state is the matrix as it stands; the next column is the primary column
// with the fewest rows (Knuth's S heuristic; an empty one is a dead end), and the moves
// are its rows. A move is the node of the row in that column: apply() covers its
// column and the other columns of its row, left to right; undo() uncovers them right to
// left. The engine calls them in strict LIFO order, which is exactly what the dance
// needs. Iterating the chosen column while its rows are applied is safe because cover()
// never touches the vertical links of the column being covered.
//
// Updates (Knuth's count of the dance's work, as his dlx programs report it): each
// column unlinked from the header list and each node unlinked from its column by
// cover(), one update each; uncover() relinks the same ones and is not counted again.
// The rows chosen in advance are not counted (root() starts at zero).
//
// The state is a plain array of nodes, so copying it (for a thread's own subtree)
// is one memcpy; rows chosen in advance (Sudoku givens) are covered once, when the
// problem is built, and every root() starts from that matrix.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <span>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "backtrack/exact_cover/matrix.hpp"
#include "backtrack/work_counters.hpp"

namespace backtrack::exact_cover {

class DancingLinks {
 public:
  struct Node {
    int left, right, up, down;
    int column;  // the header node of its column (a header: itself)
  };
  // Node 0 is the root, nodes 1 .. columns are the headers, then come the rows' nodes.
  struct State {
    std::vector<Node> nodes;
    std::vector<int> size;  // rows in each column, indexed by header node
    std::uint64_t updates = 0;  // links changed by cover() (see the top of this file)
  };
  using Move = int;  // a node of the chosen row, in the column it was chosen for

  // The rows of a column, top to bottom.
  class ColumnRows {
   public:
    class iterator {
     public:
      using value_type = int;
      using difference_type = std::ptrdiff_t;
      iterator() = default;
      iterator(const Node* nodes, int at, int column) : nodes_(nodes), at_(at), column_(column) {}
      int operator*() const { return at_; }
      iterator& operator++() {
        at_ = nodes_[at_].down;
        return *this;
      }
      void operator++(int) { ++*this; }
      friend bool operator==(const iterator& it, std::default_sentinel_t) { return it.at_ == it.column_; }

     private:
      const Node* nodes_ = nullptr;
      int at_ = 0;
      int column_ = 0;
    };
    ColumnRows(const Node* nodes, int column) : nodes_(nodes), column_(column) {}
    iterator begin() const { return {nodes_, column_ < 0 ? 0 : nodes_[column_].down, column_ < 0 ? 0 : column_}; }
    std::default_sentinel_t end() const { return {}; }

   private:
    const Node* nodes_;
    int column_;  // -1: no rows at all
  };

  // Throws std::invalid_argument when two preselected rows share a column.
  explicit DancingLinks(const Matrix& matrix, std::span<const int> preselected_rows = {})
      : primary_(matrix.primary_columns()) {
    const int columns = matrix.columns();
    State& s = start_;
    s.nodes.reserve(static_cast<std::size_t>(1 + columns) + matrix.entries());
    s.size.assign(static_cast<std::size_t>(1 + columns), 0);
    s.nodes.push_back({primary_ > 0 ? primary_ : 0, primary_ > 0 ? 1 : 0, 0, 0, 0});  // (left, right fixed below)
    for (int c = 1; c <= columns; ++c) {
      const bool primary = c <= primary_;
      s.nodes.push_back({primary ? c - 1 : c, primary ? (c == primary_ ? 0 : c + 1) : c, c, c, c});
    }
    s.nodes[0].left = primary_;
    s.nodes[0].right = primary_ > 0 ? 1 : 0;
    row_of_.assign(s.nodes.size(), -1);
    row_first_.reserve(static_cast<std::size_t>(matrix.rows()));
    for (int r = 0; r < matrix.rows(); ++r) {
      const auto row = matrix.row(r);
      const int first = static_cast<int>(s.nodes.size());
      row_first_.push_back(row.empty() ? -1 : first);
      for (std::size_t k = 0; k < row.size(); ++k) {
        const int header = row[k] + 1;
        const int self = first + static_cast<int>(k);
        const int left = k == 0 ? first + static_cast<int>(row.size()) - 1 : self - 1;
        const int right = k + 1 == row.size() ? first : self + 1;
        const int above = s.nodes[static_cast<std::size_t>(header)].up;
        s.nodes.push_back({left, right, above, header, header});
        s.nodes[static_cast<std::size_t>(above)].down = self;
        s.nodes[static_cast<std::size_t>(header)].up = self;
        ++s.size[static_cast<std::size_t>(header)];
        row_of_.push_back(r);
      }
    }
    std::vector<char> covered(static_cast<std::size_t>(1 + columns), 0);
    for (int r : preselected_rows) {
      if (r < 0 || r >= matrix.rows()) throw std::invalid_argument("exact cover: preselected row out of range");
      for (int c : matrix.row(r)) {
        if (covered[static_cast<std::size_t>(c + 1)]++ != 0) {
          throw std::invalid_argument("exact cover: two preselected rows share a column");
        }
      }
      const int x = row_first_[static_cast<std::size_t>(r)];
      if (x >= 0) apply(s, x);
    }
    s.updates = 0;  // the search's work, not the preselected rows'
  }

  State root() const { return start_; }
  bool is_solution(const State& s) const { return s.nodes[0].right == 0; }
  ColumnRows candidates(const State& s) const { return {s.nodes.data(), choose_column(s)}; }
  void apply(State& s, Move x) const {
    Node* n = s.nodes.data();
    cover(s, n[x].column);
    for (int j = n[x].right; j != x; j = n[j].right) cover(s, n[j].column);
  }
  void undo(State& s, Move x) const {
    Node* n = s.nodes.data();
    for (int j = n[x].left; j != x; j = n[j].left) uncover(s, n[j].column);
    uncover(s, n[x].column);
  }
  int max_depth() const { return primary_; }

  static std::span<const std::string_view> counter_names() {
    static constexpr std::array<std::string_view, 1> names{"updates"};
    return names;
  }
  WorkCounters counters(const State& s) const { return {{s.updates}}; }

  // Which matrix row a move chose, and the move that chooses a row (for roots()).
  int row_of(Move x) const { return row_of_[static_cast<std::size_t>(x)]; }
  Move move_for_row(int r) const { return row_first_[static_cast<std::size_t>(r)]; }
  std::vector<int> rows_of(std::span<const Move> path) const {
    std::vector<int> rows;
    rows.reserve(path.size());
    for (Move x : path) rows.push_back(row_of(x));
    return rows;
  }

 private:
  // The primary column with the fewest rows; the leftmost one on ties. -1 when none is left.
  static int choose_column(const State& s) {
    const Node* n = s.nodes.data();
    int best = -1;
    int fewest = std::numeric_limits<int>::max();
    for (int c = n[0].right; c != 0; c = n[c].right) {
      const int size = s.size[static_cast<std::size_t>(c)];
      if (size < fewest) {
        fewest = size;
        best = c;
        if (size == 0) break;  // a dead end: fail at once
      }
    }
    return best;
  }

  static void cover(State& s, int c) {
    Node* n = s.nodes.data();
    int* size = s.size.data();
    n[n[c].right].left = n[c].left;
    n[n[c].left].right = n[c].right;
    ++s.updates;
    for (int i = n[c].down; i != c; i = n[i].down) {
      for (int j = n[i].right; j != i; j = n[j].right) {
        n[n[j].down].up = n[j].up;
        n[n[j].up].down = n[j].down;
        --size[n[j].column];
        ++s.updates;
      }
    }
  }

  static void uncover(State& s, int c) {
    Node* n = s.nodes.data();
    int* size = s.size.data();
    for (int i = n[c].up; i != c; i = n[i].up) {
      for (int j = n[i].left; j != i; j = n[j].left) {
        ++size[n[j].column];
        n[n[j].down].up = j;
        n[n[j].up].down = j;
      }
    }
    n[n[c].right].left = c;
    n[n[c].left].right = c;
  }

  int primary_;
  State start_;
  std::vector<int> row_of_;     // node -> matrix row (-1 for the root and headers)
  std::vector<int> row_first_;  // matrix row -> its first node (-1 for an empty row)
};

}  // namespace backtrack::exact_cover
