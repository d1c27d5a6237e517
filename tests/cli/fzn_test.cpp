// FlatZinc through the two programs that read it: fzn-backtrack as MiniZinc runs it (the
// FlatZinc specification's output: solutions ended by "----------", "==========" once the
// search is complete, "=====UNSATISFIABLE=====", "=====UNKNOWN=====", -s statistics), and
// `backtrack solve fzn` / `compare fzn`. The models are written by the test; the 92
// boards of 8 queens are checked by a validator of the test's own.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <csignal>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli/limited_run.hpp"
#include "compare_table.hpp"
#include "run_process.hpp"

namespace {

using cli::contains;
using cli::json_lines;
using cli::lines_of;
using cli::run;
using cli::summary_of;

cli::Outcome fzn(const std::vector<std::string>& args) { return cli::run_program(FZN_BACKTRACK_EXE, args); }

// A FlatZinc text in a file that lives as long as the object.
class Model {
 public:
  explicit Model(const std::string& text) { std::ofstream(file_.path()) << text; }
  const std::string& path() const { return file_.path(); }

 private:
  cli::TempFile file_;
};

// x < y on 1..3: (1,2), (1,3), (2,3).
const std::string three_pairs = R"(var 1..3: x :: output_var;
var 1..3: y :: output_var;
constraint int_lt(x, y);
solve satisfy;
)";

const std::string unsatisfiable = R"(var 1..3: x :: output_var;
var 1..3: y :: output_var;
constraint int_lt(x, y);
constraint int_lt(y, x);
solve satisfy;
)";

// x < y on 1..3, s = x + y maximal: 5, at (2,3).
const std::string maximize_sum = R"(var 1..3: x :: output_var;
var 1..3: y :: output_var;
var 2..6: s :: output_var :: is_defined_var;
constraint int_lt(x, y);
constraint int_lin_eq([1, 1, -1], [x, y, s], 0) :: defines_var(s);
solve maximize s;
)";

// Placement of `pigeons` in one fewer holes, pairwise different by int_ne: no solution,
// and forward checking tries every partial placement before it knows.
std::string pigeonhole(int pigeons) {
  std::ostringstream text;
  for (int i = 1; i <= pigeons; ++i) text << "var 1.." << pigeons - 1 << ": p" << i << " :: output_var;\n";
  for (int i = 1; i <= pigeons; ++i) {
    for (int j = i + 1; j <= pigeons; ++j) text << "constraint int_ne(p" << i << ", p" << j << ");\n";
  }
  text << "solve satisfy;\n";
  return text.str();
}

// n queens as MiniZinc compiles all_different(q), all_different(q[i] + i), all_different(q[i] - i).
std::string queens(int n) {
  std::ostringstream text;
  for (int i = 1; i <= n; ++i) text << "var 1.." << n << ": q" << i << ";\n";
  for (int i = 1; i <= n; ++i) {
    text << "var " << 1 + i << ".." << n + i << ": u" << i << " :: is_defined_var;\n";
    text << "var " << 1 - i << ".." << n - i << ": d" << i << " :: is_defined_var;\n";
  }
  const auto list = [&](const char* prefix) {
    std::string names;
    for (int i = 1; i <= n; ++i) names += (i > 1 ? ", " : "") + std::string(prefix) + std::to_string(i);
    return "[" + names + "]";
  };
  text << "array [1.." << n << "] of var int: q :: output_array([1.." << n << "]) = " << list("q") << ";\n";
  for (int i = 1; i <= n; ++i) {
    text << "constraint int_lin_eq([1, -1], [u" << i << ", q" << i << "], " << i << ") :: defines_var(u" << i
         << ");\n";
    text << "constraint int_lin_eq([1, -1], [d" << i << ", q" << i << "], " << -i << ") :: defines_var(d" << i
         << ");\n";
  }
  text << "constraint fzn_all_different_int(" << list("q") << ");\n";
  text << "constraint fzn_all_different_int(" << list("u") << ");\n";
  text << "constraint fzn_all_different_int(" << list("d") << ");\n";
  text << "solve :: int_search(q, input_order, indomain_min, complete) satisfy;\n";
  return text.str();
}

// The solutions of a FlatZinc output: the text before each "----------".
std::vector<std::string> solutions_of(const std::string& out) {
  std::vector<std::string> found;
  std::string current;
  for (const auto& line : lines_of(out)) {
    if (line == "----------") {
      found.push_back(current);
      current.clear();
    } else if (line.rfind("=====", 0) != 0 && line.rfind("%%%", 0) != 0) {
      current += line + "\n";
    }
  }
  return found;
}

// The last line that is no statistic.
std::string final_line(const std::string& out) {
  std::string last;
  for (const auto& line : lines_of(out)) {
    if (line.rfind("%%%", 0) != 0) last = line;
  }
  return last;
}

// "q = array1d(1..8, [1, 5, ...]);" as its values.
std::vector<int> board_of(const std::string& solution, int n) {
  const std::string head = "q = array1d(1.." + std::to_string(n) + ", [";
  EXPECT_EQ(solution.rfind(head, 0), 0U) << solution;
  std::vector<int> q;
  std::istringstream values(solution.substr(head.size()));
  int v = 0;
  char separator = 0;
  while (values >> v) {
    q.push_back(v);
    values >> separator;
    if (separator != ',') break;
  }
  EXPECT_EQ(solution.substr(solution.find(']')), "]);\n") << solution;
  return q;
}

