// minizinc drives fzn-backtrack through this build's solver configuration
// (cmake/minizinc.cmake), as a user's `minizinc --solver backtrack` does: the solver
// library's FlatZinc, and the answers end to end. Skipped where minizinc is not installed.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <tuple>
#include <vector>

#include "cli/run_process.hpp"

namespace {

const std::string models = MINIZINC_TEST_MODELS;

cli::Outcome minizinc(std::vector<std::string> args) {
  args.insert(args.begin(), {"--solver", BACKTRACK_MSC});
  return cli::run_program(MINIZINC_EXE, args);
}

int lines_equal_to(const std::string& text, const std::string& line) {
  int count = 0;
  for (const auto& l : cli::lines_of(text)) count += l == line ? 1 : 0;
  return count;
}

class MiniZinc : public ::testing::Test {
 protected:
  void SetUp() override {
    if (std::string(MINIZINC_EXE).empty()) GTEST_SKIP() << "minizinc is not installed";
  }
};

// The solver library hands all_different and table to the reader's native constraints,
// and nosets.mzn leaves no set variable.
TEST_F(MiniZinc, SolverLibraryKeepsGlobalsNativeAndRemovesSets) {
  const cli::TempFile fzn;
  const auto flatzinc_of = [&](const std::string& model) {
    const auto o = minizinc({"-c", models + "/" + model, "--fzn", fzn.path(), "--no-output-ozn"});
    EXPECT_EQ(o.exit_code, 0) << o.err;
    return cli::slurp(fzn.path());
  };
  const std::string queens = flatzinc_of("queens.mzn");
  int all_different = 0;
  for (const auto& line : cli::lines_of(queens)) all_different += line.starts_with("constraint fzn_all_different_int(");
  EXPECT_EQ(all_different, 3) << queens;
  EXPECT_FALSE(cli::contains(queens, "int_ne")) << queens;
  EXPECT_TRUE(cli::contains(flatzinc_of("table.mzn"), "constraint fzn_table_int("));
  EXPECT_FALSE(cli::contains(flatzinc_of("sets.mzn"), "set of"));
}

TEST_F(MiniZinc, EightQueensHave92Solutions) {
  const auto o = minizinc({"-a", models + "/queens.mzn"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(lines_equal_to(o.out, "----------"), 92) << o.out;
  EXPECT_EQ(cli::lines_of(o.out).back(), "==========");
}

TEST_F(MiniZinc, GolombRulerOfFiveMarksIsProvedOptimalAt11) {
  const auto o = minizinc({models + "/golomb.mzn"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto lines = cli::lines_of(o.out);
  ASSERT_GE(lines.size(), 3u) << o.out;
  EXPECT_EQ(lines[lines.size() - 3], "length = 11") << o.out;
  EXPECT_EQ(lines[lines.size() - 2], "----------");
  EXPECT_EQ(lines.back(), "==========");
}

TEST_F(MiniZinc, TableAndSetModelsHaveAllTheirSolutions) {
  const auto table = minizinc({"-a", models + "/table.mzn"});
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_EQ(lines_equal_to(table.out, "----------"), 3) << table.out;
  const auto sets = minizinc({"-a", models + "/sets.mzn"});
  ASSERT_EQ(sets.exit_code, 0) << sets.err;
  EXPECT_EQ(lines_equal_to(sets.out, "----------"), 6) << sets.out;
  EXPECT_EQ(cli::lines_of(sets.out).back(), "==========");
}

// circuit, subcircuit and inverse reach the reader as its native constraints, with the
// first index of their arrays (here 1, 0 and both), and all their solutions come back.
TEST_F(MiniZinc, GraphGlobalsAreNativeAndHaveAllTheirSolutions) {
  const cli::TempFile fzn;
  for (const auto& [model, native, solutions] : {std::tuple{"circuit", "backtrack_circuit(1,", 24},
                                                 std::tuple{"subcircuit", "backtrack_subcircuit(0,", 21},
                                                 std::tuple{"inverse", "backtrack_inverse(f,0,g,1)", 6}}) {
    const std::string path = models + "/" + model + ".mzn";
    const auto compiled = minizinc({"-c", path, "--fzn", fzn.path(), "--no-output-ozn"});
    ASSERT_EQ(compiled.exit_code, 0) << compiled.err;
    EXPECT_TRUE(cli::contains(cli::slurp(fzn.path()), std::string("constraint ") + native)) << cli::slurp(fzn.path());
    const auto o = minizinc({"-a", path});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    EXPECT_EQ(lines_equal_to(o.out, "----------"), solutions) << model << "\n" << o.out;
    EXPECT_EQ(cli::lines_of(o.out).back(), "==========");
  }
}

TEST_F(MiniZinc, UnsatisfiableModelSaysSo) {
  const auto o = minizinc({models + "/unsatisfiable.mzn"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(cli::lines_of(o.out).back(), "=====UNSATISFIABLE=====") << o.out;
}

// The installed configuration names the program and the library relative to itself: an
// install under any prefix runs.
TEST_F(MiniZinc, InstalledConfigurationFindsTheInstalledSolver) {
  const std::string prefix = SCRATCH_DIR;
  std::filesystem::remove_all(prefix);
  const auto install = cli::run_program(CMAKE_COMMAND, {"--install", BUILD_DIR, "--prefix", prefix});
  ASSERT_EQ(install.exit_code, 0) << install.out << install.err;
  const auto o = cli::run_program(MINIZINC_EXE, {"--solver", prefix + "/share/minizinc/solvers/backtrack.msc", "-a",
                                                 models + "/table.mzn"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(lines_equal_to(o.out, "----------"), 3) << o.out;
  std::filesystem::remove_all(prefix);
}

}  // namespace
