#!/usr/bin/env bash
# Times one count spread over 1, 2, ... MPI ranks on this machine, one thread per rank,
# and prints a Markdown table: the best of R runs, by the program's own clock (the
# count's search_seconds, without mpiexec starting the ranks or joining the MPI job) and
# by the wall clock (everything).
# Usage: scripts/measure-mpi.sh [n] [repeats] ["ranks ..."]   (default: 16 5 "1 2")
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-16}
repeats=${2:-5}
ranks=${3:-"1 2"}
exe=${BACKTRACK:-./build/apps/backtrack}
if [ "$(id -u)" -eq 0 ]; then  # Open MPI refuses root unless told
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi
echo "| ranks x threads | solutions | seconds (count) | seconds (wall) | speed-up (count) |"
echo "|---|---|---|---|---|"
baseline=""
for k in $ranks; do
  best=""
  best_wall=""
  solutions=""
  for _ in $(seq "$repeats"); do
    start=$(date +%s.%N)
    summary=$(mpiexec -n "$k" "$exe" solve nqueens -n "$n" --count -j 1 --mpi --format json -q)
    wall=$(python3 -c "print($(date +%s.%N) - $start)")
    read -r seconds solutions < <(echo "$summary" | python3 -c '
import json, sys
d = json.loads(sys.stdin.readline())
print(d["search_seconds"], d["solutions"])')
    best=$(python3 -c "print(min(float('${best:-inf}'), $seconds))")
    best_wall=$(python3 -c "print(min(float('${best_wall:-inf}'), $wall))")
  done
  baseline=${baseline:-$best}
  printf "| %s x 1 | %s | %.3f | %.3f | %.2fx |\n" "$k" "$solutions" "$best" "$best_wall" \
    "$(python3 -c "print($baseline / $best)")"
done