// One queen a row, no two on a column or a diagonal.
bool valid_queens(const std::vector<int>& q, int n) {
  if (static_cast<int>(q.size()) != n) return false;
  for (int i = 0; i < n; ++i) {
    if (q[i] < 1 || q[i] > n) return false;
    for (int j = i + 1; j < n; ++j) {
      if (q[i] == q[j] || q[i] - q[j] == i - j || q[i] - q[j] == j - i) return false;
    }
  }
  return true;
}

TEST(FznBacktrack, AllSolutionsThenTheSearchIsComplete) {
  const Model m(three_pairs);
  const auto o = fzn({"-a", m.path()});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto found = solutions_of(o.out);
  EXPECT_EQ(std::set<std::string>(found.begin(), found.end()),
            (std::set<std::string>{"x = 1;\ny = 2;\n", "x = 1;\ny = 3;\n", "x = 2;\ny = 3;\n"}))
      << o.out;
  EXPECT_EQ(found.size(), 3U) << o.out;
  EXPECT_EQ(final_line(o.out), "==========") << o.out;
}

TEST(FznBacktrack, OneSolutionByDefaultAndKWithN) {
  const Model m(three_pairs);
  const auto one = fzn({m.path()});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(solutions_of(one.out).size(), 1U) << one.out;
  EXPECT_FALSE(contains(one.out, "==========")) << one.out;  // the others were not looked for
  const auto two = fzn({"-n", "2", m.path()});
  ASSERT_EQ(two.exit_code, 0) << two.err;
  EXPECT_EQ(solutions_of(two.out).size(), 2U) << two.out;
  EXPECT_FALSE(contains(two.out, "==========")) << two.out;
}

TEST(FznBacktrack, Unsatisfiable) {
  const Model m(unsatisfiable);
  for (const std::vector<std::string>& flags : {std::vector<std::string>{}, std::vector<std::string>{"-a"}}) {
    const auto o = fzn(cli::with(flags, {m.path()}));
    ASSERT_EQ(o.exit_code, 0) << o.err;
    EXPECT_EQ(o.out, "=====UNSATISFIABLE=====\n");
  }
}

TEST(FznBacktrack, OptimisationPrintsImprovementsThenTheOptimum) {
  const Model m(maximize_sum);
  const auto o = fzn({m.path()});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto found = solutions_of(o.out);
  ASSERT_FALSE(found.empty()) << o.out;
  EXPECT_EQ(found.back(), "x = 2;\ny = 3;\ns = 5;\n") << o.out;
  int previous = 0;
  for (const auto& solution : found) {  // each better than the one before
    const int s = std::stoi(solution.substr(solution.find("s = ") + 4));
    EXPECT_GT(s, previous) << o.out;
    previous = s;
  }
  EXPECT_EQ(final_line(o.out), "==========") << o.out;
}

// --lns P: improvements until -t stops it, the optimum among them on so small a model,
// but never proved (no "=========="); refused without an objective, or out of range.
TEST(FznBacktrack, NeighbourhoodSearchImprovesUntilTheTimeLimitAndProvesNothing) {
  const Model m(maximize_sum);
  const auto o = fzn({"--lns", "50", "-t", "300", m.path()});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto found = solutions_of(o.out);
  ASSERT_FALSE(found.empty()) << o.out;
  EXPECT_EQ(found.back(), "x = 2;\ny = 3;\ns = 5;\n") << o.out;
  int previous = 0;
  for (const auto& solution : found) {
    const int s = std::stoi(solution.substr(solution.find("s = ") + 4));
    EXPECT_GT(s, previous) << o.out;
    previous = s;
  }
  EXPECT_EQ(final_line(o.out), "----------") << o.out;
  const Model satisfy(three_pairs);
  const auto none = fzn({"--lns", "30", satisfy.path()});
  EXPECT_EQ(none.exit_code, 64) << none.err;
  EXPECT_TRUE(contains(none.err, "this model has none")) << none.err;
  const auto too_many = fzn({"--lns", "100", m.path()});
  EXPECT_EQ(too_many.exit_code, 64) << too_many.err;
  EXPECT_TRUE(contains(too_many.err, "--lns must be")) << too_many.err;
}

TEST(FznBacktrack, AConstantObjectiveIsProvedAtTheFirstSolution) {
  // Every solution is optimal: the first is proved so, and -a lists no other (no
  // solution improves on it), as branch and bound on any objective would.
  const Model m("var 1..3: x :: output_var;\nsolve minimize 5;\n");
  for (const std::vector<std::string>& args : {std::vector<std::string>{m.path()}, {"-a", m.path()}}) {
    const auto o = fzn(args);
    ASSERT_EQ(o.exit_code, 0) << o.err;
    EXPECT_EQ(o.out, "x = 1;\n----------\n==========\n");
  }
  const Model maximised("var 1..3: x :: output_var;\nsolve maximize -2147483647;\n");
  EXPECT_EQ(fzn({"-a", maximised.path()}).out, "x = 1;\n----------\n==========\n");
}

TEST(FznBacktrack, TimeLimitStopsAHardSearchUnknown) {
  const Model m(pigeonhole(14));
  const auto o = fzn({"-t", "200", m.path()});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(o.out, "=====UNKNOWN=====\n");
  EXPECT_LT(o.seconds, 10.0);
  // Solutions found before the limit, and no "==========" after them.
  // 14,772,512 solutions, far more than 2 s list; the first come within ms (release) and
  // well within 2 s under ASan on a loaded machine, where 200 ms found none.
  const Model q(queens(16));
  const auto some = fzn({"-a", "-t", "2000", q.path()});
  ASSERT_EQ(some.exit_code, 0) << some.err;
  EXPECT_FALSE(solutions_of(some.out).empty()) << some.out;
  EXPECT_FALSE(contains(some.out, "==========")) << some.out;
  EXPECT_FALSE(contains(some.out, "=====UNKNOWN=====")) << some.out;
}

