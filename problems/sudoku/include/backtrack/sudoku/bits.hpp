#pragma once
// Strategy `bits`: Sudoku's fast path, as `word` is N-Queens'. Each symbol keeps the
// cells where it may still go (or already stands) as a bitboard, one machine word per
// band of Box rows. A move writes a symbol in a cell; then naked singles (a cell left
// with one candidate) and hidden singles (a symbol left with one cell in a row, column
// or box) are written too, and once none is left, locked candidates are removed (a
// symbol whose places in a box lie in one row or column leaves the rest of that line,
// and one whose places in a line lie in one box leaves the rest of that box), until
// nothing changes or a cell or a symbol has no place left (a dead end). The search
// branches on the open cell with the fewest candidates. The state is plain data, copied
// per move, so undoing costs nothing.
//
// Why bitboards per symbol: a symbol's row or box is a mask of its band's word and
// "one place left" a test of that word, and a naked single is found for a whole band at
// once by counting candidates bit-sliced over the symbols. Only the symbols whose
// places changed are looked at again.
//
// One class per box size, so that the state is a fixed array: 4x4 to 25x25.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <ranges>
#include <span>
#include <string>
#include <type_traits>

#include "backtrack/set_bits.hpp"
#include "backtrack/sudoku/grid.hpp"
#include "backtrack/sudoku/move_words.hpp"
#include "backtrack/uint128.hpp"

namespace backtrack::sudoku {

template <int Box>
class BitsSudoku {
 public:
  static_assert(Box >= 2 && Box <= 5);
  static constexpr int n = Box * Box;
  static constexpr int cell_count = n * n;
  static constexpr int band_cells = Box * n;  // a band's cell at row r, column c: bit (r % Box) * n + c

  // A band's cells: 8, 27, 64 or 125 bits.
  using Word = std::conditional_t<(Box <= 3), std::uint32_t, std::conditional_t<(Box == 4), std::uint64_t, uint128>>;
  using Board = std::array<Word, Box>;  // a word per band
  using Symbols = std::uint32_t;        // a set of symbols, bit s for symbol s (from 0)

  // The cell times 32 plus the symbol, from 0.
  using Move = std::uint32_t;
  static constexpr Move move(int cell, int symbol) { return static_cast<Move>(cell * 32 + symbol); }
  static constexpr int cell_of(Move m) { return static_cast<int>(m / 32); }
  static constexpr int symbol_of(Move m) { return static_cast<int>(m % 32); }

  struct State {
    // places[band][s]: the cells of the band where symbol s stands or may still go. Band
    // first: writing a cell clears its bit in the band's n words, which lie side by side.
    std::array<std::array<Word, n>, Box> places{};
    Board open{};  // the cells not written yet
    bool dead = false;
  };

  // The moves of one cell: its candidates, lowest first.
  static constexpr Move move_of(int cell, std::uint64_t symbol_bit) { return move(cell, std::countr_zero(symbol_bit)); }
  using CellMoves = SetBitsAt<Move, int, move_of>;

  // `puzzle` must have Box as its box size and satisfy check_givens().
  explicit BitsSudoku(const Grid& puzzle) : puzzle_(puzzle) {
    for (std::size_t b = 0; b < Box; ++b) {
      root_.places[b].fill(tables().all);
      root_.open[b] = tables().all;
    }
    Symbols changed = 0;
    for (int cell = 0; cell < cell_count && !root_.dead; ++cell) {
      const int given = puzzle.cells()[static_cast<std::size_t>(cell)];
      if (given != 0) root_.dead = !write(root_, cell, given - 1, changed);
    }
    if (!root_.dead) root_.dead = !settle(root_, all_symbols);
  }

  State root() const { return root_; }
  bool is_solution(const State& s) const {
    return !s.dead && std::ranges::all_of(s.open, [](Word w) { return w == 0; });
  }
  int max_depth() const { return cell_count; }

