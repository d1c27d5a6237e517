// Problem magic-square through the CLI: the counts of OEIS A006052 (8 squares of order
// 3, 7,040 of order 4; 1 and 880 up to the 8 symmetries), every square listed checked
// by a validator of the test's own, and the text and JSON of a square.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "compare_table.hpp"
#include "run_process.hpp"

namespace {

using cli::json_lines;
using cli::run;
using cli::summary_of;
using Square = std::vector<std::vector<long long>>;

// The numbers 1 .. n^2 once each, and every row, column and both diagonals summing to
// n(n^2 + 1)/2.
bool is_magic(const Square& s) {
  const long long n = static_cast<long long>(s.size());
  std::vector<long long> all;
  for (const auto& row : s) {
    if (static_cast<long long>(row.size()) != n) return false;
    all.insert(all.end(), row.begin(), row.end());
  }
  std::sort(all.begin(), all.end());
  for (long long i = 0; i < n * n; ++i) {
    if (all[static_cast<std::size_t>(i)] != i + 1) return false;
  }
  const long long sum = n * (n * n + 1) / 2;
  long long diagonal = 0;
  long long antidiagonal = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    long long row = 0;
    long long column = 0;
    for (std::size_t k = 0; k < s.size(); ++k) {
      row += s[i][k];
      column += s[k][i];
    }
    if (row != sum || column != sum) return false;
    diagonal += s[i][i];
    antidiagonal += s[i][s.size() - 1 - i];
  }
  return diagonal == sum && antidiagonal == sum;
}

// The squares of a JSON listing, each checked and each listed once.
std::set<Square> squares(const cli::Outcome& o, std::size_t n) {
  std::set<Square> found;
  for (const auto& line : json_lines(o.out)) {
    if (line["type"] != "solution") continue;
    const auto square = line["square"].get<Square>();
    EXPECT_EQ(square.size(), n);
    EXPECT_TRUE(is_magic(square)) << line.dump();
    EXPECT_TRUE(found.insert(square).second) << "listed twice: " << line.dump();
  }
  return found;
}

TEST(MagicSquare, CountsOeisA006052) {
  const auto three = run({"solve", "magic-square", "-n", "3", "--format", "json", "--print", "summary"});
  ASSERT_EQ(three.exit_code, 0) << three.err;
  EXPECT_EQ(summary_of(three)["solutions"], "8");
  const auto four = run({"solve", "magic-square", "-n", "4", "--format", "json", "--print", "summary"});
  ASSERT_EQ(four.exit_code, 0) << four.err;
  EXPECT_EQ(summary_of(four)["solutions"], "7040");
  EXPECT_EQ(summary_of(four)["status"], "complete");
  // Up to rotations and reflections: 1 and 880 classes, each standing for 8 squares.
  for (const auto& [n, total, classes] : {std::tuple{"3", "8", "1"}, std::tuple{"4", "7040", "880"}}) {
    const auto full = run({"solve", "magic-square", "-n", n, "--symmetry", "full", "--format", "json"});
    ASSERT_EQ(full.exit_code, 0) << full.err;
    EXPECT_EQ(summary_of(full)["solutions"], total) << n;
    EXPECT_EQ(summary_of(full)["classes"], classes) << n;
  }
  // No square of order 2; order 1 is the square 1.
  EXPECT_EQ(summary_of(run({"solve", "magic-square", "-n", "2", "--format", "json"}))["solutions"], "0");
  EXPECT_EQ(summary_of(run({"solve", "magic-square", "-n", "1", "--format", "json"}))["solutions"], "1");
}

TEST(MagicSquare, EverySquareListedIsMagic) {
  const auto three = run({"solve", "magic-square", "-n", "3", "--all", "--format", "json"});
  ASSERT_EQ(three.exit_code, 0) << three.err;
  EXPECT_EQ(squares(three, 3).size(), 8u);
  // Every one of order 4, on two threads.
  const auto four = run({"solve", "magic-square", "-n", "4", "--all", "--format", "json", "-j", "2"});
  ASSERT_EQ(four.exit_code, 0) << four.err;
  EXPECT_EQ(squares(four, 4).size(), 7040u);
  // Other search settings list the same squares of order 3.
  for (const char* prune : {"none", "gac"}) {
    const auto o = run({"solve", "magic-square", "-n", "3", "--all", "--format", "json", "--prune", prune, "--order",
                        "mrv", "--values", "split"});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    EXPECT_EQ(squares(o, 3), squares(three, 3)) << prune;
  }
  // One per class: 880 squares, no two images of each other (each its class's own).
  const auto unique = run({"solve", "magic-square", "-n", "4", "--unique", "--format", "json"});
  ASSERT_EQ(unique.exit_code, 0) << unique.err;
  EXPECT_EQ(squares(unique, 4).size(), 880u);
  // A larger order, one square.
  const auto five = run({"solve", "magic-square", "-n", "5", "--first", "--format", "json"});
  ASSERT_EQ(five.exit_code, 0) << five.err;
  EXPECT_EQ(squares(five, 5).size(), 1u);
}

