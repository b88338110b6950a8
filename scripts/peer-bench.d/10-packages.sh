#!/usr/bin/env bash
# Installs what scripts/peer-bench.sh and scripts/cli-bench.sh need, from
# Debian's packages, when it is missing:
#   cmake, g++          to build simdutf's benchmark tool (../shared/peers)
#   cargo, librust-encoding-rs-dev
#                       to build the encoding_rs harness offline, against
#                       /usr/share/cargo/registry
#   icu-devtools        ICU's uconv; libc-bin: glibc's iconv
#   moreutils           isutf8;  time: /usr/bin/time -v
# These are benchmark peers, not test dependencies: scripts/test.sh and CI
# never run this. Never fails: what cannot be installed is said, and the
# benchmark leaves that peer out.
set -u

want=()
need() { # need COMMAND-OR-PATH PACKAGE
  if [ "${1#/}" != "$1" ]; then [ -e "$1" ] || want+=("$2"); else command -v "$1" >/dev/null 2>&1 || want+=("$2"); fi
}
need cmake cmake
need g++ g++
need cargo cargo
need /usr/share/cargo/registry/encoding_rs-0.8.31 librust-encoding-rs-dev
need uconv icu-devtools
need iconv libc-bin
need isutf8 moreutils
need /usr/bin/time time

if [ ${#want[@]} -eq 0 ]; then
  echo "peer-bench setup: everything is installed"
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "peer-bench setup: missing ${want[*]}, and apt-get is not available" >&2
  exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO="sudo -n"
  else
    echo "peer-bench setup: missing ${want[*]}; not root and no password-less sudo" >&2
    exit 0
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update >/dev/null || echo "peer-bench setup: apt-get update failed; trying the install anyway" >&2
if ! $SUDO apt-get install -y --no-install-recommends "${want[@]}" >/dev/null; then
  echo "peer-bench setup: apt-get install ${want[*]} failed" >&2
fi
exit 0
