// Sudoku: well-known puzzles, checked by a validator that shares no code with the solvers.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "cli/compare_table.hpp"
#include "sudoku/reference.hpp"
#include "backtrack/engine.hpp"
#include "backtrack/sudoku/bits.hpp"
#include "backtrack/sudoku/check.hpp"
#include "backtrack/sudoku/csp.hpp"
#include "backtrack/sudoku/dlx.hpp"
#include "backtrack/sudoku/grid.hpp"
#include "backtrack/sudoku/puzzle_set.hpp"

namespace backtrack::sudoku {
namespace {

// Independent validator: reference.hpp, which shares no code with the solvers.
bool valid_solution(const std::vector<int>& puzzle, const std::vector<int>& grid, int box) {
  return reference::valid_sudoku(puzzle, grid, box);
}

// Independent brute force for 9x9: cell by cell, every value checked against its units.
std::uint64_t brute_force_count(std::vector<int>& g, std::size_t from = 0) {
  while (from < 81 && g[from] != 0) ++from;
  if (from == 81) return 1;
  const int r = static_cast<int>(from) / 9;
  const int c = static_cast<int>(from) % 9;
  std::uint64_t total = 0;
  for (int v = 1; v <= 9; ++v) {
    bool ok = true;
    for (int k = 0; k < 9 && ok; ++k) {
      if (g[r * 9 + k] == v || g[k * 9 + c] == v) ok = false;
      if (g[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3] == v) ok = false;
    }
    if (!ok) continue;
    g[from] = v;
    total += brute_force_count(g, from + 1);
    g[from] = 0;
  }
  return total;
}

struct Outcome {
  std::uint64_t solutions = 0;
  std::vector<int> first;
};

Outcome solve_dlx(const Grid& puzzle, std::uint64_t max_solutions = 0) {
  const DlxSudoku p(puzzle);
  Outcome out;
  SearchLimits limits;
  limits.max_solutions = max_solutions;
  const auto stats = enumerate_solutions(
      p,
      [&](const DlxSudoku::State&, std::span<const int> path, std::uint64_t) {
        if (out.first.empty()) out.first = p.solution(path).cells();
      },
      limits);
  out.solutions = static_cast<std::uint64_t>(stats.solutions);
  return out;
}

Outcome solve_csp(const Grid& puzzle, csp::SearchOptions options, std::uint64_t max_solutions = 0) {
  const CspSudoku p(puzzle, options);
  Outcome out;
  SearchLimits limits;
  limits.max_solutions = max_solutions;
  const auto stats = enumerate_solutions(
      p,
      [&](const CspSudoku::State&, std::span<const csp::Assignment> path, std::uint64_t) {
        if (out.first.empty()) out.first = p.solution(path).cells();
      },
      limits);
  out.solutions = static_cast<std::uint64_t>(stats.solutions);
  return out;
}

template <int Box>
Outcome solve_bits(const Grid& puzzle, std::uint64_t max_solutions = 0) {
  const BitsSudoku<Box> p(puzzle);
  Outcome out;
  SearchLimits limits;
  limits.max_solutions = max_solutions;
  const auto stats = enumerate_solutions(
      p,
      [&](const typename BitsSudoku<Box>::State&, std::span<const typename BitsSudoku<Box>::Move> path, std::uint64_t) {
        if (out.first.empty()) out.first = p.solution(path).cells();
      },
      limits);
  out.solutions = static_cast<std::uint64_t>(stats.solutions);
  return out;
}

const csp::SearchOptions forward_mrv{csp::Prune::forward, csp::VariableOrder::mrv, csp::ValueOrder::min, 1};
const csp::SearchOptions arc_dom_deg{csp::Prune::arc, csp::VariableOrder::dom_deg, csp::ValueOrder::random, 5};
const csp::SearchOptions bounds_wdeg{csp::Prune::bounds, csp::VariableOrder::dom_wdeg, csp::ValueOrder::min, 1};
const csp::SearchOptions gac_mrv{csp::Prune::gac, csp::VariableOrder::mrv, csp::ValueOrder::min, 1};
const csp::SearchOptions gac_wdeg{csp::Prune::gac, csp::VariableOrder::dom_wdeg, csp::ValueOrder::mid, 1};
const csp::SearchOptions every_csp[] = {forward_mrv, arc_dom_deg, bounds_wdeg, gac_mrv, gac_wdeg};

Grid sixteen_by_sixteen(unsigned seed, int keep_percent);

struct Named {
  const char* name;
  const char* puzzle;
};

// Unique puzzles people use to test solvers.
const Named famous[] = {
    {"classic (Wikipedia)", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"},
    {"AI Escargot (Inkala 2006)", "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."},
    {"Inkala 2012, 'world's hardest'", "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."},
    {"17 clues (Royle)", ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."},
    {"Golden Nugget", ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7....."},
    {"Easter Monster", "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"},
};

TEST(SudokuDlx, FamousPuzzlesHaveOneValidSolution) {
  for (const auto& [name, text] : famous) {
    const Grid puzzle = parse_grid(text, "puzzle");
    const auto out = solve_dlx(puzzle);
    EXPECT_EQ(out.solutions, 1u) << name;
    EXPECT_TRUE(valid_solution(puzzle.cells(), out.first, 3)) << name;
  }
}

TEST(SudokuDlx, CountsEveryFillingOfAPuzzleWithGivensRemoved) {
  // The classic puzzle less its first three givens and more: several solutions.
  std::string text = famous[0].puzzle;
  int removed = 0;
  for (char& ch : text) {
    if (ch != '.' && removed < 4) {
      ch = '.';
      ++removed;
    }
  }
  const Grid puzzle = parse_grid(text, "puzzle");
  auto cells = puzzle.cells();
  const auto expected = brute_force_count(cells);
  EXPECT_GT(expected, 1u);
  EXPECT_EQ(solve_dlx(puzzle).solutions, expected);
  EXPECT_EQ(solve_bits<3>(puzzle).solutions, expected);
  for (const auto& options : every_csp) EXPECT_EQ(solve_csp(puzzle, options).solutions, expected);
}

TEST(SudokuCsp, FamousPuzzlesHaveOneValidSolution) {
  for (const auto& [name, text] : famous) {
    const Grid puzzle = parse_grid(text, "puzzle");
    for (const auto& options : every_csp) {
      const auto out = solve_csp(puzzle, options);
      EXPECT_EQ(out.solutions, 1u) << name;
      EXPECT_TRUE(valid_solution(puzzle.cells(), out.first, 3)) << name;
      EXPECT_EQ(out.first, solve_dlx(puzzle).first) << name;
    }
  }
}

TEST(SudokuCsp, SixteenBySixteenSolves) {
  const Grid puzzle = sixteen_by_sixteen(11, 45);
  for (const auto& options : every_csp) {
    const auto out = solve_csp(puzzle, options, 1);
    EXPECT_EQ(out.solutions, 1u);
    EXPECT_TRUE(valid_solution(puzzle.cells(), out.first, 4));
  }
}

TEST(SudokuCsp, TwentyFiveByTwentyFiveSolvesWithBothStrategies) {
  std::string text;
  for (int r = 0; r < 25; ++r) {
    for (int c = 0; c < 25; ++c) text += (r * 7 + c * 3) % 5 < 3 ? Grid::symbol((5 * (r % 5) + r / 5 + c) % 25 + 1) : '.';
  }
  const Grid puzzle = parse_grid(text, "puzzle");
  EXPECT_TRUE(valid_solution(puzzle.cells(), solve_csp(puzzle, forward_mrv, 1).first, 5));
  EXPECT_TRUE(valid_solution(puzzle.cells(), solve_csp(puzzle, gac_mrv, 1).first, 5));
  EXPECT_TRUE(valid_solution(puzzle.cells(), solve_csp(puzzle, gac_wdeg, 1).first, 5));
  EXPECT_TRUE(valid_solution(puzzle.cells(), solve_dlx(puzzle, 1).first, 5));
}

TEST(SudokuDlx, FourByFourEmptyGridHas288Fillings) {
  EXPECT_EQ(solve_dlx(parse_grid("................", "puzzle")).solutions, 288u);
}

TEST(SudokuBits, FamousPuzzlesHaveOneValidSolution) {
  for (const auto& [name, text] : famous) {
    const Grid puzzle = parse_grid(text, "puzzle");
    const auto out = solve_bits<3>(puzzle);
    EXPECT_EQ(out.solutions, 1u) << name;
    EXPECT_TRUE(valid_solution(puzzle.cells(), out.first, 3)) << name;
  }
}

// Every filling of the empty 4x4 grid, each checked; and grids of every other size.
TEST(SudokuBits, EveryFillingAndEverySize) {
  const Grid empty = parse_grid("................", "puzzle");
  const BitsSudoku<2> p(empty);
  std::set<std::vector<int>> fillings;
  const auto stats = enumerate_solutions(p, [&](const BitsSudoku<2>::State&, std::span<const BitsSudoku<2>::Move> path,
                                                std::uint64_t) {
    const auto cells = p.solution(path).cells();
    EXPECT_TRUE(valid_solution(empty.cells(), cells, 2));
    fillings.insert(cells);
  });
  EXPECT_EQ(static_cast<std::uint64_t>(stats.solutions), 288u);
  EXPECT_EQ(fillings.size(), 288u) << "each filling once";

  const Grid sixteen = sixteen_by_sixteen(7, 45);
  const auto out16 = solve_bits<4>(sixteen, 1);
  EXPECT_EQ(out16.solutions, 1u);
  EXPECT_TRUE(valid_solution(sixteen.cells(), out16.first, 4));
  std::string text;
  for (int r = 0; r < 25; ++r) {
    for (int c = 0; c < 25; ++c) text += (r * 7 + c * 3) % 5 < 3 ? Grid::symbol((5 * (r % 5) + r / 5 + c) % 25 + 1) : '.';
  }
  const Grid twenty_five = parse_grid(text, "puzzle");
  EXPECT_TRUE(valid_solution(twenty_five.cells(), solve_bits<5>(twenty_five, 1).first, 5));
}

// Puzzles made at random from the famous ones' solutions (some givens kept, one given
// sometimes changed to a value that breaks no rule, which may leave no solution): bits
// finds as many solutions as dlx, each of them valid and each once.
TEST(SudokuBits, AgreesWithDlxOnRandomPuzzles) {
  std::mt19937 random(2026);
  int with_many = 0;
  int with_none = 0;
  for (int trial = 0; trial < 120; ++trial) {
    std::vector<int> cells = solve_dlx(parse_grid(famous[trial % std::size(famous)].puzzle, "puzzle")).first;
    const int keep_percent = 20 + static_cast<int>(random() % 20);
    for (int& v : cells) v = static_cast<int>(random() % 100) < keep_percent ? v : 0;
    if (trial % 3 == 0) {
      const auto at = static_cast<std::size_t>(random() % 81);
      auto changed = cells;
      changed[at] = 1 + static_cast<int>(random() % 9);
      std::string text;
      for (const int v : changed) text += v == 0 ? '.' : Grid::symbol(v);
      try {
        parse_grid(text, "puzzle");
        cells = changed;
      } catch (const InputError&) {
        // the new value repeats one of its row, column or box: the trial keeps the old one
      }
    }
    std::string text;
    for (const int v : cells) text += v == 0 ? '.' : Grid::symbol(v);
    const Grid puzzle = parse_grid(text, "puzzle");
    const std::uint64_t cap = 300;
    const BitsSudoku<3> p(puzzle);
    std::set<std::vector<int>> seen;
    SearchLimits limits;
    limits.max_solutions = cap;
    const auto stats = enumerate_solutions(
        p,
        [&](const BitsSudoku<3>::State&, std::span<const BitsSudoku<3>::Move> path, std::uint64_t) {
          const auto grid = p.solution(path).cells();
          EXPECT_TRUE(valid_solution(cells, grid, 3)) << text;
          seen.insert(grid);
        },
        limits);
    const auto expected = solve_dlx(puzzle, cap).solutions;
    EXPECT_EQ(static_cast<std::uint64_t>(stats.solutions), expected) << text;
    EXPECT_EQ(seen.size(), expected) << text;
    with_many += expected > 1 ? 1 : 0;
    with_none += expected == 0 ? 1 : 0;
  }
  EXPECT_GT(with_many, 10);  // the trials reach both kinds of tree
  EXPECT_GT(with_none, 3);
}

// Givens that break no rule but leave a cell without a candidate: no solution, no crash.
TEST(SudokuBits, ADeadRootHasNoSolution) {
  // Row 0 holds 1..8 and column 8 a 9 below: cell (0, 8) has no candidate.
  const Grid puzzle = parse_grid("12345678.........9" + std::string(63, '.'), "puzzle");
  EXPECT_EQ(solve_bits<3>(puzzle).solutions, 0u);
  EXPECT_EQ(solve_dlx(puzzle).solutions, 0u);
}

Grid sixteen_by_sixteen(unsigned seed, int keep_percent) {
  // A valid filling by the shifted pattern, symbols relabelled, then cells blanked at random.
  const int b = 4;
  const int n = 16;
  std::mt19937 random(seed);
  std::vector<int> relabel(n);
  for (int i = 0; i < n; ++i) relabel[i] = i + 1;
  std::shuffle(relabel.begin(), relabel.end(), random);
  std::string text;
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int v = relabel[(b * (r % b) + r / b + c) % n];
      text += static_cast<int>(random() % 100) < keep_percent ? Grid::symbol(v) : '.';
    }
    text += '\n';
  }
  return parse_grid(text, "puzzle");
}

TEST(SudokuDlx, SixteenBySixteenSolves) {
  const Grid puzzle = sixteen_by_sixteen(7, 45);
  EXPECT_EQ(puzzle.size(), 16);
  const auto out = solve_dlx(puzzle, 1);
  EXPECT_EQ(out.solutions, 1u);
  EXPECT_TRUE(valid_solution(puzzle.cells(), out.first, 4));
}

TEST(SudokuParse, GridFormatWithRulingsAndTokens) {
  const Grid a = parse_grid(
      "# the classic\n"
      "5 3 . | . 7 . | . . .\n"
      "6 . . | 1 9 5 | . . .\n"
      ". 9 8 | . . . | . 6 .\n"
      "------+-------+------\n"
      "8 . . | . 6 . | . . 3\n"
      "4 . . | 8 . 3 | . . 1\n"
      "7 . . | . 2 . | . . 6\n"
      "------+-------+------\n"
      ". 6 . | . . . | 2 8 .\n"
      ". . . | 4 1 9 | . . 5\n"
      ". . . | . 8 . | . 7 9\n", "puzzle");
  EXPECT_EQ(a.one_line(), famous[0].puzzle);
  const Grid b = parse_grid("530070000\r\n600195000\n098000060\n800060003\n400803001\n700020006\n060000280\n000419005\n000080079\n", "puzzle");
  EXPECT_EQ(b.one_line(), famous[0].puzzle);
}

TEST(SudokuParse, DecimalTokensInBigGrids) {
  std::string text;
  for (int r = 0; r < 16; ++r) {
    for (int c = 0; c < 16; ++c) text += (r == 0 && c == 0 ? "16" : ".") + std::string(" ");
    text += '\n';
  }
  EXPECT_EQ(parse_grid(text, "puzzle").at(0, 0), 16);
}

std::string error_of(const std::string& text) {
  try {
    parse_grid(text, "puzzle");
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(SudokuParse, ErrorsNameSourceLineAndColumn) {
  EXPECT_EQ(error_of("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7"),
            "puzzle:1:81: a one-line puzzle has 16, 81, 256 or 625 cells, this line has 80");
  EXPECT_EQ(error_of("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x").substr(0, 32),
            "puzzle:1:81: 'x' is not a symbol");
  EXPECT_EQ(error_of("530070000\n600195000\n098000060\n800060003\n400803001\n700020006\n060000280\n000419005\n000080779\n"),
            "puzzle:9:8: the given 7 repeats the one at line 9, column 7 (same row)");
  EXPECT_EQ(error_of("530070000\n600195000\n098000060\n800060003\n400803001\n700020006\n060000280\n000419005\n00008007\n"),
            "puzzle:9:9: row 9 of a 9x9 grid needs 9 cells, this line has 8");
  // A row too long is wrong at its first cell too many.
  EXPECT_EQ(error_of("530070000\n600195000\n098000060\n800060003\n400803001\n700020006\n060000280\n0004190051\n000080079\n"),
            "puzzle:8:10: row 8 of a 9x9 grid needs 9 cells, this line has 10");
  EXPECT_EQ(error_of("5300700\n6001950\n"), "puzzle:2:1: a grid has 4, 9, 16 or 25 rows; the input has 2 rows (a one-line puzzle must be the only line)");
  EXPECT_EQ(error_of("\n# nothing\n"), "puzzle:1:1: no puzzle in the input");
  EXPECT_EQ(error_of("9...............").substr(0, 31), "puzzle:1:1: '9' is not a symbol");
}

// The exit status of the backtrack executable run with `args` (and stdout to `out`).
int run(const std::string& args, const std::string& out = "/dev/null") {
  const int status = std::system((std::string(BACKTRACK_EXE) + " " + args + " >" + out + " 2>/dev/null").c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(SudokuCli, BadInputExits65AndGoodInputSolves) {
  EXPECT_EQ(run("solve sudoku -q -p 55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"), 65);
  EXPECT_EQ(run("solve sudoku -q -p 53..7"), 65);
  EXPECT_EQ(run("solve sudoku -q --file /nonexistent/puzzle.txt"), 65);
  EXPECT_EQ(run("solve sudoku -q -s nope -p " + std::string(famous[0].puzzle)), 64);
  EXPECT_EQ(run("solve sudoku -q --count < /dev/null"), 65);
  const std::string out = testing::TempDir() + "sudoku_cli_out.txt";
  EXPECT_EQ(run("solve sudoku -q --first -p " + std::string(famous[0].puzzle), out), 0);
  std::ifstream in(out);
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  EXPECT_NE(text.find("534 678 912"), std::string::npos) << text;
}

// `backtrack check sudoku`: its verdict agrees with the independent validator on solved
// grids and on every grid one change away (a cell set to another symbol, two cells of a
// row swapped), whatever form the grid comes in.
TEST(SudokuCheck, AgreesWithTheValidatorOnSolutionsAndNearMisses) {
  std::mt19937 random(7);
  const std::vector<int> no_givens(81, 0);
  for (const auto& [name, text] : famous) {
    const Grid solution = [&] {
      Grid g(3);
      g.cells() = solve_dlx(parse_grid(text, "puzzle")).first;
      return g;
    }();
    ASSERT_TRUE(valid_solution(no_givens, solution.cells(), 3)) << name;
    for (const std::string& form : {solution.text(), solution.one_line() + "\n",
                                    "solution 1\n" + solution.text() + "\nproblem: sudoku size=9x9\nsolutions: 1\n",
                                    "solutions: 1\nstatus: complete\nexample:\n" + solution.text()}) {
      const CheckVerdict verdict = check_solution(form, "test");
      EXPECT_TRUE(verdict.valid) << name << ": " << verdict.message << "\n" << form;
    }
    for (int trial = 0; trial < 100; ++trial) {
      Grid changed = solution;
      const int r = static_cast<int>(random() % 9);
      const int c = static_cast<int>(random() % 9);
      if (trial % 2 == 0) {
        changed.set(r, c, 1 + (changed.at(r, c) + static_cast<int>(random() % 8)) % 9);  // another symbol
      } else {
        const int c2 = (c + 1 + static_cast<int>(random() % 8)) % 9;
        const int v = changed.at(r, c);
        changed.set(r, c, changed.at(r, c2));
        changed.set(r, c2, v);
      }
      const CheckVerdict verdict = check_solution(changed.text(), "test");
      EXPECT_EQ(verdict.valid, valid_solution(no_givens, changed.cells(), 3)) << name << ": " << verdict.message;
      EXPECT_FALSE(verdict.valid) << "one change breaks a solved grid: " << changed.one_line();
      EXPECT_TRUE(verdict.message.starts_with("invalid: ")) << verdict.message;
    }
  }
}

TEST(SudokuCheck, NamesTheRuleAndTheCells) {
  Grid g(3);
  g.cells() = solve_dlx(parse_grid(famous[0].puzzle, "puzzle")).first;  // 534 678 912 on the first row
  Grid empty = g;
  empty.set(4, 6, 0);
  EXPECT_EQ(check_solution(empty.one_line(), "test").message, "invalid: the cell at row 5, column 7 is empty");
  Grid twice = g;
  twice.set(0, 8, 3);  // row 1: 5 3 4 6 7 8 9 1 3
  EXPECT_EQ(check_solution(twice.text(), "test").message,
            "invalid: 3 is twice in row 1, at row 1, column 2 and at row 1, column 9");
  EXPECT_EQ(check_solution(g.text(), "test").message,
            "valid: a complete 9x9 grid, each row, column and box holding 1-9 once");
  // No grid at all, or a malformed one: unreadable input (exit 65), named by its line
  // in the whole input.
  EXPECT_THROW(check_solution("", "test"), InputError);
  EXPECT_THROW(check_solution("11..\n.,..\nsolution \n", "test"), InputError);  // a header, no grid under it (fuzzing)
  try {
    std::string text = "solution 1\n" + g.text();
    text.replace(text.find("534 678 912"), 11, "534 678 9X2");
    check_solution(text, "<stdin>");
    ADD_FAILURE() << "a malformed grid was judged";
  } catch (const InputError& e) {
    EXPECT_TRUE(std::string(e.what()).starts_with("<stdin>:2:10: 'X' is not a symbol")) << e.what();
  }
}

TEST(SudokuCli, CheckReadsWhatSolvePrints) {
  const std::string out = testing::TempDir() + "sudoku_check_in.txt";
  ASSERT_EQ(run("solve sudoku -q --first -p " + std::string(famous[1].puzzle), out), 0);
  EXPECT_EQ(run("check sudoku " + out), 0);
  ASSERT_EQ(run("solve sudoku -q --count -p " + std::string(famous[1].puzzle), out), 0);
  EXPECT_EQ(run("check sudoku " + out), 0) << "a count's example";
  {
    std::ofstream broken(out);
    broken << std::string(80, '1') << ".\n";
  }
  EXPECT_EQ(run("check sudoku " + out), 1);
  EXPECT_EQ(run("check sudoku /dev/null"), 65);
}

// ---------------------------------------------------------------------------------
// Sets of puzzles: one a line, or grids separated by blank lines.

TEST(SudokuSet, OnePerLineOrOneGridPerBlock) {
  std::string lines = "# six famous puzzles\n";
  for (const auto& f : famous) lines += std::string(f.puzzle) + "\n";
  const auto per_line = split_puzzles(lines);
  ASSERT_EQ(per_line.size(), std::size(famous));
  for (std::size_t i = 0; i < per_line.size(); ++i) {
    EXPECT_EQ(per_line[i].text, famous[i].puzzle);
    EXPECT_EQ(per_line[i].first_line, static_cast<int>(i) + 2);
  }

  auto nine_lines = [](const std::string& puzzle) {
    std::string text;
    for (std::size_t r = 0; r < 9; ++r) text += puzzle.substr(9 * r, 9) + "\n";
    return text;
  };
  const std::string two_grids = nine_lines(famous[0].puzzle) + "\n\n" + nine_lines(famous[1].puzzle);
  const auto blocks = split_puzzles(two_grids);
  ASSERT_EQ(blocks.size(), 2u);
  EXPECT_EQ(parse_grid(blocks[1].text, "puzzle", blocks[1].first_line).one_line(), parse_grid(famous[1].puzzle, "puzzle").one_line());

  // One puzzle, in either form, is the whole input; a 16x16 grid (16 lines of 16 cells)
  // is one puzzle, not sixteen 4x4 ones.
  EXPECT_EQ(split_puzzles(famous[0].puzzle).size(), 1u);
  EXPECT_EQ(split_puzzles(parse_grid(famous[0].puzzle, "puzzle").text()).size(), 1u);
  const std::string sixteen = sixteen_by_sixteen(3, 60).text();
  ASSERT_EQ(split_puzzles(sixteen).size(), 1u);
  EXPECT_EQ(parse_grid(split_puzzles(sixteen)[0].text, "puzzle").size(), 16);
}

TEST(SudokuSet, AMistakeIsReportedAtItsLineOfTheWholeInput) {
  std::string lines = "# comment\n" + std::string(famous[0].puzzle) + "\n" + famous[1].puzzle + "\n";
  lines += std::string(famous[2].puzzle).substr(0, 80) + "x\n";
  const auto puzzles = split_puzzles(lines);
  ASSERT_EQ(puzzles.size(), 3u);
  try {
    parse_grid(puzzles[2].text, "puzzle", puzzles[2].first_line);
    FAIL() << "the 'x' was accepted";
  } catch (const InputError& e) {
    EXPECT_TRUE(std::string(e.what()).starts_with("puzzle:4:81:")) << e.what();
  }
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<nlohmann::json> json_lines(const std::string& text) {
  std::vector<nlohmann::json> objects;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) objects.push_back(nlohmann::json::parse(line));
  return objects;
}

TEST(SudokuCli, ASetIsSolvedPuzzleByPuzzle) {
  const std::string set = testing::TempDir() + "sudoku_set.txt";
  {
    std::ofstream out(set);
    out << "# six famous puzzles, one a line\n";
    for (const auto& f : famous) out << f.puzzle << '\n';
  }
  const std::string out = testing::TempDir() + "sudoku_set_out.txt";
  for (const std::string strategy : {"dlx", "csp"}) {
    ASSERT_EQ(run("solve sudoku -f " + set + " --all --format json -s " + strategy, out), 0) << strategy;
    const auto objects = json_lines(slurp(out));
    std::vector<int> solutions(std::size(famous), 0);
    std::size_t instance_lines = 0;
    for (const auto& o : objects) {
      if (o["type"] == "solution") {
        const std::size_t k = o["instance_index"].get<std::size_t>() - 1;
        ASSERT_LT(k, std::size(famous));
        ++solutions[k];
        std::vector<int> grid;
        for (const auto& row : o["grid"]) {
          for (const auto& v : row) grid.push_back(v.get<int>());
        }
        EXPECT_TRUE(valid_solution(parse_grid(famous[k].puzzle, "puzzle").cells(), grid, 3)) << famous[k].name;
      } else if (o["type"] == "instance") {
        ++instance_lines;
        EXPECT_EQ(o["solutions"], "1");
      }
    }
    EXPECT_EQ(solutions, std::vector<int>(std::size(famous), 1)) << "each famous puzzle has one solution";
    EXPECT_EQ(instance_lines, std::size(famous));
    const auto& summary = objects.back();
    EXPECT_EQ(summary["type"], "summary");
    EXPECT_EQ(summary["instances"], std::size(famous));
    EXPECT_EQ(summary["solved"], std::size(famous));
    EXPECT_EQ(summary["solutions"], std::to_string(std::size(famous)));
  }
  EXPECT_EQ(run("solve sudoku -f " + set + " --checkpoint " + testing::TempDir() + "set.journal"), 64);

  ASSERT_EQ(run("compare sudoku -f " + set + " --strategy dlx,csp --format json", out), 0);
  const auto table = cli::compare_table(slurp(out));
  EXPECT_EQ(table["agree"], true);
  ASSERT_EQ(table["rows"].size(), 2u);
  for (const auto& row : table["rows"]) {
    EXPECT_EQ(row["instances"], std::size(famous));
    EXPECT_EQ(row["solved"], std::size(famous));
    EXPECT_EQ(row["solutions"], std::to_string(std::size(famous)));
  }
  ASSERT_EQ(run("compare sudoku -f " + set + " --strategy dlx,csp --per-instance --format json", out), 0);
  const auto rows = cli::compare_table(slurp(out))["rows"];
  ASSERT_EQ(rows.size(), 2 * std::size(famous));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i]["instance_index"], i % std::size(famous) + 1);
    EXPECT_EQ(rows[i]["solutions"], "1");
  }
  EXPECT_EQ(run("compare sudoku --per-instance -p " + std::string(famous[0].puzzle)), 64);
}

}  // namespace
}  // namespace backtrack::sudoku
