#!/usr/bin/env bash
# The main job: install what is missing, build in Release, count the N-Queens solutions
# for the default board size and print the count, time, nodes and one board.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh --program  # what the program needs; scripts/test.sh adds the rest
# Built for this machine's CPU (-march=native): the counts are measured here.
cmake --preset native >/dev/null  # CMakePresets.json
cmake --build --preset native
./build/apps/backtrack solve nqueens "$@"
