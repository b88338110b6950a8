#!/usr/bin/env bash
# The command end to end against its peers, on the same large files:
#
#   UTF-8 -> UTF-16LE   ucs convert -f utf-8 -t utf-16le  / iconv / uconv
#   GBK -> UTF-8        ucs convert -f gbk -t utf-8       / iconv / uconv
#   validate UTF-8      ucs validate                      / isutf8
#
#   scripts/cli-bench.sh [--quick] [--fifo] [--ucs-only] [SIZE_MB]   (default 200)
#
# It builds ucs, makes two inputs of SIZE_MB megabytes in a temporary
# folder from ../shared/bench/corpus (all the UTF-8 files one after the
# other, repeated; the Chinese file in GBK, encoded by ucs, repeated), and
# runs every tool on them in RUNS interleaved rounds (default 5; --quick:
# 2 rounds of 50 MB), each with the output to /dev/null and to a file in
# the same folder (removed, and the disk synced, before each run; the
# tools write through a shell redirection, so none pays for an fsync).
# Before each run the input is read once, so that it comes from the page
# cache. For each tool it prints the best wall-clock time (measured
# around the process) with that run's CPU time (user + system, all
# threads; from getrusage, to the microsecond), the least CPU time of any
# run, and the peak resident set size (from /usr/bin/time, as -v prints
# it); then the ratio of the faster peer's best time to ucs's, in wall
# and in CPU time. On a machine shared with other work the wall-clock
# figures move with the load; the CPU figures much less. --fifo runs
# every tool at real-time priority (chrt -f 10, as root), so that other
# work on the machine cannot take its cores while it runs: its wall-clock
# figures then show what it makes of the cores, as on an idle machine.
# --ucs-only leaves the peers out (to compare two builds of ucs).
#
# Missing tools are installed by scripts/peer-bench.d/*.sh (icu-devtools
# for uconv, moreutils for isutf8, time); what is still missing is left
# out. Nothing is left behind. TMPDIR chooses the folder of the files;
# UCS_BIN=path runs that ucs binary instead of building the tree's;
# UCS_BEFORE=path runs that one too, in the same rounds, as "ucs-before".
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs=${RUNS:-5}
size_mb=200
fifo= ucs_only=
while [ $# -gt 0 ]; do
	case "$1" in
	--quick) runs=2; size_mb=50 ;;
	--fifo) fifo="chrt -f 10" ;;
	--ucs-only) ucs_only=1 ;;
	-h|--help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	*) size_mb=$1 ;;
	esac
	shift