// a < b and b < a over the whole 32-bit range: each propagator moves a bound by one,
// 2^32 runs to the failure. At the root, or in the search where c = 1 is tried first.
const std::string bounds_stepped_at_the_root = R"(var int: a :: output_var;
var int: b :: output_var;
constraint int_lt(a, b);
constraint int_lt(b, a);
solve satisfy;
)";
const std::string bounds_stepped_in_the_search = R"(var int: a :: output_var;
var int: b :: output_var;
var bool: c :: output_var;
constraint int_lt_reif(a, b, c);
constraint int_lt_reif(b, a, c);
solve :: bool_search([c], input_order, indomain_max, complete) satisfy;
)";
// 2a = 2b + 1: one run of the one propagator steps each bound by one a pass.
const std::string bounds_stepped_in_one_run = R"(var int: a :: output_var;
var int: b :: output_var;
constraint int_lin_eq([2, -2], [a, b], 1);
solve satisfy;
)";

TEST(FznBacktrack, TimeLimitAndCtrlCHoldInsideAPropagationToItsFixpoint) {
  // The limit of 0.5 s, and generous room for a loaded machine or ASan (the
  // propagation alone runs for minutes).
  for (const std::string& text : {bounds_stepped_at_the_root, bounds_stepped_in_the_search, bounds_stepped_in_one_run}) {
    const Model m(text);
    const auto o = fzn({"-t", "500", m.path()});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    EXPECT_EQ(o.out, "=====UNKNOWN=====\n") << text;
    EXPECT_LT(o.seconds, 1.5 + 2.0) << text;
    const auto interrupted =
        cli::run_program(FZN_BACKTRACK_EXE, {m.path()}, cli::Signal{SIGINT, std::chrono::milliseconds(500)});
    ASSERT_EQ(interrupted.exit_code, 130) << interrupted.err;  // after the status line, as backtrack's
    EXPECT_EQ(interrupted.out, "=====UNKNOWN=====\n") << text;
    EXPECT_LT(interrupted.seconds, 1.5 + 2.0) << text;
  }
  // -s asks for statistics: a run stopped before its search began still ends with them.
  const Model root(bounds_stepped_at_the_root);
  const auto o = fzn({"-s", "-t", "500", root.path()});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_TRUE(o.out.starts_with("=====UNKNOWN=====\n%%%mzn-stat: nodes=0\n%%%mzn-stat: failures=0\n")) << o.out;
  EXPECT_TRUE(o.out.ends_with("%%%mzn-stat: solutions=0\n%%%mzn-stat-end\n")) << o.out;
}

TEST(FznBacktrack, StatisticsAsMznStatLines) {
  const Model m(maximize_sum);
  const auto o = fzn({"-s", m.path()});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  for (const char* name : {"nodes", "failures", "propagations", "solveTime", "peakDepth", "solutions"}) {
    const std::string prefix = std::string("%%%mzn-stat: ") + name + "=";
    bool found = false;  // a line of the prefix and a number (digits and a point)
    for (const std::string& line : lines_of(o.out)) {
      if (line.rfind(prefix, 0) != 0 || line.size() == prefix.size()) continue;
      found = found || line.find_first_not_of("0123456789.", prefix.size()) == std::string::npos;
    }
    EXPECT_TRUE(found) << name << "\n" << o.out;
  }
  EXPECT_TRUE(contains(o.out, "\n%%%mzn-stat: objective=5\n")) << o.out;
  EXPECT_EQ(lines_of(o.out).back(), "%%%mzn-stat-end") << o.out;
  // Without -s, none.
  EXPECT_FALSE(contains(fzn({m.path()}).out, "%%%mzn-stat"));
}

// Without search annotations, the model's variables go by AFC/size (afc-size), as Gecode's
// FlatZinc reader searches them: fzn-backtrack's tree is that of --order afc-size, not that
// of dom-wdeg (the default before, a tree of another size on this model).
TEST(FznBacktrack, AModelWithoutAnnotationsIsSearchedByAfcSize) {
  std::string text = queens(10);
  const std::string annotation = ":: int_search(q, input_order, indomain_min, complete) ";
  text.erase(text.find(annotation), annotation.size());
  const Model m(text);
  const auto ours = fzn({"-a", "-s", m.path()});
  ASSERT_EQ(ours.exit_code, 0) << ours.err;
  std::string nodes;
  for (const std::string& line : lines_of(ours.out)) {
    if (line.rfind("%%%mzn-stat: nodes=", 0) == 0) nodes = line.substr(line.find('=') + 1);
  }
  const auto tree = [&](const char* order) {
    const auto o = run({"solve", "fzn", "--file", m.path(), "--order", order, "--count", "--format", "json", "-j", "1"});
    EXPECT_EQ(summary_of(o)["solutions"], "724") << o.out << o.err;
    return summary_of(o)["nodes"].dump();
  };
  EXPECT_EQ(nodes, tree("afc-size"));
  EXPECT_NE(nodes, tree("dom-wdeg"));
  const auto defaults = run({"solve", "fzn", "--file", m.path(), "--count", "--format", "json"});
  EXPECT_EQ(summary_of(defaults)["instance"]["order"], "afc-size") << defaults.out;
}

