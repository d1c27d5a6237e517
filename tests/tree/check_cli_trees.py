#!/usr/bin/env python3
"""The trees the CLI draws, opened as a person would (check_tree_files.py): solve --tree
in the three formats, and compare --tree's page, each with the node count of the search.

usage: check_cli_trees.py BACKTRACK DIR [SOURCE_DIR]

With SOURCE_DIR, the README's two drawings (docs/images/nqueens6-*.svg) must be what the
program draws today.
"""
import json
import os
import re
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
backtrack, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)


def run(args):
    done = subprocess.run([backtrack] + args, capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        sys.exit(f"backtrack {' '.join(args)}: exit {done.returncode}\n{done.stderr}")
    return done


def check(args):
    done = subprocess.run([sys.executable, os.path.join(here, "check_tree_files.py")] + args)
    if done.returncode != 0:
        sys.exit(done.returncode)


solve = ["solve", "nqueens", "-n", "6", "--strategy", "csp", "--prune", "forward", "--format", "json"]
for extension in ("html", "svg", "dot"):
    tree = os.path.join(out, f"nqueens6-csp-forward.{extension}")
    summary = json.loads(run(solve + ["--tree", tree]).stdout.splitlines()[-1])
    check(["--screenshot-dir", out, "--expect-nodes", str(summary["nodes"]), tree])

# A tree larger than its budget (2000 by default), folded, whose page opens whole in the
# window; and one a node limit stopped.
tree = os.path.join(out, "nqueens9-scan-folded.html")  # 1999 nodes of 8394 drawn
summary = json.loads(run(["solve", "nqueens", "-n", "9", "--strategy", "scan", "--format", "json", "--tree", tree])
                     .stdout.splitlines()[-1])
check(["--expect-nodes", str(summary["nodes"]), tree])
# Folded, the budget is filled: whole levels, then the left part of the next one.
tree = os.path.join(out, "nqueens8-scan-folded.svg")
run(["solve", "nqueens", "-n", "8", "--strategy", "scan", "--tree-nodes", "300", "--tree", tree])
with open(tree, encoding="utf-8") as f:
    drawn = int(re.search(r'data-drawn-nodes="(\d+)"', f.read()).group(1))
if not 270 <= drawn <= 300:
    sys.exit(f"--tree-nodes 300 drew {drawn} nodes, not 270 to 300")
tree = os.path.join(out, "nqueens8-stopped.svg")
done = subprocess.run([backtrack, "solve", "nqueens", "-n", "8", "--max-nodes", "40", "--tree", tree],
                      capture_output=True, text=True, timeout=300)
if done.returncode != 3:
    sys.exit(f"--max-nodes 40 --tree: exit {done.returncode}\n{done.stderr}")
check(["--expect-nodes", "40", tree])

trees = os.path.join(out, "compare")
rows = run(["compare", "nqueens", "-n", "6", "--strategy", "scan,csp", "--format", "json", "--tree", trees])
names = sorted(os.listdir(trees))
if "index.html" not in names or len([n for n in names if n.endswith(".svg")]) != 2:
    sys.exit(f"compare --tree: {names}")
check(["--screenshot-dir", out, os.path.join(trees, "index.html")])
for line in rows.stdout.splitlines():
    row = json.loads(line)
    if row.get("type") != "row":
        continue
    svg = [n for n in names if n.endswith(".svg") and row["strategy"] in n]
    if len(svg) != 1:
        sys.exit(f"no one tree for row {row['strategy']}: {names}")
    check(["--expect-nodes", str(row["nodes"]), os.path.join(trees, svg[0])])
if len(sys.argv) > 3:
    for name, strategy in (("nqueens6-scan.svg", ["--strategy", "scan"]),
                           ("nqueens6-csp-forward.svg", ["--strategy", "csp", "--prune", "forward"])):
        drawn = os.path.join(out, name)
        run(["solve", "nqueens", "-n", "6"] + strategy + ["--print", "summary", "--tree", drawn])
        shown = os.path.join(sys.argv[3], "docs", "images", name)
        with open(drawn, "rb") as a, open(shown, "rb") as b:
            if a.read() != b.read():
                sys.exit(f"{shown} is not what the program draws today: backtrack solve nqueens -n 6 "
                         f"{' '.join(strategy)} --tree {shown}")
print("the CLI's trees pass")
