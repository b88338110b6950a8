#!/usr/bin/env bash
# Checks that the generated tables match their generators and the pinned
# upstream files: `go generate ./...` must leave the tree unchanged.
set -euo pipefail
cd "$(dirname "$0")/../.."
state() { git status --porcelain; git diff | sha256sum; }
before=$(state)
go generate ./...
after=$(state)
if [ "$before" != "$after" ]; then
  echo "go generate changed the tree; regenerate and commit the tables:" >&2
  diff <(echo "$before") <(echo "$after") >&2 || true
  git --no-pager diff --stat >&2
  exit 1
fi
echo "go generate: tables up to date"
