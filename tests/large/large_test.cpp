// Large boards, boards with given queens, and `backtrack check`.
//
// Every solution is judged by the validator below, written here from the rules and
// sharing no code with the plugin; completion counts are compared with a filtered
// enumeration of every solution, also written here.
#include <gtest/gtest.h>

#include <boost/program_options.hpp>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <span>
#include <string>
#include <vector>

#include "backtrack/memory_limit.hpp"
#include "backtrack/nqueens/mrv.hpp"
#include "backtrack/restarts.hpp"
#include "backtrack/registry.hpp"
#include "backtrack/solver.hpp"
#include "cli/run_process.hpp"

namespace {

namespace po = boost::program_options;
using cli::field;
using cli::run;

// ---------------------------------------------------------------------------------
// An independent validator and enumerator.

// One queen a row: columns[r] in 0..n-1, no two on a column or a diagonal.
bool valid(const std::vector<int>& columns, int n) {
  if (static_cast<int>(columns.size()) != n) return false;
  for (int a = 0; a < n; ++a) {
    if (columns[static_cast<std::size_t>(a)] < 0 || columns[static_cast<std::size_t>(a)] >= n) return false;
  }
  // O(n) with marks, so that n in the thousands stays cheap.
  std::vector<char> column(static_cast<std::size_t>(n)), up(2 * static_cast<std::size_t>(n)),
      down(2 * static_cast<std::size_t>(n));
  for (int r = 0; r < n; ++r) {
    const int c = columns[static_cast<std::size_t>(r)];
    char& a = column[static_cast<std::size_t>(c)];
    char& b = up[static_cast<std::size_t>(r + c)];
    char& d = down[static_cast<std::size_t>(r - c + n)];
    if (a || b || d) return false;
    a = b = d = 1;
  }
  return true;
}

// Every solution for small n, row by row, by plain recursion.
void all_solutions(int n, std::vector<int>& columns, std::vector<std::vector<int>>& out) {
  const int r = static_cast<int>(columns.size());
  if (r == n) {
    out.push_back(columns);
    return;
  }
  for (int c = 0; c < n; ++c) {
    bool ok = true;
    for (int q = 0; q < r && ok; ++q) {
      const int d = columns[static_cast<std::size_t>(q)] - c;
      ok = d != 0 && d != r - q && d != q - r;
    }
    if (!ok) continue;
    columns.push_back(c);
    all_solutions(n, columns, out);
    columns.pop_back();
  }
}

std::vector<std::vector<int>> all_solutions(int n) {
  std::vector<std::vector<int>> out;
  std::vector<int> columns;
  all_solutions(n, columns, out);
  return out;
}

struct Placed {
  int row, col;
};

std::size_t completions(const std::vector<std::vector<int>>& solutions, const std::vector<Placed>& placed) {
  std::size_t count = 0;
  for (const auto& s : solutions) {
    bool has_all = true;
    for (const auto& p : placed) has_all = has_all && s[static_cast<std::size_t>(p.row)] == p.col;
    count += has_all ? 1 : 0;
  }
  return count;
}

std::string place_text(const std::vector<Placed>& placed) {
  std::string text;
  for (const auto& p : placed) {
    if (!text.empty()) text.push_back(',');
    text.append(std::to_string(p.row)).push_back(':');
    text.append(std::to_string(p.col));
  }
  return text;
}

// ---------------------------------------------------------------------------------
// The plugin in process, through the registry, as the driver calls it.

struct Found {
  backtrack::RunResult result;
  std::vector<std::vector<int>> solutions;
};

Found solve(const std::vector<std::string>& args, backtrack::SearchMode mode, const std::string& strategy) {
  const auto* problem = backtrack::Registry::global().find("nqueens");
  if (problem == nullptr) throw std::runtime_error("nqueens is not registered");
  po::options_description options;
  problem->describe_options(options);
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(options).run(), vm);
  po::notify(vm);
  backtrack::SolveIntent intent;
  intent.mode = mode;
  intent.strategy = strategy;
  intent.force = true;
  backtrack::RunRequest request;
  request.mode = mode;
  request.threads = 1;
  Found found;
  found.result = problem->build(vm, intent)->run(request, [&](const backtrack::Solution& s) {
    found.solutions.push_back(s.json["columns"].get<std::vector<int>>());
    return true;
  });
  return found;
}

