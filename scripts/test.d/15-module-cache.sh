#!/usr/bin/env bash
# The module's tests pass where a user's go command puts the module: in
# the read-only module cache, fetched by `go get`, with nothing beside it.
# The module is served from a local file proxy as a zip of the committed
# tree (nested modules left out, as the go command does), fetched into an
# empty module cache, and `go test -short github.com/ucskit/ucs/...` runs
# there from a user's module.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "${UCS_MODULE_CACHE:-1}" = 0 ]; then
  echo "module cache: skipped (UCS_MODULE_CACHE=0)"
  exit 0
fi
if ! git rev-parse --git-dir >/dev/null 2>&1; then
  echo "module cache: not a git checkout; skipped (the zip is made from the committed tree)"
  exit 0
fi
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
v=v0.0.0-20000101000000-000000000000
at="$work/proxy/github.com/ucskit/ucs/@v"
mkdir -p "$at" "$work/user"
excludes=()
while IFS= read -r m; do
  d=$(dirname "$m")
  [ "$d" = . ] || excludes+=(":(exclude)$d")
done < <(git ls-files '*go.mod')
git archive --format=zip --prefix="github.com/ucskit/ucs@$v/" -o "$at/$v.zip" HEAD -- . "${excludes[@]}"
cp go.mod "$at/$v.mod"
echo "{\"Version\":\"$v\"}" >"$at/$v.info"
echo "$v" >"$at/list"
cd "$work/user"
export GOPROXY="file://$work/proxy,$(go env GOPROXY)" GONOSUMDB=github.com/ucskit GOFLAGS=-mod=mod GOMODCACHE="$work/modcache"
env -u UCS_SHARED -u UCS_REQUIRE_SHARED bash -c '
  go mod init example.com/user >/dev/null 2>&1
  go get "github.com/ucskit/ucs@'"$v"'" >/dev/null
  echo "== go test -short github.com/ucskit/ucs/... in the module cache"
  go test -count=1 -short github.com/ucskit/ucs/...'