  // The open cell with the fewest candidates (the first in reading order), with each of them.
  auto candidates(const State& s) const {
    const auto moves = [](int cell, Symbols symbols) { return CellMoves(cell, symbols); };
    if (s.dead) return moves(0, 0);
    // Bit-sliced counts of each open cell's candidates: at least one, two, three.
    for (std::size_t b = 0; b < Box; ++b) {
      Word one = 0, two = 0, three = 0;
      for (const Word w : s.places[b]) {
        three |= two & w;
        two |= one & w;
        one |= w;
      }
      const Word pairs = s.open[b] & ~three;  // an open cell has two candidates at least
      if (pairs != 0) {
        const int cell = static_cast<int>(b) * band_cells + lowest(pairs);
        return moves(cell, candidates_of(s, cell));
      }
    }
    int best = -1;
    int fewest = n + 1;
    for (std::size_t b = 0; b < Box; ++b) {
      for (Word rest = s.open[b]; rest != 0; rest &= rest - 1) {
        const int cell = static_cast<int>(b) * band_cells + lowest(rest);
        const int count = std::popcount(candidates_of(s, cell));
        if (count < fewest) {
          fewest = count;
          best = cell;
        }
      }
    }
    return moves(best < 0 ? 0 : best, best < 0 ? 0 : candidates_of(s, best));
  }

  State child(const State& s, Move m) const {
    State next = s;
    Symbols changed = 0;
    next.dead = !write(next, cell_of(m), symbol_of(m), changed) || !settle(next, changed);
    return next;
  }

  // The grid a path leads to: the puzzle, the moves and every single they forced.
  Grid solution(std::span<const Move> path) const {
    State s = root_;
    for (const Move m : path) s = child(s, m);
    Grid grid = puzzle_;
    for (int cell = 0; cell < cell_count; ++cell) {
      const Symbols symbols = candidates_of(s, cell);
      grid.set(cell / n, cell % n, std::has_single_bit(symbols) ? std::countr_zero(symbols) + 1 : 0);
    }
    return grid;
  }
  const Grid& puzzle() const { return puzzle_; }
  // A move of --trace and --tree: "5 at r3c7" (the singles it forces are not listed).
  static std::string describe(Move m) { return symbol_at(n, cell_of(m), symbol_of(m) + 1); }

 private:
  static constexpr Symbols all_symbols = static_cast<Symbols>((std::uint64_t{1} << n) - 1);
  static constexpr Word one_bit = 1;
  static constexpr int symbol_bits = std::bit_width(static_cast<unsigned>(n - 1));  // of a symbol's number

  static int lowest(Word w) {
    if constexpr (Box == 5) {
      const auto low = static_cast<std::uint64_t>(w);
      return low != 0 ? std::countr_zero(low) : 64 + std::countr_zero(static_cast<std::uint64_t>(w >> 64));
    } else {
      return std::countr_zero(w);
    }
  }
  static bool at_most_one(Word w) { return (w & (w - 1)) == 0; }

  static Symbols candidates_of(const State& s, int cell) {
    const auto& here = s.places[static_cast<std::size_t>(cell / band_cells)];
    const Word bit = one_bit << (cell % band_cells);
    Symbols symbols = 0;
    for (int symbol = 0; symbol < n; ++symbol) {
      if ((here[static_cast<std::size_t>(symbol)] & bit) != 0) symbols |= Symbols{1} << symbol;
    }
    return symbols;
  }

  // Writes `symbol` in `cell` (no singles yet): the symbol leaves the cell's peers, the
  // other symbols leave the cell. Adds to `changed` the symbols whose places changed.
  // False if the cell is written already or has lost the symbol.
  [[gnu::always_inline]] bool write(State& s, int cell, int symbol, Symbols& changed) const {
    const auto band = static_cast<std::size_t>(cell / band_cells);
    const auto at = static_cast<std::size_t>(symbol);
    const Word bit = one_bit << (cell % band_cells);
    if ((s.open[band] & bit) == 0 || (s.places[band][at] & bit) == 0) return false;
    s.open[band] &= ~bit;
    for (std::size_t other = 0; other < n; ++other) {
      Word& places = s.places[band][other];
      if ((places & bit) != 0) changed |= Symbols{1} << other;
      places &= ~bit;
    }
    const Board& peers = tables().peers[static_cast<std::size_t>(cell)];
    for (std::size_t b = 0; b < Box; ++b) s.places[b][at] &= ~peers[b];
    s.places[band][at] |= bit;
    return true;
  }

