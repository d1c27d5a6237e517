"""Tests of scripts/minizinc-benchmarks: how it reads solver outputs and judges answers,
and (where minizinc and fzn-gecode are installed) a whole run on two small models of
our own, once with two agreeing solvers and once with a solver that answers wrongly;
(where minizinc is) the optional columns, --learn, --backtrack-flags and --fzn-chuffed,
with fake solvers on a model our solver library compiles with two native globals."""

import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "..", "..", "scripts", "minizinc-benchmarks")

loader = importlib.machinery.SourceFileLoader("minizinc_benchmarks", SCRIPT)
spec = importlib.util.spec_from_loader("minizinc_benchmarks", loader)
bench = importlib.util.module_from_spec(spec)
loader.exec_module(bench)


class ParseOutput(unittest.TestCase):
    def test_all_solutions_of_a_satisfaction_model(self):
        run = bench.parse_output("q = 1;\n----------\nq = 2;\n----------\n==========\n", "sat", "")
        self.assertEqual((run.status, run.solutions), ("solved", 2))

    def test_solutions_without_the_end_marker_were_found_not_all(self):
        run = bench.parse_output("q = 1;\n----------\n", "sat", "")
        self.assertEqual((run.status, run.solutions), ("found", 1))

    def test_the_last_objective_is_the_best(self):
        text = "X_1 = 9;\n----------\nX_1 = 7;\n----------\n==========\n"
        run = bench.parse_output(text, "min", "X_1")
        self.assertEqual((run.status, run.objective), ("solved", 7))

    def test_unsatisfiable_is_solved_with_no_solution(self):
        run = bench.parse_output("=====UNSATISFIABLE=====\n", "min", "X_1")
        self.assertEqual((run.status, run.unsat), ("solved", True))

    def test_nothing_printed_is_unknown(self):
        self.assertEqual(bench.parse_output("=====UNKNOWN=====\n", "sat", "").status, "unknown")

    def test_the_nodes_of_the_statistics(self):
        text = "X_1 = 7;\n----------\n==========\n%%%mzn-stat: nodes=708\n%%%mzn-stat-end\n"
        self.assertEqual(bench.parse_output(text, "min", "X_1").nodes, 708)
        self.assertIsNone(bench.parse_output("=====UNKNOWN=====\n", "min", "X_1").nodes)


class Agreement(unittest.TestCase):
    def run_(self, status, solutions=0, objective=None, unsat=False):
        return bench.Run(status, solutions, objective, unsat)

    def test_same_count_agrees_other_count_does_not(self):
        self.assertEqual(bench.agreement(self.run_("solved", 92), self.run_("solved", 92), "sat"), "yes")
        self.assertEqual(bench.agreement(self.run_("solved", 91), self.run_("solved", 92), "sat"), "no")

    def test_found_more_solutions_than_the_proved_count_disagrees(self):
        self.assertEqual(bench.agreement(self.run_("found", 93), self.run_("solved", 92), "sat"), "no")
        self.assertEqual(bench.agreement(self.run_("found", 50), self.run_("solved", 92), "sat"), "-")

    def test_a_found_objective_better_than_the_proved_optimum_disagrees(self):
        self.assertEqual(bench.agreement(self.run_("found", 1, 33), self.run_("solved", 3, 34), "min"), "no")
        self.assertEqual(bench.agreement(self.run_("found", 1, 35), self.run_("solved", 3, 34), "min"), "-")
        self.assertEqual(bench.agreement(self.run_("found", 1, 35), self.run_("solved", 3, 34), "max"), "no")

    def test_a_solution_of_a_model_proved_unsatisfiable_disagrees(self):
        self.assertEqual(bench.agreement(self.run_("found", 1), self.run_("solved", unsat=True), "sat"), "no")

    def test_of_all_columns_any_pair_that_contradicts_is_a_disagreement(self):
        proved, timed_out = self.run_("solved", 3, 34), self.run_("unknown")
        self.assertEqual(bench.agreement_of_all([proved, timed_out, proved], "min"), "yes")
        self.assertEqual(bench.agreement_of_all([timed_out, self.run_("found", 1, 35), proved], "min"), "-")
        self.assertEqual(bench.agreement_of_all([proved, proved, self.run_("found", 1, 33)], "min"), "no")
        self.assertEqual(bench.agreement_of_all([timed_out, timed_out], "min"), "-")


