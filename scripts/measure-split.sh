#!/usr/bin/env bash
# What splitting a count costs (bench/split.cpp): runs the benchmark with repetitions,
# interleaved at random, and prints per instance the median wall times of one plain
# search, of the count on 1 thread and on 2, and the ratios count1/search (the split's
# overhead; target <= 1.10 from 10^4 nodes up) and count1/count2 (the speed-up); then
# the same ratios of the fastest repetition of each: on a shared machine, time lost to
# others only adds, so they swing less than the medians.
# Usage: scripts/measure-split.sh [REPETITIONS] [FILTER]   e.g. 5 'nqueens_word'
set -euo pipefail
cd "$(dirname "$0")/.."
repetitions=${1:-5}
filter=${2:-.}
exe=${BENCH_SPLIT:-./build/bench/bench_split}
json=$(mktemp)
trap 'rm -f "$json"' EXIT
"$exe" --benchmark_filter="$filter" --benchmark_repetitions="$repetitions" \
  --benchmark_enable_random_interleaving=true --benchmark_min_time=0.2 \
  --benchmark_format=json --benchmark_out_format=json --benchmark_out="$json" >/dev/null
grep -m1 'model name' /proc/cpuinfo | sed 's/.*: /# CPU: /'
echo "# $repetitions repetitions, medians of wall time (ms); the last two columns: the fastest repetition of each"
python3 - "$json" "$repetitions" <<'EOF'
import json, sys
runs = json.load(open(sys.argv[1]))["benchmarks"]
# One repetition has no aggregates: its one run is the median.
key, value = ("run_type", "iteration") if sys.argv[2] == "1" else ("aggregate_name", "median")
med, fastest = {}, {}
for r in runs:
    _, instance, way = r["run_name"].split("/")[:3]
    if r.get(key) == value:
        med.setdefault(instance, {})[way] = r
    if r.get("run_type") == "iteration":
        best = fastest.setdefault(instance, {})
        best[way] = min(best.get(way, r["real_time"]), r["real_time"])
print("| instance | nodes | subtrees | search ms | count1 ms | count2 ms | count1/search | count1/count2 | fastest: count1/search | count1/count2 |")
print("|---|---|---|---|---|---|---|---|---|---|")
for instance, w in med.items():
    if len(w) < 3:
        continue
    s, c1, c2 = (w[k]["real_time"] for k in ("search", "count1", "count2"))
    f = fastest[instance]
    print("| {} | {:.0f} | {:.0f} | {:.3f} | {:.3f} | {:.3f} | {:.2f} | {:.2f} | {:.2f} | {:.2f} |".format(
        instance, w["search"]["nodes"], w["count1"]["subtrees"], s, c1, c2, c1 / s, c1 / c2,
        f["count1"] / f["search"], f["count1"] / f["count2"]))
EOF
