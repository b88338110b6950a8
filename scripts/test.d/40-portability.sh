#!/usr/bin/env bash
# The library and the command build, and go vet passes, everywhere Go
# runs: every target below other than linux/amd64 uses the pure-Go
# kernels. The 386 build also runs the codec tests (an amd64 Linux kernel
# runs 386 binaries), so a 32-bit int cannot overflow unnoticed.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "${UCS_PORTABILITY:-1}" = 0 ]; then
  echo "portability: skipped (UCS_PORTABILITY=0)"
  exit 0
fi
targets="linux/386 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 freebsd/amd64 js/wasm wasip1/wasm"
for t in $targets; do
  echo "== $t: go build, go vet"
  GOOS=${t%/*} GOARCH=${t#*/} go build ./...
  GOOS=${t%/*} GOARCH=${t#*/} go vet ./...
done
echo "== linux/386: go test -short of the codecs"
GOARCH=386 go test -count=1 -short ./encoding/... ./charset/... ./internal/simd/...
