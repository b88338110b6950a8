#!/usr/bin/env bash
# A short fuzz smoke pass: every fuzz target of the module runs for a few
# seconds (UCS_FUZZTIME, default 2s) under the default SIMD kernel. A
# failing input is written by go test to the package's
# testdata/fuzz/FuzzX/ directory, where it becomes a seed of the normal
# test run: commit it with the fix. Set UCS_FUZZTIME=0 to skip the pass.
#
# Go 1.26's fuzzing coordinator can fail a target with "context deadline
# exceeded" when -fuzztime runs out while a worker is busy (go.dev/issue/
# 75804, fixed in Go 1.27), without any failing input. Such a run is
# reported as a flake and does not fail the pass; a run that writes a
# failing input, or fails any other way, does.
set -euo pipefail
cd "$(dirname "$0")/../.."
fuzztime=${UCS_FUZZTIME:-2s}
if [ "$fuzztime" = "0" ]; then
	echo "fuzz smoke: skipped (UCS_FUZZTIME=0)"
	exit 0
fi
unset UCS_SIMD # the default kernel
start=$(date +%s)
failed=()
flaky=()
n=0
corpus() { { find "$1/testdata/fuzz/$2" -type f 2>/dev/null || true; } | sort; }
# Packages of this module with fuzz targets, from the test files that
# declare them.
for dir in $(grep -rl --include='*_test.go' '^func Fuzz' . | xargs -n1 dirname | sort -u); do
	go list "$dir" >/dev/null 2>&1 || continue # another module
	for t in $(go test -list '^Fuzz' "$dir" | grep '^Fuzz' || true); do
		n=$((n + 1))
		echo "fuzz smoke: $dir $t"
		before=$(corpus "$dir" "$t")
		if out=$(go test -run '^$' -fuzz "^${t}\$" -fuzztime "$fuzztime" -fuzzminimizetime 10s "$dir" 2>&1); then
			continue
		fi
		after=$(corpus "$dir" "$t")
		if [ "$before" = "$after" ] && grep -q '^    context deadline exceeded$' <<<"$out"; then
			flaky+=("$dir $t")
			continue
		fi
		echo "$out" | tail -20 >&2
		failed+=("$dir $t")
	done
done
echo "fuzz smoke: $n targets, $fuzztime each, $(($(date +%s) - start)) s"
if [ ${#flaky[@]} -gt 0 ]; then
	echo "fuzz smoke: stopped by Go's fuzztime deadline race (go.dev/issue/75804), no failing input:"
	printf '  %s\n' "${flaky[@]}"
fi
if [ ${#failed[@]} -gt 0 ]; then
	echo "fuzz smoke: failing targets (new inputs in testdata/fuzz/ are to be committed with the fix):" >&2
	printf '  %s\n' "${failed[@]}" >&2
	git status --porcelain -- '*/testdata/fuzz/*' >&2 || true
	exit 1
fi
