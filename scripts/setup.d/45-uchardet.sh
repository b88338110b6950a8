#!/usr/bin/env bash
# Installs uchardet's library and headers (libuchardet-dev), which the
# detector's comparison benchmark in bench/detectpeer links through cgo,
# when they are missing. Never fails the run: without apt (or root) it says
# so, and that module's build fails with a message naming the package.
set -u

if pkg-config --exists uchardet 2>/dev/null || [ -e /usr/include/uchardet/uchardet.h ]; then
  echo "uchardet: libuchardet-dev already installed"
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "uchardet: apt-get is not available; bench/detectpeer will not build (it needs libuchardet-dev)" >&2
  exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO="sudo -n"
  else
    echo "uchardet: not root and no password-less sudo; bench/detectpeer will not build" >&2
    exit 0
  fi
fi
$SUDO apt-get update >/dev/null || echo "uchardet: apt-get update failed; trying the install anyway" >&2
if ! $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libuchardet-dev pkg-config >/dev/null; then
  echo "uchardet: apt-get install failed; bench/detectpeer will not build" >&2
fi
exit 0
