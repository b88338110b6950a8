//go:build amd64 && gc && !purego

package simd

// iso2022krToEUCAVX512 converts 64-byte blocks as ISO2022KRToEUC does,
// without the final trim: it also returns the parity of the shifted-out
// bytes that end the last block (1: a lead ends it).
//
//go:noescape
func iso2022krToEUCAVX512(dst, src []byte, so uint64) (nDst, nSrc int, soOut, parity uint64)

func hasISO2022KR(k *impl) bool { return k == avx512Impl }

// iso2022krToEUC runs the vector step of kernel k; the avx2 and scalar
// kernels have none.
func iso2022krToEUC(k *impl, dst, src []byte, so bool) (int, int, bool) {
	if k != avx512Impl {
		return 0, 0, so
	}
	var s uint64
	if so {
		s = 1
	}
	nDst, nSrc, s, parity := iso2022krToEUCAVX512(dst, src, s)
	if parity != 0 {
		nDst--
		nSrc--
	}
	return nDst, nSrc, s != 0
}

// iso2022krFromEUCAVX512 converts 32-byte blocks as ISO2022KRFromEUC does.
//
//go:noescape
func iso2022krFromEUCAVX512(dst, src []byte, shifted uint64) (nDst, nSrc int, shiftedOut uint64)

// iso2022krFromEUC runs the vector step of kernel k; the avx2 and scalar
// kernels have none.
func iso2022krFromEUC(k *impl, dst, src []byte, shifted bool) (int, int, bool) {
	if k != avx512Impl {
		return 0, 0, shifted
	}
	var s uint64
	if shifted {
		s = 1
	}
	nDst, nSrc, s := iso2022krFromEUCAVX512(dst, src, s)
	return nDst, nSrc, s != 0
}
