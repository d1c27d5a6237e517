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
// Mems (Knuth's count of memory references, as in his DLX1/DLX2): one for every read or
// write of a node's field or a column's size in cover, uncover, hide, unhide, purify,
// unpurify, apply, undo and the choice of the column; a value read once and kept in a
// register is not counted again. Each loop step adds its accesses as one constant:
//   hide/unhide, a node taken out or put back: up, down, column and size read, the
//     neighbours' links and the size written, the next node read: 8 (with colours, 1
//     more for the colour; a node skipped, marked -1: its colour and the next node, 2)
//   cover/uncover: the header's left and right read and their links written (4), the
//     first row read (1), then per row its hide (from its first node, 1) and the next row (1)
//   choosing: the first header (1), then per column its size and the next header (2);
//     an empty column stops the scan before the next header is read
//   apply/undo: the move's column and its first neighbour (2), then per other node of the
//     row its column (with colours, and its colour: 2) and the next node (1)
//   purify/unpurify: the column and its first row (2), per row its colour and the next
//     row (2), and the colour written (1) or the row hidden
// Like updates, mems count the search, not the preselected rows, and they are summed
// over the states of a thread's subtrees. The layout is the paper's, not DLX1's packed
// one, so the totals differ from Knuth's programs by a constant factor, not in kind.
//
// The state is a plain array of nodes, so copying it (for a thread's own subtree)
// is one memcpy; rows chosen in advance (Sudoku givens) are covered once, when the
// problem is built, and every root() starts from that matrix.
//
// Colours (Knuth's Algorithm C, TAOCP 7.2.2.1; BasicDancingLinks<true>). A node in a
// secondary column may carry a colour (matrix.hpp). Choosing a row then *commits* each
// of its other columns: an uncoloured one is covered as above; a coloured one is
// *purified* instead: every row of the column with another colour is hidden (taken out
// of all its other columns, as cover() does), and every row with the same colour stays,
// its node marked colour -1, "already satisfied", so that choosing it later commits
// nothing there. Hiding skips marked nodes, which keeps them in the purified column for
// unpurify() to find; uncommitting runs the same steps backwards. Colours cost a field
// per node and a test per hidden node, so they are a template parameter: a matrix
// without colours runs the plain loops (DancingLinks), unchanged.
//
// Which column next (ItemChoice): the fewest rows, ties to the leftmost (Knuth's
// default, "minimum remaining values"); the leftmost uncovered one; or the fewest rows
// with ties broken by a random order of the primary columns drawn once from a seed.
// The choice must be a function of the state alone, since the driver rebuilds states
// from prefixes of moves (threads, checkpoints): a choice drawn afresh at every node
// would split the tree differently in every run. So `random` links the headers in the
// seeded order, and then chooses as `mrv` does, at no cost per node.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <random>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "backtrack/exact_cover/matrix.hpp"
#include "backtrack/work_counters.hpp"

namespace backtrack::exact_cover {

enum class ItemOrder {
  mrv,     // the primary column with the fewest rows; the leftmost one on ties
  first,   // the leftmost primary column not yet covered
  random,  // the fewest rows; ties to the first in an order of the columns drawn from the seed
};

struct ItemChoice {
  ItemOrder order = ItemOrder::mrv;
  std::uint64_t seed = 1;  // for ItemOrder::random
};

template <bool Coloured>
class BasicDancingLinks {
  struct PlainNode {
    int left, right, up, down;
    int column;  // the header node of its column (a header: itself)
  };
  struct ColouredNode {
    int left, right, up, down;
    int column;
    int colour;  // 0: none; above 0: the row's colour here; -1: satisfied by a purified column
  };

 public:
  using Node = std::conditional_t<Coloured, ColouredNode, PlainNode>;
  // Node 0 is the root, nodes 1 .. columns are the headers, then come the rows' nodes.
  struct State {
    std::vector<Node> nodes;
    std::vector<int> size;  // rows in each column, indexed by header node
    std::uint64_t updates = 0;  // links changed by cover() (see the top of this file)
    mutable std::uint64_t mems = 0;  // memory references (the top of this file); candidates() reads a const state
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

