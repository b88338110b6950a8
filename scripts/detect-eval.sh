#!/usr/bin/env bash
# Builds the charset detector's evaluation set outside the repository and
# measures the detector on it (detect/eval_test.go).
#
# The text is the translations of the gettext catalogs that Debian packages
# install under /usr/share/locale (written by each package's translators;
# none of it is in the training text or the labeled corpus), put into the
# shapes of real files and encoded as each language is in the wild by
# detect/internal/evalgen. Catalogs are split by domain into "dev" (what
# tuning may look at) and "test" (what the figures are reported on). The
# same catalogs in the EBCDIC code pages make a second set, in DIR/ebcdic,
# whose figures are reported apart.
#
#   scripts/detect-eval.sh [DIR] [SPLIT]    default DIR /tmp/ucs-detect-eval, SPLIT test
#
# More languages' catalogs come with more packages; the set in the package
# docs was built on a Debian 13 machine with the packages this project's
# setup installs. Nothing here is committed: the samples are third-party
# text under their packages' licences.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-/tmp/ucs-detect-eval}
split=${2:-test}
if [ ! -d /usr/share/locale ]; then
  echo "detect-eval: /usr/share/locale is missing; install some packages with translations" >&2
  exit 1
fi
rm -rf "$dir"
go run ./detect/internal/evalgen -src /usr/share/locale -out "$dir"
# The EBCDIC set, measured and reported on its own.
go run ./detect/internal/evalgen -src /usr/share/locale -out "$dir/ebcdic" -part ebcdic
DETECT_EVAL="$dir" DETECT_EVAL_SPLIT="$split" go test -count=1 -run '^TestEval$' -v ./detect
