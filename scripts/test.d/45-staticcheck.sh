#!/usr/bin/env bash
# staticcheck, at a pinned version, must find nothing.
set -euo pipefail
cd "$(dirname "$0")/../.."
version=v0.8.2 # honnef.co/go/tools 2026.1.2
echo "== staticcheck $version"
go run "honnef.co/go/tools/cmd/staticcheck@$version" ./...
echo "staticcheck: nothing found"
