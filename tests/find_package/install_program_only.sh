#!/usr/bin/env bash
# cmake --install from a build tree in which only the target `backtrack` is built, as
# docs/install says is enough: before that target, the install refuses and copies nothing;
# after it, the program, its package and its manual page install, and the MiniZinc solver
# (fzn-backtrack, not built) is left out with a word, not half-installed.
# Usage: install_program_only.sh BUILD_DIR JOBS. scripts/test.sh calls it on its fresh
# Release tree before the full build; a tree with fzn-backtrack built already is no test.
set -euo pipefail
build=$(cd "$1" && pwd)
jobs=$2
if [[ -e $build/apps/fzn-backtrack ]]; then
  echo "install_program_only: skipped, $build has fzn-backtrack built already"
  exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "install_program_only: $*" >&2; exit 1; }

if [[ ! -e $build/apps/backtrack ]]; then
  if cmake --install "$build" --prefix "$work/early" >"$work/early.log" 2>&1; then
    fail "an install before backtrack is built succeeded"
  fi
  grep -q "nothing installed: build backtrack first" "$work/early.log" || fail "no word why: $(cat "$work/early.log")"
  [[ -z $(find "$work/early" -type f 2>/dev/null) ]] || fail "a refused install left files in the prefix"
fi

cmake --build "$build" --target backtrack -j "$jobs"
cmake --install "$build" --prefix "$work/prefix" >"$work/install.log" 2>&1 || fail "install failed: $(cat "$work/install.log")"
grep -q "MiniZinc solver not installed: fzn-backtrack is not built" "$work/install.log" ||
  fail "no word that the MiniZinc solver is left out: $(cat "$work/install.log")"
[[ ! -e $work/prefix/bin/fzn-backtrack && -z $(find "$work/prefix" -name backtrack.msc) ]] ||
  fail "a MiniZinc solver was installed without its program"
for f in bin/backtrack share/man/man1/backtrack.1 lib/cmake/backtrack/backtrackConfig.cmake; do
  [[ -e $work/prefix/$f ]] || fail "$f not installed"
done
counted=$("$work/prefix/bin/backtrack" solve nqueens -n 6 --count)
grep -qx "solutions: 4" <<<"$counted" ||
  fail "the installed program does not count the 4 solutions of n = 6"
echo "install_program_only: passed"
