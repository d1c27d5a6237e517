#!/usr/bin/env bash
# Two threads against one on N-Queens counts, beside the machine's own ceiling for runs
# of the same length (bench/two_threads_control: plain arithmetic split over oneTBB
# tasks, in a fresh process, as a count starts its threads).
# Each round runs, one after the other: the count on 1 thread and on 2 (the CLI's own
# `seconds`), then the control on 1 thread and on 2, with as much work as the count's
# 1-thread run. Prints medians over the rounds.
# Usage: scripts/measure-two-threads.sh ROUNDS "STRATEGY:N[:SYMMETRY] ..."
#   e.g. 11 "word:13:none border:14"   (no symmetry named: the strategy's default)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-11}
counts=${2:-"word:13:none word:14:none word:15:none border:14 border:15 border:16"}
exe=${BACKTRACK:-./build/apps/backtrack}
control=${CONTROL:-./build/bench/two_threads_control}
grep -m1 'model name' /proc/cpuinfo | sed 's/.*: /# CPU: /'
echo "# $rounds rounds, medians; speed = seconds on 1 thread / seconds on 2"
# Seconds of one unit of the control's work, on one thread.
unit=$(python3 -c "import sys; print(float(sys.argv[1]) / 200)" "$("$control" 200 1)")
echo "| count | nodes | 1 thread (s) | 2 threads (s) | speed | control: 1 thread (s) | 2 threads (s) | speed |"
echo "|---|---|---|---|---|---|---|---|"
for spec in $counts; do
  IFS=: read -r strategy n symmetry <<<"$spec"
  symmetry_option=()
  [ -n "$symmetry" ] && symmetry_option=(--symmetry "$symmetry")
  seconds() {
    # The output is read after the count has ended: a reader started beside it (python
    # takes some 20 ms of CPU to start) would take a core from a 2-thread count.
    local out
    out=$("$exe" solve nqueens -n "$n" --count --strategy "$strategy" "${symmetry_option[@]}" -j "$1" --format json -q)
    python3 -c 'import json, sys; d = json.loads(sys.argv[1]); print(d["seconds"], d["nodes"])' "$out"
  }
  read -r first nodes < <(seconds 1)
  units=$(python3 -c "import sys; print(max(2, round(float(sys.argv[1]) / float(sys.argv[2]))))" "$first" "$unit")
  results=()
  for _ in $(seq "$rounds"); do
    read -r one _ < <(seconds 1)
    read -r two _ < <(seconds 2)
    results+=("$one $two $("$control" "$units" 1) $("$control" "$units" 2)")
  done
  printf '%s\n' "${results[@]}" | python3 -c '
import statistics, sys
rows = [list(map(float, line.split())) for line in sys.stdin]
med = [statistics.median(r[i] for r in rows) for i in range(4)]
speed = lambda a, b: statistics.median(r[a] / r[b] for r in rows)
print("| {} n = {} {} | {} | {:.4f} | {:.4f} | {:.2f} | {:.4f} | {:.4f} | {:.2f} |".format(
    sys.argv[1], sys.argv[2], sys.argv[4], sys.argv[3], med[0], med[1], speed(0, 1), med[2], med[3], speed(2, 3)))' \
    "$strategy" "$n" "$nodes" "${symmetry:-(default)}"
done
