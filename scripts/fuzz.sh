#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz: clang, AddressSanitizer + UBSan) in
# build-fuzz and runs each for SECONDS on a copy of its seed corpus; exits non-zero if
# any target finds a crash, a sanitizer report or a broken promise.
#
#   bash scripts/fuzz.sh                  # 5 s a target: the short run of scripts/test.sh
#   bash scripts/fuzz.sh 600              # ten minutes a target
#   bash scripts/fuzz.sh 60 nqueens_check_fuzz sudoku_grid_fuzz
#
# The seconds may also come from FUZZ_SECONDS. A failing input is written to
# build-fuzz/artifacts/; rerun it with build-fuzz/tests/fuzz/TARGET FILE.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-${FUZZ_SECONDS:-5}}
shift $(($# > 0 ? 1 : 0))
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  # Every target: each has its seed corpus in tests/fuzz/corpus/<target>/, which
  # tests/fuzz/CMakeLists.txt checks.
  for dir in tests/fuzz/corpus/*/; do targets+=("$(basename "$dir")"); done
fi

launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake --preset fuzz "${launcher[@]}" >/dev/null  # CMakePresets.json
cmake --build --preset fuzz -j "$(nproc)" --target "${targets[@]}"

mkdir -p build-fuzz/artifacts
# One target: its log in build-fuzz/TARGET.log, its status the fuzzer's.
fuzz_one() {
  local target=$1
  # A copy, so that what the fuzzer adds never lands in the seed corpus under version control.
  local corpus=build-fuzz/corpus/$target
  rm -rf "$corpus" && mkdir -p "$corpus" && cp tests/fuzz/corpus/"$target"/* "$corpus"/
  # A dictionary of the input's words, where the target has one.
  local dict=()
  [ -f tests/fuzz/"$target".dict ] && dict=(-dict=tests/fuzz/"$target".dict)
  echo "fuzz: $target for $seconds s" >&2
  build-fuzz/tests/fuzz/"$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 "${dict[@]}" \
    -print_final_stats=1 -artifact_prefix=build-fuzz/artifacts/"$target"- "$corpus" >build-fuzz/"$target".log 2>&1
}
# As many targets at once as there are cores: each fuzzer runs on one.
declare -A running=()
failed=()
finish_one() {  # waits for the oldest running target
  local target=$1
  if ! wait "${running[$target]}"; then
    tail -n 40 build-fuzz/"$target".log >&2
    failed+=("$target")
  fi
  grep -E '^stat::number_of_executed_units' build-fuzz/"$target".log >&2 || true
  unset "running[$target]"
}
order=()
for target in "${targets[@]}"; do
  if [ ${#order[@]} -ge "$(nproc)" ]; then
    finish_one "${order[0]}"
    order=("${order[@]:1}")
  fi
  fuzz_one "$target" &
  running[$target]=$!
  order+=("$target")
done
for target in "${order[@]}"; do finish_one "$target"; done
if [ ${#failed[@]} -ne 0 ]; then
  echo "fuzz: failed: ${failed[*]} (inputs in build-fuzz/artifacts/, logs in build-fuzz/*.log)" >&2
  exit 1
fi
echo "fuzz: ${#targets[@]} targets, $seconds s each, no failure" >&2
