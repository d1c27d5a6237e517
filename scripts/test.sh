#!/usr/bin/env bash
# Installs what is missing, then builds and runs the whole test suite twice: a Release
# build with warnings as errors, and a build under AddressSanitizer + UBSan; ends with a
# short run of every fuzz target (scripts/fuzz.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
jobs=$(nproc)

# The Release build is tuned for this CPU, as the timings of docs/performance.md are; the ASan
# build keeps the portable baseline (x86-64-v2), so both are tested.
cmake --preset release >/dev/null  # CMakePresets.json
# A fresh tree first builds the one target backtrack and installs from it (what the docs
# promise is enough), then the rest.
bash tests/find_package/install_program_only.sh build-release "$jobs"
cmake --build --preset release -j "$jobs"
# The release test preset sets GLIBC_TUNABLES so that malloc keeps freed memory: tests that
# split thousands of small trees free and take back a few hundred kB each time, and handing
# it back to the kernel every time doubled their CPU time on a virtual machine.
ctest --preset release -j "$jobs"

cmake --preset asan >/dev/null
cmake --build --preset asan -j "$jobs"
ctest --preset asan -j "$jobs"

bash scripts/fuzz.sh