std::vector<int> first_solution(int n, const std::string& strategy = "mrv") {
  const auto found = solve({"-n", std::to_string(n)}, backtrack::SearchMode::first, strategy);
  return found.solutions.empty() ? std::vector<int>{} : found.solutions.front();
}

std::uint64_t count_of(const std::vector<std::string>& args, const std::string& strategy) {
  return static_cast<std::uint64_t>(solve(args, backtrack::SearchMode::count, strategy).result.stats.solutions);
}

// ---------------------------------------------------------------------------------
// First solutions of large boards.

TEST(FirstSolution, EveryBoardFrom4To200) {
  for (int n = 4; n <= 200; ++n) EXPECT_TRUE(valid(first_solution(n), n)) << "n = " << n;
}

TEST(FirstSolution, NoneFor2And3OneFor1) {
  EXPECT_TRUE(first_solution(2).empty());
  EXPECT_TRUE(first_solution(3).empty());
  EXPECT_EQ(first_solution(1), std::vector<int>{0});
}

TEST(FirstSolution, BoardsInTheThousands) {
  for (int n : {1000, 2021, 3000, 4999}) {
    const auto found = solve({"-n", std::to_string(n)}, backtrack::SearchMode::first, "mrv");
    ASSERT_EQ(found.solutions.size(), 1u) << "n = " << n;
    EXPECT_TRUE(valid(found.solutions.front(), n)) << "n = " << n;
    // The heuristic barely backtracks: a few nodes more than the depth.
    EXPECT_LT(found.result.stats.nodes, 3u * static_cast<std::uint64_t>(n) + 20000) << "n = " << n;
  }
}

TEST(FirstSolution, IsTheDefaultForFirstOnLargeBoards) {
  const auto found = solve({"-n", "300"}, backtrack::SearchMode::first, "");
  ASSERT_EQ(found.solutions.size(), 1u);
  EXPECT_TRUE(valid(found.solutions.front(), 300));
}

TEST(FirstSolution, MrvCountsLikeTheOthers) {
  // A dynamic order still visits every solution exactly once.
  for (int n = 1; n <= 9; ++n) {
    EXPECT_EQ(count_of({"-n", std::to_string(n)}, "mrv"), all_solutions(n).size()) << "n = " << n;
  }
}

// The restart path (restarts.hpp): an attempt whose node budget runs out starts again
// with the next seed and twice the margin. With a margin of one node: at these sizes
// the plain heuristic (seed 0) backtracks more than that (6: 11 nodes more than a path,
// 10: 8, 25: 32, 60: 18), so at least one restart must happen, and the board it ends
// with must be valid.
TEST(FirstSolution, RestartsUntilABoardIsFound) {
  for (int n : {6, 10, 25, 60}) {
    std::vector<std::uint64_t> seeds;
    auto make = [n, &seeds](std::uint64_t seed) {
      seeds.push_back(seed);
      using Mrv = backtrack::nqueens::MrvQueens;
      return backtrack::make_solver(Mrv(n, {}, seed), [](const Mrv& problem, std::span<const Mrv::Move> path) {
        backtrack::Solution solution;
        solution.json = {{"columns", problem.placement(path)}};
        return solution;
      }, backtrack::Instance("mrv", ""));
    };
    const auto depth = static_cast<std::uint64_t>(n) + 1;
    const backtrack::RestartingSolver solver(make, backtrack::Instance("mrv with restarts", ""),
                                           backtrack::RestartSchedule::doubling(depth, 1), std::size_t{16} << 20);
    backtrack::RunRequest request;
    request.mode = backtrack::SearchMode::first;
    std::vector<std::vector<int>> found;
    const auto result = solver.run(request, [&](const backtrack::Solution& s) {
      found.push_back(s.json["columns"].get<std::vector<int>>());
      return true;
    });
    ASSERT_GE(seeds.size(), 2u) << "no restart for n = " << n;
    for (std::size_t i = 0; i < seeds.size(); ++i) EXPECT_EQ(seeds[i], i) << "a fresh seed per attempt";
    EXPECT_EQ(result.stats.stop, backtrack::StopReason::solution_limit) << "n = " << n;
    // Every attempt but the last spent its whole budget: depth + 1, depth + 2, depth + 4, ...
    std::uint64_t spent = 0;
    for (std::size_t k = 0; k + 1 < seeds.size(); ++k) spent += depth + (std::uint64_t{1} << k);
    EXPECT_GT(result.stats.nodes, spent) << "n = " << n;
    ASSERT_EQ(found.size(), 1u) << "n = " << n;
    EXPECT_TRUE(valid(found.front(), n)) << "n = " << n;
  }
}

