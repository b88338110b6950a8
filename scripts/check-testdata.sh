#!/usr/bin/env bash
# Checks the module's copy of the test data:
#   - every file in testdata/ matches testdata/SHA256SUMS (always);
#   - where the shared folder is there (../shared, or $UCS_SHARED), every
#     conformance file in testdata/ equals its counterpart in
#     shared/testdata, the WHATWG files in internal/gen/data equal those in
#     shared/testdata/whatwg, and every corpus sample is a prefix of the
#     shared corpus file of the same name.
# Files that only the shared folder has are listed, not failed: they are
# new data that no test reads yet.
set -euo pipefail
cd "$(dirname "$0")/.."

(cd testdata && sha256sum --quiet -c SHA256SUMS)
echo "testdata: matches SHA256SUMS"

shared=${UCS_SHARED:-../shared}
if [ ! -d "$shared/testdata" ]; then
  echo "testdata: no shared folder at $shared; the comparison with it is skipped"
  exit 0
fi

bad=0
# counterpart NAME: the shared file that testdata/NAME copies.
counterpart() {
  case "$1" in
    README.conformance.md) echo "$shared/testdata/README.md" ;;
    corpus/*) echo "$shared/bench/${1}" ;;
    *) echo "$shared/testdata/$1" ;;
  esac
}
while IFS= read -r f; do
  rel=${f#testdata/}
  case "$rel" in README.md|SHA256SUMS|corpus/README.md) continue ;; esac
  other=$(counterpart "$rel")
  if [ ! -f "$other" ]; then
    echo "testdata/$rel: no counterpart $other" >&2; bad=1; continue
  fi
  case "$rel" in
    corpus/*)
      if ! cmp -s -n "$(stat -c %s "$f")" "$f" "$other"; then
        echo "testdata/$rel is not a prefix of $other" >&2; bad=1
      fi ;;
    *)
      if ! cmp -s "$f" "$other"; then
        echo "testdata/$rel differs from $other: copy the new version and update SHA256SUMS" >&2; bad=1
      fi ;;
  esac
done < <(find testdata -type f | sort)

for f in "$shared"/testdata/whatwg/*; do
  b=$(basename "$f")
  if [ ! -f "internal/gen/data/$b" ]; then
    echo "note: $f has no copy in internal/gen/data" ; continue
  fi
  if ! cmp -s "$f" "internal/gen/data/$b"; then
    echo "internal/gen/data/$b differs from $f" >&2; bad=1
  fi
done

(cd "$shared/testdata" && find . -type f ! -path './whatwg/*' | sed 's|^\./||' | sort) | while IFS= read -r rel; do
  [ "$rel" = README.md ] && continue
  if [ ! -f "testdata/$rel" ] && [ ! -f "internal/gen/data/$(basename "$rel")" ]; then
    echo "note: shared/testdata/$rel is not in the module (no test reads it)"
  fi
done

if [ "$bad" != 0 ]; then
  echo "testdata: the module's copy and the shared folder disagree" >&2
  exit 1
fi
echo "testdata: the module's copy matches $shared"
