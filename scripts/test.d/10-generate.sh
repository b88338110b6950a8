#!/usr/bin/env bash
# Checks that the generated tables match their generators and the pinned
# upstream files: `go generate ./...` must leave the tree unchanged. The
# detection model is built from the training text of the shared data
# folder; without it, every other generator is checked and the model is
# left as committed.
set -euo pipefail
cd "$(dirname "$0")/../.."
state() { git status --porcelain; git diff | sha256sum; }
if ! git rev-parse --git-dir >/dev/null 2>&1; then
  echo "go generate: not a git checkout; skipped (it compares the tree before and after)"
  exit 0
fi
before=$(state)
if [ -f "${UCS_SHARED:-../shared}/corpus/train/manifest.csv" ]; then
  go generate ./...
else
  echo "go generate: no training text (../shared/corpus/train); the detection model is not rebuilt"
  go generate $(go list ./... | grep -v '/detect$')
fi
after=$(state)
if [ "$before" != "$after" ]; then
  echo "go generate changed the tree; regenerate and commit the tables:" >&2
  diff <(echo "$before") <(echo "$after") >&2 || true
  git --no-pager diff --stat >&2
  exit 1
fi
echo "go generate: tables up to date"