// ---------------------------------------------------------------------------------
// Completions.

const std::vector<std::string> strategies = {"scan", "arrays", "bitset", "word", "mrv"};

TEST(Completion, OneQueenOnEverySquareOf8) {
  const auto solutions = all_solutions(8);
  for (int r = 0; r < 8; ++r) {
    for (int c = 0; c < 8; ++c) {
      const std::vector<Placed> placed{{r, c}};
      const auto expected = completions(solutions, placed);
      // every strategy on a diagonal of squares, the fastest everywhere
      const auto& strategy = strategies[static_cast<std::size_t>(r + c) % strategies.size()];
      EXPECT_EQ(count_of({"-n", "8", "--place", place_text(placed)}, strategy), expected)
          << r << ":" << c << " " << strategy;
      EXPECT_EQ(count_of({"-n", "8", "--place", place_text(placed)}, "word"), expected) << r << ":" << c;
    }
  }
}

TEST(Completion, TwoAndThreeQueensEveryStrategy) {
  const auto solutions = all_solutions(10);
  const std::vector<std::vector<Placed>> cases = {
      {{0, 1}, {9, 5}}, {{4, 4}, {2, 7}}, {{3, 0}, {5, 9}, {8, 2}}, {{1, 3}, {6, 6}}, {{0, 0}, {1, 2}},
  };
  for (const auto& placed : cases) {
    const auto expected = completions(solutions, placed);
    for (const auto& strategy : strategies) {
      EXPECT_EQ(count_of({"-n", "10", "--place", place_text(placed)}, strategy), expected)
          << place_text(placed) << " " << strategy;
    }
  }
}

TEST(Completion, ListsOnlyCompletionsAndAllOfThem) {
  const std::vector<Placed> placed{{2, 0}, {7, 6}};
  const auto solutions = all_solutions(8);
  for (const auto& strategy : strategies) {
    const auto found = solve({"-n", "8", "--place", place_text(placed)}, backtrack::SearchMode::all, strategy);
    EXPECT_EQ(found.solutions.size(), completions(solutions, placed)) << strategy;
    for (const auto& s : found.solutions) {
      EXPECT_TRUE(valid(s, 8)) << strategy;
      EXPECT_EQ(s[2], 0);
      EXPECT_EQ(s[7], 6);
    }
  }
}

TEST(Completion, NoCompletion) {
  // Consistent, but n = 6 has no solution with a queen in a corner.
  for (const auto& strategy : strategies) {
    EXPECT_EQ(count_of({"-n", "6", "--place", "0:0"}, strategy), 0u) << strategy;
    EXPECT_TRUE(solve({"-n", "6", "--place", "0:0"}, backtrack::SearchMode::first, strategy).solutions.empty());
  }
}

