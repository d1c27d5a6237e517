#!/usr/bin/env bash
# The main job: install what is missing, build in Release, count the N-Queens solutions
# for the default board size and print the count, time, nodes and one board.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# Built for this machine's CPU (-march=native): the counts are measured here.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DBACKTRACK_NATIVE=ON -DBACKTRACK_BUILD_TESTS=OFF \
  -DBACKTRACK_BUILD_BENCH=OFF >/dev/null
cmake --build build --target backtrack
./build/apps/backtrack solve nqueens "$@"
