#!/usr/bin/env bash
# The engine against the hand-written loops in time, on this machine's CPU: builds
# bench_engine_vs_hand for it (Release, -march=native, in build-bench), runs it ROUNDS
# times with the sides interleaved at random (5 repetitions each), and prints the CPU as
# /proc/cpuinfo names it, then a Markdown table of the medians of CPU time, one row per
# strategy, size and round: the engine, the hand-written loop, a second copy of that
# loop's code, and their ratios to the loop; then the same for the fastest repetition of
# each over all rounds. The copy's ratio is what the placement of
# identical code alone does to the time here: the floor of what the engine's ratio can
# tell. Instructions executed, which do not move with the load:
# scripts/measure-engine-instructions.sh.
# Usage: scripts/measure-engine-vs-hand.sh [ROUNDS]
#   BENCH=path: run that bench_engine_vs_hand instead of building one (built elsewhere,
#   for a machine that cannot build it); MIN_TIME=seconds: each repetition's least time
#   (default Google Benchmark's 0.5), shorter for a machine lent for minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-1}
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "ROUNDS must be a positive whole number, got '$rounds'" >&2; exit 64; }
bench=${BENCH:-}
min_time=()
[ -n "${MIN_TIME:-}" ] && min_time=(--benchmark_min_time="$MIN_TIME")
if [ -z "$bench" ]; then
  # The build's output only when it fails (a native build warns that its package is for this CPU).
  quiet() { local out; out=$("$@" 2>&1) || { echo "$out" >&2; exit 1; }; }
  quiet cmake -S . -B build-bench -G Ninja -DCMAKE_BUILD_TYPE=Release -DBACKTRACK_NATIVE=ON -DBACKTRACK_MPI=OFF \
    -DBACKTRACK_BUILD_TESTS=OFF
  quiet cmake --build build-bench --target bench_engine_vs_hand
  bench=build-bench/bench/bench_engine_vs_hand
fi
[ -x "$bench" ] || { echo "no benchmark to run at '$bench'" >&2; exit 66; }
field() { grep -m1 "^$1[[:space:]]*:" /proc/cpuinfo | sed 's/^[^:]*: *//'; }
echo "CPU: $(field 'model name'), family $(field 'cpu family'), model $(field model), stepping $(field stepping)" \
  "($(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)), $(date -u +%Y-%m-%d)"
echo
runs=$(mktemp -d)
trap 'rm -rf "$runs"' EXIT
# Medians of each round, then the fastest repetition of each side over all rounds: on a
# machine shared with others, time lost to them only adds, so the fastest repetition is
# the steadiest reading of what the code itself costs (on an Intel Xeon the medians of one
# round swung by 10-30% where the fastest of 40 held within a few percent).
table() {
  python3 -c '
import glob, json, re, sys
rows = {}
for path in sorted(glob.glob(sys.argv[1] + "/*.json")):
    round_ = int(path.rsplit("/", 1)[1].split(".")[0])  # round 10 after round 9
    for b in json.load(open(path))["benchmarks"]:
        if b.get("aggregate_name") != sys.argv[2]:
            continue
        strategy, side, n = re.match(r"(\w+?)_(engine|hand_inlined|hand_copy)/(\d+)/", b["name"]).groups()
        key = (strategy, int(n), round_ if sys.argv[2] == "median" else "all")
        rows.setdefault(key, {})[side] = min(rows.get(key, {}).get(side, float("inf")), b["cpu_time"])
for (strategy, n, round_), t in sorted(rows.items()):
    engine, hand, copy = t["engine"], t["hand_inlined"], t["hand_copy"]
    print("| {} | {} | {} | {:.3g} | {:.3g} | {:.3g} | {:.3f} | {:.3f} |".format(
        strategy, n, round_, engine, hand, copy, engine / hand, copy / hand))
' "$runs" "$1"
}
for ((round = 1; round <= rounds; ++round)); do
  "$bench" --benchmark_enable_random_interleaving=true --benchmark_report_aggregates_only=true "${min_time[@]}" \
    --benchmark_format=json >"$runs/$round.json" 2>/dev/null
done
header="| strategy | n | round | engine (ms) | by hand (ms) | copy of the hand loop (ms) | engine / hand | copy / hand |
|---|---|---|---|---|---|---|---|"
echo "Medians of each round:"
echo
echo "$header"
table median
echo
echo "The fastest repetition of each over all $rounds round(s):"
echo
echo "$header"
table min