TEST(Completion, AFullBoardIsItsOwnCompletion) {
  const std::vector<int> solution{0, 4, 7, 5, 2, 6, 1, 3};
  std::vector<Placed> placed;
  for (int r = 0; r < 8; ++r) placed.push_back({r, solution[static_cast<std::size_t>(r)]});
  for (const auto& strategy : strategies) {
    EXPECT_EQ(count_of({"-n", "8", "--place", place_text(placed)}, strategy), 1u) << strategy;
  }
}

TEST(Completion, LargeBoardWithPlacedQueens) {
  const int n = 2000;
  const auto found = solve({"-n", std::to_string(n), "--place", "0:0,1999:1000,1000:3,17:1998"},
                           backtrack::SearchMode::first, "mrv");
  ASSERT_EQ(found.solutions.size(), 1u);
  const auto& s = found.solutions.front();
  EXPECT_TRUE(valid(s, n));
  EXPECT_EQ(s[0], 0);
  EXPECT_EQ(s[1999], 1000);
  EXPECT_EQ(s[1000], 3);
  EXPECT_EQ(s[17], 1998);
}

// ---------------------------------------------------------------------------------
// The command line: files, messages, exit codes.

class TempText {
 public:
  explicit TempText(const std::string& text) {
    std::ofstream(file_.path(), std::ios::binary) << text;
  }
  const std::string& path() const { return file_.path(); }

 private:
  cli::TempFile file_;
};

TEST(BoardFile, CompletesTheDrawnQueens) {
  const TempText board("........\n..Q.....\n........\n........\n........\n........\n........\n.....Q..\n");
  const auto o = run({"solve", "nqueens", "--file", board.path(), "--count", "--strategy", "bitset"});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  const auto expected = completions(all_solutions(8), {{1, 2}, {7, 5}});
  EXPECT_EQ(field(o.out, "solutions"), std::to_string(expected));
  EXPECT_NE(o.out.find("symmetry=none given=2"), std::string::npos) << o.out;
}

TEST(BoardFile, SetsTheSize) {
  const TempText board(".....\n.....\nQ....\n.....\n.....\n");
  const auto o = run({"solve", "nqueens", "--file", board.path(), "--first"});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("n=5 "), std::string::npos) << o.out;
}

TEST(CliCompletion, NoSolutionForFirst) {
  const auto o = run({"solve", "nqueens", "-n", "6", "--place", "0:0", "--first"});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_NE(o.out.find("no solution"), std::string::npos) << o.out;
  const auto c = run({"solve", "nqueens", "-n", "6", "--place", "0:0"});
  EXPECT_EQ(c.exit_code, 0) << c.err;
  EXPECT_EQ(field(c.out, "solutions"), "0");
}

struct BadInput {
  std::vector<std::string> args;
  int exit_code;
  std::string message;  // a part of stderr
};

std::vector<BadInput> bad_inputs(const std::string& dir) {
  return {
      {{"--place", "0:0,1:1"}, 65, "queens 0:0 and 1:1 attack each other (same diagonal)"},
      {{"--place", "0:3,5:3"}, 65, "queens 0:3 and 5:3 attack each other (same column)"},
      {{"--place", "2:1,2:6"}, 65, "queens 2:1 and 2:6 are both in row 2"},
      {{"--place", "8:0"}, 65, "queen 8:0 lies off the 8 x 8 board"},
      {{"--place", "1:-2"}, 65, "queen 1:-2 lies off the 8 x 8 board"},
      {{"--place", "3-4"}, 65, "'3-4' is not ROW:COL"},
      {{"--place", "1:2,"}, 65, "'' is not ROW:COL"},
      {{"--place", "99999999999:0"}, 65, "'99999999999:0' is not ROW:COL"},
      {{"--file", dir + "/short-line"}, 65, "/short-line:2:8: 7 squares, but the board has 8 rows"},
      {{"--file", dir + "/bad-char"}, 65, "/bad-char:3:4: 'x' is neither"},
      {{"--file", dir + "/attack"}, 65, "queens 0:0 and 7:7 attack each other (same diagonal)"},
      {{"--file", dir + "/two-in-row"}, 65, "queens 1:1 and 1:5 are both in row 1"},
      {{"--file", dir + "/missing"}, 65, "missing: No such file or directory"},
      {{"--file", dir}, 65, ": Is a directory"},
      {{"--file", "/dev/zero"}, 65, "/dev/zero is larger than the 64 MiB this reader accepts"},
      {{"--file", dir + "/short-line", "-n", "9"}, 65, "/short-line:2:8: "},
      {{"--file", dir + "/ok", "-n", "9"}, 65, "the board has 8 rows, but -n is 9"},
      {{"--place", "0:0", "--symmetry", "mirror"}, 64, "cannot be used with given queens"},
      {{"--place", "0:0", "--unique"}, 64, "given queens break the symmetry"},
      {{"--place", "0:0", "--file", dir + "/ok"}, 64, "not both"},
  };
}

