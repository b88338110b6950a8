#!/usr/bin/env bash
# Compares ucs with its peers on the same files, in interleaved rounds, and
# prints the ratio tables of BENCHMARKS.md:
#
#   UTF kernels     ucs (internal/simd, avx512 and avx2) against simdutf's
#                   benchmark tool (icelake and haswell kernels), per
#                   operation and script of ../shared/bench/corpus
#   legacy codecs   ucs (encoding/internal/mb BenchmarkCPU, ISO-2022-JP's
#                   benchmark), under UCS_SIMD=avx512 and avx2, against
#                   encoding_rs 0.8.31 from Debian's librust-encoding-rs-dev,
#                   built with and without its fast-legacy-encode feature
#
#   scripts/peer-bench.sh [--quick] [--rounds N] [--only utf|legacy] [--tables]
#
# --tables prints the tables of the last run's raw outputs again.
#
# Everything is built in a scratch folder outside the repository
# ($PEER_SCRATCH, default ${TMPDIR:-/tmp}/ucs-peer-bench), which later runs
# reuse (delete it to rebuild): simdutf from ../shared/peers/simdutf, the
# harness bench/encodingrs (offline, against /usr/share/cargo/registry),
# ucs's test binaries, and the peers' inputs (the corpus in UTF-16LE,
# UTF-32LE and Latin-1, converted by ucs). What is missing is installed by
# scripts/peer-bench.d/*.sh (Debian packages). Not part of CI: a full run
# takes about half an hour; --quick runs one round over three scripts.
#
# Statistics. Each round runs ucs, then the peers, on every file; the table
# keeps each side's best sample over the rounds. The UTF tables compare the
# same statistic on both sides: the fastest of ITERS samples a round
# (default 2000, 300 with --quick) on the same file, each timed by the
# monotonic wall clock, a sample being one call of the kernel or, when a
# call takes under 4 us, the fewest calls (a power of two) that take 4 us,
# divided by their number. That is what simdutf's benchmark tool reports
# for -I ITERS; ucs's internal/simd BenchmarkBest does the same with
# -benchtime ITERSx. Beside them the UTF tables give
# ucs's mean over the same calls in GB/s of the thread's CPU time, the
# statistic of its other benchmarks (simdutf reports no such figure). The
# legacy tables compare GB/s of the thread's CPU time on both sides: ucs's
# BenchmarkCPU (one sample of BENCHTIME, default 20ms, a round) and
# encoding_rs's harness (best of 5 samples of 50 ms a round). A ratio is
# ucs / peer: above 1, ucs is faster. The raw outputs stay in the scratch
# folder (raw/), for benchstat or another look.
#
# The command end to end (ucs convert and validate against iconv, uconv and
# isutf8) is scripts/cli-bench.sh.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
rounds=5
quick=0
only=""
tables=0
while [ $# -gt 0 ]; do
	case "$1" in
	--quick) quick=1; rounds=1 ;;
	--rounds) rounds="$2"; shift ;;
	--only) only="$2"; shift ;;
	--tables) tables=1 ;;
	-h|--help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	*) echo "peer-bench: unknown argument $1" >&2; exit 2 ;;
	esac
	shift
done
shared="${UCS_SHARED:-$root/../shared}"
corpus="$shared/bench/corpus"
[ -d "$corpus" ] || { echo "peer-bench: no corpus at $corpus" >&2; exit 1; }
scratch="${PEER_SCRATCH:-${TMPDIR:-/tmp}/ucs-peer-bench}"
benchtime="${BENCHTIME:-20ms}"
mkdir -p "$scratch/raw" "$scratch/in"
log() { echo "peer-bench: $*" >&2; }

scripts="Arabic Chinese Emoji Hebrew Hindi Japanese Korean Latin Russian"
[ "$quick" = 1 ] && scripts="Chinese Russian Latin"

