// compare writes each row as soon as it is done, the header first, so that a long
// experiment can be watched and piped; it shows solve's progress line, named by the
// row; its CSV has a column only for what the problem has; its table one number style
// per column; its --plot the format the file's extension names.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <sstream>

#include "compare/compare_report.hpp"
#include "compare_table.hpp"
#include "run_on_terminal.hpp"
#include "run_process.hpp"

namespace {

using cli::contains;
using cli::lines_of;
using cli::run;

// A line of stdout as it came through the pipe: when, and whether the program was still
// running then.
struct Arrival {
  std::string line;
  double seconds = 0;
  bool running = false;
};

struct Streamed {
  std::vector<Arrival> lines;
  double exit_seconds = 0;
  int exit_code = -1;
};

// Runs backtrack with stdout into a pipe, read line by line while it runs.
Streamed run_streaming(const std::vector<std::string>& args) {
  int pipe_ends[2];
  if (pipe(pipe_ends) != 0) throw std::runtime_error("pipe failed");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, pipe_ends[1], STDOUT_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addclose(&actions, pipe_ends[0]);
  posix_spawn_file_actions_addclose(&actions, pipe_ends[1]);
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = cli::spawn(BACKTRACK_EXE, args, actions, nullptr);
  close(pipe_ends[1]);
  if (pid < 0) throw std::runtime_error("posix_spawn failed");
  auto since_start = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  Streamed streamed;
  int status = 0;
  bool exited = false;
  std::string pending;
  char buffer[4096];
  for (ssize_t got; (got = read(pipe_ends[0], buffer, sizeof buffer)) != 0;) {
    if (got < 0) {
      if (errno == EINTR) continue;
      break;
    }
    if (!exited && waitpid(pid, &status, WNOHANG) == pid) {
      exited = true;
      streamed.exit_seconds = since_start();
    }
    pending.append(buffer, static_cast<std::size_t>(got));
    for (std::size_t end; (end = pending.find('\n')) != std::string::npos; pending.erase(0, end + 1)) {
      streamed.lines.push_back({pending.substr(0, end), since_start(), !exited});
    }
  }
  close(pipe_ends[0]);
  if (!exited) {
    while (waitpid(pid, &status, 0) < 0) {
    }
    streamed.exit_seconds = since_start();
  }
  streamed.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return streamed;
}

// The cells of a line of the text table.
std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  return {std::istream_iterator<std::string>(in), {}};
}

// ---------------------------------------------------------------------------------
// Rows as they finish.

// The first row (n = 6) takes milliseconds, the second (n = 18) runs to its time limit:
// the first row has come through the pipe a second before the program ends.
TEST(CompareStream, EachRowComesAsSoonAsItIsDone) {
  for (const std::string format : {"text", "csv", "json"}) {
    const auto o = run_streaming({"compare", "nqueens", "-n", "6,18", "--strategy", "word", "--time-limit", "1.5",
                                  "--format", format});
    EXPECT_EQ(o.exit_code, 3) << format << ": the second row is cut by the time limit";
    const std::size_t header = format == "json" ? 0 : 1;
    ASSERT_EQ(o.lines.size(), header + 2 + (format == "json" ? 1 : 0)) << format;
    if (format == "text") {
      EXPECT_EQ(words(o.lines[0].line).at(0), "n") << o.lines[0].line;
    } else if (format == "csv") {
      EXPECT_TRUE(o.lines[0].line.starts_with("n,strategy,")) << o.lines[0].line;
    }
    const Arrival& first = o.lines[header];
    if (format == "json") {
      EXPECT_EQ(nlohmann::json::parse(first.line)["n"], 6) << first.line;
    } else {
      EXPECT_TRUE(first.line.starts_with(format == "csv" ? "6," : " 6")) << first.line;
    }
    EXPECT_TRUE(first.running) << format << ": the first row came only when the program ended";
    EXPECT_LT(first.seconds + 0.7, o.exit_seconds) << format;
    if (header == 1) {
      EXPECT_LE(o.lines[0].seconds, first.seconds) << "the header first";
    }
    EXPECT_TRUE(contains(o.lines[header + 1].line, "time_limit")) << o.lines[header + 1].line;
  }
}