TEST(BadInput, MessagesAndExitCodes) {
  const cli::TempFile marker;  // a fresh directory next to it holds the boards
  const std::string dir = marker.path() + ".d";
  ASSERT_EQ(std::system(("mkdir -p '" + dir + "'").c_str()), 0);
  const std::string ok = "........\n........\n........\n........\n........\n........\n........\n........\n";
  std::ofstream(dir + "/ok") << ok;
  std::ofstream(dir + "/short-line") << "........\n.......\n........\n........\n........\n........\n........\n........\n";
  std::ofstream(dir + "/bad-char") << "........\n........\n...x....\n........\n........\n........\n........\n........\n";
  std::ofstream(dir + "/attack") << "Q.......\n........\n........\n........\n........\n........\n........\n.......Q\n";
  std::ofstream(dir + "/two-in-row") << "........\n.Q...Q..\n........\n........\n........\n........\n........\n........\n";
  for (const auto& bad : bad_inputs(dir)) {
    std::vector<std::string> args{"solve", "nqueens", "-n", "8"};
    for (const auto& a : bad.args) {
      if (a == "--file") args = {"solve", "nqueens"};  // the board sets the size
    }
    args.insert(args.end(), bad.args.begin(), bad.args.end());
    const auto o = run(args);
    std::string shown;
    for (const auto& a : bad.args) shown.append(a).push_back(' ');
    EXPECT_EQ(o.exit_code, bad.exit_code) << shown << o.err;
    EXPECT_NE(o.err.find(bad.message), std::string::npos) << shown << "\nstderr: " << o.err;
    EXPECT_TRUE(o.out.empty()) << shown << o.out;
  }
  ASSERT_EQ(std::system(("rm -rf '" + dir + "'").c_str()), 0);
}

// ---------------------------------------------------------------------------------
// Limits whatever a node costs, and sizes beyond the machine.

// A node of strategy scan at n = 100,000 tries 100,000 columns, each against every
// queen placed: 4096 of them (the engine's check interval) took seconds past the limit.
// Generous bounds: a loaded machine is slow, but not seconds slow.
const std::vector<std::string> slow_count = {"solve", "nqueens", "-n", "100000", "--strategy", "scan", "--count"};

TEST(Limits, TimeLimitWithExpensiveNodes) {
  auto args = slow_count;
  args.insert(args.end(), {"--time-limit", "1"});
  const auto o = run(args);
  EXPECT_EQ(o.exit_code, 3) << o.err;
  EXPECT_LT(o.seconds, 2.5) << "stopped " << o.seconds - 1 << " s after the time limit";
  EXPECT_NE(o.out.find("time_limit"), std::string::npos) << o.out;
}