class Answer(unittest.TestCase):
    def test_nothing_found_shows_no_count(self):
        self.assertEqual(bench.answer(bench.Run("unknown"), "sat"), "-")
        self.assertEqual(bench.answer(bench.Run("found", 3), "sat"), ">=3 sol")
        self.assertEqual(bench.answer(bench.Run("found", 2, 94), "min"), "(94)")


class RenamedCopy(unittest.TestCase):
    def test_chuffed_gets_its_names_for_the_cumulative_and_the_strict_disjunctive(self):
        fzn = ("predicate fzn_cumulative(array [int] of var int: s,array [int] of var int: d,"
               "array [int] of var int: r,var int: b);\n"
               "constraint fzn_cumulative(s,d,r,2);\nconstraint fzn_disjunctive_strict(s,d);\n"
               "constraint fzn_all_different_int(s);\n")
        with tempfile.TemporaryDirectory() as work:
            path = os.path.join(work, "copy.fzn")
            bench.renamed_copy(fzn, bench.CHUFFED_NAMES, path)
            with open(path) as f:
                copy = f.read()
        self.assertEqual(copy, fzn.replace("fzn_cumulative(", "chuffed_cumulative_vars(")
                         .replace("fzn_disjunctive_strict(", "chuffed_disjunctive_strict("))


class PrintObjective(unittest.TestCase):
    def test_marks_only_the_objective_variable(self):
        fzn = ("var 0..9: X_4:: is_defined_var;\nvar 0..9: X_40;\n"
               "solve maximize X_4;\n")
        out = bench.print_objective(fzn, "X_4")
        self.assertIn("var 0..9: X_4 :: output_var:: is_defined_var;", out)
        self.assertIn("var 0..9: X_40;", out)

    def test_leaves_an_output_variable_alone(self):
        fzn = "var 0..9: cost:: output_var;\nsolve minimize cost;\n"
        self.assertEqual(bench.print_objective(fzn, "cost"), fzn)


@unittest.skipUnless(shutil.which("minizinc") and shutil.which("fzn-gecode"),
                     "needs minizinc and fzn-gecode")
class WholeRun(unittest.TestCase):
    def run_script(self, ours):
        with tempfile.TemporaryDirectory() as work:
            return subprocess.run(
                [sys.executable, SCRIPT, "--benchmarks-dir", os.path.join(HERE, "minizinc"),
                 "--instances", os.path.join(HERE, "minizinc", "instances.txt"),
                 "--solver-msc", "gecode", "--globals", "std", "--fzn-backtrack", ours,
                 "--timeout", "20", "--work-dir", work], capture_output=True, text=True)

    def test_agreeing_solvers_exit_0_with_the_answers_in_the_table(self):
        proc = self.run_script("fzn-gecode")
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
        self.assertRegex(proc.stdout, r"\| queens-6 +\| sat +\| solved +\| 4 sol .*\| yes +\|")
        self.assertRegex(proc.stdout, r"\| loading +\| max +\| solved +\| 12 .*\| yes +\|")
        self.assertIn("answers that disagree: 0", proc.stdout)

    def test_a_wrong_answer_is_a_disagreement_and_exit_1(self):
        proc = self.run_script(os.path.join(HERE, "minizinc", "wrong-solver"))
        self.assertEqual(proc.returncode, 1, proc.stdout + proc.stderr)
        self.assertIn("answers that disagree: 1 (queens-6)", proc.stdout)
        self.assertRegex(proc.stdout, r"\| loading +\| max +\| error ")
        self.assertIn("of the 2 instances Gecode solves, ours solves 0 (0%", proc.stdout)


