#!/usr/bin/env bash
# Measures the kernels of internal/simd over ../shared/bench/corpus and
# prints the Markdown table of BENCHMARKS.md.
#
#   scripts/bench.sh                 # every op, every kernel
#   BENCH=ValidateUTF8 scripts/bench.sh
#
# Each benchmark runs COUNT times (default 10) for BENCHTIME each (default
# 20ms); the table keeps the best run, which is the least disturbed by
# other work on the machine. The raw `go test` output, for benchstat, is
# left in $RAW (default bench-raw.txt in the current directory).
# RAW_IN="a.txt b.txt" tabulates earlier raw outputs instead of running.
# Figures are GB/s of input; "8 scripts" is the geometric mean over the
# eight non-ASCII lipsum files (Arabic, Chinese, Emoji, Hebrew, Hindi,
# Japanese, Korean, Russian); Latin is pure ASCII; French is the Latin-1
# test text (the only input of the Latin-1 ops besides Latin).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
raw="${RAW:-$PWD/bench-raw.txt}"
count="${COUNT:-10}"
benchtime="${BENCHTIME:-20ms}"
if [ -n "${RAW_IN:-}" ]; then
	# Tabulate earlier raw outputs (of the same code) instead of running:
	# the best run over all of them.
	cat $RAW_IN >"$raw.all"
	raw="$raw.all"
	runs="$(grep -c '^BenchmarkValidateUTF8/scalar/Latin' "$raw" || true) runs"
else
	(cd "$root" && go test -run '^$' -bench "${BENCH:-.}" -benchtime "$benchtime" -count "$count" ./internal/simd) >"$raw"
	runs="$count runs of $benchtime"
fi
cpu="$(grep -m1 '^cpu:' "$raw" | sed 's/^cpu: //')"
echo "Measured on: ${cpu:-unknown CPU}, $(go version | awk '{print $3}'), best of $runs; GB/s of input per second of the benchmark thread's CPU time (the same as wall-clock time on an idle machine; on a busy one it leaves out the time other processes held the CPU)."
echo
awk '
/^Benchmark/ {
	name = $1; sub(/^Benchmark/, "", name); sub(/-[0-9]+$/, "", name)
	n = split(name, p, "/"); if (n != 3) next
	mbps = 0; cpu = 0
	for (i = 2; i <= NF; i++) { if ($i == "MB/s") mbps = $(i-1); if ($i == "cpuGB/s") cpu = $(i-1) * 1000 }
	if (cpu > 0) mbps = cpu
	key = p[1] SUBSEP p[2] SUBSEP p[3]
	if (mbps > best[key]) best[key] = mbps
	if (!(p[1] in seenop)) { seenop[p[1]] = 1; ops[++nops] = p[1] }
	if (!((p[1], p[2]) in seenk)) { seenk[p[1], p[2]] = 1; kern[p[1], ++nk[p[1]]] = p[2] }
}
END {
	split("Arabic Chinese Emoji Hebrew Hindi Japanese Korean Russian", scripts, " ")
	print "| op | kernel | 8 scripts (geomean) | Latin (ASCII) | French | Arabic | Chinese | Emoji | Hebrew | Hindi | Japanese | Korean | Russian |"
	print "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
	for (o = 1; o <= nops; o++) {
		op = ops[o]
		for (k = 1; k <= nk[op]; k++) {
			kn = kern[op, k]
			s = 0; c = 0; cells = ""
			for (i = 1; i <= 8; i++) {
				v = best[op, kn, scripts[i]]
				if (v > 0) { s += log(v / 1000); c++; cells = cells sprintf(" %.2f |", v / 1000) } else cells = cells " |"
			}
			g = c == 8 ? sprintf("%.2f", exp(s / c)) : ""
			lat = best[op, kn, "Latin"] > 0 ? sprintf("%.2f", best[op, kn, "Latin"] / 1000) : ""
			fr = best[op, kn, "French"] > 0 ? sprintf("%.2f", best[op, kn, "French"] / 1000) : ""
			printf "| %s | %s | %s | %s | %s |%s\n", op, kn, g, lat, fr, cells
		}
	}
}' "$raw"
