#!/usr/bin/env bash
# Does the program's clock cover the command? For a few commands of 50 ms or more, prints
# a Markdown table: the wall time measured out here, the process start-up (the wall time of
# `backtrack --version`, which loads the same program and does nothing), the seconds the
# command reports (solve: its summary's `seconds`; compare: the sum of its rows'), and
# reported / (wall - start-up), which should be within 5% of 1. Each figure is the median
# of R runs (the ratio: of the R runs' ratios).
# Usage: scripts/measure-clock.sh [R]   (default 5; BACKTRACK=path picks the program)
set -euo pipefail
cd "$(dirname "$0")/.."
repeats=${1:-5}
exe=${BACKTRACK:-./build/apps/backtrack}
out=$(mktemp)
trap 'rm -f "$out"' EXIT

now() { date +%s.%N; }
median() { python3 -c 'import statistics, sys; print(statistics.median(float(x) for x in sys.argv[1:]))' "$@"; }

# Wall seconds of one run of the program with these arguments; its stdout goes to $out.
wall() {
  local start end
  start=$(now)
  "$exe" "$@" >"$out" || true  # a run stopped by --max-nodes (exit 3) still reports
  end=$(now)
  python3 -c "print($end - $start)"
}

# The seconds the last run reported, from its JSON on $out.
reported() {
  python3 -c '
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1]).read().splitlines()]
d = lines[-1]
print(sum(r["seconds"] for r in lines if r["type"] == "row") if d["type"] == "compare" else d["seconds"])' "$out"
}

echo "| command | wall s | start-up s | reported s | reported / (wall - start-up) |"
echo "|---|---|---|---|---|"
# The machine's load drifts: each run's start-up is measured just before it.
measure() {
  local walls=() startups=() reports=() ratios=() w s r
  for _ in $(seq "$repeats"); do
    s=$(wall --version)
    w=$(wall "$@" --format json -q)
    r=$(reported)
    startups+=("$s")
    walls+=("$w")
    reports+=("$r")
    ratios+=("$(python3 -c "print($r / ($w - $s))")")
  done
  python3 -c 'import sys; c, w, s, r, q = sys.argv[1:]; print(f"| {c} | {float(w):.4f} | {float(s):.4f} | {float(r):.4f} | {float(q):.3f} |")' \
    "$*" "$(median "${walls[@]}")" "$(median "${startups[@]}")" "$(median "${reports[@]}")" "$(median "${ratios[@]}")"
}

measure solve nqueens -n 14 --count
measure solve nqueens -n 15 --count
measure solve pentomino --shape 3x20 --symmetry none --count
measure solve sudoku --puzzle '.............2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..' --count
measure solve nqueens -n 1000 --strategy dlx --max-nodes 1000  # building the instance is most of it
measure compare nqueens -n 12 --strategy scan,arrays,bitset,word
