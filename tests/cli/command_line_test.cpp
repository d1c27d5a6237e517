// The command line as a demanding user and a script meet it: stray words, repeated -q/-v,
// options of another strategy, output that cannot be written, partial rows in compare,
// the plot's file name, and the estimate of a tree too large for a double.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "nqueens/reference.hpp"
#include "compare_table.hpp"
#include "run_process.hpp"

namespace {

using cli::lines_of;
using cli::run;

using cli::contains;

using cli::json_lines;

// ---------------------------------------------------------------------------------
// Words that no option takes are usage errors, never silently dropped.

TEST(StrayWords, AreUsageErrorsNamingTheWord) {
  for (const auto& args : std::vector<std::vector<std::string>>{{"solve", "nqueens", "12"},
                                                                 {"solve", "sudoku", "puzzle.txt"},
                                                                 {"compare", "nqueens", "-n", "6", "extra"},
                                                                 {"estimate", "nqueens", "12"},
                                                                 {"list", "nqueens", "sudoku"}}) {
    const auto o = run(args);
    EXPECT_EQ(o.exit_code, 64) << args[1] << ' ' << o.err;
    EXPECT_EQ(o.out, "");
    EXPECT_TRUE(contains(o.err, "unexpected argument '" + args.back() + "'")) << o.err;
  }
}

// ---------------------------------------------------------------------------------
// -q and -v: anywhere, repeatable.

TEST(Verbosity, RepeatedAndAnywhere) {
  const auto quiet = run({"-q", "solve", "nqueens", "-n", "6", "-q"});
  EXPECT_EQ(quiet.exit_code, 0) << quiet.err;
  EXPECT_EQ(cli::field(quiet.out, "solutions"), "4");
  const auto verbose = run({"solve", "nqueens", "-n", "6", "-vv"});
  EXPECT_EQ(verbose.exit_code, 0) << verbose.err;
  EXPECT_TRUE(contains(verbose.err, "debug")) << verbose.err;
  const auto both = run({"-v", "list", "-v"});
  EXPECT_EQ(both.exit_code, 0) << both.err;
  // -q wins over nothing: an error is still shown.
  const auto error = run({"-q", "-q", "solve", "nqueens", "-n", "0"});
  EXPECT_EQ(error.exit_code, 64);
  EXPECT_TRUE(contains(error.err, "error")) << error.err;
}

// ---------------------------------------------------------------------------------
// The options of strategy csp are refused by the others, not ignored.

TEST(StrategyOptions, OtherStrategiesRefuseCspOptions) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"solve", "nqueens", "--strategy", "word", "--prune", "arc"},
           {"solve", "nqueens", "--strategy", "word", "--order", "bogus"},
           {"solve", "nqueens", "--strategy", "bitset", "--seed", "3"},
           {"solve", "sudoku", "--strategy", "dlx", "--values", "random", "--puzzle", std::string(81, '.')}}) {
    const auto o = run(args);
    EXPECT_EQ(o.exit_code, 64) << args[3] << ' ' << o.err;
    EXPECT_TRUE(contains(o.err, "is not an option of strategy " + args[3] + " (strategies that take it: csp)")) << o.err;
  }
  const auto csp = run({"solve", "nqueens", "-n", "8", "--strategy", "csp", "--prune", "arc", "-j", "1"});
  EXPECT_EQ(csp.exit_code, 0) << csp.err;
  EXPECT_EQ(cli::field(csp.out, "solutions"), "92");
  const auto bad_csp = run({"solve", "nqueens", "--strategy", "csp", "--order", "bogus"});
  EXPECT_EQ(bad_csp.exit_code, 64);
}

// ---------------------------------------------------------------------------------
// Output that cannot be written is an error (74); a reader that went away is not.