// With --learn lcg, a model without search annotations goes by activity (VSIDS), as
// Chuffed searches one: fzn-backtrack's tree is that of --order activity, not afc-size's.
// One that names its search keeps it.
TEST(FznBacktrack, LearningSearchesAModelWithoutAnnotationsByActivity) {
  const auto nodes_of = [](const std::string& out) {
    for (const std::string& line : lines_of(out)) {
      if (line.rfind("%%%mzn-stat: nodes=", 0) == 0) return line.substr(line.find('=') + 1);
    }
    return std::string();
  };
  const Model m(pigeonhole(8));
  const auto ours = fzn({"--learn", "lcg", "-s", m.path()});
  ASSERT_EQ(ours.exit_code, 0) << ours.err;
  EXPECT_TRUE(contains(ours.out, "=====UNSATISFIABLE=====")) << ours.out;
  const auto tree = [&](const char* order) {
    const auto o = run({"solve", "fzn", "--file", m.path(), "--learn", "lcg", "--order", order, "--first", "--format",
                        "json"});
    EXPECT_EQ(summary_of(o)["status"], "complete") << o.out << o.err;
    return summary_of(o)["nodes"].dump();
  };
  EXPECT_EQ(nodes_of(ours.out), tree("activity"));
  EXPECT_NE(nodes_of(ours.out), tree("afc-size"));
  std::string annotated = pigeonhole(8);
  annotated.replace(annotated.find("solve satisfy"), 13,
                    "solve :: int_search([p1, p2, p3, p4, p5, p6, p7, p8], input_order, indomain_min, complete) satisfy");
  const Model named(annotated);
  const auto kept = fzn({"--learn", "lcg", "-s", named.path()});
  ASSERT_EQ(kept.exit_code, 0) << kept.err;
  EXPECT_NE(nodes_of(kept.out), nodes_of(ours.out)) << kept.out;
}

// --learn lcg: the optimum proved by one search that learns nogoods, with their
// statistics; unsatisfiable proved so; with restarts; -a of a satisfaction, --lns and
// --learn cbj refused.
TEST(FznBacktrack, LearningProvesTheOptimumAndRefusesWhatItDoesNotOffer) {
  const Model m(maximize_sum);
  const auto o = fzn({"--learn", "lcg", "-s", m.path()});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto found = solutions_of(o.out);
  ASSERT_FALSE(found.empty()) << o.out;
  EXPECT_EQ(found.back(), "x = 2;\ny = 3;\ns = 5;\n") << o.out;
  EXPECT_TRUE(contains(o.out, "\n==========\n")) << o.out;
  for (const char* name : {"nogoods", "nogoodLiterals", "jumped", "nogoodsDeleted"}) {
    EXPECT_TRUE(contains(o.out, std::string("%%%mzn-stat: ") + name + "=")) << name << "\n" << o.out;
  }
  const Model none(pigeonhole(6));
  const auto proved = fzn({"--learn", "lcg", none.path()});
  ASSERT_EQ(proved.exit_code, 0) << proved.err;
  EXPECT_EQ(final_line(proved.out), "=====UNSATISFIABLE=====") << proved.out;

  const Model pairs(three_pairs);
  const auto all = fzn({"--learn", "lcg", "-a", pairs.path()});
  EXPECT_EQ(all.exit_code, 64) << all.out;
  EXPECT_TRUE(contains(all.err, "a count or a listing of every solution")) << all.err;
  const auto cbj = fzn({"--learn", "cbj", pairs.path()});
  EXPECT_EQ(cbj.exit_code, 64);
  EXPECT_TRUE(contains(cbj.err, "choose none, lcg")) << cbj.err;
  const auto lns = fzn({"--learn", "lcg", "--lns", "30", m.path()});
  EXPECT_EQ(lns.exit_code, 64);
  EXPECT_TRUE(contains(lns.err, "no neighbourhoods")) << lns.err;
  // Restarts keep the nogoods and the bound: the same optimum, the runs cut off counted.
  const auto restarts = fzn({"--learn", "lcg", "--restarts", "luby", "-s", m.path()});
  ASSERT_EQ(restarts.exit_code, 0) << restarts.err;
  EXPECT_EQ(solutions_of(restarts.out).back(), "x = 2;\ny = 3;\ns = 5;\n") << restarts.out;
  EXPECT_TRUE(contains(restarts.out, "\n==========\n")) << restarts.out;
  EXPECT_TRUE(contains(restarts.out, "%%%mzn-stat: restarts=")) << restarts.out;
  // -f: Chuffed's hybrid, the annotations and activity in turn, with Luby's restarts.
  const auto hybrid = fzn({"--learn", "lcg", "-f", "-s", m.path()});
  ASSERT_EQ(hybrid.exit_code, 0) << hybrid.err;
  EXPECT_EQ(solutions_of(hybrid.out).back(), "x = 2;\ny = 3;\ns = 5;\n") << hybrid.out;
  EXPECT_TRUE(contains(hybrid.out, "\n==========\n")) << hybrid.out;
  EXPECT_TRUE(contains(hybrid.out, "%%%mzn-stat: restarts=")) << hybrid.out;
  const auto one_run = fzn({"--learn", "lcg", "-f", "--restarts", "none", m.path()});
  EXPECT_EQ(one_run.exit_code, 64) << one_run.out;
  EXPECT_TRUE(contains(one_run.err, "alternates its orders at restarts")) << one_run.err;
}

