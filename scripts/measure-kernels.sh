#!/usr/bin/env bash
# The N-Queens kernels against another counter, alternated: each round runs, for every n
# and thread count, the kernels named (BACKTRACK_NQUEENS_KERNEL) and then the other
# counter, under /usr/bin/time. Prints one line a run (round n threads program wall_s
# cpu_s solutions nodes), then a Markdown table: each cell the rounds' CPU (or wall)
# seconds and the median over the rounds of the other's / ours, taken within a round.
# Usage: scripts/measure-kernels.sh OTHER ROUNDS "SIZES" "THREADS" "KERNELS"
#   OTHER: a program run as `OMP_NUM_THREADS=J OTHER N` that prints the count among
#   its output (Takaken's counter, built as docs/performance.md says), or - for none.
#   e.g. scripts/measure-kernels.sh /tmp/takaken/takaken 3 "17 18" "1 2" "avx512 avx512bw avx2"
set -euo pipefail
cd "$(dirname "$0")/.."
other=${1:?the other counter, or -}
rounds=${2:-3}
sizes=${3:-"17 18"}
threads=${4:-"1 2"}
kernels=${5:-"avx512 avx512bw avx2"}
exe=${BACKTRACK:-./build-release/apps/backtrack}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# timed COMMAND...: runs it; sets out (its output, stderr too), wall and cpu (user + sys).
timed() {
  out=$(/usr/bin/time -f "TIME %e %U %S" "$@" 2>&1)
  read -r _ wall cpu <<<"$(grep '^TIME' <<<"$out" | awk '{print $1, $2, $3 + $4}')"
}
for r in $(seq 1 "$rounds"); do
  for n in $sizes; do
    for j in $threads; do
      for k in $kernels; do
        timed env BACKTRACK_NQUEENS_KERNEL="$k" "$exe" solve nqueens -n "$n" --count -j "$j" --format json -q
        counts=$(grep '^{' <<<"$out" | python3 -c 'import json,sys; d=json.loads(sys.stdin.readline()); print(d["solutions"], d["nodes"])')
        echo "$r $n $j $k $wall $cpu $counts" | tee -a "$log"
      done
      if [ "$other" != - ]; then
        timed env OMP_NUM_THREADS="$j" "$other" "$n"
        solutions=$(grep -v '^TIME' <<<"$out" | tr -s ' \t' '\n\n' | grep -E '^[0-9]{4,}$' | head -1)
        echo "$r $n $j other $wall $cpu ${solutions:--} -" | tee -a "$log"
      fi
    done
  done
done
python3 - "$log" "$kernels" <<'PY'
import collections, statistics, sys
runs = collections.defaultdict(dict)  # (n, threads) -> round -> program -> (wall, cpu)
for line in open(sys.argv[1]):
    r, n, j, p, wall, cpu = line.split()[:6]
    runs[(int(n), int(j))].setdefault(r, {})[p] = (float(wall), float(cpu))
programs = sys.argv[2].split()
print("\n| n | threads | measure | " + " | ".join(programs) + " | other |")
print("|---|---|---|" + "---|" * (len(programs) + 1))
for (n, j), rounds in sorted(runs.items()):
    for i, measure in ((1, "CPU s"), (0, "wall s")):
        cells = []
        for p in programs + ["other"]:
            times = ", ".join(f"{rd[p][i]:.2f}" for rd in rounds.values() if p in rd)
            ratios = [rd["other"][i] / rd[p][i] for rd in rounds.values() if p in rd and "other" in rd and rd[p][i] > 0]
            cells.append(times + (f" ({statistics.median(ratios):.2f}x)" if ratios and p != "other" else ""))
        print(f"| {n} | {j} | {measure} | " + " | ".join(cells) + " |")
PY
