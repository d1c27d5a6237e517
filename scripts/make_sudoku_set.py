#!/usr/bin/env python3
"""Makes a set of Sudoku puzzles with unique solutions, one a line, with backtrack itself.

Each puzzle starts from a full grid: the first solution of the empty grid under strategy
csp with random value order (a seed per puzzle). Then its cells are blanked in a random
order, each blank kept only while the puzzle still has one solution (solve --limit 2,
strategy bits), until every cell has been tried or --givens are left. All the puzzles
take their step together, so each step is one run of backtrack over the whole set.

  scripts/make_sudoku_set.py BACKTRACK --box 4 --count 55 --seed 1 > sudoku16.txt
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"


def run(backtrack, args, lines):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    try:
        out = subprocess.run([backtrack, "solve", "sudoku", "--file", path, "-j", "1", "--format", "json", "-q"] + args,
                             check=False, capture_output=True, text=True)
    finally:
        os.unlink(path)
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("backtrack", help="the backtrack program")
    parser.add_argument("--box", type=int, default=4, help="box side: 3, 4 or 5 (9x9, 16x16, 25x25)")
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--givens", type=int, default=0, help="stop blanking at this many givens")
    a = parser.parse_args()
    n = a.box * a.box
    empty = "." * (n * n)
    grids = []
    for i in range(a.count):
        rows = run(a.backtrack, ["--strategy", "csp", "--prune", "domain", "--values", "random", "--seed",
                                 str(a.seed * 1000 + i), "--first"], [empty])
        grid = next(r["grid"] for r in rows if "grid" in r)
        grids.append([SYMBOLS[v - 1] for row in grid for v in row])
    rng = random.Random(a.seed)
    orders = [rng.sample(range(n * n), n * n) for _ in grids]
    for step in range(n * n):
        trial = []
        for g, order in zip(grids, orders):
            t = list(g)
            t[order[step]] = "."
            trial.append("".join(t))
        givens = [sum(c != "." for c in g) for g in grids]
        if max(givens) <= a.givens:
            break
        rows = [r for r in run(a.backtrack, ["--limit", "2"], trial) if r.get("type") == "instance"]
        for r in rows:
            i = r["instance_index"] - 1
            if r["solutions"] == "1" and givens[i] > a.givens:
                grids[i] = list(trial[i])
        print(f"step {step + 1}/{n * n}: givens {min(givens)}..{max(givens)}", file=sys.stderr)
    for g in grids:
        print("".join(g))


if __name__ == "__main__":
    main()
