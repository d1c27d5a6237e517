#pragma once
// Strategy `bits`: Sudoku's fast path, as `word` is N-Queens'. Every cell keeps its
// candidates as a bitmask. A move writes a symbol in a cell; then naked singles (a cell
// left with one candidate) and hidden singles (a symbol left with one cell in a row,
// column or box) are written too, until nothing changes or a cell or a symbol has no
// place left (a dead end). The search branches on the open cell with the fewest
// candidates. The state is plain data, copied per move, so undoing costs nothing.
//
// One class per box size, so that the state is a fixed array: 4x4 to 25x25.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <ranges>
#include <span>
#include <type_traits>

#include "backtrack/set_bits.hpp"
#include "backtrack/sudoku/grid.hpp"

namespace backtrack::sudoku {

template <int Box>
class BitsSudoku {
 public:
  static_assert(Box >= 2 && Box <= 5);
  static constexpr int n = Box * Box;
  static constexpr int cell_count = n * n;
  using Mask = std::conditional_t<(n <= 16), std::uint16_t, std::uint32_t>;
  static constexpr Mask all_symbols = static_cast<Mask>((std::uint32_t{1} << n) - 1);

  // The cell times 32 plus the symbol, from 0.
  using Move = std::uint32_t;
  static constexpr Move move(int cell, int symbol) { return static_cast<Move>(cell * 32 + symbol); }
  static constexpr int cell_of(Move m) { return static_cast<int>(m / 32); }
  static constexpr int symbol_of(Move m) { return static_cast<int>(m % 32); }

  struct State {
    std::array<Mask, cell_count> candidates;  // a written cell keeps its symbol's bit alone
    std::array<std::uint8_t, cell_count> written;  // its symbol + 1; 0: open
    int open = cell_count;
    bool dead = false;
  };

  // `puzzle` must have Box as its box size and satisfy check_givens().
  explicit BitsSudoku(const Grid& puzzle) : puzzle_(puzzle) {
    root_.candidates.fill(all_symbols);
    root_.written.fill(0);
    for (int cell = 0; cell < cell_count && !root_.dead; ++cell) {
      const int given = puzzle.cells()[static_cast<std::size_t>(cell)];
      if (given != 0 && root_.written[static_cast<std::size_t>(cell)] == 0) root_.dead = !write(root_, cell, given - 1);
    }
  }

  State root() const { return root_; }
  bool is_solution(const State& s) const { return !s.dead && s.open == 0; }
  int max_depth() const { return cell_count; }

  // The open cell with the fewest candidates, with each of them.
  auto candidates(const State& s) const {
    const auto moves = [](int cell, std::uint64_t symbols) {
      return std::views::transform(SetBits(symbols),
                                   [cell](std::uint64_t bit) { return move(cell, std::countr_zero(bit)); });
    };
    if (s.dead || s.open == 0) return moves(0, 0);
    int best = -1;
    int fewest = n + 1;
    for (int cell = 0; cell < cell_count; ++cell) {
      if (s.written[static_cast<std::size_t>(cell)] != 0) continue;
      const int count = std::popcount(static_cast<std::uint32_t>(s.candidates[static_cast<std::size_t>(cell)]));
      if (count < fewest) {
        fewest = count;
        best = cell;
        if (count == 2) break;  // an open cell has two at least: none is better
      }
    }
    return moves(best, s.candidates[static_cast<std::size_t>(best)]);
  }

  State child(const State& s, Move m) const {
    State next = s;
    if (!write(next, cell_of(m), symbol_of(m))) next.dead = true;
    return next;
  }

  // The grid a path leads to: the puzzle, the moves and every single they forced.
  Grid solution(std::span<const Move> path) const {
    State s = root_;
    for (const Move m : path) s = child(s, m);
    Grid grid = puzzle_;
    for (int cell = 0; cell < cell_count; ++cell) grid.set(cell / n, cell % n, s.written[static_cast<std::size_t>(cell)]);
    return grid;
  }
  const Grid& puzzle() const { return puzzle_; }