// Counts whose split probe stops thousands of levels down (cheap nodes, or mrv's near
// path): the split lists few of the path's siblings (split.hpp), so the time limit ends
// the run. Listing them all had bitset at n = 2,000 take 7 GB and 17 s for a limit of 2.
TEST(Limits, TimeLimitWithADeepSplit) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"solve", "nqueens", "-n", "2000", "--strategy", "bitset", "--count", "-j", "2"},
        std::vector<std::string>{"solve", "nqueens", "-n", "20000", "--strategy", "mrv", "--count", "-j", "2"}}) {
    auto limited = args;
    limited.insert(limited.end(), {"--time-limit", "1"});
    const auto o = run(limited);
    EXPECT_EQ(o.exit_code, 3) << args[3] << ": " << o.err;
    EXPECT_LT(o.seconds, 2.5) << args[3] << ": stopped " << o.seconds - 1 << " s after the time limit";
    EXPECT_NE(o.out.find("time_limit"), std::string::npos) << o.out;
  }
}

TEST(Limits, SignalWithExpensiveNodes) {
  const auto o = run(slow_count, cli::Signal{SIGINT, std::chrono::milliseconds(700)});
  EXPECT_FALSE(o.killed) << "the signal was not caught";
  EXPECT_EQ(o.exit_code, 130) << o.err;
  EXPECT_LT(o.seconds, 0.7 + 1.5);
}

// Building dancing links for n = 3000 takes about 1.5 s (and 1.6 GB) before the first
// node: a time limit or a signal during that set-up ends the run at once.
const std::vector<std::string> slow_setup = {"solve", "nqueens", "-n", "3000", "--strategy", "dlx", "--count"};

TEST(Limits, TimeLimitDuringSetUp) {
  auto args = slow_setup;
  args.insert(args.end(), {"--time-limit", "0.1"});
  const auto o = run(args);
  EXPECT_EQ(o.exit_code, 3) << o.err;
  EXPECT_LT(o.seconds, 0.1 + 1.0) << "the set-up ran on past the time limit";
  EXPECT_NE(o.err.find("while building the instance"), std::string::npos) << o.err;
}

// The signal comes 1 s in under AddressSanitizer, where the program takes 0.3-0.6 s to
// start and install its handlers and the set-up runs on past 1.5 s; 0.4 s in otherwise,
// where it starts at once and a fast machine builds the instance in 0.85 s.
TEST(Limits, SignalDuringSetUp) {
#if defined(__SANITIZE_ADDRESS__)
  const std::chrono::milliseconds in{1000};
#else
  const std::chrono::milliseconds in{400};
#endif
  const auto o = run(slow_setup, cli::Signal{SIGTERM, in});
  EXPECT_FALSE(o.killed) << "the signal was not caught";
  EXPECT_EQ(o.exit_code, 143) << o.err;
  EXPECT_NE(o.err.find("while building the instance"), std::string::npos) << o.err;
  EXPECT_LT(o.seconds, std::chrono::duration<double>(in).count() + 1.0);
}

// Every strategy refuses, at once and with exit 64, a size whose memory the machine
// lacks, naming the size; before, these allocated until the kernel or std::bad_alloc
// ended them, deaf to signals meanwhile.
TEST(Limits, SizesBeyondTheMachineAreRefused) {
  const std::vector<std::vector<std::string>> cases = {
      {"-n", "1000000000", "--first"},                                  // mrv, the default for --first
      {"-n", "1000000", "--strategy", "bitset", "--count"},
      {"-n", "2000000000", "--strategy", "arrays", "--first"},
      {"-n", "2000000000", "--strategy", "scan", "--count"},
      {"-n", "1000000000", "--strategy", "mrv", "--count"},
      {"-n", "1000000000", "--place", "0:0", "--first"},                 // mrv with given queens
      {"-n", "2000000000", "--place", "0:0", "--strategy", "scan", "--count"},
      {"-n", "1000000", "--place", "0:0", "--strategy", "bitset", "--first"},
  };
  for (const auto& args : cases) {
    std::vector<std::string> command{"solve", "nqueens"};
    command.insert(command.end(), args.begin(), args.end());
    const auto o = run(command);
    std::string shown;
    for (const auto& a : args) shown.append(a).push_back(' ');
    EXPECT_EQ(o.exit_code, 64) << shown << o.err;
    EXPECT_NE(o.err.find("for n = " + args[1] + "; this machine has"), std::string::npos) << shown << o.err;
    EXPECT_LT(o.seconds, 5.0) << shown;
    EXPECT_TRUE(o.out.empty()) << shown << o.out;
  }
}