if [ "$tables" = 0 ]; then
for f in "$root"/scripts/peer-bench.d/*.sh; do bash "$f" >&2; done

# --- builds -------------------------------------------------------------
simdutf="$scratch/simdutf-build/benchmarks/benchmark"
if [ "$only" != legacy ] && [ ! -x "$simdutf" ]; then
	log "building simdutf's benchmark tool (several minutes)"
	cmake -S "$shared/peers/simdutf" -B "$scratch/simdutf-build" -DCMAKE_BUILD_TYPE=Release \
		-DSIMDUTF_BENCHMARKS=ON -DSIMDUTF_TESTS=ON -DSIMDUTF_BENCHMARK_BASE64=OFF -DSIMDUTF_TOOLS=OFF >"$scratch/simdutf-cmake.log"
	make -C "$scratch/simdutf-build" -j"$(nproc)" benchmark >"$scratch/simdutf-make.log"
fi
if [ "$only" != utf ]; then
	rs="$scratch/encodingrs"
	mkdir -p "$rs/.cargo"
	cp "$root/bench/encodingrs/Cargo.toml" "$rs/"
	rm -rf "$rs/src" && cp -r "$root/bench/encodingrs/src" "$rs/"
	cat >"$rs/.cargo/config.toml" <<-'EOF'
	[source.crates-io]
	replace-with = "debian"
	[source.debian]
	directory = "/usr/share/cargo/registry"
	[net]
	offline = true
	EOF
	for v in plain fast; do
		if [ ! -x "$scratch/rs-$v/release/encodingrs-bench" ] || [ "$root/bench/encodingrs/src/main.rs" -nt "$scratch/rs-$v/release/encodingrs-bench" ]; then
			log "building the encoding_rs harness ($v)"
			feat=()
			[ "$v" = fast ] && feat=(--features fast)
			(cd "$rs" && cargo build --quiet --release --offline "${feat[@]}" --target-dir "$scratch/rs-$v")
		fi
	done
fi
log "building ucs's benchmark binaries"
(cd "$root" && go build -o "$scratch/ucs" ./cmd/ucs)
[ "$only" != legacy ] && (cd "$root" && go test -c -o "$scratch/simd.test" ./internal/simd)
if [ "$only" != utf ]; then
	(cd "$root" && go test -c -o "$scratch/mb.test" ./encoding/internal/mb)
	(cd "$root" && go test -c -o "$scratch/japanese.test" ./encoding/japanese)
fi

# --- inputs for the peers: the forms ucs's benchmarks make in memory ------
ucs="$scratch/ucs"
for s in $scripts French; do
	src="$corpus/$s-Lipsum.utf8.txt"
	[ "$s" = French ] && src="$corpus/French.utf8.txt"
	[ -f "$src" ] || continue
	cp "$src" "$scratch/in/$s.utf8"
	"$ucs" convert -t utf-16le --bom strip "$src" >"$scratch/in/$s.utf16le"
	"$ucs" convert -t utf-32le --bom strip "$src" >"$scratch/in/$s.utf32le"
done
for s in French Latin; do
	# The Latin-1 operations run over the file's Latin-1 characters.
	"$ucs" convert -t latin1 --unmappable skip "$corpus/$( [ $s = French ] && echo French || echo Latin-Lipsum).utf8.txt" >"$scratch/in/$s.latin1"
	"$ucs" convert -f latin1 "$scratch/in/$s.latin1" >"$scratch/in/$s.latin1.utf8"
done
"$ucs" convert -t iso-2022-jp "$corpus/Japanese-Lipsum.utf8.txt" >"$scratch/in/Japanese.iso2022jp"

fi # tables

# ucs op : simdutf procedure : input form
utfops="ValidateUTF8:validate_utf8:utf8
UTF8ToUTF16LE:convert_utf8_to_utf16le:utf8
UTF16LEToUTF8:convert_utf16le_to_utf8:utf16le
UTF8ToUTF32LE:convert_utf8_to_utf32:utf8
UTF32LEToUTF8:convert_utf32_to_utf8:utf32le
UTF8ToUTF16LEValid:convert_valid_utf8_to_utf16le:utf8
UTF16LEToUTF8Valid:convert_valid_utf16le_to_utf8:utf16le
UTF8ToUTF32LEValid:convert_valid_utf8_to_utf32:utf8
UTF32LEToUTF8Valid:convert_valid_utf32_to_utf8:utf32le
Latin1ToUTF8:convert_latin1_to_utf8:latin1
UTF8ToLatin1:convert_utf8_to_latin1:latin1.utf8"
[ "$quick" = 1 ] && utfops="$(echo "$utfops" | grep -E '^(ValidateUTF8|UTF8ToUTF16LE|UTF16LEToUTF8):')"

# legacy: ucs BenchmarkCPU name : WHATWG label : file
legacy="GBK:gbk:legacy/Chinese-Lipsum.gbk.txt
GB18030:gb18030:legacy/Chinese-Lipsum.gb18030.txt
GB18030-Emoji:gb18030:legacy/Emoji-Lipsum.gb18030.txt
Big5:big5:legacy/Chinese-Lipsum.big5.txt
Shift_JIS:shift_jis:legacy/Japanese-Lipsum.sjis.txt
EUC-JP:euc-jp:legacy/Japanese-Lipsum.eucjp.txt
EUC-KR:euc-kr:legacy/Korean-Lipsum.euckr.txt"
[ "$quick" = 1 ] && legacy="$(echo "$legacy" | head -2)"

raw="$scratch/raw"
[ "$tables" = 0 ] && rm -f "$raw"/*.txt
opsre="$(echo "$utfops" | cut -d: -f1 | paste -sd'|')"
scriptsre="$(echo $scripts French | tr ' ' '|')"
iters="${ITERS:-2000}"
[ "$quick" = 1 ] && iters="${ITERS:-300}"

[ "$tables" = 1 ] && rounds=0
for r in $(seq "$rounds"); do
	log "round $r of $rounds"
	if [ "$only" != legacy ]; then
		(cd "$root/internal/simd" && "$scratch/simd.test" -test.run '^$' \
			-test.bench "^BenchmarkBest\$/^($opsre)\$/^(avx512|avx2)\$/^($scriptsre)\$" \
			-test.benchtime "${iters}x" -test.count 1) >>"$raw/ucs-utf.txt"
		echo "$utfops" | while IFS=: read -r op proc form; do
			files=()
			for s in $scripts French; do
				[ -f "$scratch/in/$s.$form" ] && files+=(-F "$scratch/in/$s.$form")
			done
			for k in icelake haswell; do
				"$simdutf" -P "$proc+$k" "${files[@]}" -I "$iters" 2>&1 | grep -v WARNING >>"$raw/simdutf.txt" || true
			done
		done
	fi
	if [ "$only" != utf ]; then
		names="$(echo "$legacy" | cut -d: -f1 | paste -sd'|')"
		for k in avx512 avx2; do
			(cd "$root/encoding/internal/mb" && UCS_SIMD=$k "$scratch/mb.test" -test.run '^$' \
				-test.bench "^BenchmarkCPU\$/(decode|encode)/($names)\$" -test.benchtime "$benchtime" -test.count 1) |
				sed "s/^BenchmarkCPU/BenchmarkCPU-$k/" >>"$raw/ucs-legacy.txt"
			(cd "$root/encoding/japanese" && UCS_SIMD=$k "$scratch/japanese.test" -test.run '^$' \
				-test.bench '^BenchmarkISO2022JP$/(decode|encode)/ucs$' -test.benchtime "$benchtime" -test.count 1) |
				sed "s/^BenchmarkISO2022JP/BenchmarkISO2022JP-$k/" >>"$raw/ucs-legacy.txt"
		done
		jobs=()
		while IFS=: read -r name label file; do jobs+=("$label=$corpus/$file"); done <<<"$legacy"
		jobs+=("iso-2022-jp=$scratch/in/Japanese.iso2022jp")
		for v in plain fast; do
			"$scratch/rs-$v/release/encodingrs-bench" -samples 5 -ms 50 "${jobs[@]}" | sed "s/^/$v /" >>"$raw/encodingrs.txt"
		done
	fi
done

# --- tables ---------------------------------------------------------------
cpu="$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')"
echo "Measured $(date -u +%Y-%m-%d) on ${cpu:-an unknown CPU} ($(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)), $(go version | awk '{print $3}'), ucs commit $(cd "$root" && git rev-parse --short HEAD)$(cd "$root" && git diff --quiet HEAD || echo '+changes'); best of $(grep -c '^BenchmarkBest/ValidateUTF8/avx512/Chinese' "$raw/ucs-utf.txt" 2>/dev/null || grep -c '^BenchmarkCPU-avx512/decode/GBK' "$raw/ucs-legacy.txt") round(s)."
echo

if [ "$only" != legacy ]; then
	awk -v ops="$(echo "$utfops" | tr '\n' ' ')" -v scripts="$scripts French" -v iters="$iters" '
	FNR == 1 { file++ }
	file == 1 && /^BenchmarkBest\// {
		name = $1; sub(/^BenchmarkBest\//, "", name); sub(/-[0-9]+$/, "", name)
		n = split(name, p, "/"); if (n != 3) next
		v = 0; c = 0
		for (i = 2; i <= NF; i++) { if ($i == "bestGB/s") v = $(i-1); if ($i == "cpuGB/s") c = $(i-1) }
		key = p[1] SUBSEP p[2] SUBSEP p[3]
		if (v > ucs[key]) ucs[key] = v
		if (c > ucpu[key]) ucpu[key] = c
	}
	file == 2 && /\+(icelake|haswell), input size/ {
		proc = $1; sub(/,$/, "", proc); split(proc, pk, "+")
		ds = $0; sub(/.*dataset: /, "", ds); n = split(ds, d, "/"); f = d[n]; sub(/\..*/, "", f)
		cur = pk[1] SUBSEP pk[2] SUBSEP f; next
	}
	file == 2 && cur != "" && /GB\/s/ {
		for (i = 1; i <= NF; i++) if ($i == "GB/s") { v = $(i-1); if (v > sim[cur]) sim[cur] = v }
		cur = ""
	}
	END {
		nops = split(ops, ol, " ")
		ns = split(scripts, sl, " ")
		for (o = 1; o <= nops; o++) {
			split(ol[o], q, ":"); op = q[1]; proc = q[2]
			printf "\n%s (simdutf %s), GB/s of input. best: the fastest of %s samples (calls, or batches of 4 us) by the wall clock, on both sides, best round; ucs mean CPU: the mean over the same samples by thread CPU time\n\n", op, proc, iters
			print "| file | ucs avx512 best | simdutf icelake best | ratio | ucs avx2 best | simdutf haswell best | ratio | ucs avx512 mean CPU | ucs avx2 mean CPU |"
			print "|---|---|---|---|---|---|---|---|---|"
			split("", lg); split("", lc)
			for (s = 1; s <= ns; s++) {
				f = sl[s]; row = "| " f
				any = 0
				for (k = 1; k <= 2; k++) {
					uk = k == 1 ? "avx512" : "avx2"; sk = k == 1 ? "icelake" : "haswell"
					u = ucs[op, uk, f]; m = sim[proc, sk, f]
					if (u > 0 || m > 0) any = 1
					row = row sprintf(" | %s | %s | %s", u > 0 ? sprintf("%.2f", u) : "", m > 0 ? sprintf("%.2f", m) : "", (u > 0 && m > 0) ? sprintf("**%.2f**", u / m) : "")
					if (u > 0 && m > 0 && f != "Latin" && f != "French") { lg[k] += log(u / m); lc[k]++ }
				}
				a = ucpu[op, "avx512", f]; b = ucpu[op, "avx2", f]
				row = row sprintf(" | %s | %s", a > 0 ? sprintf("%.2f", a) : "", b > 0 ? sprintf("%.2f", b) : "")
				if (any) print row " |"
			}
			if (lc[1] + lc[2] > 0)
				printf "| geomean of ratios (non-ASCII scripts) | | | %s | | | %s | | |\n", lc[1] ? sprintf("**%.2f**", exp(lg[1] / lc[1])) : "", lc[2] ? sprintf("**%.2f**", exp(lg[2] / lc[2])) : ""
		}
	}' "$raw/ucs-utf.txt" "$raw/simdutf.txt"
