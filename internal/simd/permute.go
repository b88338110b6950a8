package simd

// Permute sets dst[i] = p[src[i]] for every i below min(len(dst),
// len(src)) and returns that count: a byte-to-byte table lookup, as for
// converting between two single-byte code pages (EBCDIC and an
// ASCII-based page with the same characters). The avx512 kernel looks up
// 64 bytes at a time (VPERMI2B), the avx2 kernel 32 (VPSHUFB over the
// sixteen 16-byte slices of p, chosen by byte blends); the scalar kernel
// uses the loop. It does not allocate.
func Permute(dst, src []byte, p *[256]byte) int {
	n := min(len(dst), len(src))
	dst, src = dst[:n], src[:n]
	i := permuteBlocks(cur(), dst, src, p)
	permuteScalar(dst[i:], src[i:], p)
	return n
}

// permuteScalar is the reference (and fallback) for Permute; len(dst)
// must be len(src).
func permuteScalar(dst, src []byte, p *[256]byte) {
	dst = dst[:len(src)]
	for i, c := range src {
		dst[i] = p[c]
	}
}