// Each thread holds a search's state and a copy of the problem: dancing links take about
// 184 bytes a square on one thread, 472 on two (memory.hpp). A size between the two,
// for this machine's memory, is refused on 2 threads before anything is built, saying
// that one fits; before, the second thread's copies ran the machine out of memory. (The
// time limit ends the run should it be accepted all the same.)
TEST(Limits, ThreadsBeyondTheMachineAreRefused) {
  const double available = backtrack::available_memory().bytes;
  if (cli::usable_cpus() < 2) GTEST_SKIP() << "one CPU: --threads 2 runs on one thread";
  const auto n = std::to_string(static_cast<long>(std::ceil(std::sqrt(available / 400))));
  const auto o = run({"solve", "nqueens", "-n", n, "--strategy", "dlx", "--first", "-j", "2", "--time-limit", "1"});
  EXPECT_EQ(o.exit_code, 64) << o.err;
  EXPECT_NE(o.err.find("strategy dlx needs about"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("for n = " + n + " on 2 threads"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("enough for --threads 1"), std::string::npos) << o.err;
  EXPECT_LT(o.seconds, 5.0);
  EXPECT_TRUE(o.out.empty()) << o.out;
}

TEST(Limits, DlxNamesItsLargestSize) {
  // Declared (StrategyInfo::max_size), so refused before the memory is even estimated.
  const auto o = run({"solve", "nqueens", "-n", "30000", "--strategy", "dlx", "--count"});
  EXPECT_EQ(o.exit_code, 64) << o.err;
  EXPECT_NE(o.err.find("strategy dlx of nqueens handles sizes up to 23000, got 30000"), std::string::npos) << o.err;
}

// ---------------------------------------------------------------------------------
// backtrack check.

cli::Outcome check(const std::string& input) {
  const TempText file(input);
  return run({"check", "nqueens", file.path()});
}

TEST(Check, ValidColumnsAndBoards) {
  for (const std::string input : {"1 3 0 2\n", "1,3,0,2", " 2, 0 ,3,1 ", ".Q..\n...Q\nQ...\n..Q.\n", "0"}) {
    const auto o = check(input);
    EXPECT_EQ(o.exit_code, 0) << input << o.err;
    EXPECT_EQ(o.out.rfind("valid: ", 0), 0u) << o.out;
  }
}

TEST(Check, InvalidNamesTheTwoQueens) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"0 1 2 3", "invalid: queens 0:0 and 1:1 attack each other (same diagonal)"},
      {"1 3 1 2", "invalid: queens 0:1 and 2:1 attack each other (same column)"},
      {"3 1 2 0", "invalid: queens 1:1 and 2:2 attack each other (same diagonal)"},
      {"2 0 3 1 4 6 7 5", "attack each other"},
      {"1 3 0 9", "invalid: queen 3:9 (row 3) lies off the 4 x 4 board"},
      {".Q..\n.Q..\nQ...\n..Q.\n", "invalid: queens 0:1 and 1:1 attack each other (same column)"},
      {".Q.Q\n....\nQ...\n..Q.\n", "queens 0:1 and 0:3"},
      {".Q..\n....\nQ...\n..Q.\n", "invalid: row 1 has no queen"},
  };
  for (const auto& [input, message] : cases) {
    const auto o = check(input);
    EXPECT_EQ(o.exit_code, 1) << input << o.err;
    EXPECT_NE(o.out.find(message), std::string::npos) << input << "\n" << o.out;
  }
}

