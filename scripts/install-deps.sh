#!/usr/bin/env bash
# Installs the Debian 12 packages backtrack needs, skipping those already present.
# Safe to run any number of times. Needs root (or sudo) only when something is missing.
set -euo pipefail

# Usage: install-deps.sh [--program] [MORE_PACKAGES...]
#   --program: only what building the program needs (scripts/run.sh), not the tests'.
program=(
  cmake ninja-build g++ pkgconf
  libboost-dev libboost-program-options-dev
  libspdlog-dev libfmt-dev nlohmann-json3-dev libtbb-dev
)
suite=(
  googletest libgtest-dev libbenchmark-dev
  openmpi-bin libopenmpi-dev libboost-mpi-dev
  gnuplot-nox
  # tests/docs/run_doc_examples.py: runs the examples of README.md and docs/.
  python3
  # tests/flatzinc and scripts/minizinc-spec-tests: MiniZinc drives fzn-backtrack, with
  # Gecode's FlatZinc solver (package flatzinc) to check against; the spec tests' YAML.
  minizinc flatzinc python3-yaml
  # scripts/fuzz.sh: clang, libFuzzer, and the sanitizer runtimes, which clang only
  # recommends (and recommended packages are not installed here).
  clang libfuzzer-14-dev libclang-rt-14-dev
  # tests/tree/check_tree_files.py: search tree drawings as a person opens them, the
  # pages in headless Chromium, the DOT files through Graphviz.
  chromium graphviz
  # The Python module (python/, import backtrack) and its tests: pybind11, Python's headers,
  # pytest; pandas and matplotlib for compare's DataFrame and the notebook in
  # examples/python, run by jupyter nbconvert with the ipykernel.
  pybind11-dev python3-dev python3-pytest python3-numpy python3-pandas python3-matplotlib
  jupyter-notebook python3-nbconvert python3-ipykernel
)
if [ "${1:-}" = --program ]; then
  shift
  packages=("${program[@]}" "$@")
else
  packages=("${program[@]}" "${suite[@]}" "$@")
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

as_root=()
[ "$(id -u)" -ne 0 ] && as_root=(sudo)
echo "installing: ${missing[*]}" >&2
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
