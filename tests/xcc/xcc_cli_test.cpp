// Problem xcc as a user runs it: the example files' counts and listings (each solution
// checked by reference.hpp), JSON, standard input, threads, checkpoints, bad files.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "run_process.hpp"
#include "xcc/reference.hpp"

namespace {

using cli::field;
using cli::lines_of;
using cli::run;
using xcc_reference::named;

std::string example(const std::string& name) { return std::string(XCC_EXAMPLES_DIR) + "/" + name; }

// The solutions of a text listing: "solution K", then its options one a line, then a blank line.
std::vector<std::vector<std::string>> listed(const std::string& out) {
  std::vector<std::vector<std::string>> solutions;
  bool inside = false;
  for (const auto& line : lines_of(out)) {
    if (line.rfind("solution ", 0) == 0) {
      solutions.emplace_back();
      inside = true;
    } else if (line.empty()) {
      inside = false;
    } else if (inside) {
      solutions.back().push_back(line);
    }
  }
  return solutions;
}

void write(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

TEST(XccCli, CountsTheExamples) {
  // The literature's counts (OEIS A000170, twice A014552), and the brute force's for the word squares.
  const auto squares = xcc_reference::count(xcc_reference::read(cli::slurp(example("word-square-3x3.xcc"))));
  const std::pair<const char*, std::string> examples[] = {
      {"nqueens-8.xcc", "92"}, {"langford-7.xcc", "52"}, {"word-square-3x3.xcc", std::to_string(squares)}};
  for (const auto& [file, count] : examples) {
    const auto o = run({"solve", "xcc", "--file", example(file), "--count", "-j", "2"});
    EXPECT_EQ(o.exit_code, 0) << o.err;
    EXPECT_EQ(field(o.out, "solutions"), count) << file;
  }
}

TEST(XccCli, EveryListedSolutionIsOne) {
  for (const char* file : {"nqueens-8.xcc", "langford-7.xcc", "word-square-3x3.xcc"}) {
    const auto reference = xcc_reference::read(cli::slurp(example(file)));
    const auto o = run({"solve", "xcc", "--file", example(file), "--all", "-j", "2"});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    const auto solutions = listed(o.out);
    EXPECT_EQ(solutions.size(), xcc_reference::count(reference)) << file;
    for (const auto& s : solutions) EXPECT_TRUE(xcc_reference::is_solution(reference, s)) << file;
  }
}

TEST(XccCli, JsonGivesEachOptionsIndexLineAndText) {
  const auto o = run({"solve", "xcc", "--file", example("langford-7.xcc"), "--limit", "3", "--format", "json"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto reference = xcc_reference::read(cli::slurp(example("langford-7.xcc")));
  const auto file_lines = lines_of(cli::slurp(example("langford-7.xcc")));
  int solutions = 0;
  for (const auto& line : lines_of(o.out)) {
    const auto j = nlohmann::json::parse(line);
    if (j["type"] != "solution") continue;
    ++solutions;
    std::vector<std::string> texts;
    for (const auto& option : j["options"]) {
      const std::string text = option["text"];
      texts.push_back(text);
      EXPECT_EQ(file_lines.at(option["line"].get<std::size_t>() - 1), text);
      EXPECT_EQ(reference.texts.at(option["index"].get<std::size_t>()), text);  // no option of this file is ignored
    }
    EXPECT_TRUE(xcc_reference::is_solution(reference, texts));
  }
  EXPECT_EQ(solutions, 3);
}

TEST(XccCli, ReadsStandardInputAndFindsTheSameFirstSolutionOnAnyThreads) {
  const auto text = cli::slurp(example("nqueens-8.xcc"));
  cli::TempFile in;
  write(in.path(), text);
  const auto one = run({"solve", "xcc", "--file", example("nqueens-8.xcc"), "--first", "-j", "1"});
  const auto two = run({"solve", "xcc", "--file", example("nqueens-8.xcc"), "--first", "-j", "2"});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(listed(one.out), listed(two.out));
  const auto piped = cli::run_program("/bin/sh", {"-c", std::string(BACKTRACK_EXE) + " solve xcc --file - < " + in.path()});
  EXPECT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_EQ(field(piped.out, "solutions"), "92");
}

// Mems (Knuth's memory references, dancing_links.hpp): a count of the search's work
// that does not change from run to run, more than one per update.
TEST(XccCli, MemsAreCountedTheSameInEveryRun) {
  for (const char* file : {"langford-7.xcc", "word-square-3x3.xcc"}) {  // plain, and with colours
    std::vector<std::string> mems;
    for (const char* threads : {"1", "1", "2"}) {
      const auto o = run({"solve", "xcc", "--file", example(file), "--count", "-j", threads});
      ASSERT_EQ(o.exit_code, 0) << o.err;
      ASSERT_TRUE(field(o.out, "mems").has_value()) << o.out;
      EXPECT_GT(std::stoull(*field(o.out, "mems")), 5 * std::stoull(*field(o.out, "updates"))) << o.out;
      mems.push_back(*field(o.out, "mems"));
    }
    EXPECT_EQ(mems[0], mems[1]) << file;
    EXPECT_EQ(mems[0], mems[2]) << file << ": the subtrees of two threads add up to the same";
    const auto json = run({"solve", "xcc", "--file", example(file), "--count", "-j", "1", "--format", "json"});
    EXPECT_EQ(nlohmann::json::parse(lines_of(json.out).back())["counters"]["mems"].get<std::uint64_t>(),
              std::stoull(mems[0]));
  }
}

TEST(XccCli, OrdersAgreeOnTheCount) {
  for (const char* order : {"mrv", "static", "random"}) {
    const auto o = run({"solve", "xcc", "--file", example("nqueens-8.xcc"), "--order", order, "--seed", "5"});
    EXPECT_EQ(field(o.out, "solutions"), "92") << order;
  }
  const auto o = run({"compare", "xcc", "--file", example("langford-7.xcc"), "--vary", "order=mrv,static,random"});
  EXPECT_EQ(o.exit_code, 0) << o.err;  // compare exits 4 when counts differ
}

// The journal knows the problem by its content: a file changed under the same name is refused.
TEST(XccCli, ACheckpointResumesOnlyTheSameProblem) {
  std::string queens = "r0 r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 c0 c1 c2 c3 c4 c5 c6 c7 c8 c9 c10 |";
  for (int d = 0; d < 21; ++d) queens += named(" a", d) + named(" b", d);
  queens += "\n";
  for (int r = 0; r < 11; ++r) {
    for (int c = 0; c < 11; ++c) {
      queens += named("r", r) + named(" c", c) + named(" a", r + c) + named(" b", r - c + 10) + "\n";
    }
  }
  cli::TempFile file;
  cli::TempFile journal;
  std::remove(journal.path().c_str());
  write(file.path(), queens);
  const std::vector<std::string> count = {"solve", "xcc", "--file", file.path(), "--checkpoint", journal.path(), "-j", "2"};
  const auto first = run(count);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_EQ(field(first.out, "solutions"), "2680");  // OEIS A000170, n = 11
  const auto again = run(count);
  EXPECT_EQ(field(again.out, "solutions"), "2680");
  EXPECT_NE(again.err.find("checkpoint"), std::string::npos);
  EXPECT_EQ(again.err.find(" 0 of "), std::string::npos) << again.err;  // resumed, not searched again
  write(file.path(), "| the same problem, another comment\n" + queens);
  EXPECT_EQ(run(count).exit_code, 0);
  write(file.path(), queens + "r0 c0\n");
  const auto other = run(count);
  EXPECT_EQ(other.exit_code, 65);
  EXPECT_NE(other.err.find("input data"), std::string::npos) << other.err;
}

TEST(XccCli, BadFilesExit65NamingTheLineAndTheItem) {
  cli::TempFile file;
  write(file.path(), "a b | x\na x\nb z\n");
  auto o = run({"solve", "xcc", "--file", file.path()});
  EXPECT_EQ(o.exit_code, 65);
  EXPECT_NE(o.err.find(file.path() + ":3:3: unknown item 'z'"), std::string::npos) << o.err;
  write(file.path(), "a b | x\na x\nb\n");
  o = run({"solve", "xcc", "--file", file.path(), "--unique"});
  EXPECT_EQ(o.exit_code, 64);
  // No --file: standard input, here empty.
  const auto empty = run({"solve", "xcc"});
  EXPECT_EQ(empty.exit_code, 65);
  EXPECT_NE(empty.err.find("<stdin>:1:1: no items"), std::string::npos) << empty.err;
  EXPECT_EQ(run({"solve", "xcc", "--file", "/nonexistent/file.xcc"}).exit_code, 65);
  EXPECT_EQ(run({"solve", "xcc", "--file", "/"}).exit_code, 65);
}

TEST(XccCli, HelpExplainsTheFormat) {
  const auto o = run({"solve", "xcc", "--help"});
  EXPECT_EQ(o.exit_code, 0);
  EXPECT_NE(o.out.find("ITEM:COLOUR"), std::string::npos);
}

}  // namespace
