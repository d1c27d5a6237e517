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
cmake -S . -B build-release -G Ninja -DCMAKE_BUILD_TYPE=Release -DBACKTRACK_WERROR=ON -DBACKTRACK_MPI=ON \
  -DBACKTRACK_NATIVE=ON >/dev/null
cmake --build build-release -j "$jobs"
ctest --test-dir build-release --output-on-failure -j "$jobs"

cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBACKTRACK_WERROR=ON \
  -DBACKTRACK_SANITIZE=ON -DBACKTRACK_BUILD_BENCH=OFF -DBACKTRACK_MPI=OFF >/dev/null
cmake --build build-asan -j "$jobs"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build-asan --output-on-failure -j "$jobs"

bash scripts/fuzz.sh