// --nogoods-kept: the nogoods a learning search keeps before it first forgets half; 0
// keeps every one. Either way pigeonhole is proved unsatisfiable; a negative number, or
// the option without --learn lcg, is refused.
TEST(FznBacktrack, NogoodsKeptLimitsWhatALearningSearchKeeps) {
  const auto deleted_of = [](const std::string& out) {
    for (const std::string& line : lines_of(out)) {
      if (line.rfind("%%%mzn-stat: nogoodsDeleted=", 0) == 0) return std::stoll(line.substr(line.find('=') + 1));
    }
    return -1LL;
  };
  const Model m(pigeonhole(7));
  const auto few = fzn({"--learn", "lcg", "--nogoods-kept", "10", "-s", m.path()});
  ASSERT_EQ(few.exit_code, 0) << few.err;
  EXPECT_TRUE(contains(few.out, "=====UNSATISFIABLE=====")) << few.out;
  EXPECT_GT(deleted_of(few.out), 0) << few.out;
  const auto every = fzn({"--learn", "lcg", "--nogoods-kept", "0", "-s", m.path()});
  ASSERT_EQ(every.exit_code, 0) << every.err;
  EXPECT_TRUE(contains(every.out, "=====UNSATISFIABLE=====")) << every.out;
  EXPECT_EQ(deleted_of(every.out), 0) << every.out;

  const auto negative = fzn({"--learn", "lcg", "--nogoods-kept", "-1", m.path()});
  EXPECT_EQ(negative.exit_code, 64);
  EXPECT_TRUE(contains(negative.err, "--nogoods-kept must be a number of nogoods")) << negative.err;
  for (const char* kept : {"100", "2000"}) {  // 2,000 is the default, given all the same
    const auto unlearned = fzn({"--nogoods-kept", kept, m.path()});
    EXPECT_EQ(unlearned.exit_code, 64) << kept;
    EXPECT_TRUE(contains(unlearned.err, "it needs --learn lcg")) << unlearned.err;
  }
}

TEST(FznBacktrack, SyntaxErrorExits65WithItsPlace) {
  const Model m("var 1..3: x :: output_var;\nconstraint int_lt(x 2);\nsolve satisfy;\n");
  const auto o = fzn({m.path()});
  EXPECT_EQ(o.exit_code, 65) << o.err;
  EXPECT_TRUE(contains(o.err, m.path() + ":2:")) << o.err;
  // ":2:COLUMN: ": the line, then the column's digits.
  const std::size_t at = o.err.find(":2:");
  ASSERT_NE(at, std::string::npos) << o.err;
  const std::size_t end = o.err.find_first_not_of("0123456789", at + 3);
  EXPECT_GT(end, at + 3) << o.err;
  EXPECT_EQ(o.err.compare(end, 2, ": "), 0) << o.err;
  EXPECT_EQ(o.out, "");
}

TEST(FznBacktrack, AMiniZincModelIsToldToBeCompiledFirst) {
  const Model m("include \"globals.mzn\";\nvar 1..3: x;\nsolve satisfy;\n");
  const auto o = fzn({m.path()});
  EXPECT_EQ(o.exit_code, 65) << o.err;
  EXPECT_TRUE(contains(o.err, m.path() + ":1:1: 'include' is MiniZinc, not FlatZinc")) << o.err;
  EXPECT_TRUE(contains(o.err, "minizinc --solver backtrack")) << o.err;
}

// As every reader says it (input_location.hpp): FILE:LINE:COLUMN:, and <stdin> for '-'.
TEST(FznBacktrack, AMistakeIsNamedFileLineColumnAndStandardInputStdin) {
  const Model m("var 1..3: x;\nconstraint int_le(x 2);\nsolve satisfy;\n");
  const std::string message = ":2:21: expected ',' or ')' after the constraint's argument, found '2'\n";
  const auto from_file = fzn({m.path()});
  EXPECT_EQ(from_file.exit_code, 65) << from_file.err;
  EXPECT_TRUE(from_file.err.starts_with("fzn-backtrack: error: " + m.path() + message)) << from_file.err;
  const auto from_stdin = cli::run_program(FZN_BACKTRACK_EXE, {"-"}, std::nullopt, std::nullopt, m.path());
  EXPECT_EQ(from_stdin.exit_code, 65) << from_stdin.err;
  EXPECT_TRUE(from_stdin.err.starts_with("fzn-backtrack: error: <stdin>" + message)) << from_stdin.err;
}