  // Throws std::invalid_argument when two preselected rows share a column, and when the
  // matrix has colours but this is the plain structure.
  explicit BasicDancingLinks(const Matrix& matrix, std::span<const int> preselected_rows = {}, ItemChoice choice = {})
      : primary_(matrix.primary_columns()), first_only_(choice.order == ItemOrder::first) {
    if (matrix.coloured() && !Coloured) throw std::invalid_argument("exact cover: colours need BasicDancingLinks<true>");
    const int columns = matrix.columns();
    State& s = start_;
    s.nodes.reserve(static_cast<std::size_t>(1 + columns) + matrix.entries());
    s.size.assign(static_cast<std::size_t>(1 + columns), 0);
    s.nodes.push_back(node(0, 0, 0, 0, 0));
    for (int c = 1; c <= columns; ++c) s.nodes.push_back(node(c, c, c, c, c));  // secondary: linked to itself
    link_primary_headers(s, header_order(choice));
    row_of_.assign(s.nodes.size(), -1);
    row_first_.reserve(static_cast<std::size_t>(matrix.rows()));
    for (int r = 0; r < matrix.rows(); ++r) {
      const auto row = matrix.row(r);
      const auto colours = matrix.row_colours(r);
      const int first = static_cast<int>(s.nodes.size());
      row_first_.push_back(row.empty() ? -1 : first);
      for (std::size_t k = 0; k < row.size(); ++k) {
        const int header = row[k] + 1;
        const int self = first + static_cast<int>(k);
        const int left = k == 0 ? first + static_cast<int>(row.size()) - 1 : self - 1;
        const int right = k + 1 == row.size() ? first : self + 1;
        const int above = s.nodes[static_cast<std::size_t>(header)].up;
        s.nodes.push_back(node(left, right, above, header, header, colours.empty() ? 0 : colours[k]));
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
    s.mems = 0;
  }

  State root() const { return start_; }
  bool is_solution(const State& s) const { return s.nodes[0].right == 0; }
  ColumnRows candidates(const State& s) const { return {s.nodes.data(), choose_column(s)}; }
  void apply(State& s, Move x) const {
    Node* n = s.nodes.data();
    s.mems += 2;  // x's column and right
    cover(s, n[x].column);
    for (int j = n[x].right; j != x; j = n[j].right) {
      commit(s, j);
      ++s.mems;  // the next node
    }
  }
  void undo(State& s, Move x) const {
    Node* n = s.nodes.data();
    s.mems += 2;  // x's left and column
    for (int j = n[x].left; j != x; j = n[j].left) {
      uncommit(s, j);
      ++s.mems;
    }
    uncover(s, n[x].column);
  }
  int max_depth() const { return primary_; }

  static std::span<const std::string_view> counter_names() {
    static constexpr std::array<std::string_view, 2> names{"updates", "mems"};
    return names;
  }
  WorkCounters counters(const State& s) const { return {{s.updates, s.mems}}; }

  // Which matrix row a move chose, and the move that chooses a row (for roots()).
  int row_of(Move x) const { return row_of_[static_cast<std::size_t>(x)]; }
  Move move_for_row(int r) const { return row_first_[static_cast<std::size_t>(r)]; }
  // A move of --trace and --tree (watched_search.hpp): the row it chose, counted from 0.
  std::string describe(Move x) const {
    std::string words = "option ";  // piece by piece: GCC 12 warns (stringop-overflow) on "..." + std::to_string()
    words += std::to_string(row_of(x));
    return words;
  }
  std::vector<int> rows_of(std::span<const Move> path) const {
    std::vector<int> rows;
    rows.reserve(path.size());
    for (Move x : path) rows.push_back(row_of(x));
    return rows;
  }

 private:
  static Node node(int left, int right, int up, int down, int column, [[maybe_unused]] int colour = 0) {
    Node n;
    n.left = left;
    n.right = right;
    n.up = up;
    n.down = down;
    n.column = column;
    if constexpr (Coloured) n.colour = colour;
    return n;
  }

  // The primary columns (1 .. primary_) in the order their headers are linked.
  std::vector<int> header_order(const ItemChoice& choice) const {
    std::vector<int> order(static_cast<std::size_t>(primary_));
    for (int c = 1; c <= primary_; ++c) order[static_cast<std::size_t>(c - 1)] = c;
    if (choice.order == ItemOrder::random) {
      // Fisher-Yates with the engine's own numbers: the same seed gives the same order
      // with any standard library (std::shuffle's steps are unspecified).
      std::mt19937_64 random(choice.seed);
      for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[random() % i]);
    }
    return order;
  }

  static void link_primary_headers(State& s, const std::vector<int>& order) {
    int previous = 0;
    for (int c : order) {
      s.nodes[static_cast<std::size_t>(previous)].right = c;
      s.nodes[static_cast<std::size_t>(c)].left = previous;
      previous = c;
    }
    s.nodes[static_cast<std::size_t>(previous)].right = 0;
    s.nodes[0].left = previous;
  }

  // The primary column to branch on, as the ItemChoice says; -1 when none is left.
  int choose_column(const State& s) const {
    const Node* n = s.nodes.data();
    ++s.mems;  // the root's right
    if (first_only_) return n[0].right == 0 ? -1 : n[0].right;
    int best = -1;
    int fewest = std::numeric_limits<int>::max();
    std::uint64_t mems = 0;  // in a local: the state's counter would be stored at every step
    for (int c = n[0].right; c != 0; c = n[c].right) {
      const int size = s.size[static_cast<std::size_t>(c)];
      if (size < fewest) {
        fewest = size;
        best = c;
        if (size == 0) {  // a dead end: fail at once
          ++mems;
          break;
        }
      }
      mems += 2;
    }
    s.mems += mems;
    return best;
  }

  // Takes row i out of every column but the one it is reached from; with colours, not
  // out of a purified column whose colour it shares (its node there is marked -1).
  static void hide(State& s, int i) {
    Node* n = s.nodes.data();
    int* size = s.size.data();
    // Counted in locals and added once: the innermost loop of the search.
    std::uint64_t unlinked = 0;
    std::uint64_t skipped = 0;
    for (int j = n[i].right; j != i; j = n[j].right) {
      if constexpr (Coloured) {
        if (n[j].colour < 0) {
          ++skipped;
          continue;
        }
      }
      n[n[j].down].up = n[j].up;
      n[n[j].up].down = n[j].down;
      --size[n[j].column];
      ++unlinked;
    }
    s.updates += unlinked;
    s.mems += 1 + (Coloured ? 9 : 8) * unlinked + 2 * skipped;  // i's right, then each node
  }

  static void unhide(State& s, int i) {
    Node* n = s.nodes.data();
    int* size = s.size.data();
    std::uint64_t relinked = 0;
    std::uint64_t skipped = 0;
    for (int j = n[i].left; j != i; j = n[j].left) {
      if constexpr (Coloured) {
        if (n[j].colour < 0) {
          ++skipped;
          continue;
        }
      }
      ++size[n[j].column];
      n[n[j].down].up = j;
      n[n[j].up].down = j;
      ++relinked;
    }
    s.mems += 1 + (Coloured ? 9 : 8) * relinked + 2 * skipped;  // i's left, then each node
  }

  static void cover(State& s, int c) {
    Node* n = s.nodes.data();
    n[n[c].right].left = n[c].left;
    n[n[c].left].right = n[c].right;
    ++s.updates;
    s.mems += 5;  // c's left and right, their links, c's first row
    for (int i = n[c].down; i != c; i = n[i].down) {
      hide(s, i);
      ++s.mems;
    }
  }

  static void uncover(State& s, int c) {
    Node* n = s.nodes.data();
    for (int i = n[c].up; i != c; i = n[i].up) {
      unhide(s, i);
      ++s.mems;
    }
    n[n[c].right].left = c;
    n[n[c].left].right = c;
    s.mems += 5;
  }

  // Node j's column, taken by the row chosen: covered, purified, or (marked) nothing.
  static void commit(State& s, int j) {
    if constexpr (Coloured) {
      const int colour = s.nodes[static_cast<std::size_t>(j)].colour;
      ++s.mems;
      if (colour > 0) purify(s, j);
      if (colour != 0) return;
    }
    ++s.mems;  // j's column
    cover(s, s.nodes[static_cast<std::size_t>(j)].column);
  }

  static void uncommit(State& s, int j) {
    if constexpr (Coloured) {
      const int colour = s.nodes[static_cast<std::size_t>(j)].colour;
      ++s.mems;
      if (colour > 0) unpurify(s, j);
      if (colour != 0) return;
    }
    ++s.mems;
    uncover(s, s.nodes[static_cast<std::size_t>(j)].column);
  }

  // Node p's column keeps only the rows of p's colour, marked satisfied. (p's own row
  // is not in the column any more: covering the chosen column hid it.)
  static void purify(State& s, int p) {
    Node* n = s.nodes.data();
    const int c = n[p].column;
    const int colour = n[p].colour;
    s.mems += 2;  // p's column (its colour the caller read), c's first row
    for (int i = n[c].down; i != c; i = n[i].down) {
      if (n[i].colour == colour) {
        n[i].colour = -1;
        ++s.mems;
      } else {
        hide(s, i);
      }
      s.mems += 2;  // i's colour, the next row
    }
  }

  static void unpurify(State& s, int p) {
    Node* n = s.nodes.data();
    const int c = n[p].column;
    const int colour = n[p].colour;
    s.mems += 2;
    for (int i = n[c].up; i != c; i = n[i].up) {
      if (n[i].colour < 0) {
        n[i].colour = colour;
        ++s.mems;
      } else {
        unhide(s, i);
      }
      s.mems += 2;
    }
  }

  int primary_;
  bool first_only_;  // ItemOrder::first
  State start_;
  std::vector<int> row_of_;     // node -> matrix row (-1 for the root and headers)
  std::vector<int> row_first_;  // matrix row -> its first node (-1 for an empty row)
};

// Plain exact cover, with secondary columns. (Classes rather than aliases, so that a
// problem derived from one names its base as DancingLinks in its constructor.)
class DancingLinks : public BasicDancingLinks<false> {
 public:
  using BasicDancingLinks::BasicDancingLinks;
};
// Exact cover with colours (XCC).
class ColouredDancingLinks : public BasicDancingLinks<true> {
 public:
  using BasicDancingLinks::BasicDancingLinks;
};

}  // namespace backtrack::exact_cover
