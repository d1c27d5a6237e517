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

// count and among reach the reader as themselves (share/minizinc/backtrack/fzn_count_*.mzn).
TEST_F(MiniZinc, CountingGlobalsAreNative) {
  const cli::TempFile fzn;
  const auto c = minizinc({"-c", models + "/magic_sequence.mzn", "--fzn", fzn.path(), "--no-output-ozn"});
  ASSERT_EQ(c.exit_code, 0) << c.err;
  const std::string text = cli::slurp(fzn.path());
  int counts = 0;
  for (const auto& line : cli::lines_of(text)) counts += line.starts_with("constraint fzn_count_eq(");
  EXPECT_EQ(counts, 7) << text;
  EXPECT_TRUE(cli::contains(text, "constraint fzn_among(")) << text;
  EXPECT_TRUE(cli::contains(text, "constraint fzn_count_geq(")) << text;
  const auto o = minizinc({"-a", models + "/magic_sequence.mzn"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(lines_equal_to(o.out, "----------"), 1) << o.out;
  EXPECT_TRUE(cli::contains(o.out, "x = [3, 2, 1, 1, 0, 0, 0]")) << o.out;
}

// lex_lesseq, lex_less, increasing, decreasing and strictly_increasing reach the reader
// as themselves, and order.mzn has the 81 solutions a brute force over its 3^6 * 2^3
// assignments counts.
TEST_F(MiniZinc, OrderGlobalsAreHandedOverNative) {
  const cli::TempFile fzn;
  const auto o = minizinc({"-c", models + "/order.mzn", "--fzn", fzn.path(), "--no-output-ozn"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const std::string text = cli::slurp(fzn.path());
  for (const std::string name : {"fzn_lex_lesseq_int", "fzn_lex_less_int", "fzn_lex_less_bool", "fzn_increasing_int",
                                 "fzn_strictly_increasing_int", "fzn_decreasing_bool"}) {
    EXPECT_TRUE(cli::contains(text, "constraint " + name + "(")) << name << "\n" << text;
  }
  const auto all = minizinc({"-a", models + "/order.mzn"});
  ASSERT_EQ(all.exit_code, 0) << all.err;
  EXPECT_EQ(lines_equal_to(all.out, "----------"), 81) << all.out;
}

// bin_packing_capa and bin_packing_load reach the reader as backtrack_bin_packing_load,
// and packing.mzn has the 23 solutions a brute force over its 3^5 assignments counts.
TEST_F(MiniZinc, BinPackingIsHandedOverNative) {
  const cli::TempFile fzn;
  const auto o = minizinc({"-c", models + "/packing.mzn", "--fzn", fzn.path(), "--no-output-ozn"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  int native = 0;
  for (const auto& line : cli::lines_of(cli::slurp(fzn.path()))) {
    native += line.starts_with("constraint backtrack_bin_packing_load(") ? 1 : 0;
  }
  EXPECT_EQ(native, 2);
  const auto all = minizinc({"-a", models + "/packing.mzn"});
  ASSERT_EQ(all.exit_code, 0) << all.err;
  EXPECT_EQ(lines_equal_to(all.out, "----------"), 23) << all.out;
}

// nvalue reaches the reader as fzn_nvalue, its reified form decomposed, and nvalue.mzn has
// the 45 solutions of its 3^4 assignments with at most two values: 3 with one, 3 * (2^4 - 2)
// with two (n and b follow from x).
TEST_F(MiniZinc, NvalueIsHandedOverNative) {
  const cli::TempFile fzn;
  const auto o = minizinc({"-c", models + "/nvalue.mzn", "--fzn", fzn.path(), "--no-output-ozn"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  int native = 0;
  for (const auto& line : cli::lines_of(cli::slurp(fzn.path()))) native += line.starts_with("constraint fzn_nvalue(") ? 1 : 0;
  EXPECT_EQ(native, 1) << cli::slurp(fzn.path());
  const auto all = minizinc({"-a", models + "/nvalue.mzn"});
  ASSERT_EQ(all.exit_code, 0) << all.err;
  EXPECT_EQ(lines_equal_to(all.out, "----------"), 45) << all.out;
}

// global_cardinality's four forms reach the reader as themselves
// (share/minizinc/backtrack/fzn_global_cardinality*.mzn), and solve as the model's comments count.
TEST_F(MiniZinc, GlobalCardinalityIsNative) {
  const cli::TempFile fzn;
  const auto c = minizinc({"-c", models + "/global_cardinality.mzn", "--fzn", fzn.path(), "--no-output-ozn"});
  ASSERT_EQ(c.exit_code, 0) << c.err;
  const std::string text = cli::slurp(fzn.path());
  for (const char* name : {"fzn_global_cardinality(", "fzn_global_cardinality_closed(", "fzn_global_cardinality_low_up(",
                           "fzn_global_cardinality_low_up_closed("}) {
    EXPECT_TRUE(cli::contains(text, std::string("constraint ") + name)) << name << "\n" << text;
  }
  const auto o = minizinc({"-a", models + "/global_cardinality.mzn"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(lines_equal_to(o.out, "----------"), 432) << o.out;
}

// x[i, j] over a 2-D array of variables reaches the reader as backtrack_element2d (int and
// bool), and k[i, j] over constants as the standard library's array_int_element; element2d.mzn
// has the 220 solutions a brute force over its assignments counts (and Gecode finds).
TEST_F(MiniZinc, Element2dIsHandedOverNative) {
  const cli::TempFile fzn;
  const auto o = minizinc({"-c", models + "/element2d.mzn", "--fzn", fzn.path(), "--no-output-ozn"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const std::string text = cli::slurp(fzn.path());
  EXPECT_TRUE(cli::contains(text, "constraint backtrack_element2d(i,j,0,2,3,")) << text;
  EXPECT_TRUE(cli::contains(text, "constraint backtrack_element2d_bool(p,q,1,1,2,")) << text;
  EXPECT_TRUE(cli::contains(text, "constraint array_int_element(")) << text;
  const auto all = minizinc({"-a", models + "/element2d.mzn"});
  ASSERT_EQ(all.exit_code, 0) << all.err;
  EXPECT_EQ(lines_equal_to(all.out, "----------"), 220) << all.out;
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

// Each of the configuration's extraFlags reaches fzn-backtrack (minizinc refuses a flag the
// configuration does not list), and the search it picks still finds the optimum.
TEST_F(MiniZinc, ExtraFlagsReachTheSolver) {
  for (const std::vector<std::string>& flags : {std::vector<std::string>{"--last-conflict"},
                                                 {"--restarts", "luby"},
                                                 {"--learn", "lcg", "--nogoods-kept", "0"},
                                                 {"--prune", "bounds", "--globals", "decomposed"},
                                                 {"--lns", "30", "-t", "1000"}}) {  // LNS runs until -t
    std::vector<std::string> args = flags;
    args.push_back(models + "/golomb.mzn");
    const auto o = minizinc(args);
    ASSERT_EQ(o.exit_code, 0) << flags.front() << ": " << o.err;
    EXPECT_EQ(lines_equal_to(o.out, "length = 11"), 1) << flags.front() << ": " << o.out;
  }
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

// cumulative and disjunctive reach the reader as themselves, and every solution of the
// model comes out: 14 x 18 x 33 (each constraint's own count, by brute force in Python;
// fzn-gecode with Gecode's library also lists 8316).
TEST_F(MiniZinc, SchedulingGlobalsAreNativeAndHaveAllTheirSolutions) {
  const cli::TempFile fzn;
  const auto c = minizinc({"-c", models + "/scheduling.mzn", "--fzn", fzn.path(), "--no-output-ozn"});
  ASSERT_EQ(c.exit_code, 0) << c.err;
  const std::string text = cli::slurp(fzn.path());
  for (const std::string name : {"fzn_cumulative(", "fzn_disjunctive_strict(", "fzn_disjunctive("}) {
    EXPECT_TRUE(cli::contains(text, "constraint " + name)) << name << "\n" << text;
  }
  EXPECT_FALSE(cli::contains(text, "bool_clause")) << "a pair of tasks decomposed\n" << text;
  const auto o = minizinc({"-a", models + "/scheduling.mzn"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(lines_equal_to(o.out, "----------"), 8316);
  EXPECT_EQ(cli::lines_of(o.out).back(), "==========");
}

// diffn and diffn_nonstrict reach the reader as themselves, and every solution of the model
// comes out: 12 x 25 x 29 (each constraint's own count, by brute force in Python;
// fzn-gecode with Gecode's library, its own nooverlap for diffn, also lists 8700).
TEST_F(MiniZinc, DiffnIsNativeAndHasAllItsSolutions) {
  const cli::TempFile fzn;
  const auto c = minizinc({"-c", models + "/diffn.mzn", "--fzn", fzn.path(), "--no-output-ozn"});
  ASSERT_EQ(c.exit_code, 0) << c.err;
  const std::string text = cli::slurp(fzn.path());
  for (const std::string name : {"fzn_diffn(", "fzn_diffn_nonstrict("}) {
    EXPECT_TRUE(cli::contains(text, "constraint " + name)) << name << "\n" << text;
  }
  EXPECT_FALSE(cli::contains(text, "bool_clause")) << "a pair of rectangles decomposed\n" << text;
  const auto o = minizinc({"-a", models + "/diffn.mzn"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(lines_equal_to(o.out, "----------"), 8700);
  EXPECT_EQ(cli::lines_of(o.out).back(), "==========");
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
