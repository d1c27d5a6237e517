#!/usr/bin/env bash
# Start-up time of one or more backtrack executables (issue 14), alternated round by round
# so that a busy machine slows them alike: each round runs every executable RUNS times in
# a loop timed with `date +%s%N`; prints the median per run (ms) over the rounds, for
# `solve sudoku -p <a 9x9 puzzle>` and for `--version`, with /bin/true as the floor.
# Usage: scripts/measure-startup.sh [ROUNDS] [RUNS] EXE...
set -euo pipefail
rounds=${1:-15}
runs=${2:-100}
shift 2
puzzle='53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'
results=$(mktemp)
trap 'rm -f "$results"' EXIT
time_loop() {  # label command...
  local label=$1
  shift
  local t0 t1
  t0=$(date +%s%N)
  for ((i = 0; i < runs; ++i)); do "$@" >/dev/null; done
  t1=$(date +%s%N)
  echo "$label $(((t1 - t0) / runs))" >>"$results"
}
for ((r = 0; r < rounds; ++r)); do
  time_loop "/bin/true" /bin/true
  for exe in "$@"; do
    time_loop "$exe solve sudoku" "$exe" solve sudoku -p "$puzzle"
    time_loop "$exe --version" "$exe" --version
  done
done
grep -m1 'model name' /proc/cpuinfo | sed 's/.*: /# CPU: /'
echo "# $rounds rounds of $runs runs, median ms per run"
python3 - "$results" <<'EOF'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    label, ns = line.rsplit(" ", 1)
    runs.setdefault(label, []).append(int(ns))
for label, ns in runs.items():
    print("{:>8.3f}  {}".format(statistics.median(ns) / 1e6, label))
EOF
