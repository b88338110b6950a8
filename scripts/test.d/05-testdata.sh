#!/usr/bin/env bash
# The module's test data against its checksums and the shared folder.
exec bash "$(dirname "$0")/../check-testdata.sh"
