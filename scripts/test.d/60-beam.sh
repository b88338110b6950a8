#!/usr/bin/env bash
# The Apache Beam transforms and the ucs-beam command (the nested module
# beam/, with its own go.mod): go vet, then the tests, which run pipelines
# on Beam's local runner (prism) and compare every result with the ucs
# command's. The first build of the Beam SDK takes several minutes; the
# Go build cache keeps it for the runs after.
set -euo pipefail
if [ "${UCS_BEAM:-1}" = 0 ]; then
  echo "beam: skipped (UCS_BEAM=0)"
  exit 0
fi
cd "$(dirname "$0")/../../beam"
echo "== beam: gofmt"
unformatted=$(gofmt -l .)
if [ -n "$unformatted" ]; then
  echo "gofmt would change:" >&2
  echo "$unformatted" >&2
  exit 1
fi
echo "== beam: go vet ./..."
go vet ./...
echo "== beam: go test ./..."
go test -count=1 ./...
