#!/usr/bin/env bash
# Installs the references of the differential tests of the legacy codecs
# (encoding/internal/iconvtest) when they are missing: glibc's iconv with
# its converter modules (libc-bin, libc6) and python3 (CPython's codecs,
# for the Mac pages glibc lacks). Never fails the run: without apt (or
# root) it says so, and the tests skip with a message.
set -u

if command -v iconv >/dev/null 2>&1 && command -v python3 >/dev/null 2>&1 &&
  echo a | iconv -f UTF-8 -t IBM1047 >/dev/null 2>&1; then
  echo "references: iconv and python3 already installed"
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "references: apt-get is not available; the iconv and CPython comparisons will be skipped" >&2
  exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO="sudo -n"
  else
    echo "references: not root and no password-less sudo; the iconv and CPython comparisons will be skipped" >&2
    exit 0
  fi
fi
$SUDO apt-get update >/dev/null || echo "references: apt-get update failed; trying the install anyway" >&2
if ! $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libc-bin libc6 python3-minimal >/dev/null; then
  echo "references: apt-get install failed; the iconv and CPython comparisons will be skipped" >&2
fi
exit 0
