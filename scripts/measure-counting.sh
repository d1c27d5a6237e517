#!/usr/bin/env bash
# Times full counts through the CLI (its own clock, wall seconds) for a range of n,
# thread counts, symmetry modes and strategies, and prints a Markdown table.
# Usage: scripts/measure-counting.sh "14 15 16" "1 2" "none mirror full" "word border"
# (border has symmetry full only; combinations a strategy lacks are skipped).
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=${1:-"14 15 16 17"}
threads=${2:-"1 2"}
symmetries=${3:-"none mirror full"}
strategies=${4:-"word"}
exe=${BACKTRACK:-./build/apps/backtrack}
echo "| n | strategy | symmetry | threads | solutions | classes | nodes | seconds | nodes/s |"
echo "|---|---|---|---|---|---|---|---|---|"
for n in $sizes; do
  for strategy in $strategies; do
    for sym in $symmetries; do
      [ "$strategy" = border ] && [ "$sym" != full ] && continue
      for j in $threads; do
        "$exe" solve nqueens -n "$n" --count --strategy "$strategy" --symmetry "$sym" -j "$j" --format json -q |
          python3 -c '
import json, sys
d = json.loads(sys.stdin.readline())
print("| {} | {} | {} | {} | {} | {} | {} | {:.3f} | {:.0f}M |".format(
    d["instance"]["n"], d["instance"]["strategy"], d["instance"]["symmetry"], d["threads"], d["solutions"],
    d.get("classes", "-"), d["nodes"], d["seconds"], d["nodes_per_second"] / 1e6))'
      done
    done
  done
done
