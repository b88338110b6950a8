#!/usr/bin/env bash
# staticcheck, at a pinned version, must find nothing.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "${UCS_STATICCHECK:-1}" = 0 ]; then
  echo "staticcheck: skipped (UCS_STATICCHECK=0)"
  exit 0
fi
version=v0.8.2 # honnef.co/go/tools 2026.1.2
echo "== staticcheck $version"
go run "honnef.co/go/tools/cmd/staticcheck@$version" ./...
echo "staticcheck: nothing found"
