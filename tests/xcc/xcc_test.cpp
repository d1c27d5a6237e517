// Problem xcc in-process: the parser's verdicts, the example files' counts, and dancing
// links with colours against a brute-force count (reference.hpp) on random problems.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "backtrack/engine.hpp"
#include "backtrack/errors.hpp"
#include "backtrack/xcc/parser.hpp"
#include "backtrack/xcc/problem.hpp"
#include "xcc/reference.hpp"

namespace backtrack::xcc {
namespace {

using exact_cover::ItemChoice;
using exact_cover::ItemOrder;
using xcc_reference::named;

std::shared_ptr<const XccFile> parse(const std::string& text) {
  XccParser parser("test.xcc");
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) parser.add_line(line);
  return std::make_shared<const XccFile>(std::move(parser).finish());
}

std::string example(const std::string& name) {
  std::ifstream in(std::string(XCC_EXAMPLES_DIR) + "/" + name);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The solutions of a problem, each as its options' text, and the count; `rows`: each
// as its options' numbers (two options may read the same).
template <bool Coloured>
std::vector<std::vector<std::string>> solutions(const std::shared_ptr<const XccFile>& file, ItemChoice choice,
                                                std::uint64_t& counted, std::vector<std::vector<int>>& rows) {
  const XccProblem<Coloured> problem(file, choice);
  std::vector<std::vector<std::string>> found;
  enumerate_solutions(problem, [&](const auto&, std::span<const int> path, std::uint64_t) {
    std::vector<std::string> texts;
    for (int row : problem.options(path)) texts.emplace_back(file->option(row));
    found.push_back(texts);
    rows.push_back(problem.options(path));
  });
  counted = static_cast<std::uint64_t>(count_solutions(problem).solutions);
  return found;
}

// Counts and lists with every item order, each solution checked by the reference.
void expect_solutions(const std::string& text, std::uint64_t expected) {
  const auto file = parse(text);
  const auto reference = xcc_reference::read(text);
  for (const ItemChoice choice : {ItemChoice{ItemOrder::mrv, 1}, ItemChoice{ItemOrder::first, 1},
                                  ItemChoice{ItemOrder::random, 1}, ItemChoice{ItemOrder::random, 99}}) {
    std::uint64_t counted = 0;
    std::vector<std::vector<int>> rows;
    const auto found = file->matrix.coloured() ? solutions<true>(file, choice, counted, rows)
                                               : solutions<false>(file, choice, counted, rows);
    EXPECT_EQ(counted, expected);
    EXPECT_EQ(found.size(), expected);
    auto sorted = rows;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(std::unique(sorted.begin(), sorted.end()), sorted.end()) << "a solution listed twice";
    for (const auto& solution : found) EXPECT_TRUE(xcc_reference::is_solution(reference, solution));
  }
}

TEST(XccExamples, QueensLangfordAndWordSquaresAgreeWithTheLiteratureAndBruteForce) {
  const std::string queens = example("nqueens-8.xcc");
  const std::string langford = example("langford-7.xcc");
  const std::string squares = example("word-square-3x3.xcc");
  // The literature: 92 queens (OEIS A000170), 52 Langford sequences for n = 7 (26 up to reversal, A014552).
  EXPECT_EQ(xcc_reference::count(xcc_reference::read(queens)), 92u);
  EXPECT_EQ(xcc_reference::count(xcc_reference::read(langford)), 52u);
  expect_solutions(queens, 92);
  expect_solutions(langford, 52);
  // No published count: the brute force is the reference.
  const auto squares_by_brute_force = xcc_reference::count(xcc_reference::read(squares));
  EXPECT_GT(squares_by_brute_force, 0u);
  expect_solutions(squares, squares_by_brute_force);
}

TEST(XccExamples, WordSquaresNeedTheirColours) {
  // The same file with the colours taken out: every square is then wanted by a row and a column.
  std::string text = example("word-square-3x3.xcc");
  std::string plain;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == ':' && i + 1 < text.size() && text[i + 1] != ' ') {
      i += 1;  // drop ":L", a one-letter colour
      continue;
    }
    plain += text[i];
  }
  const auto file = parse(plain);
  ASSERT_FALSE(file->matrix.coloured());
  EXPECT_EQ(count_solutions(XccProblem<false>(file, {})).solutions, 0u);
}

TEST(XccExamples, PentominoBoxHasThe9356TilingsOfTheBuiltInProblem) {
  const auto file = parse(example("pentomino-6x10.xcc"));
  const auto stats = count_solutions(XccProblem<false>(file, {}));
  EXPECT_EQ(stats.solutions, 9356u);  // 2339 tilings up to the box's 4 symmetries, each in 4 images
  EXPECT_EQ(file->primary, 72);
}