TEST(Output, FullDiskIsAnErrorForEveryCommand) {
  if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full here";
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"solve", "nqueens", "-n", "12", "--all", "--force"},
           {"solve", "nqueens", "-n", "8"},
           {"list"},
           {"compare", "nqueens", "-n", "4..8", "--strategy", "word,scan"},
           {"estimate", "nqueens", "-n", "8", "--calibration", "0", "--samples", "100"},
       }) {
    const auto o = cli::run_program(BACKTRACK_EXE, args, std::nullopt, "/dev/full");
    EXPECT_EQ(o.exit_code, 74) << args[0] << ' ' << o.err;
    EXPECT_TRUE(contains(o.err, "cannot write the results")) << o.err;
    EXPECT_TRUE(contains(o.err, "No space left on device")) << o.err;
  }
}

// `| head -1`: with SIGPIPE as the shell leaves it (default) and ignored (EPIPE).
TEST(Output, ClosedPipeEndsQuietly) {
  for (const std::string trap : {"", "trap '' PIPE; "}) {
    const auto o = cli::run_program(
        "/bin/bash", {"-c", trap + "'" + std::string(BACKTRACK_EXE) +
                                "' solve nqueens -n 11 --all --force | head -1; exit ${PIPESTATUS[0]}"});
    EXPECT_EQ(o.out, "solution 1\n") << trap;
    EXPECT_EQ(o.err, "") << trap;
    EXPECT_TRUE(o.exit_code == 0 || o.exit_code == 128 + SIGPIPE) << trap << o.exit_code;
  }
}

// ---------------------------------------------------------------------------------
// compare: every row counts right, partial rows say so, and the exit code too.