  // Writes every naked and hidden single and removes the locked candidates until nothing
  // changes; `changed`: the symbols whose places changed since the last look. False at a
  // dead end.
  bool settle(State& s, Symbols changed) const {
    Symbols unlocked = changed;
    for (;;) {
      bool wrote = false;
      for (std::size_t b = 0; b < Box; ++b) {
        // Bit-sliced over the symbols: the cells with one candidate at least, two at
        // least, and the bits of the number of the last candidate seen (a single's own).
        Word one = 0, two = 0;
        std::array<Word, symbol_bits> number{};
        for (std::size_t symbol = 0; symbol < n; ++symbol) {
          const Word w = s.places[b][symbol];
          two |= one & w;
          one |= w;
          for (std::size_t k = 0; k < symbol_bits; ++k) number[k] |= (symbol >> k & 1) != 0 ? w : 0;
        }
        if ((s.open[b] & ~one) != 0) return false;  // a cell without a candidate
        for (Word singles = s.open[b] & ~two; singles != 0; singles &= singles - 1) {
          const int at = lowest(singles);
          int symbol = 0;
          for (std::size_t k = 0; k < symbol_bits; ++k) symbol |= static_cast<int>(number[k] >> at & 1) << k;
          // An earlier single may have taken this one's last candidate: a dead end.
          if (!write(s, static_cast<int>(b) * band_cells + at, symbol, changed)) return false;
          wrote = true;
        }
      }
      if (wrote) continue;
      if (changed == 0) {
        // No single left: the locked candidates, of the symbols whose places changed since
        // the last time (a costlier look than the singles', so taken last).
        changed = locked_candidates(s, unlocked);
        unlocked = 0;
        if (changed == 0) return true;
        continue;
      }
      const Symbols look = changed;
      unlocked |= look;
      changed = 0;
      for (Symbols rest = look; rest != 0; rest &= rest - 1) {
        if (!hidden_singles(s, std::countr_zero(rest), changed)) return false;
      }
    }
  }

  // Locked candidates: where a symbol's places in a box all lie in one of its rows (or
  // columns), the symbol leaves the rest of that row (column); where its places in a row
  // (column) all lie in one box, it leaves the rest of that box. Returns the symbols
  // whose places shrank.
  Symbols locked_candidates(State& s, Symbols symbols) const {
    const Tables& t = tables();
    Symbols shrank = 0;
    for (; symbols != 0; symbols &= symbols - 1) {
      const auto at = static_cast<std::size_t>(std::countr_zero(symbols));
      for (std::size_t b = 0; b < Box; ++b) {
        const Word here = s.places[b][at];
        Word locked = 0;
        for (std::size_t k = 0; k < Box; ++k) {
          const Word row = t.band_units[k];
          const Word in_row = here & row;
          for (std::size_t j = 0; j < Box; ++j) {
            const Word box = t.band_units[Box + j];
            const Word both = row & box;
            locked |= ((here & box) & ~both) == 0 ? row & ~both : 0;
            locked |= (in_row & ~both) == 0 ? box & ~both : 0;
          }
        }
        if ((here & locked) != 0) {
          s.places[b][at] = here & ~locked;
          shrank |= Symbols{1} << at;
        }
      }
      // The same across the bands, for columns and boxes: a box's places in one column,
      // a column's in one box.
      Board columns{};  // each band's columns with a place, as a row's bits
      Word one = 0, two = 0;
      for (std::size_t b = 0; b < Box; ++b) {
        for (int row = 0; row < Box; ++row) columns[b] |= (s.places[b][at] >> (row * n)) & t.row;
        two |= one & columns[b];
        one |= columns[b];
      }
      const Word in_one_band = one & ~two;
      Board locked{};
      for (std::size_t b = 0; b < Box; ++b) {
        for (std::size_t j = 0; j < Box; ++j) {
          const Word here = columns[b] & t.stacks[j];
          const Word claimed = here & in_one_band;
          locked[b] |= claimed != 0 ? t.band_units[Box + j] & ~(claimed * t.every_row) : 0;
          const Word pointed = at_most_one(here) ? here * t.every_row : 0;
          for (std::size_t other = 0; other < Box; ++other) locked[other] |= other != b ? pointed : 0;
        }
      }
      for (std::size_t b = 0; b < Box; ++b) {
        if ((s.places[b][at] & locked[b]) != 0) {
          s.places[b][at] &= ~locked[b];
          shrank |= Symbols{1} << at;
        }
      }
    }
    return shrank;
  }