// Past 64 bits: exact where it can be (3 * (2^31 - 2)^2 + x is positive), refused with
// the constraint's place where a coefficient does not fit (x + x is 2^63 * x).
TEST(FznBacktrack, LinearSumsPast64BitsAreExactOrExit65WithTheirPlace) {
  const Model exact(
      "var 0..1: x :: output_var;\n"
      "constraint int_lin_le([2147483646, 2147483646, 2147483646, 1], [2147483646, 2147483646, 2147483646, x], 0);\n"
      "solve satisfy;\n");
  const auto o = fzn({"-a", exact.path()});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(o.out, "=====UNSATISFIABLE=====\n");
  const Model refused(
      "var -1..1: x :: output_var;\n"
      "constraint int_lin_le([4611686018427387904, 4611686018427387904], [x, x], 0);\n"
      "solve satisfy;\n");
  const auto r = fzn({"-a", refused.path()});
  EXPECT_EQ(r.exit_code, 65) << r.err;
  EXPECT_TRUE(contains(r.err, refused.path() + ":2:1: ")) << r.err;
  EXPECT_TRUE(contains(r.err, "does not fit in 64 bits")) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST(FznBacktrack, UnknownFlagExits64) {
  const Model m(three_pairs);
  const auto o = fzn({"--no-such-flag", m.path()});
  EXPECT_EQ(o.exit_code, 64) << o.err;
  EXPECT_TRUE(contains(o.err, "no-such-flag")) << o.err;
  EXPECT_EQ(fzn({}).exit_code, 64);  // no model
}

TEST(FznBacktrack, EightQueensHas92CheckedSolutionsOnOneThreadAndTwo) {
  const Model m(queens(8));
  for (const char* threads : {"1", "2"}) {
    const auto o = fzn({"-a", "-p", threads, m.path()});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    const auto found = solutions_of(o.out);
    std::set<std::vector<int>> boards;
    for (const auto& solution : found) {
      const auto q = board_of(solution, 8);
      EXPECT_TRUE(valid_queens(q, 8)) << solution;
      boards.insert(q);
    }
    EXPECT_EQ(found.size(), 92U) << threads;
    EXPECT_EQ(boards.size(), 92U) << threads;  // none twice
    EXPECT_EQ(final_line(o.out), "==========") << threads;
  }
}

// --restarts: -a lists each of the 92 boards once, the searches leaving out what the ones
// before finished; an optimisation's searches share the bound, and the last proves the
// optimum that one search proves, with -f (restarts following the best solution) too.
TEST(FznBacktrack, RestartsListEachSolutionOnceAndProveTheOptimum) {
  const auto restarts_made = [](const std::string& out) {
    const std::string stat = "%%%mzn-stat: restarts=";
    const auto at = out.find(stat);
    return at == std::string::npos ? -1 : std::stoi(out.substr(at + stat.size()));
  };
  const Model eight(queens(8));
  // Piece by piece: GCC 12 warns (stringop-overflow) on "q" + std::to_string().
  const std::string queens_text = queens(10);
  std::ostringstream weighted;
  weighted << "var 0..1000: obj :: output_var;\n" << queens_text.substr(0, queens_text.find("solve"))
           << "constraint int_lin_eq([";
  for (int i = 1; i <= 10; ++i) weighted << i % 3 + 1 << ", ";
  weighted << "-1], [";
  for (int i = 1; i <= 10; ++i) weighted << "q" << i << ", ";
  weighted << "obj], 0);\nsolve maximize obj;\n";
  const Model optimise(weighted.str());
  const auto plain = fzn({optimise.path()});
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  ASSERT_EQ(final_line(plain.out), "==========") << plain.out;
  const std::string best = solutions_of(plain.out).back();
  const auto objective = [](const std::string& solution) {
    return std::stoi(solution.substr(solution.find("obj = ") + 6));
  };
  // Free search (-f) restarts by Luby's sequence, alone and as a portfolio on two threads.
  for (const std::vector<std::string>& flags : std::vector<std::vector<std::string>>{
           {"--restarts", "luby"}, {"--restarts", "geometric"}, {"-f"}, {"-f", "-p", "2"}}) {
    std::vector<std::string> args = flags;
    args.insert(args.end(), {"-s", optimise.path()});
    const auto improved = fzn(args);
    SCOPED_TRACE(flags.back());
    ASSERT_EQ(improved.exit_code, 0) << improved.err;
    EXPECT_EQ(final_line(improved.out), "==========") << improved.out;
    const auto found = solutions_of(improved.out);
    ASSERT_FALSE(found.empty());
    EXPECT_EQ(objective(found.back()), objective(best)) << improved.out;
    for (std::size_t i = 1; i < found.size(); ++i) EXPECT_GT(objective(found[i]), objective(found[i - 1]));
    EXPECT_GT(restarts_made(improved.out), 0) << improved.out;
  }
  for (const char* restarts : {"luby", "geometric"}) {
    const auto o = fzn({"-a", "-s", "--restarts", restarts, eight.path()});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    std::set<std::vector<int>> boards;
    for (const auto& solution : solutions_of(o.out)) {
      const auto q = board_of(solution, 8);
      EXPECT_TRUE(valid_queens(q, 8)) << solution;
      EXPECT_TRUE(boards.insert(q).second) << "listed twice: " << solution;
    }
    EXPECT_EQ(boards.size(), 92U) << restarts;
    EXPECT_EQ(final_line(o.out), "==========") << restarts;
    EXPECT_GT(restarts_made(o.out), 0) << o.out;
  }
  const auto unknown = fzn({"--restarts", "often", eight.path()});
  EXPECT_EQ(unknown.exit_code, 64);
  EXPECT_TRUE(contains(unknown.err, "none, luby, geometric")) << unknown.err;
}

// --globals decomposed: all-different as a != for every pair. At --prune arc both prune
// alike (a fixed value leaves its peers), so the same boards in the same tree, with
// more propagations for the 84 pairs than for the 3 all-differents.
TEST(FznBacktrack, GlobalsDecomposedSearchesTheSameBoards) {
  const Model eight(queens(8));
  const auto stat = [](const std::string& out, const std::string& name) {
    const std::string line = "%%%mzn-stat: " + name + "=";
    const auto at = out.find(line);
    return at == std::string::npos ? -1LL : std::stoll(out.substr(at + line.size()));
  };
  const auto native = fzn({"-a", "-s", "--prune", "arc", eight.path()});
  const auto decomposed = fzn({"-a", "-s", "--prune", "arc", "--globals", "decomposed", eight.path()});
  ASSERT_EQ(native.exit_code, 0) << native.err;
  ASSERT_EQ(decomposed.exit_code, 0) << decomposed.err;
  std::set<std::vector<int>> boards;
  for (const auto& solution : solutions_of(decomposed.out)) {
    const auto q = board_of(solution, 8);
    EXPECT_TRUE(valid_queens(q, 8)) << solution;
    EXPECT_TRUE(boards.insert(q).second) << "listed twice: " << solution;
  }
  EXPECT_EQ(boards.size(), 92U);
  EXPECT_EQ(solutions_of(decomposed.out), solutions_of(native.out));
  EXPECT_EQ(stat(decomposed.out, "nodes"), stat(native.out, "nodes"));
  EXPECT_GT(stat(decomposed.out, "propagations"), stat(native.out, "propagations"));
  const auto unknown = fzn({"--globals", "some", eight.path()});
  EXPECT_EQ(unknown.exit_code, 64);
  EXPECT_TRUE(contains(unknown.err, "unknown --globals 'some' (choose native, decomposed)")) << unknown.err;
}

// Its exits are backtrack's: output that could not be written, a bad limit, a signal, a
// machine out of memory each have their code and a message.
TEST(FznBacktrack, OutputThatCannotBeWrittenExits74) {
  for (const std::string& text : {three_pairs, unsatisfiable}) {
    const Model m(text);
    const auto o = cli::run_program(FZN_BACKTRACK_EXE, {"-a", m.path()}, std::nullopt, "/dev/full");
    EXPECT_EQ(o.exit_code, 74) << o.err;
    EXPECT_TRUE(contains(o.err, "fzn-backtrack: error: cannot write the results to standard output")) << o.err;
  }
}

TEST(FznBacktrack, ANumberOutOfRangeExits64) {
  const Model m(three_pairs);
  for (const std::vector<std::string>& flags :
       {std::vector<std::string>{"-t", "-5"}, {"-t", "9223372036854775"}, {"-t", "1000000000001"}, {"-p", "-1"},
        {"-p", "0"}, {"-n", "-2"}}) {
    const auto o = fzn(cli::with(flags, {m.path()}));
    EXPECT_EQ(o.exit_code, 64) << flags[0] << " " << flags[1] << "\n" << o.err;
    EXPECT_TRUE(contains(o.err, flags[0] + " must be")) << o.err;
    EXPECT_EQ(o.out, "") << flags[0] << " " << flags[1];
  }
  EXPECT_EQ(fzn({"-t", "1000000000000", m.path()}).exit_code, 0);  // the most, some 31 years
}

// Ctrl-C or SIGTERM (MiniZinc's way to stop a solver): what was found, the status line,
// the statistics, then the exit code a shell gives for the signal, 130 or 143.
TEST(FznBacktrack, ASignalPrintsWhatWasFoundThenExits128PlusIt) {
  const Model none(pigeonhole(14));
  for (const int signal : {SIGINT, SIGTERM}) {
    const auto o = cli::run_program(FZN_BACKTRACK_EXE, {"-s", none.path()},
                                    cli::Signal{signal, std::chrono::milliseconds(1000)});
    EXPECT_FALSE(o.killed) << o.err;
    EXPECT_EQ(o.exit_code, 128 + signal) << o.err;
    EXPECT_EQ(lines_of(o.out).front(), "=====UNKNOWN=====") << o.out;
    EXPECT_EQ(lines_of(o.out).back(), "%%%mzn-stat-end") << o.out;
  }
  const Model q(queens(16));
  const auto some = cli::run_program(FZN_BACKTRACK_EXE, {"-a", q.path()},
                                     cli::Signal{SIGTERM, std::chrono::milliseconds(1500)});
  EXPECT_EQ(some.exit_code, 143) << some.err;
  EXPECT_FALSE(solutions_of(some.out).empty()) << some.out;
  EXPECT_EQ(final_line(some.out), "----------") << some.out;  // no status: there may be more
}

// Under ulimit -v, as backtrack (out_of_memory_test.cpp): a thread or an allocation the
// system refuses is exit 71 with "out of memory", never an UNKNOWN of exit 0 nor an abort.
TEST(FznBacktrack, OutOfMemoryExits71WithAMessage) {
  if (cli::address_sanitizer) GTEST_SKIP() << "AddressSanitizer reserves terabytes of address space: no ulimit -v";
  constexpr rlim_t mib = rlim_t{1} << 20;
  const Model m(queens(11));
  const auto limited = [&](const std::vector<std::string>& args, rlim_t limit) {
    return cli::run_program_limited(FZN_BACKTRACK_EXE, args, {.address_space = limit});
  };
  rlim_t lowest = 4 * mib;
  while (lowest < 1024 * mib && limited({"--help"}, lowest).exit_code != 0) lowest += mib;
  ASSERT_LT(lowest, 1024 * mib) << "fzn-backtrack --help did not run under 1 GiB";
  int out_of_memory = 0, worked = 0;
  for (rlim_t limit = lowest; limit < lowest + 160 * mib && worked < 3; limit += mib) {
    const auto o = limited({"-a", "-p", "2", m.path()}, limit);
    const std::string at = "under ulimit -v " + std::to_string(limit / 1024) + ": ";
    ASSERT_FALSE(o.killed) << at << "killed by signal " << o.exit_code - 128 << '\n' << o.err;
    if (o.exit_code == 0) {
      EXPECT_EQ(final_line(o.out), "==========") << at << o.err;  // a search cut short says so
      ++worked;
      continue;
    }
    ASSERT_EQ(o.exit_code, 71) << at << o.err;
    EXPECT_TRUE(contains(o.err, "fzn-backtrack: error: out of memory")) << at << o.err;
    ++out_of_memory;
  }
  EXPECT_GT(out_of_memory, 0) << "no limit between " << lowest / 1024 << " KiB and where the search worked failed it";
  EXPECT_EQ(worked, 3) << "the search never worked under 160 MiB more than --help needs";
}

TEST(SolveFzn, CountsAndListsAsJson) {
  const Model m(queens(8));
  const auto count = run({"solve", "fzn", "--file", m.path(), "--count", "--format", "json"});
  ASSERT_EQ(count.exit_code, 0) << count.err;
  EXPECT_EQ(summary_of(count)["solutions"], "92") << count.out;

  // --globals decomposed: the three all-differents as 3 x 28 != constraints.
  const auto decomposed = run({"solve", "fzn", "--file", m.path(), "--count", "--format", "json", "--globals", "decomposed"});
  ASSERT_EQ(decomposed.exit_code, 0) << decomposed.err;
  EXPECT_EQ(summary_of(decomposed)["solutions"], "92") << decomposed.out;
  EXPECT_EQ(summary_of(decomposed)["instance"]["globals"], "decomposed") << decomposed.out;
  EXPECT_EQ(summary_of(decomposed)["instance"]["constraints"], 16 + 3 * 28) << decomposed.out;
  EXPECT_EQ(summary_of(count)["instance"]["constraints"], 16 + 3) << count.out;

  const Model pairs(three_pairs);
  const auto all = run({"solve", "fzn", "--file", pairs.path(), "--all", "--format", "json"});
  ASSERT_EQ(all.exit_code, 0) << all.err;
  std::set<std::pair<int, int>> found;
  for (const auto& line : json_lines(all.out)) {
    if (line["type"] != "solution") continue;
    found.insert({line["x"].get<int>(), line["y"].get<int>()});
  }
  EXPECT_EQ(found, (std::set<std::pair<int, int>>{{1, 2}, {1, 3}, {2, 3}})) << all.out;
  EXPECT_EQ(summary_of(all)["solutions"], "3") << all.out;

  const Model board(queens(6));
  const auto boards = run({"solve", "fzn", "--file", board.path(), "--all", "--format", "json"});
  ASSERT_EQ(boards.exit_code, 0) << boards.err;
  int listed = 0;
  for (const auto& line : json_lines(boards.out)) {
    if (line["type"] != "solution") continue;
    ++listed;
    EXPECT_TRUE(valid_queens(line["q"].get<std::vector<int>>(), 6)) << line.dump();
  }
  EXPECT_EQ(listed, 4);
}

TEST(SolveFzn, TimeLimitHoldsInsideAPropagationToItsFixpoint) {
  const Model m(bounds_stepped_in_the_search);
  const auto o = run({"solve", "fzn", "--file", m.path(), "--time-limit", "0.5"});
  EXPECT_EQ(o.exit_code, 3) << o.err;
  EXPECT_TRUE(contains(o.out, "status: time_limit")) << o.out;
  EXPECT_LT(o.seconds, 1.5 + 2.0);
}

TEST(SolveFzn, ABadModelNamesItsFileAndPlace) {
  const Model m("var 1..3: x :: output_var;\nconstraint no_such_builtin(x);\nsolve satisfy;\n");
  const auto o = run({"solve", "fzn", "--file", m.path(), "--count"});
  EXPECT_EQ(o.exit_code, 65) << o.err;
  EXPECT_TRUE(contains(o.err, m.path() + ":2:")) << o.err;
  EXPECT_TRUE(contains(o.err, "no_such_builtin")) << o.err;
}

TEST(CompareFzn, VariesRestarts) {
  // A count: the same 92 in every row, the runs cut off in the rows that restart.
  const Model eight(queens(8));
  const auto o = run({"compare", "fzn", "--file", eight.path(), "--vary", "restarts=none,luby,geometric", "--format",
                      "json"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto table = cli::compare_table(o.out);
  EXPECT_EQ(table["agree"], true) << o.out;
  ASSERT_EQ(table["rows"].size(), 3U) << o.out;
  const char* expected[] = {"none", "luby", "geometric"};
  for (std::size_t i = 0; i < 3; ++i) {
    const auto& row = table["rows"][i];
    EXPECT_EQ(row["restarts"], expected[i]);
    EXPECT_EQ(row["status"], "complete") << row.dump();
    EXPECT_EQ(row["solutions"], "92") << row.dump();
    EXPECT_EQ(row["counters"].contains("cutoffs"), i != 0) << row.dump();
  }
}

TEST(CompareFzn, RowsAgreeAcrossPruning) {
  // A row a variation, over both files: their solutions added, 92 + 4.
  const Model eight(queens(8));
  const Model six(queens(6));
  const auto o = run({"compare", "fzn", "--file", eight.path() + "," + six.path(), "--vary", "prune=forward,gac",
                      "--format", "json"});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  const auto table = cli::compare_table(o.out);
  EXPECT_EQ(table["agree"], true) << o.out;
  ASSERT_EQ(table["rows"].size(), 2U) << o.out;
  EXPECT_EQ(table["rows"][0]["prune"], "forward");
  EXPECT_EQ(table["rows"][1]["prune"], "domain") << "gac, the former name, labels its row by the current one";
  for (const auto& row : table["rows"]) {
    EXPECT_EQ(row["solutions"], "96") << row.dump();
    EXPECT_EQ(row["instances"], 2) << row.dump();
    EXPECT_EQ(row["status"], "complete") << row.dump();
  }
}

}  // namespace
