#!/usr/bin/env bash
# Compares package htmlcharset with golang.org/x/net/html/charset, which it
# replaces. The comparison lives in a module of its own
# (htmlcharset/internal/xnettest) so that x/net never enters the main
# module's dependencies; `go test ./...` does not reach it, this pass does.
set -euo pipefail
cd "$(dirname "$0")/../../htmlcharset/internal/xnettest"
go vet ./...
go test -count=1 ./...