TEST(Compare, RowsAgreeWithOeis) {
  const auto o = run({"compare", "nqueens", "-n", "4..9", "--strategy", "scan,arrays,word,csp", "--format", "json"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto table = cli::compare_table(o.out);
  EXPECT_EQ(table["type"], "compare");
  EXPECT_EQ(table["agree"], true);
  const auto& rows = table["rows"];
  ASSERT_EQ(rows.size(), 24u);
  for (const auto& row : rows) {
    const int n = row["n"].get<int>();
    EXPECT_EQ(row["solutions"], std::to_string(reference::a000170[n])) << row.dump();
    EXPECT_EQ(row["status"], "complete");
    EXPECT_GT(row["nodes"].get<std::uint64_t>(), 0u);
  }
}

TEST(Compare, RowsCutByTheTimeLimitArePartial) {
  const auto text = run({"compare", "nqueens", "-n", "15", "--strategy", "scan,word", "--time-limit", "0.02"});
  EXPECT_EQ(text.exit_code, 3) << text.err;
  const auto lines = lines_of(text.out);
  ASSERT_EQ(lines.size(), 3u) << text.out;
  EXPECT_TRUE(contains(lines[0], "status"));
  for (std::size_t i = 1; i < lines.size(); ++i) EXPECT_TRUE(contains(lines[i], "time_limit (partial)")) << lines[i];

  const auto csv = run({"compare", "nqueens", "-n", "15", "--strategy", "scan", "--time-limit", "0.02",
                        "--format", "csv"});
  EXPECT_EQ(csv.exit_code, 3) << csv.err;
  const auto rows = lines_of(csv.out);
  ASSERT_EQ(rows.size(), 2u) << csv.out;
  EXPECT_TRUE(rows[0].ends_with(",status")) << rows[0];
  EXPECT_TRUE(rows[1].ends_with(",time_limit")) << rows[1];
}

TEST(Compare, PlotFileNameIsNeverGnuplotCode) {
  if (std::system("command -v gnuplot >/dev/null 2>&1") != 0) GTEST_SKIP() << "gnuplot is not installed";
  const auto directory = std::filesystem::temp_directory_path() / ("backtrack-plot-test-" + std::to_string(getpid()));
  std::filesystem::create_directories(directory);
  // gnuplot would run `touch` in our working directory: the marker's name has no slash,
  // since a slash in the file name would only make its directory part nonexistent.
  const std::string marker_name = "backtrack-plot-ran-" + std::to_string(getpid());
  const auto marker = std::filesystem::current_path() / marker_name;
  const std::string name = (directory / ("a'b\"; system('touch " + marker_name + "'); \".svg")).string();
  const auto o = run({"compare", "nqueens", "-n", "5..7", "--strategy", "word,scan", "--plot", name});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_FALSE(std::filesystem::exists(marker)) << "the file name ran a gnuplot command";
  ASSERT_TRUE(std::filesystem::exists(name));
  EXPECT_TRUE(contains(cli::slurp(name), "<svg")) << "the plot is an SVG";
  EXPECT_FALSE(contains(o.out, "<svg")) << "SVG on stdout";
  std::filesystem::remove_all(directory);
}

TEST(Compare, VaryRangesOverADeclaredOption) {
  const auto o = run({"compare", "nqueens", "-n", "8", "--strategy", "csp,word", "--vary", "prune=none,forward,arc",
                      "--format", "json"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto table = cli::compare_table(o.out);
  EXPECT_EQ(table["varied"], nlohmann::json::array({"prune"}));
  EXPECT_EQ(table["agree"], true);
  const auto& rows = table["rows"];
  ASSERT_EQ(rows.size(), 4u) << "csp with each value, word once: it does not take --prune";
  const std::vector<nlohmann::json> prunes = {"none", "forward", "arc", nullptr};
  for (std::size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i]["strategy"], i < 3 ? "csp" : "word");
    EXPECT_EQ(rows[i]["prune"], prunes[i]);
    EXPECT_EQ(rows[i]["solutions"], "92");
    if (i < 3) {
      EXPECT_EQ(rows[i]["instance"]["prune"], prunes[i]) << rows[i];
    }
  }
  // Arc consistency removes more values than forward checking: fewer nodes, the same count.
  EXPECT_LT(rows[2]["nodes"], rows[1]["nodes"]);
  EXPECT_LT(rows[1]["nodes"], rows[0]["nodes"]);

  const auto csv = run({"compare", "nqueens", "-n", "8", "--strategy", "csp", "--vary", "prune=forward,arc",
                        "--vary", "order=static,mrv", "--format", "csv"});
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  const auto lines = lines_of(csv.out);
  ASSERT_EQ(lines.size(), 5u) << csv.out;
  EXPECT_TRUE(lines[0].starts_with("n,strategy,prune,order,threads,instance,")) << lines[0];
  EXPECT_TRUE(lines[4].starts_with("8,csp,arc,mrv,1,n=8 strategy=csp symmetry=none prune=arc order=mrv")) << lines[4];
}

TEST(Compare, VaryMistakesAreRefusedBeforeAnyRun) {
  for (const auto& vary : std::vector<std::vector<std::string>>{{"--vary", "prune=none,bogus"},
                                                                 {"--vary", "colour=red"},
                                                                 {"--vary", "prune"},
                                                                 {"--vary", "size=4,5"},
                                                                 {"--vary", "prune=arc,arc"},
                                                                 {"--vary", "prune=arc", "--vary", "prune=none"},
                                                                 {"--vary", "prune=arc", "--prune", "arc"}}) {
    std::vector<std::string> args = {"compare", "nqueens", "-n", "8"};
    args.insert(args.end(), vary.begin(), vary.end());
    const auto o = run(args);
    EXPECT_EQ(o.exit_code, 64) << vary[1] << ' ' << o.err;
    EXPECT_EQ(o.out, "") << vary[1];
    EXPECT_EQ(lines_of(o.err).size(), 1u) << o.err;
  }
}

// Another board is another tree: its count is not a disagreement.
TEST(Compare, VaryingTheInstanceComparesNoCountsAcrossIt) {
  const auto o = run({"compare", "pentomino", "--vary", "shape=3x20,4x15", "--format", "json"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto table = cli::compare_table(o.out);
  EXPECT_EQ(table["agree"], true);
  ASSERT_EQ(table["rows"].size(), 2u);
  // Tilings of the 3x20 and 4x15 boxes, each counted in its 4 orientations (no symmetry).
  EXPECT_EQ(table["rows"][0]["solutions"], "8");
  EXPECT_EQ(table["rows"][1]["solutions"], "1472");
}

TEST(Compare, RepeatRunsEveryRowAndReportsTheSpread) {
  const auto o = run({"compare", "nqueens", "-n", "7..8", "--strategy", "scan,word", "--repeat", "3", "--format",
                      "json"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto rows = cli::compare_table(o.out)["rows"];
  ASSERT_EQ(rows.size(), 4u);
  for (const auto& row : rows) {
    EXPECT_EQ(row["runs"], 3);
    EXPECT_LE(row["seconds_min"].get<double>(), row["seconds"].get<double>());
    EXPECT_LE(row["seconds"].get<double>(), row["seconds_max"].get<double>());
  }
  const auto text = run({"compare", "nqueens", "-n", "7", "--strategy", "word", "--repeat", "2"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  std::istringstream header(lines_of(text.out).at(0));
  const std::vector<std::string> columns{std::istream_iterator<std::string>(header), {}};
  const auto seconds = std::find(columns.begin(), columns.end(), "seconds");
  ASSERT_LE(seconds + 3, columns.end()) << text.out;
  EXPECT_EQ(seconds[1], "min");
  EXPECT_EQ(seconds[2], "max");
  for (const auto& bad : {"0", "1001"}) {
    EXPECT_EQ(run({"compare", "nqueens", "-n", "7", "--repeat", bad}).exit_code, 64) << bad;
  }
}

// An empty list (or an empty item in one) would make a table of no rows, exit 0.
TEST(Compare, EmptyListsAreUsageErrors) {
  for (const auto& list : {"", "word,", ",word", "word,,scan"}) {
    const auto o = run({"compare", "nqueens", "-n", "7", "--strategy", list});
    EXPECT_EQ(o.exit_code, 64) << '\'' << list << "' " << o.out;
    EXPECT_NE(o.err.find("empty item in list"), std::string::npos) << o.err;
  }
  EXPECT_EQ(run({"compare", "nqueens", "-n", "7", "--strategy", "csp", "--vary", "prune="}).exit_code, 64);
  EXPECT_EQ(run({"compare", "nqueens", "-n", "7,"}).exit_code, 64);
}

TEST(Compare, FirstLimitAndMaxNodes) {
  const auto first = run({"compare", "nqueens", "-n", "12", "--strategy", "word,scan,mrv", "--first", "--format",
                          "json"});
  ASSERT_EQ(first.exit_code, 0) << first.err;
  const auto first_rows = cli::compare_table(first.out)["rows"];
  ASSERT_EQ(first_rows.size(), 3u);
  for (const auto& row : first_rows) {
    EXPECT_EQ(row["solutions"], "1");
    EXPECT_EQ(row["status"], "solution_limit");
  }
  const auto limit = run({"compare", "nqueens", "-n", "12", "--strategy", "word,scan", "--limit", "50", "--format",
                          "json"});
  ASSERT_EQ(limit.exit_code, 0) << limit.err;
  const auto limit_rows = cli::compare_table(limit.out)["rows"];
  ASSERT_EQ(limit_rows.size(), 2u);
  for (const auto& row : limit_rows) EXPECT_EQ(row["solutions"], "50");
  const auto nodes = run({"compare", "nqueens", "-n", "12", "--strategy", "word,scan", "--max-nodes", "1000"});
  EXPECT_EQ(nodes.exit_code, 3) << nodes.err;
  const auto lines = lines_of(nodes.out);
  ASSERT_EQ(lines.size(), 3u);
  for (std::size_t i = 1; i < lines.size(); ++i) EXPECT_TRUE(lines[i].ends_with("node_limit (partial)")) << lines[i];
  EXPECT_EQ(run({"compare", "nqueens", "-n", "12", "--first", "--limit", "3"}).exit_code, 64);
}

TEST(Compare, OneSizeOrNoneIsABarChart) {
  if (std::system("command -v gnuplot >/dev/null 2>&1") != 0) GTEST_SKIP() << "no gnuplot";
  const std::string one = testing::TempDir() + "backtrack-one-size.svg";
  const std::string none = testing::TempDir() + "backtrack-no-size.svg";
  const auto sized = run({"compare", "nqueens", "-n", "8", "--strategy", "word,scan", "--plot", one});
  const auto unsized = run({"compare", "pentomino", "--shape", "3x20", "--plot", none});
  const std::string one_svg = cli::slurp(one);
  const std::string none_svg = cli::slurp(none);
  std::remove(one.c_str());
  std::remove(none.c_str());
  ASSERT_EQ(sized.exit_code, 0) << sized.err;
  ASSERT_EQ(unsized.exit_code, 0) << unsized.err;
  // A bar a row, named under it; gnuplot's own warnings (a line over one size drew
  // "Warning: empty x range") stay in its log.
  EXPECT_TRUE(contains(one_svg, ">word<") && contains(one_svg, ">scan<")) << one_svg.substr(0, 2000);
  EXPECT_TRUE(contains(none_svg, ">dlx<")) << none_svg.substr(0, 2000);
  for (const auto* o : {&sized, &unsized}) {
    EXPECT_FALSE(contains(o->err, "arning")) << o->err;
    EXPECT_EQ(lines_of(o->err).size(), 1u) << "one line, the file written: " << o->err;
  }
}

// Sizes and depths are integers: gnuplot's own ticks put 8.5 and 9.5 between 8, 9 and
// 10. The profile's curves fill the chart's corners, so its key stands outside the chart.
TEST(Compare, PlotTicksAreIntegersAndTheProfileKeyCoversNoCurve) {
  if (std::system("command -v gnuplot >/dev/null 2>&1") != 0) GTEST_SKIP() << "no gnuplot";
  const std::string file = testing::TempDir() + "backtrack-integer-ticks.svg";
  const auto o = run({"compare", "nqueens", "-n", "8..10", "--strategy", "word", "--profile", "--plot", file, "-v"});
  const std::string svg = cli::slurp(file);
  std::remove(file.c_str());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  // gnuplot's SVG: a tick's label is "<tspan ...> 9</tspan>".
  const auto ticked = [&](const std::string& tick) { return contains(svg, "> " + tick + "</tspan>"); };
  for (const std::string tick : {"8", "9", "10"}) EXPECT_TRUE(ticked(tick)) << tick;
  for (const std::string tick : {"8.5", "9.5", "0.5", "1.5"}) EXPECT_FALSE(ticked(tick)) << tick;
  EXPECT_TRUE(contains(o.err, "gnuplot script: set xtics 8, 1, 10\n")) << o.err;
  EXPECT_TRUE(contains(o.err, "gnuplot script: set xtics norotate 0, 1, 10\n")) << o.err;
  EXPECT_TRUE(contains(o.err, "gnuplot script: set key outside right top")) << o.err;
}

TEST(Compare, PlotPathIsCheckedBeforeAnyRun) {
  for (const std::string path : {"/nonexistent-directory/times.svg", "/tmp"}) {
    const auto o = run({"compare", "nqueens", "-n", "5..7", "--plot", path});
    EXPECT_EQ(o.exit_code, 64) << path << o.err;
    EXPECT_EQ(o.out, "") << "nothing runs (and no SVG on stdout) when the plot cannot be written";
  }
}

// ---------------------------------------------------------------------------------
// solve --first: a search cut short has found nothing *yet*.

TEST(First, StoppedByALimitDoesNotClaimThereIsNoSolution) {
  const auto o = run({"solve", "nqueens", "-n", "30", "--strategy", "scan", "--first", "--max-nodes", "10"});
  EXPECT_EQ(o.exit_code, 3) << o.err;
  EXPECT_FALSE(contains(o.out, "no solution\n")) << o.out;
  EXPECT_TRUE(contains(o.out, "no solution found before the search stopped")) << o.out;
  const auto none = run({"solve", "nqueens", "-n", "3", "--first"});
  EXPECT_EQ(none.exit_code, 0);
  EXPECT_TRUE(contains(none.out, "no solution\n")) << none.out;
}

// ---------------------------------------------------------------------------------
// estimate.

TEST(Estimate, ProbeSeedAndCspSeedDoNotCollide) {
  const auto o = run({"estimate", "nqueens", "-n", "10", "--probe-seed", "5", "--calibration", "0", "--format", "json"});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(json_lines(o.out).at(0)["probe_seed"], 5);
  const auto csp = run({"estimate", "nqueens", "-n", "10", "--strategy", "csp", "--values", "random", "--seed", "5",
                        "--calibration", "0"});
  EXPECT_EQ(csp.exit_code, 0) << csp.err;
}

TEST(Estimate, CloseToTheTrueNodeCount) {
  const auto count = run({"solve", "nqueens", "-n", "10", "--strategy", "word", "--symmetry", "none", "--format", "json"});
  ASSERT_EQ(count.exit_code, 0) << count.err;
  const double nodes = json_lines(count.out).back()["nodes"].get<double>();
  const auto o = run({"estimate", "nqueens", "-n", "10", "--strategy", "word", "--symmetry", "none", "--samples",
                      "100000", "--calibration", "0.05", "--format", "json"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto e = json_lines(o.out).at(0);
  EXPECT_EQ(e["type"], "estimate");
  const double mean = e["nodes"]["mean"].get<double>();
  const double se = e["nodes"]["standard_error"].get<double>();
  EXPECT_GT(se, 0);
  EXPECT_LT(std::abs(mean - nodes), 5 * se + 0.01 * nodes) << mean << " vs " << nodes;
  EXPECT_NEAR(e["solutions"]["mean"].get<double>(), 724, 0.1 * 724);
  EXPECT_GT(e["calibration"]["nodes_per_second"].get<double>(), 0);
  EXPECT_GT(e["seconds"]["mean"].get<double>(), 0);
}

TEST(Estimate, TreeBeyondADoubleIsSaidNotNan) {
  const auto text = run({"estimate", "nqueens", "-n", "1000", "--samples", "10", "--calibration", "0"});
  EXPECT_EQ(text.exit_code, 0) << text.err;
  EXPECT_FALSE(contains(text.out, "nan")) << text.out;
  EXPECT_TRUE(contains(text.out, "too large to estimate")) << text.out;
  const auto json = run({"estimate", "nqueens", "-n", "1000", "--samples", "10", "--calibration", "0", "--format", "json"});
  EXPECT_EQ(json.exit_code, 0) << json.err;
  const auto e = json_lines(json.out).at(0);
  EXPECT_EQ(e["nodes"]["beyond_double_range"], true);
  EXPECT_TRUE(e["nodes"]["mean"].is_null());
}

// ---------------------------------------------------------------------------------
// One exit-code table, complete, in every --help.

TEST(Help, EveryHelpHasTheWholeExitCodeTable) {
  for (const auto& args : std::vector<std::vector<std::string>>{{"--help"},
                                                                 {"solve", "--help"},
                                                                 {"solve", "nqueens", "--help"},
                                                                 {"compare", "nqueens", "--help"},
                                                                 {"estimate", "nqueens", "--help"},
                                                                 {"check", "--help"},
                                                                 {"list", "--help"}}) {
    const auto o = run(args);
    EXPECT_EQ(o.exit_code, 0) << args[0];
    for (const char* code : {"\n  0 ", "\n  1 ", "\n  3 ", "\n  4 ", "\n  64 ", "\n  65 ", "\n  69 ", "\n  70 ",
                             "\n  74 ", "\n  75 ", "\n  130 "}) {
      EXPECT_TRUE(contains(o.out, code)) << args[0] << " lacks exit code" << code;
    }
  }
}

}  // namespace
