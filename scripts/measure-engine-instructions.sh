#!/usr/bin/env bash
# The engine against the hand-written loops in instructions executed and data reads
# (callgrind with its cache simulation), figures that do not move with the machine's
# load, beside bench_engine_vs_hand's times. Data reads show what the register
# allocator spilled: the hand-written loop keeps in registers what the engine's may read
# from the stack. Valgrind cannot run AVX-512 code, so the benchmark is built for the
# portable baseline (x86-64-v2) in build-portable. Prints engine / hand per strategy and
# size.
# Usage: scripts/measure-engine-instructions.sh
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 69; }
cmake -S . -B build-portable -G Ninja -DCMAKE_BUILD_TYPE=Release -DBACKTRACK_MPI=OFF -DBACKTRACK_BUILD_TESTS=OFF \
  >/dev/null
cmake --build build-portable --target bench_engine_vs_hand >/dev/null
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "| strategy | n | engine (instructions) | by hand | engine / hand | engine (data reads) | by hand | engine / hand |"
echo "|---|---|---|---|---|---|---|---|"
for case in word:12 symmetric:13 border:14; do
  strategy=${case%%:*}
  n=${case##*:}
  # Under valgrind one iteration outlasts the minimum time: each side runs once per
  # repetition, the same number of times.
  valgrind --tool=callgrind --cache-sim=yes --callgrind-out-file="$out/$strategy.out" build-portable/bench/bench_engine_vs_hand \
    --benchmark_filter="^${strategy}_(engine|hand_inlined)/$n/" --benchmark_min_time=0.001 \
    --benchmark_format=json >"$out/$strategy.json" 2>/dev/null
  callgrind_annotate --inclusive=yes "$out/$strategy.out" 2>/dev/null |
    python3 -c '
import json, re, sys
strategy, n, runs = sys.argv[1], sys.argv[2], json.load(open(sys.argv[3]))["benchmarks"]
iterations = {}
for r in runs:
    if r.get("run_type") == "iteration":
        side = "engine" if "_engine/" in r["name"] else "hand"
        iterations[side] = iterations.get(side, 0) + r["iterations"]
if len(iterations) != 2 or iterations["engine"] != iterations["hand"]:
    sys.exit("the two sides ran different numbers of iterations: %s" % iterations)
cost = {}
for line in sys.stdin:
    # Columns Ir, Dr, Dw, ..., each inclusive figure followed by its share in brackets.
    m = re.match(r"\s*([\d,]+) \([^)]*\)\s+([\d,]+) .*\(anonymous namespace\)::(engine|hand_inlined)<", line)
    if m:
        cost["engine" if m[3] == "engine" else "hand"] = [int(m[i].replace(",", "")) for i in (1, 2)]
(ir, dr), (hand_ir, hand_dr) = cost["engine"], cost["hand"]
print("| {} | {} | {:,} | {:,} | {:.3f} | {:,} | {:,} | {:.3f} |".format(
    strategy, n, ir, hand_ir, ir / hand_ir, dr, hand_dr, dr / hand_dr))
' "$strategy" "$n" "$out/$strategy.json"
done