done
corpus="${UCS_SHARED:-$root/../shared}/bench/corpus"
[ -d "$corpus" ] || { echo "cli-bench: no corpus at $corpus" >&2; exit 1; }
for f in "$root"/scripts/peer-bench.d/*.sh; do bash "$f" >&2; done
command -v python3 >/dev/null || { echo "cli-bench: needs python3" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "cli-bench: needs /usr/bin/time (Debian package time)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -n "${UCS_BIN:-}" ]; then
	ucs=$UCS_BIN # another build, to compare two states of the code
else
	(cd "$root" && go build -o "$tmp/ucs" ./cmd/ucs)
	ucs=$tmp/ucs
fi

# repeat_to FILE BYTES < seed: the seed again and again until FILE has at
# least BYTES bytes (whole copies, so that no character is cut).
repeat_to() {
	local out=$1 want=$2 seed=$tmp/seed
	cat >"$seed"
	: >"$out"
	local have=0 step
	step=$(stat -c %s "$seed")
	while [ "$have" -lt "$want" ]; do
		cat "$seed" >>"$out"
		have=$((have + step))
	done
	rm -f "$seed"
}
bytes=$((size_mb * 1000 * 1000))
cat "$corpus"/*.utf8.txt | repeat_to "$tmp/mixed.utf8" "$bytes"
"$ucs" convert -f utf-8 -t gbk "$corpus/Chinese-Lipsum.utf8.txt" | repeat_to "$tmp/chinese.gbk" "$bytes"

# The cases: NAME|INPUT|TOOL:COMMAND|TOOL:COMMAND...
cases="utf8-utf16le|$tmp/mixed.utf8|ucs:$ucs convert -f utf-8 -t utf-16le|iconv:iconv -f UTF-8 -t UTF-16LE|uconv:uconv -f utf-8 -t utf-16le
gbk-utf8|$tmp/chinese.gbk|ucs:$ucs convert -f gbk -t utf-8|iconv:iconv -f GBK -t UTF-8|uconv:uconv -f gbk -t utf-8
validate|$tmp/mixed.utf8|ucs:$ucs validate|isutf8:isutf8"
if [ -n "${UCS_BEFORE:-}" ]; then
	# another build of ucs, in the same rounds: before and after a change
	cases="$(echo "$cases" | sed -e "s#|ucs:$ucs \([^|]*\)#&|ucs-before:$UCS_BEFORE \1#")"
fi

# run.py OUT ERR COMMAND...: runs COMMAND with its output to OUT and
# prints the wall-clock time around it (µs), its user and system CPU time
# (s, from getrusage: GNU time's -f %U %S round to 10 ms) and its peak RSS
# (KiB, from /usr/bin/time -f %M: a child of python would count python's
# own pages in its peak, one of time does not).
cat >"$tmp/run.py" <<'PY'
import resource, subprocess, sys, time
out, err, rss, cmd = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
with open(out, "wb") as o, open(err, "wb") as e:
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    rc = subprocess.call(["/usr/bin/time", "-f", "%M", "-o", rss] + cmd, stdout=o, stderr=e)
    t1 = time.perf_counter()
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
if rc != 0:
    sys.exit(1)
print(round((t1 - t0) * 1e6), "%.4f" % (r1.ru_utime - r0.ru_utime), "%.4f" % (r1.ru_stime - r0.ru_stime), open(rss).read().split()[-1])
PY
res=$tmp/results
: >"$res"
for r in $(seq "$runs"); do
	echo "cli-bench: round $r of $runs (load average $(cut -d' ' -f1 /proc/loadavg))" >&2
	while IFS='|' read -r name input tools; do
		IFS='|' read -ra list <<<"$tools"
		dests="null file"
		[ "$name" = validate ] && dests=null # it writes nothing
		for dest in $dests; do
			for t in "${list[@]}"; do
				tool=${t%%:*} cmd=${t#*:}
				command -v "${cmd%% *}" >/dev/null || continue
				[ -n "$ucs_only" ] && [ "${tool#ucs}" = "$tool" ] && continue
				out=/dev/null
				if [ $dest = file ]; then
					out=$tmp/out
					rm -f "$out"
					sync
				fi
				cat "$input" >/dev/null
				# wall µs, user s, system s, peak RSS KiB
				if ! $fifo python3 "$tmp/run.py" "$out" "$tmp/err" "$tmp/rss" $cmd "$input" >"$tmp/time"; then
					echo "cli-bench: $tool on $name failed: $(head -c 300 "$tmp/err")" >&2
					continue
				fi
				echo "$name $dest $tool $(cat "$tmp/time")" >>"$res"
			done
		done
	done <<<"$cases"
done
rm -f "$tmp/out"

cpu="$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')"
echo "Measured $(date -u +%Y-%m-%d) on ${cpu:-an unknown CPU} ($(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) at the end), ucs commit $(cd "$root" && git rev-parse --short HEAD)$(cd "$root" && git diff --quiet HEAD || echo '+changes'), inputs of $(stat -c %s "$tmp/mixed.utf8") (UTF-8) and $(stat -c %s "$tmp/chinese.gbk") (GBK) bytes, best of $runs rounds$([ -n "$fifo" ] && echo ', every run at real-time priority (chrt -f 10)')."
echo
echo "| case | output | tool | best wall s | its CPU s | least CPU s | peak RSS MB | input MB/s (wall) |"
echo "|---|---|---|---|---|---|---|---|"
awk -v size_u="$(stat -c %s "$tmp/mixed.utf8")" -v size_g="$(stat -c %s "$tmp/chinese.gbk")" '
{
	k = $1 SUBSEP $2 SUBSEP $3
	w = $4 / 1e6; c = $5 + $6
	if (!(k in wall) || w < wall[k]) { wall[k] = w; wcpu[k] = c }
	if (!(k in cpu) || c < cpu[k]) cpu[k] = c
	if ($7 > rss[k]) rss[k] = $7
	if (!(k in seen)) { seen[k] = 1; order[++n] = k }
}
END {
	for (i = 1; i <= n; i++) {
		k = order[i]; split(k, p, SUBSEP)
		size = p[1] == "gbk-utf8" ? size_g : size_u
		printf "| %s | %s | %s | %.3f | %.3f | %.3f | %.1f | %.0f |\n", p[1], p[2], p[3], wall[k], wcpu[k], cpu[k], rss[k] / 1024, size / 1e6 / wall[k]
	}
	print ""
	print "| case | output | ucs | faster peer | wall: peer / ucs | CPU: peer / ucs (least) |"
	print "|---|---|---|---|---|---|"
	for (i = 1; i <= n; i++) {
		k = order[i]; split(k, p, SUBSEP)
		if (p[3] != "ucs" && p[3] != "ucs-before") continue
		best = ""; bw = 0
		for (j = 1; j <= n; j++) {
			q = order[j]; split(q, r, SUBSEP)
			if (r[1] == p[1] && r[2] == p[2] && r[3] !~ /^ucs/ && (best == "" || wall[q] < bw)) { best = r[3]; bw = wall[q]; bc = cpu[q] }
		}
		if (best != "")
			printf "| %s | %s | %s | %s | **%.1f×** | %.1f× |\n", p[1], p[2], p[3], best, bw / wall[k], (cpu[k] > 0 ? bc / cpu[k] : 0)
	}
}' "$res"
