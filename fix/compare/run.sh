#!/usr/bin/env bash
# Compares ucs fix with ftfy on the same cases: installs the TypeScript port
# of ftfy (@photostructure/ftfy, from the npm registry) in a scratch folder
# outside the repository, exports the held-out evaluation cases and ftfy's
# own cases from fix's TestEvaluation (which needs ../shared), and runs
# ftfy.mjs on them. Not a dependency of the library or of its tests.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
scratch=${UCS_FTFY_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ucs-ftfy}
mkdir -p "$scratch"
if [ ! -d "$scratch/node_modules/@photostructure/ftfy" ]; then
  (cd "$scratch" && { [ -f package.json ] || npm init -y >/dev/null; } && npm install --no-audit --no-fund @photostructure/ftfy@0.0.2 >/dev/null)
fi
cases="$scratch/cases.json"
(cd "$root" && UCS_FIX_EXPORT="$cases" go test -count=1 -run 'TestEvaluation$' -v ./fix/ | grep -E 'half|ftfy cases|overall')
cp "$here/ftfy.mjs" "$scratch/ftfy.mjs"
(cd "$scratch" && node ftfy.mjs "$cases")
