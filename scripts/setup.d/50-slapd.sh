#!/usr/bin/env bash
# Installs OpenLDAP's slapd and ldap-utils from Debian's packages when they
# are missing; the ldap package's real-server test runs against them.
# Never fails the run: without apt (or without root) it says so and returns,
# and the Go test then skips, except in CI (CI=true), where it fails.
set -u

have() { command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ]; }

if have slapd && have ldapsearch; then
  echo "slapd: already installed"
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "slapd: apt-get is not available; the slapd test will be skipped (and fail in CI)" >&2
  exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO="sudo -n"
  else
    echo "slapd: not root and no password-less sudo; the slapd test will be skipped (and fail in CI)" >&2
    exit 0
  fi
fi
export DEBIAN_FRONTEND=noninteractive
if ! $SUDO apt-get update >/dev/null; then
  echo "slapd: apt-get update failed; trying the install anyway" >&2
fi
# slapd's postinst would configure a directory from debconf answers; the
# test brings its own configuration, so the defaults are fine.
if ! $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends slapd ldap-utils >/dev/null; then
  echo "slapd: apt-get install failed; the slapd test will be skipped (and fail in CI)" >&2
  exit 0
fi
# The package starts a system slapd on port 389; the test needs none.
if command -v service >/dev/null 2>&1; then
  $SUDO service slapd stop >/dev/null 2>&1 || true
fi
echo "slapd: installed $(dpkg-query -W -f='${Version}' slapd 2>/dev/null)"
exit 0