  // Writes the hidden singles of `symbol` (then it is in `changed` again, to be looked
  // at once more). False if a row, column or box has no place left for it. The units are
  // looked at without a branch each, then the singles are written.
  bool hidden_singles(State& s, int symbol, Symbols& changed) const {
    const auto at = static_cast<std::size_t>(symbol);
    const Tables& t = tables();
    Board found{};
    Board open{};
    bool empty = false;
    Word one = 0, two = 0, open_columns = 0;
    for (std::size_t b = 0; b < Box; ++b) {
      const Word here = s.places[b][at];
      open[b] = here & s.open[b];
      for (const Word unit : t.band_units) {
        const Word in_unit = here & unit;
        empty |= in_unit == 0;
        found[b] |= at_most_one(in_unit) ? open[b] & in_unit : 0;
      }
      for (int row = 0; row < Box; ++row) {
        const Word line = (here >> (row * n)) & t.row;
        two |= one & line;
        one |= line;
        open_columns |= (open[b] >> (row * n)) & t.row;
      }
    }
    if (empty || one != t.row) return false;
    const Word columns = (one & ~two & open_columns) * t.every_row;  // the single columns, in every row
    for (std::size_t b = 0; b < Box; ++b) {
      // An earlier single in the same unit may have taken a later one's place: a dead end.
      for (Word cells = found[b] | (open[b] & columns); cells != 0; cells &= cells - 1) {
        if (!write(s, static_cast<int>(b) * band_cells + lowest(cells), symbol, changed)) return false;
      }
    }
    return true;
  }

  // The same for every puzzle of the size, so built once.
  struct Tables {
    Word row = (one_bit << n) - 1;
    Word every_row = 0;  // bit 0 of each row of a band: times a row's bits, that row in each
    Word all = (one_bit << (band_cells - 1) << 1) - 1;  // a band's cells
    std::array<Word, 2 * Box> band_units{};  // a band's rows, then its boxes
    std::array<Word, Box> stacks{};          // the columns of each stack of boxes, as a row's bits
    std::array<Board, cell_count> peers{};
    Tables() {
      for (int r = 0; r < Box; ++r) {
        every_row |= one_bit << (r * n);
        stacks[static_cast<std::size_t>(r)] = ((one_bit << Box) - 1) << (r * Box);
        band_units[static_cast<std::size_t>(r)] = row << (r * n);
        for (int box = 0; box < Box; ++box) {
          band_units[static_cast<std::size_t>(Box + box)] |= ((one_bit << Box) - 1) << (r * n + box * Box);
        }
      }
      for (int cell = 0; cell < cell_count; ++cell) {
        for (int other = 0; other < cell_count; ++other) {
          const bool same_row = other / n == cell / n;
          const bool same_column = other % n == cell % n;
          const bool same_box = (other / n) / Box == (cell / n) / Box && (other % n) / Box == (cell % n) / Box;
          if (other != cell && (same_row || same_column || same_box)) {
            peers[static_cast<std::size_t>(cell)][static_cast<std::size_t>(other / band_cells)] |= one_bit
                                                                                                   << (other % band_cells);
          }
        }
      }
    }
  };
  static const Tables& tables() {
    static const Tables built;
    return built;
  }

  Grid puzzle_;
  State root_{};
};

}  // namespace backtrack::sudoku
