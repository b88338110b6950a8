#!/usr/bin/env bash
# Benchmark of `ucs convert` against iconv and uconv on the same files.
#
#   scripts/bench-cli.sh [SIZE_MB]        (default 200)
#
# It builds ucs, generates two inputs of SIZE_MB megabytes in a temporary
# directory from the corpus in ../shared/bench/corpus (mixed scripts for
# UTF-8; Chinese for GBK, encoded by ucs itself), reads each into the page
# cache, then converts it with each tool to /dev/null, measuring wall time
# and peak resident set size with /usr/bin/time -v:
#
#   UTF-8 -> UTF-16LE     ucs convert -f utf-8 -t utf-16le / iconv / uconv
#   GBK   -> UTF-8        ucs convert -f gbk -t utf-8      / iconv / uconv
#
# RUNS=N repeats each measurement and keeps the fastest (default 3).
# Tools that are missing are reported as such (uconv is in Debian's
# icu-devtools package). Nothing is left behind.
set -euo pipefail
cd "$(dirname "$0")/.."
size_mb=${1:-200}
runs=${RUNS:-3}
corpus=../shared/bench/corpus
[ -d "$corpus" ] || { echo "bench-cli: no corpus at $corpus" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "bench-cli: needs /usr/bin/time (Debian package time)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/ucs" ./cmd/ucs
ucs=$tmp/ucs

# repeat_to FILE BYTES < seed: concatenate the seed until FILE has BYTES
# bytes (whole copies, so no character is cut).
repeat_to() {
  local out=$1 want=$2 seed=$tmp/seed
  cat > "$seed"
  : > "$out"
  local have=0 step
  step=$(stat -c %s "$seed")
  while [ "$have" -lt "$want" ]; do
    cat "$seed" >> "$out"
    have=$((have + step))
  done
}

bytes=$((size_mb * 1000 * 1000))
cat "$corpus"/*.utf8.txt | repeat_to "$tmp/mixed.utf8" "$bytes"
"$ucs" convert -f utf-8 -t gbk "$corpus/Chinese-Lipsum.utf8.txt" | repeat_to "$tmp/chinese.gbk" "$bytes"

# measure LABEL FILE CMD...: best wall time of $runs runs and its peak RSS.
measure() {
  local label=$1 file=$2; shift 2
  if ! command -v "$1" > /dev/null; then
    printf '%-34s %s\n' "$label" "not installed"
    return
  fi
  cat "$file" > /dev/null # page cache
  local best="" rss=""
  for _ in $(seq "$runs"); do
    if ! /usr/bin/time -v -o "$tmp/time" "$@" "$file" > /dev/null 2> "$tmp/err"; then
      printf '%-34s failed: %s\n' "$label" "$(head -c 200 "$tmp/err")"
      return
    fi
    local t r
    t=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,a,":"); s=0; for(i=1;i<=n;i++) s=s*60+a[i]; print s}' "$tmp/time")
    r=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$tmp/time")
    if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN{exit !(a<b)}'; then best=$t; rss=$r; fi
  done
  local size
  size=$(stat -c %s "$file")
  awk -v l="$label" -v t="$best" -v s="$size" -v r="$rss" 'BEGIN{
    mbs = (t > 0) ? s/1e6/t : 0
    printf "%-34s %7.2f s %9.1f MB/s %9.1f MB peak RSS\n", l, t, mbs, r/1024 }'
}

echo "inputs: $(stat -c %s "$tmp/mixed.utf8") bytes mixed UTF-8, $(stat -c %s "$tmp/chinese.gbk") bytes GBK; best of $runs; $(nproc) CPUs"
echo "== UTF-8 -> UTF-16LE"
measure "ucs convert"  "$tmp/mixed.utf8" "$ucs" convert -f utf-8 -t utf-16le
measure "iconv"        "$tmp/mixed.utf8" iconv -f UTF-8 -t UTF-16LE
measure "uconv"        "$tmp/mixed.utf8" uconv -f utf-8 -t utf-16le
echo "== GBK -> UTF-8"
measure "ucs convert"  "$tmp/chinese.gbk" "$ucs" convert -f gbk -t utf-8
measure "iconv"        "$tmp/chinese.gbk" iconv -f GBK -t UTF-8
measure "uconv"        "$tmp/chinese.gbk" uconv -f gbk -t utf-8