fi

if [ "$only" != utf ]; then
	echo
	echo "Legacy codecs, GB/s of input (decode: the legacy file; encode: its UTF-8 text); ratio = ucs / the faster encoding_rs build"
	echo
	awk -v legacy="$(echo "$legacy" | tr '\n' ' ')" '
	FNR == 1 { file++ }
	file == 1 && /^Benchmark/ {
		name = $1; sub(/-[0-9]+$/, "", name)
		n = split(name, p, "/")
		k = p[1]; sub(/.*-/, "", k)
		if (p[1] ~ /^BenchmarkISO2022JP/) { op = p[2]; codec = "ISO-2022-JP" } else { op = p[2]; codec = p[3] }
		v = 0
		for (i = 2; i <= NF; i++) {
			if ($i == "GB/s-cpu") v = $(i-1)
			if ($i == "cpu-MB/s") v = $(i-1) / 1000
		}
		key = op SUBSEP codec SUBSEP k
		if (v > ucs[key]) ucs[key] = v
	}
	file == 2 {
		# plain|fast decode|encode label file GB/s
		n = split($4, d, "/"); f = d[n]
		codec = map[$3 SUBSEP f]
		if (codec == "") codec = ($3 == "iso-2022-jp") ? "ISO-2022-JP" : $3 SUBSEP f
		key = $2 SUBSEP codec SUBSEP $1
		if ($5 > rs[key]) rs[key] = $5
	}
	BEGIN {
		nl = split(legacy, ll, " ")
		for (i = 1; i <= nl; i++) { split(ll[i], q, ":"); n = split(q[3], d, "/"); map[q[2] SUBSEP d[n]] = q[1]; order[i] = q[1] }
		order[nl + 1] = "ISO-2022-JP"; nord = nl + 1
	}
	END {
		for (o = 1; o <= 2; o++) {
			op = o == 1 ? "decode" : "encode"
			printf "\n%s\n\n", op
			print "| codec | ucs avx512 | ucs avx2 | encoding_rs | encoding_rs fast-legacy-encode | ratio avx512 | ratio avx2 |"
			print "|---|---|---|---|---|---|---|"
			for (i = 1; i <= nord; i++) {
				c = order[i]
				a = ucs[op, c, "avx512"]; b = ucs[op, c, "avx2"]; pl = rs[op, c, "plain"]; fa = rs[op, c, "fast"]
				best = pl > fa ? pl : fa
				printf "| %s | %s | %s | %s | %s | %s | %s |\n", c, a ? sprintf("%.2f", a) : "", b ? sprintf("%.2f", b) : "", pl ? sprintf("%.3f", pl) : "", fa ? sprintf("%.3f", fa) : "", (a && best) ? sprintf("**%.1f**", a / best) : "", (b && best) ? sprintf("**%.1f**", b / best) : ""
			}
		}
	}' "$raw/ucs-legacy.txt" "$raw/encodingrs.txt"
fi
