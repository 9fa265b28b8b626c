#!/usr/bin/env bash
# Toposcope's wheel, built into OUTDIR from the files git tracks (their working-tree copies) so
# that nothing untracked (build/, caches, results, a stale build/lib) can slip in, and the
# checkout stays clean. Prints the wheel's path.
#   PYTHON=.venv/bin/python scripts/build_wheel.sh build/wheel-check/dist
# Built without build isolation (offline) when PYTHON's setuptools is new enough for
# pyproject.toml, else pip fetches the backend from the package index; exit 3 when it cannot.
set -euo pipefail
out=$(realpath -m "${1:?usage: scripts/build_wheel.sh OUTDIR}")
py=${PYTHON:-python3}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src" "$out"
cd "$root"
git ls-files -z | while IFS= read -r -d '' f; do
  if [ -e "$f" ]; then printf '%s\0' "$f"; fi  # a tracked file deleted in the tree is left out
done | tar --null -T - -cf - | tar -xf - -C "$work/src"
isolation=--no-build-isolation
"$py" -c 'import sys, setuptools; sys.exit(int(setuptools.__version__.split(".")[0]) < 77)' \
  2>/dev/null || isolation=
rm -f "$out"/toposcope-*.whl
if ! "$py" -m pip wheel --quiet --no-deps $isolation -w "$out" "$work/src" 2>"$work/err"; then
  cat "$work/err" >&2
  if [ -z "$isolation" ] && grep -q "satisfies the requirement setuptools" "$work/err"; then
    exit 3
  fi
  exit 1
fi
ls "$out"/toposcope-*.whl
