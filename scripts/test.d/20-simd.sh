#!/usr/bin/env bash
# Extra passes for the SIMD kernels: the kernel tests and the codecs that
# run them (UTF forms, the double-byte legacy codecs through
# encoding/internal/mb, GB18030's four-byte kernels) again with the AVX2
# kernel pinned, with the scalar kernel pinned, and
# with every assembly file turned off (-tags purego). The kernel tests
# already loop over every kernel the CPU has; these passes check the
# dispatch and the codecs on top of each kernel.
set -euo pipefail
cd "$(dirname "$0")/../.."
pkgs=(./internal/simd/...)
for d in encoding/utf encoding/internal/mb encoding/simplifiedchinese encoding/traditionalchinese encoding/japanese encoding/korean; do
	if [ -d "$d" ]; then pkgs+=("./$d/..."); fi
done
echo "== UCS_SIMD=avx2";   UCS_SIMD=avx2   go test -count=1 -short "${pkgs[@]}"
echo "== UCS_SIMD=scalar"; UCS_SIMD=scalar go test -count=1 -short "${pkgs[@]}"
echo "== -tags purego";    go test -count=1 -short -tags purego "${pkgs[@]}"