// Random small problems with colours: every order gives the brute force's count, and
// every solution listed is one.
TEST(XccColours, RandomProblemsAgreeWithBruteForce) {
  std::mt19937 random(2024);
  for (int round = 0; round < 300; ++round) {
    const int primary = 1 + static_cast<int>(random() % 5);
    const int secondary = static_cast<int>(random() % 4);
    const int options = 1 + static_cast<int>(random() % 14);
    std::string text = "| random problem\n";
    for (int i = 0; i < primary; ++i) text += named("p", i) + " ";
    text += "|";
    for (int i = 0; i < secondary; ++i) text += named(" s", i);
    text += "\n";
    for (int o = 0; o < options; ++o) {
      std::string line;
      for (int i = 0; i < primary; ++i) {
        if (random() % 3 == 0) line += named(" p", i);
      }
      for (int i = 0; i < secondary; ++i) {
        const auto pick = random() % 5;  // absent, uncoloured, or one of three colours
        if (pick == 0 || pick == 4) continue;
        line += named(" s", i);
        if (pick != 1) line += {':', static_cast<char>('A' + pick - 2)};
      }
      if (!line.empty()) text += line + "\n";
    }
    SCOPED_TRACE(text);
    expect_solutions(text, xcc_reference::count(xcc_reference::read(text)));
  }
}

TEST(XccColours, UndoRestoresEveryNode) {
  const auto file = parse(example("word-square-3x3.xcc"));
  const XccProblem<true> problem(file, {});
  const auto start = problem.root();
  auto state = problem.root();
  std::vector<int> path;
  // Down the leftmost branch as far as it goes, then back.
  for (;;) {
    auto moves = problem.candidates(state);
    auto it = moves.begin();
    if (it == moves.end()) break;
    path.push_back(*it);
    problem.apply(state, *it);
  }
  ASSERT_FALSE(path.empty());
  for (auto m = path.rbegin(); m != path.rend(); ++m) problem.undo(state, *m);
  ASSERT_EQ(state.nodes.size(), start.nodes.size());
  for (std::size_t i = 0; i < state.nodes.size(); ++i) {
    const auto& a = state.nodes[i];
    const auto& b = start.nodes[i];
    EXPECT_TRUE(a.left == b.left && a.right == b.right && a.up == b.up && a.down == b.down && a.colour == b.colour)
        << "node " << i;
  }
  EXPECT_EQ(state.size, start.size);
}

// Each mistake: exit 65's message names the line, the column of the item, and the item.
void expect_error(const std::string& text, const std::string& message) {
  try {
    parse(text);
    ADD_FAILURE() << "accepted: " << text;
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
  }
}

TEST(XccParser, NamesTheLineColumnAndItemOfEachMistake) {
  expect_error("a b | x\na x\nb y\n", "test.xcc:3:3: unknown item 'y' in an option");
  expect_error("| comment\na b | x\n\na b a\n", "test.xcc:4:5: item 'a' twice in one option");
  expect_error("a b a | x\n", "test.xcc:1:5: item 'a' is named twice");
  expect_error("a b | x y | z\n", "test.xcc:1:11: '|' twice in the line of items");
  expect_error("a b:c\n", "test.xcc:1:3: item 'b:c': a name cannot hold ':' or '|'");
  expect_error("a | x\na x:\n", "test.xcc:2:3: malformed colour in 'x:'");
  expect_error("a | x\na x:r:g\n", "test.xcc:2:3: malformed colour in 'x:r:g'");
  expect_error("a | x\na :r\n", "test.xcc:2:3: malformed item ':r'");
  expect_error("a | x\na:r x\n", "test.xcc:2:1: primary item 'a' cannot have a colour");
  expect_error("a\tb\tb\n", "test.xcc:1:5: item 'b' is named twice");  // a tab is one column
  expect_error("a b | x\n  \tb\ta   y\n", "test.xcc:2:10: unknown item 'y'");
  expect_error("", "test.xcc:1:1: no items");
  expect_error("| only comments\n\n   \n", "test.xcc:1:1: no items");
}

TEST(XccParser, ReadsBlanksCommentsAndOptionsWithoutPrimaryItems) {
  const auto file = parse("| Knuth-style comment\n\n  a\tb  |  x y \r\n a x:1 y:1\r\n| another\nx:0 y:1\nb x:1\n");
  EXPECT_EQ(file->primary, 2);
  EXPECT_EQ(file->secondary(), 2);
  EXPECT_EQ(file->matrix.rows(), 2);
  EXPECT_EQ(file->ignored, 1);  // x:0 y:1 names no primary item
  EXPECT_EQ(file->options_in_file, 3);
  EXPECT_EQ(file->option(0), "a x:1 y:1");
  EXPECT_EQ(file->option_line[1], 7);
  EXPECT_EQ(file->option_number[1], 2);
  EXPECT_EQ(count_solutions(XccProblem<true>(file, {})).solutions, 1u);
}

TEST(XccParser, APrimaryItemThatNoOptionCoversHasNoSolution) {
  const auto file = parse("a b c\na b\nc\n");
  EXPECT_EQ(count_solutions(XccProblem<false>(file, {})).solutions, 1u);
  const auto lonely = parse("a b c d\na b\nc\n");
  EXPECT_EQ(count_solutions(XccProblem<false>(lonely, {})).solutions, 0u);
}

TEST(XccParser, TheDigestIsTheProblemNotItsSpelling) {
  const auto a = parse("a b | x\na x:1\nb\n");
  const auto b = parse("| the same, other blanks\n  a   b |  x\n\na\tx:1  \n b\n");
  const auto c = parse("a b | x\na x:2\nb\n");
  const auto d = parse("a b | x\nb\na x:1\n");
  EXPECT_EQ(a->digest, b->digest);
  EXPECT_NE(a->digest, c->digest);
  EXPECT_NE(a->digest, d->digest);  // another order of options is another tree
}

}  // namespace
}  // namespace backtrack::xcc
