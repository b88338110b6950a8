#!/usr/bin/env bash
# The project's test command (README): installs what the tests need, runs
# every test, then the extra passes (other SIMD kernels, build tags).
#   scripts/setup.d/*.sh  install what tests need (run in order, as root in CI)
#   scripts/test.d/*.sh   extra test passes after the main one
set -euo pipefail
cd "$(dirname "$0")/.."
for f in scripts/setup.d/*.sh; do
  [ -e "$f" ] || continue
  echo "== setup: $f"
  bash "$f"
done
echo "== go test ./..."
go test -count=1 ./...
for f in scripts/test.d/*.sh; do
  [ -e "$f" ] || continue
  echo "== extra pass: $f"
  bash "$f"
done