// With --repeat the median decides: a row is written after its last run, and rows keep
// their order.
TEST(CompareStream, RepeatedRowsComeAfterTheirLastRun) {
  const auto o = run({"compare", "nqueens", "-n", "5..6", "--strategy", "scan,word", "--repeat", "2", "--format",
                      "csv"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto lines = lines_of(o.out);
  ASSERT_EQ(lines.size(), 5u) << o.out;
  EXPECT_TRUE(contains(lines[0], ",seconds_min,seconds_max,cpu_seconds,runs,")) << lines[0];
  for (std::size_t i = 1; i < lines.size(); ++i) {
    EXPECT_TRUE(lines[i].starts_with(std::string(i <= 2 ? "5," : "6,") + (i % 2 == 1 ? "scan," : "word,"))) << lines[i];
  }
}

// ---------------------------------------------------------------------------------
// The progress line names the row being run.

TEST(CompareProgress, OnATerminalTheLineNamesTheRow) {
  const auto o = cli::run_on_terminal({"compare", "nqueens", "-n", "18", "--strategy", "word", "--time-limit", "1.5"});
  EXPECT_EQ(o.exit_code, 3) << o.err;
  EXPECT_TRUE(contains(o.err, "n=18 word: ")) << o.err;
  EXPECT_TRUE(contains(o.err, "subtrees")) << o.err;
  EXPECT_TRUE(contains(o.err, "\r\033[K")) << "the line is erased when the row is done";
  EXPECT_TRUE(contains(o.out, "time_limit (partial)")) << o.out;
  EXPECT_FALSE(contains(o.out, "\033")) << "the line is on stderr only";

  const auto quiet = cli::run_on_terminal({"compare", "nqueens", "-n", "18", "--strategy", "word", "--time-limit",
                                           "0.6", "-q"});
  EXPECT_FALSE(contains(quiet.err, "n=18 word")) << quiet.err;
  const auto piped = run({"compare", "nqueens", "-n", "18", "--strategy", "word", "--time-limit", "0.6"});
  EXPECT_FALSE(contains(piped.err, "n=18 word")) << "stderr is no terminal: " << piped.err;
}

// ---------------------------------------------------------------------------------
// CSV: a column for what the problem has, and the threads.

TEST(CompareCsv, ColumnsOnlyForWhatTheProblemHas) {
  const auto queens = run({"compare", "nqueens", "-n", "6", "--strategy", "word,csp", "-j", "2", "--format", "csv"});
  ASSERT_EQ(queens.exit_code, 0) << queens.err;
  const auto lines = lines_of(queens.out);
  ASSERT_EQ(lines.size(), 3u) << queens.out;
  EXPECT_EQ(lines[0],
            "n,strategy,threads,instance,solutions,nodes,failures,propagations,checks,setup_seconds,warm_up_seconds,"
            "search_seconds,"
            "seconds,cpu_seconds,runs,nodes_per_second,speed,status");
  EXPECT_TRUE(lines[1].starts_with("6,word,2,")) << lines[1];
  // Full precision: no six-decimal rounding of a search of microseconds.
  std::vector<std::string> cells;
  std::istringstream row(lines[1]);
  for (std::string cell; std::getline(row, cell, ',');) cells.push_back(cell);
  ASSERT_EQ(cells.size(), 18u) << lines[1];
  const std::string& search = cells[11];
  EXPECT_GT(std::stod(search), 0.0) << lines[1];
  EXPECT_TRUE(contains(search, "e") || search.size() > std::string("0.000031").size()) << search;

  // Symmetry classes where a strategy counts them.
  const auto classes = run({"compare", "nqueens", "-n", "6", "--strategy", "word", "--symmetry", "full", "--format",
                            "csv"});
  ASSERT_EQ(classes.exit_code, 0) << classes.err;
  EXPECT_TRUE(contains(lines_of(classes.out).at(0), ",solutions,classes,nodes,")) << classes.out;

  // A set of Sudoku puzzles: no size, but the set's columns.
  const cli::TempFile set;
  std::ofstream(set.path()) << "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..\n"
                            << "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..\n";
  const auto sudoku = run({"compare", "sudoku", "--file", set.path(), "--strategy", "dlx,bits", "--format", "csv"});
  ASSERT_EQ(sudoku.exit_code, 0) << sudoku.err;
  const auto sudoku_lines = lines_of(sudoku.out);
  ASSERT_EQ(sudoku_lines.size(), 3u) << sudoku.out;
  EXPECT_TRUE(sudoku_lines[0].starts_with("strategy,threads,instance,instances,solved,instance_median_seconds,"))
      << sudoku_lines[0];
  EXPECT_FALSE(contains(sudoku_lines[0], "instance_index")) << "only with --per-instance";
}

// ---------------------------------------------------------------------------------
// The table: one number style per column, widths fixed before the first row.

// Whether `cell` is a number of one of `shapes` (a 9 for each digit: "9.99", three
// significant digits without an exponent) followed by one of `units`.
bool in_style(const std::string& cell, std::initializer_list<std::string> shapes,
              std::initializer_list<std::string> units) {
  for (const auto& unit : units) {
    if (cell.size() <= unit.size() || !cell.ends_with(unit)) continue;
    std::string shape = cell.substr(0, cell.size() - unit.size());
    for (char& ch : shape) ch = ch >= '0' && ch <= '9' ? '9' : ch;
    if (std::find(shapes.begin(), shapes.end(), shape) != shapes.end()) return true;
  }
  return false;
}

TEST(CompareText, OneNumberStylePerColumn) {
  const auto o = run({"compare", "nqueens", "-n", "4,12", "--strategy", "word,scan"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto lines = lines_of(o.out);
  ASSERT_EQ(lines.size(), 5u) << o.out;
  const auto header = words(lines[0]);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto cells = words(lines[i]);
    ASSERT_EQ(cells.size(), header.size()) << lines[i];
    for (std::size_t c = 0; c < header.size(); ++c) {
      const std::string& h = header[c];
      if (h == "setup" || h == "warm-up" || h == "search" || h == "seconds" || h == "cpu") {
        EXPECT_TRUE(in_style(cells[c], {"9", "9.99", "99.9", "999"}, {"s", "ms", "us", "ns"})) << h << ": " << cells[c];
      } else if (h == "nodes/s") {
        EXPECT_TRUE(in_style(cells[c], {"9.99", "99.9", "999"}, {"", "k", "M", "G", "T"})) << h << ": " << cells[c];
      } else if (h == "speed") {
        EXPECT_TRUE(in_style(cells[c], {"9.99", "99.99", "999.99", "9999.99"}, {"x"})) << h << ": " << cells[c];
      }
    }
    // Widths fixed up front: every column ends where its header does.
    EXPECT_EQ(lines[i].find("complete"), lines[0].find("status")) << lines[i];
  }
}

TEST(CompareText, NumbersForPeople) {
  using backtrack::compare::rate_text;
  using backtrack::compare::seconds_text;
  EXPECT_EQ(seconds_text(0.00747), "7.47ms");
  EXPECT_EQ(seconds_text(3.84e-05), "38.4us");
  EXPECT_EQ(seconds_text(0.9997), "1.00s");
  EXPECT_EQ(seconds_text(123.4), "123s");
  EXPECT_EQ(seconds_text(4.2e-07), "420ns");
  EXPECT_EQ(seconds_text(0), "0s");
  EXPECT_EQ(rate_text(2.8e6), "2.80M");
  EXPECT_EQ(rate_text(133.4e6), "133M");
  EXPECT_EQ(rate_text(950), "950");
  EXPECT_EQ(rate_text(0), "0");
}

// ---------------------------------------------------------------------------------
// --plot: the format its extension names.

bool gnuplot_has(const std::string& terminal) {
  FILE* pipe = popen("gnuplot -e 'print GPVAL_TERMINALS' 2>&1", "r");
  if (pipe == nullptr) return false;
  std::string listed;
  char buffer[4096];
  for (std::size_t got; (got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) listed.append(buffer, got);
  if (pclose(pipe) != 0) return false;
  const auto names = words(listed);
  return std::find(names.begin(), names.end(), terminal) != names.end();
}

TEST(ComparePlotFormat, APdfNameGetsAPdf) {
  if (!gnuplot_has("pdfcairo") && !gnuplot_has("pdf")) GTEST_SKIP() << "no gnuplot that draws PDF";
  const std::string file = testing::TempDir() + "backtrack-compare-" + std::to_string(getpid()) + ".pdf";
  const auto o = run({"compare", "nqueens", "-n", "5..6", "--strategy", "word", "--plot", file});
  const std::string pdf = cli::slurp(file);
  std::remove(file.c_str());
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_TRUE(pdf.starts_with("%PDF")) << pdf.substr(0, 40);
}

TEST(ComparePlotFormat, AnotherExtensionIsRefusedBeforeAnyRun) {
  for (const std::string file : {"times.jpg", "times.eps", "times"}) {
    const auto o = run({"compare", "nqueens", "-n", "5..6", "--strategy", "word", "--plot", file});
    EXPECT_EQ(o.exit_code, 64) << file << ": " << o.err;
    EXPECT_EQ(o.out, "") << file;
    EXPECT_TRUE(contains(o.err, ".svg, .png or .pdf")) << o.err;
    EXPECT_FALSE(std::filesystem::exists(file));
  }
}

}  // namespace

// CPU time beside wall time: a row's cpu is the process's, every thread's together.
TEST(CompareCpu, RowsShowCpuTimeAndThreads) {
  const auto json = run({"compare", "nqueens", "-n", "11", "--strategy", "word", "-j", "2", "--format", "json"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto row = cli::json_lines(json.out).at(0);
  ASSERT_EQ(row["type"], "row") << json.out;
  EXPECT_EQ(row["threads"], 2);
  EXPECT_GT(row["cpu_seconds"].get<double>(), 0.0) << json.out;
  const auto text = run({"compare", "nqueens", "-n", "11", "--strategy", "word"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_TRUE(contains(lines_of(text.out).at(0), " cpu ")) << text.out;
}
