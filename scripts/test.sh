#!/usr/bin/env bash
# The project's test command (README): installs what the tests need, then
# runs every test of every module in the repository.
set -euo pipefail
cd "$(dirname "$0")/.."
go test -count=1 ./...
