#!/usr/bin/env bash
# The Apache Beam transforms and the ucs-beam command (the nested module
# beam/, with its own go.mod): go vet, then the tests, which run pipelines
# on Beam's local runner (prism) and compare every result with the ucs
# command's. The first build of the Beam SDK takes several minutes (about
# 6 minutes of CPU; see beam/README.md); the Go build cache ($(go env
# GOCACHE)) keeps it for the runs after, so a CI runner that keeps that
# folder (and the module cache, $(go env GOMODCACHE)) between runs pays
# it once. go vet has run just before, so go test does not vet again;
# the package's pipelines took 5.5 minutes on a machine at load 20, close
# to go test's default limit of 10 minutes, hence -timeout 30m.
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
go test -count=1 -vet=off -timeout 30m ./...