 private:
  // Writes `symbol` in `cell`, then every single it forces; false at a dead end.
  bool write(State& s, int cell, int symbol) const {
    std::array<Move, cell_count + n> pending;  // a cell is pushed once as a naked single; a unit pushes n at most
    std::size_t count = 0;
    pending[count++] = move(cell, symbol);
    while (count != 0) {
      while (count != 0) {
        const Move m = pending[--count];
        const auto at = static_cast<std::size_t>(cell_of(m));
        const Mask bit = static_cast<Mask>(Mask{1} << symbol_of(m));
        if (s.written[at] != 0) {
          if (s.written[at] != symbol_of(m) + 1) return false;  // two singles for one cell
          continue;
        }
        if ((s.candidates[at] & bit) == 0) return false;
        s.written[at] = static_cast<std::uint8_t>(symbol_of(m) + 1);
        s.candidates[at] = bit;
        --s.open;
        for (const int peer : peers_[at]) {
          const auto p = static_cast<std::size_t>(peer);
          if ((s.candidates[p] & bit) == 0) continue;
          if (s.written[p] != 0) return false;
          s.candidates[p] = static_cast<Mask>(s.candidates[p] & ~bit);
          if (s.candidates[p] == 0) return false;
          if (std::has_single_bit(static_cast<std::uint32_t>(s.candidates[p]))) {
            pending[count++] = move(peer, std::countr_zero(static_cast<std::uint32_t>(s.candidates[p])));
          }
        }
      }
      // Hidden singles: a symbol with one cell left in a unit goes there.
      for (const auto& unit : units_) {
        Mask once = 0;
        Mask twice = 0;
        for (const int c : unit) {
          const Mask m = s.candidates[static_cast<std::size_t>(c)];
          twice = static_cast<Mask>(twice | (once & m));
          once = static_cast<Mask>(once | m);
        }
        if (once != all_symbols) return false;  // a symbol with no place in the unit
        for (std::uint32_t single = static_cast<Mask>(once & ~twice); single != 0; single &= single - 1) {
          const Mask bit = static_cast<Mask>(single & (~single + 1));
          for (const int c : unit) {
            const auto at = static_cast<std::size_t>(c);
            if ((s.candidates[at] & bit) != 0) {
              if (s.written[at] == 0) pending[count++] = move(c, std::countr_zero(static_cast<std::uint32_t>(bit)));
              break;
            }
          }
        }
        if (count != 0) break;  // write those first: they change the other units
      }
    }
    return true;
  }

  // The rows, columns and boxes (their cells), and each cell's peers: the same for every
  // puzzle of the size, so built once.
  struct Tables {
    std::array<std::array<int, n>, 3 * n> units{};
    std::array<std::array<int, 3 * n - 2 * Box + 1 - 2>, cell_count> peers{};
    Tables() {
      std::array<int, 3 * n> filled{};
      for (int cell = 0; cell < cell_count; ++cell) {
        const int r = cell / n;
        const int c = cell % n;
        for (const int u : {r, n + c, 2 * n + (r / Box) * Box + c / Box}) {
          units[static_cast<std::size_t>(u)][static_cast<std::size_t>(filled[static_cast<std::size_t>(u)]++)] = cell;
        }
      }
      for (int cell = 0; cell < cell_count; ++cell) {
        std::size_t count = 0;
        for (int other = 0; other < cell_count; ++other) {
          const bool row = other / n == cell / n;
          const bool column = other % n == cell % n;
          const bool box = (other / n) / Box == (cell / n) / Box && (other % n) / Box == (cell % n) / Box;
          if (other != cell && (row || column || box)) peers[static_cast<std::size_t>(cell)][count++] = other;
        }
      }
    }
  };
  static const Tables& tables() {
    static const Tables built;
    return built;
  }

  Grid puzzle_;
  const decltype(Tables::units)& units_ = tables().units;
  const decltype(Tables::peers)& peers_ = tables().peers;
  State root_{};
};

}  // namespace backtrack::sudoku