@unittest.skipUnless(shutil.which("minizinc"), "needs minizinc")
class OptionalColumns(unittest.TestCase):
    """schedule.mzn compiled with our solver library (share/minizinc/backtrack, from the
    source tree), run by fake solvers: fake-solver as ours and as Gecode, fake-chuffed as
    Chuffed, which refuses a file with our names for its globals."""

    def run_script(self, work, env=None):
        msc = os.path.join(work, "backtrack.msc")
        with open(msc, "w") as f:
            f.write('{"id": "test.backtrack", "name": "backtrack", "version": "0", "mznlib": "%s", '
                    '"executable": "%s", "supportsFzn": true}'
                    % (os.path.join(HERE, "..", "..", "share", "minizinc", "backtrack"), FAKE))
        return subprocess.run(
            [sys.executable, SCRIPT, "--benchmarks-dir", os.path.join(HERE, "minizinc"),
             "--instances", os.path.join(HERE, "minizinc", "schedule.txt"), "--solver-msc", msc,
             "--fzn-backtrack", FAKE, "--fzn-gecode", FAKE, "--learn",
             "--backtrack-flags", "--prune bounds  --restarts luby", "--learn-flags=-f",
             "--fzn-chuffed", os.path.join(HERE, "minizinc", "fake-chuffed"),
             "--timeout", "20", "--work-dir", work],
            capture_output=True, text=True, env=dict(os.environ, **(env or {})))

    def test_the_learning_and_chuffed_columns_with_their_nodes(self):
        with tempfile.TemporaryDirectory() as work:
            proc = self.run_script(work)
            self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
            self.assertRegex(proc.stdout, r"\| instance +\| kind +\| ours +\| answer +\| s +\| nodes +"
                             r"\| learn +\| answer +\| s +\| nodes +\| Gecode +\| answer +\| s +\| nodes +"
                             r"\| Chuffed +\| answer +\| s +\| nodes +\| ours/Gecode +\| agree +\|")
            self.assertRegex(proc.stdout, r"\| schedule +\| min +\| solved +\| 5 +\| [\d.]+ +\| 7 +"
                             r"\| solved +\| 5 +\| [\d.]+ +\| 3 +\| solved +\| 5 +\| [\d.]+ +\| 7 +"
                             r"\| solved +\| 5 +\| [\d.]+ +\| 11 +\| [\d.]+ +\| yes +\|")
            self.assertIn("answers that disagree: 0", proc.stdout)
            self.assertIn("ours with --learn lcg solves 1, without 1; median nodes with / without "
                          "over the 1 both solve: 0.43", proc.stdout)
            self.assertIn("of the 1 instances Chuffed solves, learn solves 1", proc.stdout)
            # Every fzn-backtrack run has --backtrack-flags, only the second --learn lcg and
            # --learn-flags;
            # Gecode has neither.
            with open(os.path.join(work, "schedule.ours.out")) as f:
                self.assertRegex(f.read(), r"% flags: -a -s -t 20000 --prune bounds --restarts luby \S+schedule.fzn\n")
            with open(os.path.join(work, "schedule.learn.out")) as f:
                self.assertRegex(f.read(), r"% flags: -a -s -t 20000 --prune bounds --restarts luby "
                                 r"--learn lcg -f \S+schedule.fzn\n")
            with open(os.path.join(work, "schedule.gecode.out")) as f:
                self.assertRegex(f.read(), r"% flags: -a -s -t 20000 \S+schedule.gecode.fzn\n")
            # Chuffed's copy: ours with its two names, nothing else changed.
            with open(os.path.join(work, "schedule.fzn")) as f:
                ours = f.read()
            with open(os.path.join(work, "schedule.chuffed.fzn")) as f:
                chuffed = f.read()
            self.assertIn("constraint fzn_cumulative(", ours)
            self.assertIn("constraint fzn_disjunctive_strict(", ours)
            self.assertEqual(chuffed, ours.replace("fzn_cumulative(", "chuffed_cumulative_vars(")
                             .replace("fzn_disjunctive_strict(", "chuffed_disjunctive_strict("))

    def test_a_wrong_answer_of_chuffed_is_a_disagreement_and_exit_1(self):
        with tempfile.TemporaryDirectory() as work:
            proc = self.run_script(work, {"FAKE_MAKESPAN": "4"})
        self.assertEqual(proc.returncode, 1, proc.stdout + proc.stderr)
        self.assertIn("answers that disagree: 1 (schedule)", proc.stdout)
        self.assertRegex(proc.stdout, r"\| Chuffed .*\n.*\n\| schedule .*\| solved +\| 4 +\| [\d.]+ +\| 11 +"
                         r"\| [\d.]+ +\| no +\|")


FAKE = os.path.join(HERE, "minizinc", "fake-solver")


if __name__ == "__main__":
    unittest.main()