TEST(Check, UnreadableInput) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", ":1:1: no solution found in the input"},
      {"1 two 3", ":1:3: 'two' (item 2) is not a column number"},
      {"1 3 0 2x", ":1:7: '2x' (item 4)"},
      {"1 3\n0 2x", ":2:3: '2x' (item 4)"},
      {".Q..\n...Q\nQ...\n", ":1:4: 4 squares, but the board has 3 rows"},
      {".Q..\n..#Q\nQ...\n..Q.\n", ":2:3: '#'"},
      {"{\"columns\": [1, 3, 0, 2]\n", ":1:25: a line that starts like JSON is not JSON"},
  };
  for (const auto& [input, message] : cases) {
    const auto o = check(input);
    EXPECT_EQ(o.exit_code, 65) << input;
    EXPECT_NE(o.err.find(message), std::string::npos) << input << "\n" << o.err;
  }
  const auto missing = run({"check", "nqueens", "/nonexistent/solution.txt"});
  EXPECT_EQ(missing.exit_code, 65);
  EXPECT_EQ(run({"check"}).exit_code, 64);
  EXPECT_EQ(run({"check", "nosuchproblem"}).exit_code, 64);
}

// A number is a column as written, never its low 32 bits: 4294967297 once passed for 1.
TEST(Check, NumbersOutsideTheBoardAreInvalidInEveryForm) {
  // However large: too large for any integer type is off the board all the same.
  for (const std::string input : {"{\"columns\":[4294967297,3,0,2]}\n", "{\"columns\":[1,3,0,-4294967294]}\n",
                                  "4294967297 3 0 2\n", "columns: 1 3 0 9999999999\n", "1,3,-2,2",
                                  "{\"columns\":[99999999999999999999,3,0,2]}\n", "99999999999 3 0 2\n"}) {
    const auto o = check(input);
    EXPECT_EQ(o.exit_code, 1) << input << o.err;
    EXPECT_NE(o.out.find("lies off the 4 x 4 board"), std::string::npos) << input << o.out;
  }
}

// The system's reason, and exit 65, for a file that cannot be read or is too large to.
TEST(Check, UnreadableFilesSayWhy) {
  const cli::TempFile marker;
  const std::string dir = marker.path() + ".d";
  ASSERT_EQ(std::system(("mkdir -p '" + dir + "'").c_str()), 0);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {dir, dir + ": Is a directory"},
      {dir + "/missing", dir + "/missing: No such file or directory"},
      {"/dev/zero", "/dev/zero is larger than the 64 MiB this reader accepts"},
  };
  for (const auto& [path, message] : cases) {
    const auto o = run({"check", "nqueens", path});
    EXPECT_EQ(o.exit_code, 65) << path << o.err;
    EXPECT_NE(o.err.find(message), std::string::npos) << path << "\n" << o.err;
  }
  ASSERT_EQ(std::system(("rm -rf '" + dir + "'").c_str()), 0);
}

TEST(Check, ReadsTheOutputOfSolveTextAndJson) {
  for (const char* format : {"text", "json"}) {
    const auto solved = run({"solve", "nqueens", "-n", "30", "--first", "--format", format});
    ASSERT_EQ(solved.exit_code, 0) << solved.err;
    const auto o = check(solved.out);
    EXPECT_EQ(o.exit_code, 0) << format << o.out << o.err;
  }
  const auto json = run({"check", "nqueens", "--format", "json", "/nonexistent"});
  EXPECT_EQ(json.exit_code, 65);
}

// `backtrack solve --first | backtrack check`, through a real pipe.
TEST(Check, PipedFromSolveForTenThousandQueens) {
  const std::string exe = BACKTRACK_EXE;
  const std::string command =
      "'" + exe + "' solve nqueens -n 10000 --first -q | '" + exe + "' check nqueens; echo \"exit=$?\"";
  FILE* pipe = popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string out;
  char buffer[4096];
  while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) out += buffer;
  ASSERT_EQ(pclose(pipe), 0);
  EXPECT_NE(out.find("valid: 10000 queens on a 10000 x 10000 board"), std::string::npos) << out;
  EXPECT_NE(out.find("exit=0"), std::string::npos) << out;
}

}  // namespace
