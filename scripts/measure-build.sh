#!/usr/bin/env bash
# Usage: scripts/measure-build.sh [BUILD_DIR]
# What a newcomer's first build costs: a fresh build of the one target `backtrack` as
# scripts/run.sh makes it (preset native), without ccache, on every core. Prints the CPU,
# the wall time, the CPU time of each translation unit (the slowest first), and each
# figure against its target (issue 42): the target at most 150 s wall, no unit above
# 30 s of CPU, apps/main.cpp under 2 s. Exits 1 if one is missed.
set -euo pipefail
cd "$(dirname "$0")/.."
[[ -x /usr/bin/time ]] || { echo "measure-build: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
le() { awk -v a="$1" -v b="$2" 'BEGIN { print (a <= b) ? 1 : 0 }'; }
lt() { awk -v a="$1" -v b="$2" 'BEGIN { print (a < b) ? 1 : 0 }'; }
build=${1:-/tmp/backtrack-measure-build}
rm -rf "$build"
mkdir -p "$build"
# Each compile timed on its own: the launcher writes "CPU_SECONDS SOURCE" per unit.
cat >"$build/timed-compile" <<'LAUNCHER'
#!/usr/bin/env bash
log=$(dirname "$0")/compile-times
source=
for arg in "$@"; do [[ $arg == *.cpp || $arg == *.cxx ]] && source=$arg; done
exec /usr/bin/time -a -o "$log" -f "%U %S $source" "$@"
LAUNCHER
chmod +x "$build/timed-compile"
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
echo "CPU: $cpu, $(nproc) cores; $(date -u +%Y-%m-%d); commit $(git rev-parse --short HEAD)"
CCACHE_DISABLE=1 cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBACKTRACK_NATIVE=ON \
  -DBACKTRACK_BUILD_TESTS=OFF -DBACKTRACK_BUILD_BENCH=OFF -DCMAKE_CXX_COMPILER_LAUNCHER="$build/timed-compile" >/dev/null
start=$(date +%s%N)
CCACHE_DISABLE=1 cmake --build "$build" --target backtrack -j "$(nproc)" >/dev/null
wall=$(( ($(date +%s%N) - start) / 1000000000 ))
status=0
verdict() { if [[ $1 == 1 ]]; then echo "met"; else echo "MISSED"; status=1; fi; }
echo "build of target backtrack: $wall s wall (target: at most 150 s): $(verdict "$(le "$wall" 150)")"
echo "CPU seconds per translation unit, slowest first:"
# A unity build's unit (BACKTRACK_UNITY_BUILD) is named by the files it includes; a
# precompiled header by its target.
name_of() {
  case $1 in
    */Unity/*) grep -o '#include "[^"]*"' "$1" | sed "s|#include \"$PWD/||; s|\"||" | paste -sd+ ;;
    */cmake_pch.hxx.cxx) echo "precompiled header of $(basename "$(dirname "$1")" .dir)" ;;
    *) echo "${1#"$PWD"/}" ;;
  esac
}
while read -r user system source; do
  printf "%7.1f  %s\n" "$(awk -v u="$user" -v s="$system" 'BEGIN { print u + s }')" "$(name_of "$source")"
done <"$build/compile-times" | sort -rn | tee "$build/units" | head -15
slowest=$(head -1 "$build/units" | awk '{print $1}')
main=$(awk '$2 == "apps/main.cpp" { print $1 }' "$build/units")
total=$(awk '{ s += $1 } END { printf "%.0f", s }' "$build/units")
echo "units: $(wc -l <"$build/units"), $total CPU seconds in all"
echo "slowest unit: $slowest s of CPU (target: at most 30 s): $(verdict "$(le "$slowest" 30)")"
echo "apps/main.cpp: $main s of CPU (target: under 2 s): $(verdict "$(lt "$main" 2)")"
exit $status