// Each --prune level prunes its own way: five rows, no two searching the same tree with
// the same work, all counting the 8 squares. (In the default order, dom-deg, Hall
// intervals and the matching remove the same values on squares of order 3: bounds and
// domain then search one tree with one work, 33 nodes and 278 propagations; mrv sets
// them apart.)
TEST(MagicSquare, EveryPruneLevelIsARowOfItsOwn) {
  const std::vector<std::string> levels = {"none", "forward", "arc", "bounds", "domain"};
  const auto o = run({"compare", "magic-square", "-n", "3", "--order", "mrv", "--vary",
                      "prune=none,forward,arc,bounds,domain", "--format", "json"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto table = cli::compare_table(o.out);
  EXPECT_EQ(table["agree"], true) << o.out;
  const auto& rows = table["rows"];
  ASSERT_EQ(rows.size(), levels.size()) << o.out;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i]["prune"], levels[i]);
    EXPECT_EQ(rows[i]["solutions"], "8") << rows[i].dump();
    for (std::size_t k = 0; k < i; ++k) {
      EXPECT_TRUE(rows[i]["nodes"] != rows[k]["nodes"] ||
                  rows[i]["counters"]["propagations"] != rows[k]["counters"]["propagations"])
          << levels[k] << " and " << levels[i] << ": " << rows[k].dump() << '\n' << rows[i].dump();
    }
  }
  // Generate and test waits for whole lines; forward checking for one open cell.
  EXPECT_GT(rows[0]["nodes"].get<long long>(), rows[1]["nodes"].get<long long>());
  EXPECT_GT(rows[1]["nodes"].get<long long>(), rows[2]["nodes"].get<long long>());
}

// domain was gac: the old name is still read, with a warning, and shown as the new one.
TEST(MagicSquare, GacIsReadAsDomain) {
  const auto solved = run({"solve", "magic-square", "-n", "3", "--count", "--prune", "gac", "--format", "json"});
  ASSERT_EQ(solved.exit_code, 0) << solved.err;
  EXPECT_TRUE(solved.err.find("--prune gac is now --prune domain") != std::string::npos) << solved.err;
  const auto summary = summary_of(solved);
  EXPECT_EQ(summary["solutions"], "8") << summary.dump();
  EXPECT_EQ(summary["instance"]["prune"], "domain") << summary.dump();
  const auto domain = summary_of(run({"solve", "magic-square", "-n", "3", "--count", "--prune", "domain", "--format", "json"}));
  EXPECT_EQ(summary["nodes"], domain["nodes"]);

  const auto compared = run({"compare", "magic-square", "-n", "3", "--vary", "prune=arc,gac", "--format", "json"});
  ASSERT_EQ(compared.exit_code, 0) << compared.err;
  EXPECT_TRUE(compared.err.find("--vary prune=gac is now domain") != std::string::npos) << compared.err;
  const auto table = cli::compare_table(compared.out);
  ASSERT_EQ(table["rows"].size(), 2U) << compared.out;
  EXPECT_EQ(table["rows"][1]["prune"], "domain");
  EXPECT_EQ(table["rows"][1]["nodes"], domain["nodes"]);
}

TEST(MagicSquare, PrintsTheSquareAsAGrid) {
  const auto o = run({"solve", "magic-square", "-n", "3", "--first"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  // The first square in the search's order: the smallest number first in each cell.
  EXPECT_TRUE(cli::contains(o.out, "solution 1\n2 9 4\n7 5 3\n6 1 8\n")) << o.out;
  const auto unique = run({"solve", "magic-square", "-n", "3", "--unique", "--symmetry", "none"});
  EXPECT_EQ(unique.exit_code, 64) << unique.err;
  EXPECT_TRUE(cli::contains(unique.err, "--symmetry full")) << unique.err;
}

}  // namespace
