#!/usr/bin/env python3
"""A check that cannot fail is no check: check_tree_files.py must reject each broken
copy of the sample drawings made here (an SVG that miscounts its nodes, a DOT file
Graphviz refuses, a page whose script throws, a page whose click folds nothing, a page
that opens zoomed in past the window, a page whose solutions are not coloured as its
legend says, a comparison whose rings are not in its legend).

usage: check_tree_files_catches.py SAMPLE_DIR   (the files write_sample_trees wrote)
Exit 0 when every broken file is rejected, 1 otherwise, 77 when chromium or dot is missing.
"""
import os
import shutil
import subprocess
import sys
import tempfile

CHECKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check_tree_files.py")

# name of the broken copy: (sample it is made from, text replaced, replacement, what
# the checker must say)
BROKEN = {
    "miscounted.svg": ("queens5_scan.svg", 'data-drawn-nodes="54"', 'data-drawn-nodes="55"',
                       "54 node elements, data-drawn-nodes=55"),
    "refused.dot": ("queens5_scan.dot", "n3 -> n4;", "n3 -> ;", "dot -Tsvg exits"),
    "throws.html": ("queens5_scan.html", "\nfit();\n", "\nfit();\nnoSuchFunction();\n",
                    "Uncaught ReferenceError: noSuchFunction"),
    "folds_nothing.html": ("queens5_scan.html", "v.collapsed = !v.collapsed;", "",
                           "a click on an inner node left 54 nodes shown"),
    "opens_zoomed_in.html": ("queens5_scan.html", "\nfit();\n", "\nfit();\nzoom(8, 0, 0);\n",
                             "the drawing does not open whole in the window"),
    "solutions_unlike_legend.html": ("queens5_scan.html", ".solution .shape { fill: #1b7837; }",
                                     ".solution .shape { fill: #1b7837; }\n.node.solution .shape { fill: #2166ac; }",
                                     "legend: solution: path"),
    "rings_not_in_legend.html": ("compared.html", '<circle class="ring" r="12"/>', "",
                                 "legend: ring: not in the legend"),
}


def main():
    if shutil.which("chromium") is None or shutil.which("dot") is None:
        print("SKIP: chromium or dot (graphviz) is not installed")
        return 77
    samples = sys.argv[1]
    failed = 0
    with tempfile.TemporaryDirectory() as scratch:
        for name, (sample, old, new, message) in BROKEN.items():
            with open(os.path.join(samples, sample), encoding="utf-8") as f:
                text = f.read()
            if old not in text:
                print("FAIL %s: the sample %s no longer holds %r" % (name, sample, old))
                failed += 1
                continue
            broken = os.path.join(scratch, name)
            with open(broken, "w", encoding="utf-8") as f:
                f.write(text.replace(old, new, 1))
            run = subprocess.run([sys.executable, CHECKER, broken], capture_output=True, text=True)
            caught = run.returncode == 1 and message in run.stdout
            print("%s %s (checker exits %d)" % ("ok  " if caught else "FAIL", name, run.returncode))
            if not caught:
                print(run.stdout + run.stderr)
            failed += not caught
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
