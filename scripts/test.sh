#!/usr/bin/env bash
# The project's test command (README): installs what the tests need, runs
# every test, then the extra passes (other SIMD kernels, build tags).
#   scripts/setup.d/*.sh  install what tests need (run in order, as root in CI)
#   scripts/test.d/*.sh   extra test passes after the main one
# It needs nothing beside the repository. Where the shared data folder is
# there (../shared, or $UCS_SHARED), the tests that read the full corpora
# run too, and must (UCS_REQUIRE_SHARED); without it they skip, and the
# list of skipped tests with their reasons is printed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
shared=${UCS_SHARED:-../shared}
if [ -d "$shared" ]; then
  export UCS_REQUIRE_SHARED=1
  echo "== shared data: $shared (the tests that read the full corpora run)"
else
  echo "== shared data: none beside the repository; the tests that need the full corpora skip"
fi
for f in scripts/setup.d/*.sh; do
  [ -e "$f" ] || continue
  echo "== setup: $f"
  bash "$f"
done
echo "== go test ./..."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
go test -count=1 -v ./... >"$log" 2>&1 || status=$?
if [ "$status" != 0 ]; then
  # Everything but the run/pass chatter of -v: the failures and their output.
  grep -Ev '^\s*(=== (RUN|PAUSE|CONT|NAME)|--- PASS)' "$log" || true
else
  grep -E '^(ok|FAIL|\?) ' "$log" || true
fi
# A skipped test's reason is the last line it logged: -v prints it under
# "=== RUN/CONT/NAME test" before the "--- SKIP: test" line.
skips=$(awk '
  /^=== (RUN|CONT|NAME) / { cur = $3; next }
  /^ *--- SKIP: / { name = $3; print "  " name ": " (name in msg ? msg[name] : "(no reason given)"); next }
  /^ +[^ ]+_test\.go:[0-9]+: / && cur != "" { line = $0; sub(/^ +[^ ]+_test\.go:[0-9]+: /, "", line); msg[cur] = line }
' "$log")
if [ -n "$skips" ]; then
  echo "== skipped tests and why"
  echo "$skips"
fi
[ "$status" = 0 ] || exit "$status"
for f in scripts/test.d/*.sh; do
  [ -e "$f" ] || continue
  echo "== extra pass: $f"
  bash "$f"
done
